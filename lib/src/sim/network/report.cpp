// Rendering of load points (JSON, CSV), replica statistics, and running several points at once.
#include <fmt/format.h>
#include <omp.h>

#include <atomic>
#include <cmath>
#include <nlohmann/json.hpp>

#include "sim_internal.hpp"
#include "topo/parallel/ranks.hpp"

namespace topo::sim {

namespace {

// Two-sided 95% quantiles of Student's t for 1..30 degrees of freedom, then the normal value.
double t95(std::uint32_t dof) {
  static const double t[] = {12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
                             2.201,  2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
                             2.080,  2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042};
  return dof == 0 ? 0 : dof <= 30 ? t[dof - 1] : 1.960;
}

nlohmann::json quantiles(const Quantiles& q) {
  return {{"mean", q.mean}, {"p50", q.p50}, {"p99", q.p99}, {"max", q.max}};
}

}  // namespace

Replicas summarize_replicas(const std::vector<PointResult>& runs) {
  Replicas r;
  r.n = std::uint32_t(runs.size());
  for (const auto& p : runs) r.stable = r.stable && p.stable;
  auto ci = [&](auto get, double& mean, double& half) {
    double s = 0, s2 = 0;
    for (const auto& p : runs) s += get(p);
    mean = runs.empty() ? 0 : s / double(runs.size());
    for (const auto& p : runs) s2 += (get(p) - mean) * (get(p) - mean);
    half = runs.size() > 1 ? t95(r.n - 1) * std::sqrt(s2 / double(runs.size() - 1) / double(runs.size())) : 0;
  };
  ci([](const PointResult& p) { return p.packet_latency.mean; }, r.latency_mean, r.latency_ci95);
  ci([](const PointResult& p) { return p.accepted_mean; }, r.accepted_mean, r.accepted_ci95);
  return r;
}

namespace {

void pack_quantiles(std::string& out, const Quantiles& q) {
  const double v[] = {q.mean, q.p50, q.p99, q.max};
  parallel::pack<double>(out, v);
}
Quantiles unpack_quantiles(const std::string& in, std::size_t& at) {
  const auto v = parallel::unpack<double>(in, at);
  return {v[0], v[1], v[2], v[3]};
}

/// A point's bytes, for sending it to another rank of the same job.
void pack_point(std::string& out, const PointResult& p) {
  const double reals[] = {p.rate,      p.offered,       p.accepted_mean,  p.accepted_min,      p.jain,
                          p.hops_mean, p.link_util_max, p.link_util_mean, p.vc_occupancy_mean, p.vc_occupancy_max};
  const std::uint64_t counts[] = {p.injected,
                                  p.delivered,
                                  p.measured,
                                  p.converged,
                                  p.stable,
                                  p.drained,
                                  p.cycles,
                                  p.warmup_windows,
                                  p.deadlock.has_value(),
                                  p.deadlock ? p.deadlock->cycle : 0,
                                  p.deadlock ? p.deadlock->stuck_packets : 0,
                                  p.flits_in_flight_peak,
                                  p.busy_ports_peak,
                                  p.busy_vcs_peak};
  parallel::pack<double>(out, reals);
  parallel::pack<std::uint64_t>(out, counts);
  pack_quantiles(out, p.packet_latency);
  pack_quantiles(out, p.network_latency);
  pack_quantiles(out, p.queueing);
  parallel::pack<std::uint64_t>(out, p.hop_histogram);
  parallel::pack<std::uint64_t>(out, p.link_util_histogram);
  parallel::pack<double>(out, p.channel_util);
  parallel::pack<Deadlock::Channel>(out, p.deadlock ? p.deadlock->channels : std::vector<Deadlock::Channel>{});
}

PointResult unpack_point(const std::string& in, std::size_t& at) {
  PointResult p;
  const auto r = parallel::unpack<double>(in, at);
  const auto c = parallel::unpack<std::uint64_t>(in, at);
  p.rate = r[0];
  p.offered = r[1];
  p.accepted_mean = r[2];
  p.accepted_min = r[3];
  p.jain = r[4];
  p.hops_mean = r[5];
  p.link_util_max = r[6];
  p.link_util_mean = r[7];
  p.vc_occupancy_mean = r[8];
  p.vc_occupancy_max = r[9];
  p.injected = c[0];
  p.delivered = c[1];
  p.measured = c[2];
  p.converged = c[3];
  p.stable = c[4];
  p.drained = c[5];
  p.cycles = c[6];
  p.warmup_windows = static_cast<std::uint32_t>(c[7]);
  p.flits_in_flight_peak = c[11];
  p.busy_ports_peak = c[12];
  p.busy_vcs_peak = c[13];
  p.packet_latency = unpack_quantiles(in, at);
  p.network_latency = unpack_quantiles(in, at);
  p.queueing = unpack_quantiles(in, at);
  p.hop_histogram = parallel::unpack<std::uint64_t>(in, at);
  p.link_util_histogram = parallel::unpack<std::uint64_t>(in, at);
  p.channel_util = parallel::unpack<double>(in, at);
  auto channels = parallel::unpack<Deadlock::Channel>(in, at);
  if (c[8]) p.deadlock = Deadlock{c[9], std::move(channels), c[10]};
  return p;
}

/// Every rank's points to every rank, in job order (rank k ran jobs k, k+P, ...).
void share_points(parallel::Ranks& ranks, std::vector<PointResult>& out) {
  const auto P = std::size_t(ranks.size());
  std::string mine;
  for (std::size_t i = std::size_t(ranks.rank()); i < out.size(); i += P) pack_point(mine, out[i]);
  const auto all = ranks.gather(mine);
  std::string whole;
  if (ranks.rank() == 0) {
    for (std::size_t k = 0; k < P; ++k) {
      std::size_t at = 0;
      for (std::size_t i = k; i < out.size(); i += P) out[i] = unpack_point(all[k], at);
    }
    for (const auto& p : out) pack_point(whole, p);
  }
  ranks.broadcast(whole);
  std::size_t at = 0;
  for (auto& p : out) p = unpack_point(whole, at);
}

}  // namespace

std::vector<PointResult> run_points(const Simulator& s, const std::vector<std::pair<double, std::uint64_t>>& jobs,
                                    int threads, const std::function<void(double)>& progress,
                                    parallel::Ranks* job_ranks) {
  auto& ranks = job_ranks ? *job_ranks : parallel::single_process();
  if (jobs.size() == 1 && ranks.size() > 1)  // one point: the ranks split its network
    return {s.run(jobs[0].first, jobs[0].second, progress, threads, &ranks)};
  std::vector<std::size_t> mine;  // this rank's jobs
  for (auto i = std::size_t(ranks.rank()); i < jobs.size(); i += std::size_t(ranks.size())) mine.push_back(i);
  std::vector<PointResult> out(jobs.size());
  if (mine.size() <= 1 || threads <= 1) {
    for (std::size_t k = 0; k < mine.size(); ++k) {
      const auto i = mine[k];
      out[i] = s.run(
          jobs[i].first, jobs[i].second,
          [&](double f) {
            if (progress) progress((double(k) + f) / double(mine.size()));
          },
          threads);
    }
  } else {
    std::atomic<std::size_t> done{0};
    std::vector<std::exception_ptr> errors(mine.size());
#pragma omp parallel for schedule(dynamic) num_threads(threads)
    for (std::size_t k = 0; k < mine.size(); ++k) {
      try {
        out[mine[k]] = s.run(jobs[mine[k]].first, jobs[mine[k]].second, {}, 1);
      } catch (...) {
        errors[k] = std::current_exception();
      }
      const auto d = ++done;
      if (progress && omp_get_thread_num() == 0) progress(double(d) / double(mine.size()));
    }
    for (auto& e : errors)
      if (e) std::rethrow_exception(e);
  }
  if (ranks.size() > 1) share_points(ranks, out);
  return out;
}

nlohmann::json point_json(const PointResult& p) {
  nlohmann::json j;
  j["rate"] = p.rate;
  j["offered"] = {{"flits_per_terminal_cycle", p.offered}};
  j["accepted"] = {{"mean", p.accepted_mean}, {"min", p.accepted_min}, {"jain", p.jain}};
  // An unstable point has no latency or hop figures (null, as BookSim2 prints none): the packets measured were
  // a biased few, those that got through.
  if (p.stable) {
    j["latency"] = {{"unit", "cycles"},
                    {"packet", quantiles(p.packet_latency)},
                    {"network", quantiles(p.network_latency)},
                    {"queueing", quantiles(p.queueing)}};
    j["hops"] = {{"mean", p.hops_mean}, {"histogram", p.hop_histogram}};
  } else {
    j["latency"] = {{"unit", "cycles"}, {"packet", nullptr}, {"network", nullptr}, {"queueing", nullptr}};
    j["hops"] = {{"mean", nullptr}, {"histogram", nullptr}};
  }
  j["packets"] = {{"injected", p.injected}, {"delivered", p.delivered}, {"measured", p.measured}};
  j["converged"] = p.converged;
  j["stable"] = p.stable;
  j["drained"] = p.drained;
  j["latency_exceeded"] = p.latency_exceeded;
  j["cycles"] = p.cycles;
  j["warmup_windows"] = p.warmup_windows;
  j["links"] = {
      {"utilisation", {{"max", p.link_util_max}, {"mean", p.link_util_mean}, {"histogram", p.link_util_histogram}}}};
  j["vc_occupancy"] = {{"mean_flits", p.vc_occupancy_mean}, {"max_flits", p.vc_occupancy_max}};
  j["peak"] = {
      {"flits_in_flight", p.flits_in_flight_peak}, {"busy_ports", p.busy_ports_peak}, {"busy_vcs", p.busy_vcs_peak}};
  if (p.deadlock) {
    nlohmann::json ch = nlohmann::json::array();
    for (const auto& c : p.deadlock->channels)
      ch.push_back({{"from", c.from == no_node ? nlohmann::json("terminal") : nlohmann::json(c.from)},
                    {"to", c.to},
                    {"vc", c.vc},
                    {"flits", c.flits}});
    j["deadlock"] = {{"cycle", p.deadlock->cycle}, {"stuck_packets", p.deadlock->stuck_packets}, {"channels", ch}};
  } else {
    j["deadlock"] = nullptr;
  }
  return j;
}

std::string csv_header() {
  return "rate,offered,accepted,accepted_min,jain,latency_mean_cycles,latency_p50_cycles,latency_p99_cycles,"
         "latency_max_cycles,network_latency_mean_cycles,hops_mean,converged,stable";
}

std::string csv_row(const PointResult& p) {
  const auto head =
      fmt::format("{},{:.6f},{:.6f},{:.6f},{:.6f}", p.rate, p.offered, p.accepted_mean, p.accepted_min, p.jain);
  const auto flags = fmt::format("{},{}", p.converged ? "true" : "false", p.stable ? "true" : "false");
  if (!p.stable) return head + ",,,,,,," + flags;  // no latency or hops for an unstable point (point_json)
  return fmt::format("{},{:.4f},{},{},{},{:.4f},{:.4f},{}", head, p.packet_latency.mean, p.packet_latency.p50,
                     p.packet_latency.p99, p.packet_latency.max, p.network_latency.mean, p.hops_mean, flags);
}

}  // namespace topo::sim
