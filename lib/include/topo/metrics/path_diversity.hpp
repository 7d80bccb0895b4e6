#pragma once
// Path diversity (doc/definitions.md §4): how many shortest paths join each pair of nodes, and how many
// edge-disjoint paths (the local edge connectivity λ), as histograms over pairs.
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "topo/graph.hpp"
#include "topo/metrics/symmetry.hpp"

namespace topo::metrics {

/// Path counts at or above this are doubles that may be rounded: they share one bin of the histogram.
inline constexpr double exact_path_count_limit = 9007199254740992.0;  // 2^53

/// σ(s,t), the number of shortest paths from s to t, over ordered pairs of distinct nodes (of endpoints on an
/// indirect network) with t reachable from s. Parallel links multiply the count, as route::count_shortest_paths
/// counts them: a path is a sequence of links. Exact.
struct ShortestPathCounts {
  std::string method;  // "bfs": from every node, "orbits": one source per class, "endpoints": from every endpoint
  std::uint64_t sources = 0;  // BFS runs
  std::uint64_t pairs = 0;    // ordered pairs counted
  /// (σ, ordered pairs) for every σ below 2^53 that occurs, ascending.
  std::vector<std::pair<std::uint64_t, std::uint64_t>> histogram;
  std::uint64_t pairs_above_limit = 0;  // pairs with σ ≥ 2^53 (not binned by value)
  double mean = 0, min = 0, max = 0;    // over the pairs; 0 when there is none
  double single_fraction = 0;           // pairs with σ = 1, as a fraction of the pairs
};

/// λ(s,t), the largest number of pairwise edge-disjoint paths between s and t (links counted with their
/// multiplicity), over unordered pairs of distinct nodes (of endpoints on an indirect network); 0 between
/// components. Undirected graphs only.
struct EdgeDisjointPaths {
  bool exact = true;            // from a Gomory–Hu tree (every pair), else from a random sample of pairs
  std::uint64_t max_flows = 0;  // the max flows the figures come from (n - 1, or the sample)
  std::uint64_t pairs = 0;      // pairs in the histogram (all pairs, or the sample)
  std::vector<std::pair<std::uint64_t, std::uint64_t>> histogram;  // (λ, unordered pairs), ascending
  /// Exact: the minimum over the pairs (over all nodes, the edge connectivity). Sampled: over the sample,
  /// an upper bound of the minimum.
  std::uint64_t min = 0, max = 0;
  double mean = 0;
};

struct PathDiversity {
  ShortestPathCounts shortest;
  std::optional<EdgeDisjointPaths> disjoint;  // not for a directed graph
  std::string disjoint_skipped;               // why `disjoint` is absent
};

struct PathDiversityOptions {
  int threads = 0;  // OpenMP threads of the path counts and of Gusfield's max flows (0: all)
  std::uint64_t seed = 1;
  /// Classes of sources whose σ distributions are the same (automorphism orbits): one BFS per class,
  /// weighted by its size. Null: every source. Not used on an indirect network or with parallel links
  /// (orbits ignore multiplicity).
  const Orbits* classes = nullptr;
  std::vector<node_id> endpoints;  // an indirect network's endpoints (empty: every node)
  /// λ of every pair from n - 1 max flows while nodes × arcs stays within this; above it, `sampled_pairs`
  /// random pairs.
  double exact_connectivity_work = 2e9;
  std::uint64_t sampled_pairs = 1000;
};

PathDiversity path_diversity(const Graph& g, const PathDiversityOptions& o);

/// What path_diversity will run: BFS path-count searches, max flows (all pairs' n - 1, or the sample), over arcs.
struct PathDiversityPlan {
  std::uint64_t sources = 0;
  bool by_classes = false;
  std::uint64_t max_flows = 0;
  bool exact_connectivity = true;
  std::uint64_t arcs = 0;
};
PathDiversityPlan plan_path_diversity(const Graph& g, const PathDiversityOptions& o);
/// The plan's expected time on `threads` threads (the path counts are shared, the max flows run on one), for
/// the notice before a long run only.
double path_diversity_seconds(const PathDiversityPlan& p, unsigned threads);

/// σ(s,t) for one source and every node t (0 when unreachable, 1 for t = s).
std::vector<double> shortest_path_counts_from(const Graph& g, node_id s);
/// λ over every pair (Gusfield's n - 1 max flows, a flow-equivalent tree) or over `sampled_pairs` random pairs,
/// whichever o.exact_connectivity_work allows. Undirected graphs only.
EdgeDisjointPaths edge_disjoint_paths(const Graph& g, const PathDiversityOptions& o);
/// λ(s,t) of an undirected graph by one max flow (Dinic), unit capacities times multiplicity.
std::uint64_t local_edge_connectivity(const Graph& g, node_id s, node_id t);

/// Bytes path_diversity allocates: per thread the BFS state of the counts, and the flow network.
std::uint64_t path_diversity_memory(std::uint64_t nodes, std::uint64_t arcs, std::uint64_t threads);

}  // namespace topo::metrics
