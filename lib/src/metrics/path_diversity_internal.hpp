#pragma once
// What path_diversity's parts (path_diversity.cpp, edge_connectivity.cpp, greedy_disjoint_paths.cpp) share: the
// nodes they draw pairs from, the opposite arc of each arc, and how they split their work between the processes of
// a job (parallel::Ranks): each process computes a consecutive range of the work items and packs its results;
// every process then reads all of them in item order, so the figures have the same bits for any number of
// processes.
#include <string>
#include <unordered_set>
#include <utility>
#include <vector>

#include "topo/metrics/path_diversity.hpp"
#include "topo/parallel/ranks.hpp"
#include "topo/rng.hpp"

namespace topo::metrics {

/// Whether σ comes from one source per class of o.classes (PathDiversityPlan::by_classes).
bool path_counts_by_classes(const Graph& g, const PathDiversityOptions& o);
/// Whether λ is computed for every pair (Gusfield), not on a sample (PathDiversityPlan::exact_connectivity):
/// these two without the plan's count of flows, which runs Matula's check's planning.
bool connectivity_exact(const Graph& g, const PathDiversityOptions& o);

/// Matula's check that a graph's edge connectivity λ(G) is its least degree δ (D. W. Matula, "Determining edge
/// connectivity in O(nm)", FOCS 1987), before Gusfield's flows among `terms` (edge_connectivity.cpp): when it
/// holds, every flow with an end of degree δ is δ without being run. For a dominating set d_1 … d_k, λ(G) is the
/// smaller of δ and the flows from {d_1 … d_i}, taken as one node, to d_i+1: a minimum cut below δ has dominating
/// nodes on both sides, since each side then holds more than δ nodes, each with a link across. The proof counts
/// links one by one, so a graph with parallel links or multiplicities is not checked.
struct ConnectivityCheck {
  /// Whether the check runs: it can settle more flows than it runs (more terms after the first, Gusfield's
  /// root, have degree δ than the dominating set has nodes after its first), or δ = 0.
  bool runs = false;
  std::uint64_t least_degree = 0;   // δ, links to other nodes
  std::vector<node_id> dominating;  // greedy (most nodes newly dominated first); a flow to each but the first
  std::uint64_t flows_left = 0;     // terms after the first of degree above δ: flows the check may not settle
};
ConnectivityCheck plan_connectivity_check(const Graph& g, const std::vector<node_id>& terms);

/// The nodes pairs are drawn from: an indirect network's endpoints, else every node.
inline std::vector<node_id> path_terms(const Graph& g, const PathDiversityOptions& o) {
  std::vector<node_id> terms = o.endpoints;
  if (terms.empty()) {
    terms.resize(g.num_nodes());
    for (node_id v = 0; v < g.num_nodes(); ++v) terms[v] = v;
  }
  return terms;
}

/// `count` distinct unordered pairs of `terms` (fewer than all of them), uniformly at random, in the order drawn.
inline std::vector<std::pair<node_id, node_id>> random_pairs(const std::vector<node_id>& terms, std::uint64_t count,
                                                             std::uint64_t seed) {
  const std::uint64_t k = terms.size();
  Rng rng(seed);
  std::vector<std::pair<node_id, node_id>> pairs;
  std::unordered_set<std::uint64_t> drawn;
  while (pairs.size() < count) {
    std::uint64_t a = rng.below(k), b = rng.below(k - 1);
    if (b >= a) ++b;
    if (a > b) std::swap(a, b);
    if (drawn.insert(a * k + b).second) pairs.emplace_back(terms[a], terms[b]);
  }
  return pairs;
}

/// For every arc of an undirected graph, the opposite arc of its link (the arc itself for a self-loop).
inline std::vector<std::uint64_t> reverse_arcs(const Graph& g) {
  constexpr std::uint64_t unpaired = ~std::uint64_t{0};
  std::vector<std::uint64_t> rev(g.num_arcs()), first(g.num_links(), unpaired);
  for (node_id v = 0; v < g.num_nodes(); ++v) {
    const auto ln = g.out_links(v);
    for (std::size_t i = 0; i < ln.size(); ++i) {
      const std::uint64_t a = g.arc_offset(v) + i;
      auto& f = first[ln[i]];
      if (f == unpaired) {
        f = a;
        rev[a] = a;
      } else {
        rev[a] = f;
        rev[f] = a;
      }
    }
  }
  return rev;
}

/// This process's range [first, last) of `items` work items of equal cost.
inline std::pair<std::size_t, std::size_t> my_items(parallel::Ranks& ranks, std::size_t items) {
  const auto share = parallel::split_by_cost(std::vector<double>(items, 1.0), ranks.size());
  return {share[std::size_t(ranks.rank())], share[std::size_t(ranks.rank()) + 1]};
}

/// Every process's bytes, in rank order, on every process.
inline std::string all_gathered(parallel::Ranks& ranks, const std::string& mine) {
  if (ranks.size() == 1) return mine;
  std::string whole;
  for (const auto& part : ranks.gather(mine)) whole += part;
  ranks.broadcast(whole);
  return whole;
}

}  // namespace topo::metrics
