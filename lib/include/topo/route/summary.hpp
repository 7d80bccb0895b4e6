#pragma once
// What a set of routes did, as typed figures (toporoute --summary and --check-deadlock): hops and stretch,
// link loads with the heaviest arcs, and the channel dependency check. summary_output.hpp renders them.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "topo/metrics/link_loads.hpp"
#include "topo/route/analysis.hpp"

namespace topo::route {

struct HopFigures {
  std::map<std::size_t, std::uint64_t> histogram;  // hops -> routes
  double mean = 0;                                 // over all routes
  double stretch_mean = 1, stretch_max = 1;        // hops over BFS distance, over pairs with s != t
  std::uint64_t minimal_routes = 0;                // routes as short as BFS
  std::uint64_t stretch_pairs = 0;                 // pairs with s != t
};

struct HeavyArc {
  node_id source = 0, target = 0;
  double load = 0;
  std::string link_class;  // empty when the graph has no link classes
};

struct LoadFigures {
  std::string routing;                         // how each pair's unit was routed, in words
  double max = 0, mean = 0, u = 0, total = 0;  // as metrics::LinkLoads (per physical arc)
  std::uint64_t physical_arcs = 0;
  std::vector<HeavyArc> heaviest;  // by load, ties by arc order
};

struct DeadlockFigures {
  std::uint64_t dependencies = 0;
  std::vector<std::pair<node_id, node_id>> cycle;  // channels of a dependency cycle; empty when there is none
  bool cycle_free() const { return cycle.empty(); }
};

struct RouteSummary {
  std::string algo;
  std::string inner;  // Valiant's inner routing; empty for other algorithms
  std::uint64_t pairs = 0;
  std::optional<HopFigures> hops;
  std::optional<LoadFigures> loads;
  std::optional<DeadlockFigures> deadlock;
};

HopFigures summarize_hops(const HopStats& stats);
/// The loads with their `top` heaviest arcs.
LoadFigures summarize_loads(const Graph& g, const metrics::LinkLoads& loads, std::string routing, std::size_t top);
DeadlockFigures summarize_deadlock(const Graph& g, const DependencyGraph& deps);

}  // namespace topo::route
