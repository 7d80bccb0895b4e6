#pragma once
// Path diversity (doc/definitions.md §4): how many shortest paths join each pair of nodes, and how many
// edge-disjoint paths (the local edge connectivity λ), as histograms over pairs.
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "topo/graph.hpp"
#include "topo/metrics/kernel.hpp"
#include "topo/metrics/symmetry.hpp"
#include "topo/parallel/ranks.hpp"

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
  std::uint64_t max_flows = 0;  // the max flows run: the edge connectivity's check and Gusfield's, or the sample
  std::uint64_t pairs = 0;      // pairs in the histogram (all pairs, or the sample)
  std::vector<std::pair<std::uint64_t, std::uint64_t>> histogram;  // (λ, unordered pairs), ascending
  /// Exact: the minimum over the pairs (over all nodes, the edge connectivity). Sampled: over the sample,
  /// an upper bound of the minimum.
  std::uint64_t min = 0, max = 0;
  double mean = 0;
  double mean_ci95 = 0;  // sampled: the half-width of the mean's 95% confidence interval (normal); exact: 0
};

/// EvalNet's measures beyond shortest paths (M. Besta et al., "EvalNet: a practical toolchain for generation
/// and analysis of extreme-scale interconnects", 2025), on random samples. c_XY(l) is the number of greedy
/// edge-disjoint paths of length at most l from the node set X to the node set Y: repeatedly a shortest path
/// over the links no earlier path took (a link of multiplicity m takes m paths, in either direction), until
/// none is left; ties go to the node found first by the search. Greedy: a lower bound of the largest number
/// of such paths. Undirected graphs only.
struct GreedyDisjointPaths {
  std::uint64_t pairs = 0;       // unordered pairs {a, b} sampled (every pair when there are no more)
  bool every_pair = false;       // the sample is every pair
  std::uint64_t quadruples = 0;  // ordered quadruples (a, b, c, d) of distinct nodes, sampled with replacement
  /// by_k[k-1]: (length, pairs) of the k-th path of c_ab, ascending, over the pairs that have k paths.
  std::vector<std::vector<std::pair<std::uint64_t, std::uint64_t>>> by_k;
  /// interference[l-1], l = 1 .. the longest path in the quadruples' searches: the mean over the quadruples of
  /// x_abcd(l) = c_{ac,b}(l) + c_{ac,d}(l) − c_{ac,bd}(l), paths that two flows from a and c lose by sharing
  /// the network (EvalNet's path interference).
  std::vector<double> interference;
  /// The fraction of the quadruples with x_abcd > 0 at the longest length.
  double interfering_fraction = 0;
};

struct PathDiversity {
  ShortestPathCounts shortest;
  std::optional<EdgeDisjointPaths> disjoint;  // not for a directed graph
  std::optional<GreedyDisjointPaths> greedy;  // with `disjoint`
  std::string disjoint_skipped;               // why `disjoint` is absent
};

struct PathDiversityOptions {
  int threads = 0;  // OpenMP threads of the path counts and of Gusfield's max flows (0: all)
  /// The instruction set of the path counts' sweeps (kernel_supported); every kernel gives the same counts.
  Kernel kernel = Kernel::best;
  std::uint64_t seed = 1;
  /// Classes of sources whose σ distributions are the same (automorphism orbits): one BFS per class,
  /// weighted by its size. Null: every source. Not used on an indirect network or with parallel links
  /// (orbits ignore multiplicity).
  const Orbits* classes = nullptr;
  std::vector<node_id> endpoints;  // an indirect network's endpoints (empty: every node)
  /// λ of every pair from n - 1 max flows while nodes × arcs stays within this; above it, `sampled_pairs`
  /// random pairs.
  double exact_connectivity_work = 2e9;
  /// Pairs of the λ sample, and of the greedy paths; quadruples of the interference.
  std::uint64_t sampled_pairs = 1000;
  /// The job's processes share the path counts, the sampled max flows and the greedy paths (null: this
  /// process alone); Gusfield's tree is computed by each. The figures do not depend on the processes.
  parallel::Ranks* ranks = nullptr;
  /// The pairs' distance histogram (DistanceStats::histogram), when known: the time estimate then counts the
  /// arcs a search reaches before it stops (plan_path_diversity), not every arc.
  const std::vector<std::uint64_t>* distance_histogram = nullptr;
};

PathDiversity path_diversity(const Graph& g, const PathDiversityOptions& o);

/// What path_diversity will run: BFS path-count searches, max flows (all pairs' n - 1, or the sample), over arcs.
struct PathDiversityPlan {
  std::uint64_t sources = 0;
  bool by_classes = false;
  /// All pairs': the edge connectivity's check and Gusfield's flows that it does not settle, when it finds the
  /// edge connectivity at the least degree (else `settled_flows` more); or the sample.
  std::uint64_t max_flows = 0;
  std::uint64_t settled_flows = 0;
  /// Of max_flows, the check's: each from one node to the dominating nodes before it, which its searches reach
  /// within a few links.
  std::uint64_t check_flows = 0;
  bool exact_connectivity = true;
  std::uint64_t nodes = 0, arcs = 0;
  std::uint64_t greedy_searches = 0;  // shortest-path searches of the greedy paths, at most
  /// The arcs one max flow's search reaches, about: the mean degree times the nodes within the mean distance
  /// of a node; and one greedy path's two searches that meet halfway. Every arc when the distances are unknown.
  double flow_search_arcs = 0, greedy_search_arcs = 0;
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
/// The greedy edge-disjoint paths of sampled pairs and the interference of sampled quadruples.
GreedyDisjointPaths greedy_disjoint_paths(const Graph& g, const PathDiversityOptions& o);
/// The lengths of the greedy edge-disjoint paths from X to Y, in the order found (never decreasing).
std::vector<std::uint32_t> greedy_path_lengths(const Graph& g, const std::vector<node_id>& from,
                                               const std::vector<node_id>& to);

/// Bytes path_diversity allocates: per thread the BFS state of the counts, the flow network and the greedy
/// searches; the samples' path lengths.
std::uint64_t path_diversity_memory(std::uint64_t nodes, std::uint64_t arcs, std::uint64_t threads,
                                    std::uint64_t sampled_pairs);

}  // namespace topo::metrics
