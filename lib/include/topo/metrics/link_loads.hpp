#pragma once
// Link loads under uniform all-to-all traffic routed on shortest paths (SPEC §4, costs):
// every ordered pair (s, t), s != t, sends one unit.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "topo/graph.hpp"

namespace topo::metrics {

enum class Routing {
  split,   // each pair's unit split equally over all its shortest paths
  ecmp,    // at every hop, split equally over the next hops on a shortest path to the target
  single,  // one shortest path per pair: the next hop is the lowest-id neighbour closer to the target
};

Routing parse_routing(const std::string& name);
std::string_view routing_name(Routing r);

struct LinkLoads {
  Routing routing = Routing::split;
  /// Load per unit of capacity on each arc, indexed like Graph::out_links: arc a of node v is
  /// out_links(v)[a - offset]; a link of multiplicity m is m parallel arcs sharing its load.
  std::vector<double> arc_load;
  double mean = 0;  // over physical arcs (multiplicity counted)
  double max = 0;
  double u = 0;  // link utilisation: mean / max
  std::uint64_t physical_arcs = 0;
  double total = 0;  // sum over physical arcs = sum of distances over reachable pairs
};

/// Fills mean, max, u, physical_arcs and total from loads.arc_load (arcs in the order above).
void summarize_arc_loads(const Graph& g, LinkLoads& loads);

/// Exact loads: one BFS per source (split) or per target (ecmp, single), O(N·M) in all.
/// Identical for any thread count (partial sums are added in a fixed order).
LinkLoads link_loads(const Graph& g, Routing r, int threads = 0, const std::function<void(double)>& progress = {});

}  // namespace topo::metrics
