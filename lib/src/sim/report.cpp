// Rendering of load points (JSON, CSV), replica statistics, and running several points at once.
#include <fmt/format.h>
#include <omp.h>

#include <atomic>
#include <cmath>

#include "sim_internal.hpp"

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

std::vector<PointResult> run_points(const Simulator& s, const std::vector<std::pair<double, std::uint64_t>>& jobs,
                                    int threads, const std::function<void(double)>& progress) {
  std::vector<PointResult> out(jobs.size());
  if (jobs.size() <= 1 || threads <= 1) {
    for (std::size_t i = 0; i < jobs.size(); ++i)
      out[i] = s.run(
          jobs[i].first, jobs[i].second,
          [&](double f) {
            if (progress) progress((double(i) + f) / double(jobs.size()));
          },
          threads);
    return out;
  }
  std::atomic<std::size_t> done{0};
  std::vector<std::exception_ptr> errors(jobs.size());
#pragma omp parallel for schedule(dynamic) num_threads(threads)
  for (std::size_t i = 0; i < jobs.size(); ++i) {
    try {
      out[i] = s.run(jobs[i].first, jobs[i].second, {}, 1);
    } catch (...) {
      errors[i] = std::current_exception();
    }
    const auto d = ++done;
    if (progress && omp_get_thread_num() == 0) progress(double(d) / double(jobs.size()));
  }
  for (auto& e : errors)
    if (e) std::rethrow_exception(e);
  return out;
}

nlohmann::json point_json(const PointResult& p) {
  nlohmann::json j;
  j["rate"] = p.rate;
  j["offered"] = {{"flits_per_terminal_cycle", p.offered}};
  j["accepted"] = {{"mean", p.accepted_mean}, {"min", p.accepted_min}, {"jain", p.jain}};
  j["latency"] = {{"packet", quantiles(p.packet_latency)},
                  {"network", quantiles(p.network_latency)},
                  {"queueing", quantiles(p.queueing)}};
  j["hops"] = {{"mean", p.hops_mean}, {"histogram", p.hop_histogram}};
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
  return "rate,offered,accepted,accepted_min,jain,latency_mean,latency_p50,latency_p99,latency_max,"
         "network_latency_mean,hops_mean,converged,stable";
}

std::string csv_row(const PointResult& p) {
  return fmt::format("{},{:.6f},{:.6f},{:.6f},{:.6f},{:.4f},{},{},{},{:.4f},{:.4f},{},{}", p.rate, p.offered,
                     p.accepted_mean, p.accepted_min, p.jain, p.packet_latency.mean, p.packet_latency.p50,
                     p.packet_latency.p99, p.packet_latency.max, p.network_latency.mean, p.hops_mean,
                     p.converged ? "true" : "false", p.stable ? "true" : "false");
}

}  // namespace topo::sim
