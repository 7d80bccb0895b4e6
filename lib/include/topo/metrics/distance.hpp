#pragma once
// Exact distance distribution by bit-parallel BFS (doc/definitions.md §4, distances).
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <vector>

#include "topo/graph.hpp"
#include "topo/metrics/kernel.hpp"
#include "topo/parallel/ranks.hpp"

namespace topo::metrics {

struct DistanceOptions {
  int threads = 0;                       // 0 = OpenMP default
  std::function<void(double)> progress;  // called with the fraction done, from one thread
  /// Instruction set of the wide sweeps (512 sources each; sweeps of at most 64 sources run a narrow
  /// portable kernel instead); must be supported (kernel_supported). Every kernel gives the same result.
  Kernel kernel = Kernel::best;
  /// The job's processes: each runs its share of the sweeps and every one gets the whole result
  /// (null: this process alone). Every rank must make the same call.
  parallel::Ranks* ranks = nullptr;
};

/// Distances over ordered pairs (s, t), hop counts along out-links.
struct DistanceStats {
  std::vector<std::uint64_t> histogram;     // histogram[d] = ordered pairs at distance d; [0] = the N self pairs
  std::uint64_t unreachable_pairs = 0;      // ordered pairs with no path
  std::vector<node_id> sources;             // the BFS sources, in order (every node for an exact full run)
  std::vector<std::uint32_t> eccentricity;  // per source: largest finite distance to another node
  // Per source, only when the run was weighted (distance_distribution_from): sum of distances to the
  // nodes it reaches, and how many it reaches (itself included).
  std::vector<std::uint64_t> source_distance_sum, source_reached;
  std::uint32_t max_finite_distance = 0;
  std::optional<std::uint32_t> diameter;       // unset when some pair is unreachable
  std::optional<std::uint32_t> radius;         // unset when some pair is unreachable
  double mean_all = 0, std_all = 0;            // over reachable ordered pairs, self included (dissertation)
  double mean_distinct = 0, std_distinct = 0;  // over reachable ordered pairs s != t (Projective Networks' k̄)
  std::uint64_t pairs_all = 0, pairs_distinct = 0;
};

/// Computes the exact distribution from every node (bit-parallel BFS, 512 sources per sweep).
DistanceStats distance_distribution(const Graph& g, const DistanceOptions& opt = {});

/// BFS from the given sources only. The pairs of source i count weights[i] times: a class of
/// weights[i] nodes that share its distances (an orbit), or 1 for a sample. Per-source sums are kept.
DistanceStats distance_distribution_from(const Graph& g, std::span<const node_id> sources,
                                         std::span<const std::uint64_t> weights, const DistanceOptions& opt = {});

/// Fills the derived fields (means, std devs, diameter, radius) from histogram, unreachable_pairs, eccentricity.
void finish_stats(DistanceStats& s, std::uint64_t nodes);

}  // namespace topo::metrics
