// A run's JSON document and its --loads file (run_output.hpp).
#include "topo/sim/run_output.hpp"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <nlohmann/json.hpp>
#include <ostream>

namespace topo::sim {

nlohmann::json options_json(const SimOptions& o, const SimSetup& s) {
  return {{"algo", s.algo},
          {"random_ties", o.random_ties},
          {"routes", o.routes_file},
          {"ugal_rule", s.ugal_rule},
          {"ugal_threshold", s.ugal_threshold},
          {"ugal_queue", o.ugal_queue},
          {"traffic", o.traffic},
          {"hotspot", o.hotspot},
          {"rate", o.rate},
          {"packet_size", o.packet_size},
          {"flow", o.flow},
          {"vc_reallocation", o.vc_reallocation},
          {"next_head", o.next_head},
          {"injection_channel", o.injection_channel},
          {"vcs", o.vcs},
          {"buffer", o.buffer},
          {"speedup", o.speedup},
          {"routing_delay", o.routing_delay},
          {"vc_alloc_delay", o.vc_alloc_delay},
          {"sw_alloc_delay", o.sw_alloc_delay},
          {"link_latency", o.link_latency},
          {"terminals_per_router", s.terminals_per_router},
          {"vc_classes", s.vc_classes},
          {"allow_deadlock", o.allow_deadlock},
          {"deadlock_cycles", o.deadlock_cycles},
          {"warmup_tolerance", o.warmup_tolerance},
          {"sample_period", o.sample_period},
          {"samples", o.samples},
          {"max_samples", o.max_samples},
          {"latency_threshold", o.latency_threshold},
          {"messages", o.messages},
          {"injection", o.injection},
          {"burst_on", o.burst_on},
          {"burst_off", o.burst_off},
          {"seed", o.seed}};
}

namespace {

nlohmann::json seeds_json(const Replicas& r) {
  return {{"n", r.n},
          {"latency",
           r.stable ? nlohmann::json{{"mean", r.latency_mean}, {"ci95", r.latency_ci95}} : nlohmann::json(nullptr)},
          {"accepted", {{"mean", r.accepted_mean}, {"ci95", r.accepted_ci95}}}};
}

}  // namespace

nlohmann::json run_json(const Graph& g, const Simulator& s, const RunResults& r) {
  const auto& st = s.setup();
  nlohmann::json j;
  j["graph"] = {{"family", g.meta.family}, {"parameters", g.meta.parameters}, {"nodes", g.num_nodes()}};
  j["network"] = {{"routers", st.routers},
                  {"terminals", st.terminals},
                  {"channels", st.channels},
                  {"vc_classes", st.classes},
                  {"vcs_per_class", st.vcs_per_class},
                  {"bytes_per_router", st.bytes_per_router},
                  {"bytes_per_port", st.bytes_per_port},
                  {"bytes_per_busy_port", st.bytes_per_busy_port},
                  {"bytes_per_busy_vc", st.bytes_per_busy_vc},
                  {"bytes_per_flit_in_flight", st.bytes_per_flit_in_flight},
                  {"bytes_per_packet", st.bytes_per_packet},
                  {"zero_load_latency", st.zero_load_latency},
                  {"dependency_check", {{"routes", st.dependency_routes}, {"sampled", st.dependency_check_sampled}}}};
  auto& points = j["points"] = nlohmann::json::array();
  for (std::size_t i = 0; i < r.points.size(); ++i) {
    auto p = point_json(r.points[i]);
    if (i < r.replicas.size() && r.replicas[i].n > 1) p["seeds"] = seeds_json(r.replicas[i]);
    points.push_back(std::move(p));
  }
  if (r.saturation) j["saturation"] = {{"rate", r.saturation->rate}, {"criterion", r.saturation->criterion}};
  return j;
}

void write_channel_loads(std::ostream& out, const Simulator& s, const std::vector<PointResult>& points) {
  out << "# toposim run channel utilisation: flits per cycle over the sample windows, one column per point\n";
  out << "# source target class lane latency";
  for (const auto& p : points) fmt::print(out, " rate={}", p.rate);
  out << '\n';
  // Network channels follow the terminal channels (two per terminal) in the simulator's order.
  const std::size_t first = std::size_t(2) * s.setup().terminals;
  for (std::size_t i = 0; i < s.setup().channels; ++i) {
    const auto ch = s.channel(i);
    fmt::print(out, "{} {} {} {} {}", ch.from, ch.to, ch.cls.empty() ? "-" : ch.cls, ch.lane, ch.latency);
    for (const auto& p : points) fmt::print(out, " {:.6f}", p.channel_util[first + i]);
    out << '\n';
  }
}

}  // namespace topo::sim
