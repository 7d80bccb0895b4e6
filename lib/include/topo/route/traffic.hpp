#pragma once
// Traffic patterns (doc/definitions.md §5): the (source, target) pairs to route, sized from the graph.
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "topo/graph.hpp"

namespace topo::route {

using Pair = std::pair<node_id, node_id>;

struct TrafficOptions {
  std::uint64_t seed = 1;  // uniform, permutation
  node_id hotspot = 0;     // hotspot: the node everybody sends to
};

/// all-to-all, uniform, permutation, transpose, bit-complement, tornado, hotspot, nearest-neighbour.
const std::vector<std::string>& traffic_names();

/// The pairs of a pattern, sources in increasing order; pairs with source = target are left out.
/// InputError when the pattern does not fit the graph (transpose needs N = 4^h, bit-complement N = 2^b).
std::vector<Pair> traffic_pairs(const Graph& g, std::string_view pattern, const TrafficOptions& o = {});

}  // namespace topo::route
