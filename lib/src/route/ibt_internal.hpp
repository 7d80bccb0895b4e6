#pragma once
// The iBT closed-form distance of the dissertation §3.2.1 (L ∈ {2,3}, one bypass length), as printed
// and corrected, shared by the ibt router and its tests.
#include <cstdint>
#include <span>
#include <vector>

#include "topo/graph.hpp"

namespace topo::route {

struct IbtShape {
  std::vector<std::int64_t> dims;  // N1..Nn; the first m are bypass dimensions
  int m = 0;                       // L, the number of bypass dimensions
  std::int64_t l = 0;              // the one bypass length
};

/// The shape from the graph's family metadata; InputError unless it is an iBT with one length and L ∈ {2,3}.
IbtShape ibt_shape(const Graph& g);

/// D(p1,p2) = ‖b‖₁ + ‖t̂‖₁ + φ exactly as printed (dissertation §3.2.1, φ_xy for L = 2 and φ_xyz for
/// L = 3), plus the torus distance over plain dimensions. Wrong for some pairs: see ibt_distance.
std::int64_t ibt_distance_printed(const IbtShape& s, std::span<const std::int32_t> p1,
                                  std::span<const std::int32_t> p2);

/// The corrected closed form, equal to BFS on every pair tested:
///   D = min over bypass counts b of ‖b‖₁ + ‖t̂(b)‖₁ + φ(t̂, b, s(p1)),
/// where for every bypass dimension b_i ranges over all counts (not only round(t_i/l): going round
/// the ring by bypass links can beat the short way when l does not divide N_i), t̂_i is the shorter
/// torus residual of Δ_i − l·b_i (mod N_i), and φ = 2e for the fewest e back-and-forth torus hop pairs
/// that let the residual torus hops, in some order, visit every species whose bypass dimension has
/// b_i ≠ 0 (a torus hop in a bypass dimension changes the species by ±1 mod L; a bypass hop keeps it).
std::int64_t ibt_distance(const IbtShape& s, std::span<const std::int32_t> p1, std::span<const std::int32_t> p2);

}  // namespace topo::route
