#pragma once
// Exact distance distribution by bit-parallel BFS (SPEC §4, distances).
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "topo/graph.hpp"

namespace topo::metrics {

struct DistanceOptions {
  int threads = 0;                        // 0 = OpenMP default
  std::function<void(double)> progress;   // called with the fraction done, from one thread
};

/// Distances over ordered pairs (s, t), hop counts along out-links.
struct DistanceStats {
  std::vector<std::uint64_t> histogram;  // histogram[d] = ordered pairs at distance d; [0] = the N self pairs
  std::uint64_t unreachable_pairs = 0;   // ordered pairs with no path
  std::vector<std::uint32_t> eccentricity;  // per node: largest finite distance to another node
  std::uint32_t max_finite_distance = 0;
  std::optional<std::uint32_t> diameter;  // unset when some pair is unreachable
  std::optional<std::uint32_t> radius;    // unset when some pair is unreachable
  double mean_all = 0, std_all = 0;            // over reachable ordered pairs, self included (dissertation)
  double mean_distinct = 0, std_distinct = 0;  // over reachable ordered pairs s != t (Projective Networks' k̄)
  std::uint64_t pairs_all = 0, pairs_distinct = 0;
};

/// Computes the exact distribution from every node (bit-parallel BFS, 256 sources per sweep).
DistanceStats distance_distribution(const Graph& g, const DistanceOptions& opt = {});

/// Fills the derived fields (means, std devs, diameter, radius) from histogram, unreachable_pairs, eccentricity.
void finish_stats(DistanceStats& s, std::uint64_t nodes);

}  // namespace topo::metrics
