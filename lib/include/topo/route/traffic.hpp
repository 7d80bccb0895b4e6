#pragma once
// Traffic patterns (doc/definitions.md §5): the (source, target) pairs to route, sized from the graph.
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "topo/graph.hpp"
#include "topo/memory.hpp"

namespace topo::route {

using Pair = std::pair<node_id, node_id>;

struct TrafficOptions {
  std::uint64_t seed = 1;  // uniform, permutation
  node_id hotspot = 0;     // hotspot: the node everybody sends to
};

/// A traffic pattern as --traffic names it. Patterns are registered in lib/src/route/traffic_list.hpp:
/// adding one is a file lib/src/route/traffic_NAME.cpp and one line there.
struct TrafficPattern {
  std::string name;
  std::string help;  // one line
  /// At most how many pairs `pairs` gives on the graph, computed without them (for the memory estimate).
  /// Null: one per node.
  std::uint64_t (*count)(const Graph&) = nullptr;
  /// The pairs, sources in increasing order, source = target left out; InputError when the graph does not fit.
  std::function<std::vector<Pair>(const Graph&, const TrafficOptions&)> pairs;
};

/// Every pattern, in the order of toporoute's --help.
const std::vector<TrafficPattern>& traffic_patterns();
/// The pattern of that name; UsageError listing the known names when there is none.
const TrafficPattern& find_traffic(std::string_view name);
std::vector<std::string> traffic_names();

/// The pairs of a pattern, sources in increasing order; pairs with source = target are left out.
/// InputError when the pattern does not fit the graph (transpose needs N = 4^h, bit-complement N = 2^b).
std::vector<Pair> traffic_pairs(const Graph& g, std::string_view pattern, const TrafficOptions& o = {});

/// At most how many pairs traffic_pairs gives, without making them.
std::uint64_t traffic_pair_count(const Graph& g, std::string_view pattern);

/// What toporoute allocates to route `pairs` pairs on g with algorithm `algo` (man/toporoute.1, MEMORY): the
/// graph, the pairs, the router's cache of distances (Algorithm::cache_bytes, for min(pairs, N) targets), with
/// `loads` a load per arc (and, with `split`, the shortest-path counts kept per source and per target: up to
/// one array of distances and path counts per node for each of min(pairs, N) sources and targets).
MemoryEstimate routing_memory(const Graph& g, std::string_view algo, std::uint64_t pairs, bool loads, bool split);

}  // namespace topo::route
