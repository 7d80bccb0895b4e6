#pragma once
// What several unit-test files build their cases from: a family's graph by name and command-line
// parameters, and simulator options with short windows.
#include <map>
#include <nlohmann/json.hpp>
#include <string>

#include "topo/gen/registry.hpp"
#include "topo/graph.hpp"
#include "topo/sim/network_sim.hpp"

namespace topo::test {

inline Graph family(const std::string& name, const std::map<std::string, std::string>& raw) {
  const auto& f = gen::find_family(name);
  return gen::generate(f, gen::parse_params(f, raw));
}

/// Windows of 300 cycles, 2 samples, at most 8 warm-up windows, a deadlock after 2000 idle cycles.
inline sim::SimOptions quick_sim() {
  sim::SimOptions o;
  o.sample_period = 300;
  o.samples = 2;
  o.max_samples = 8;
  o.deadlock_cycles = 2000;
  return o;
}

/// Shortest-path routing on one VC under tornado traffic, 4-flit packets in 2-flit buffers: on a ring, a cycle of
/// channel dependencies that deadlocks within the 300 cycles the options allow.
inline sim::SimOptions ring_tornado_one_vc() {
  auto o = quick_sim();
  o.algo = "shortest";
  o.vcs = 1;
  o.vc_classes = "none";
  o.traffic = "tornado";
  o.packet_size = 4;
  o.buffer = 2;
  o.deadlock_cycles = 300;
  return o;
}

}  // namespace topo::test
