#pragma once
// Bisection width: the fewest links (counting multiplicity) whose removal splits the nodes into
// halves of ⌊N/2⌋ and ⌈N/2⌉. Computing it is NP-hard, so topostat reports bounds, each named.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "topo/graph.hpp"

namespace topo::metrics {

struct BisectionUpper {
  std::uint64_t cut = 0;           // links across the best balanced partition found
  std::vector<std::uint8_t> side;  // that partition (0/1 per node)
  unsigned runs = 0;               // METIS runs (different seeds)
};

/// An upper bound: METIS recursive bisection from `runs` seeds, each result moved to an exact
/// balance by greedy boundary moves; the smallest cut wins. Links count with multiplicity, in both
/// directions for a directed graph (the cut of the underlying undirected graph).
BisectionUpper bisection_upper_bound(const Graph& g, unsigned runs = 8, std::uint64_t seed = 1);

/// A certified lower bound from a routing of uniform all-to-all traffic: every balanced cut is
/// crossed by ⌊N/2⌋·⌈N/2⌉ units in each direction, and a link carries at most `max_arc_load` per
/// direction, so at least ⌊N/2⌋⌈N/2⌉ / max_arc_load links cross it (rounded up).
std::uint64_t bisection_flow_lower_bound(std::uint64_t nodes, double max_arc_load);

/// Whether whole (weakly) connected components can be gathered into one side of ⌊N/2⌋ nodes, so
/// that a balanced cut crosses no link and the bisection width is 0 (a subset sum over component sizes).
bool components_split_evenly(const Graph& g);

/// The best straight cut through node coordinates: for each coordinate axis, the nodes ordered by
/// (coordinate, id) and split into halves of ⌊N/2⌋ and ⌈N/2⌉. For tori and iBTs this is the cut across
/// the middle of a dimension. Empty when nodes have no coordinates.
struct CoordinateCut {
  std::uint64_t cut = 0;
  unsigned axis = 0;
};
std::optional<CoordinateCut> coordinate_cut(const Graph& g);

/// Links crossing a given partition (multiplicity counted).
std::uint64_t cut_size(const Graph& g, const std::vector<std::uint8_t>& side);

}  // namespace topo::metrics
