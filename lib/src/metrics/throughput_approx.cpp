// Certified bounds of the maximum concurrent flow for networks too large for the LP: Garg and Könemann's
// multiplicative-weights algorithm (SIAM J. Comput. 37(2), 2007) in Fleischer's form (SIAM J. Discrete Math.
// 13(4), 2000), which routes a source's whole demand at once along a shortest-path tree.
//
// Lower bound: after k phases, each routing the whole demand once, the accumulated flow divided by its largest
// congestion max_a F(a)/c(a) is feasible, so θ ≥ k / max_a F(a)/c(a). Upper bound: for any lengths l ≥ 0, weak
// duality gives θ ≤ Σ_a l(a)·c(a) / Σ_{s,t} demand·dist_l(s,t). Both are evaluated after every phase; the run
// stops when lower ≥ (1 − ε)·upper. The upper bound starts at the single-node cuts' (lengths 1 on one node's
// arcs out or in): under traffic into one hot router the lengths would take many phases to find that cut.
#include <omp.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "shortest_path_tree.hpp"
#include "topo/metrics/throughput.hpp"

namespace topo::metrics {

namespace {

/// Lengths are rescaled when they grow past this, which changes neither shortest paths nor the dual bound.
constexpr double rescale_above = 1e100;

}  // namespace

double single_node_cut_bound(const Graph& g, const RouterDemand& d) {
  const node_id n = g.num_nodes();
  std::vector<double> out_capacity(n, 0), in_capacity(n, 0), sent(n, 0), received(n, 0);
  for (std::uint64_t a = 0; a < g.num_arcs(); ++a)
    if (g.arc_tail(a) != g.arc_head(a)) {
      out_capacity[g.arc_tail(a)] += g.multiplicity(g.arc_link(a));
      in_capacity[g.arc_head(a)] += g.multiplicity(g.arc_link(a));
    }
  for (std::size_t i = 0; i < d.sources.size(); ++i) {
    if (d.uniform > 0) {  // without the N² entries of RouterDemand::fill
      sent[d.sources[i]] = received[d.sources[i]] = d.uniform * double(d.sources.size() - 1);
      continue;
    }
    for (const auto& [v, amount] : d.to[i]) {
      sent[d.sources[i]] += amount;
      received[v] += amount;
    }
  }
  double bound = std::numeric_limits<double>::infinity();
  for (node_id v = 0; v < n; ++v) {
    if (sent[v] > 0) bound = std::min(bound, out_capacity[v] / sent[v]);
    if (received[v] > 0) bound = std::min(bound, in_capacity[v] / received[v]);
  }
  return bound;
}

ThroughputBounds throughput_garg_konemann(const Graph& g, const RouterDemand& d, double epsilon, int threads) {
  const node_id n = g.num_nodes();
  const std::uint64_t arcs = g.num_arcs();
  std::vector<double> capacity(arcs, 0), length(arcs, 0), flow(arcs, 0);
  for (std::uint64_t a = 0; a < arcs; ++a)
    if (g.arc_tail(a) != g.arc_head(a)) {
      capacity[a] = g.multiplicity(g.arc_link(a));
      length[a] = 1 / capacity[a];
    }

  ThroughputBounds b;
  b.epsilon = epsilon;
  b.upper = std::numeric_limits<double>::infinity();
  const int team = threads > 0 ? threads : 0;

  // The dual bound at the current lengths: N shortest-path trees, in parallel (lengths are fixed meanwhile).
  auto dual = [&] {
    double weighted = 0;
    for (std::uint64_t a = 0; a < arcs; ++a) weighted += length[a] * capacity[a];
    std::vector<double> per_source(d.sources.size(), 0);
#pragma omp parallel num_threads(team > 0 ? team : omp_get_max_threads()) if (d.sources.size() > 1)
    {
      ShortestPathTree tree;
#pragma omp for schedule(dynamic, 1)
      for (std::size_t i = 0; i < d.sources.size(); ++i) {
        shortest_path_tree(g, length, d.sources[i], tree);
        per_source[i] = d.weighted_distance(i, tree.dist);
      }
    }
    double routed = 0;  // added in source order: the bound does not depend on the threads
    for (double x : per_source) routed += x;
    b.shortest_path_trees += d.sources.size();
    return std::isinf(routed) ? 0.0 : weighted / routed;
  };

  b.upper = dual();
  if (b.upper == 0) return b;  // an endpoint cannot reach another: θ = 0
  b.upper = std::min(b.upper, single_node_cut_bound(g, d));
  // Enough phases for the guarantee of Garg and Könemann (lengths growing by (m/(1 − ε))^(1/ε)), with room.
  const double phase_limit = 4 * std::ceil(std::log(double(arcs) / (1 - epsilon)) / (epsilon * epsilon)) + 16;
  ShortestPathTree tree;
  std::vector<double> remaining(n), subtree(n);
  constexpr std::uint64_t dual_every = 16;
  std::uint64_t next_dual = 1, dual_phase = 0;
  while (double(b.phases) < phase_limit) {
    for (std::size_t i = 0; i < d.sources.size(); ++i) {
      const node_id s = d.sources[i];
      d.fill(i, remaining);
      for (bool done = false; !done;) {
        shortest_path_tree(g, length, s, tree);
        ++b.shortest_path_trees;
        // The tree's arc flows, scaled down to the smallest capacity they fill.
        subtree_demand(tree, g, remaining, subtree);
        double scale = 1;
        for (node_id v : tree.order)
          if (v != s && subtree[v] != 0) scale = std::min(scale, capacity[tree.parent_arc[v]] / subtree[v]);
        double longest = 0;
        for (node_id v : tree.order) {
          if (v == s || subtree[v] == 0) continue;
          const std::uint64_t a = tree.parent_arc[v];
          const double f = scale * subtree[v];
          flow[a] += f;
          length[a] *= 1 + epsilon * f / capacity[a];
          longest = std::max(longest, length[a]);
        }
        if (longest > rescale_above)
          for (double& l : length) l /= rescale_above;
        done = scale >= 1;
        if (!done)
          for (double& r : remaining) r *= 1 - scale;
      }
    }
    ++b.phases;
    double congestion = 0;
    for (std::uint64_t a = 0; a < arcs; ++a)
      if (capacity[a] > 0) congestion = std::max(congestion, flow[a] / capacity[a]);
    b.lower = std::max(b.lower, double(b.phases) / congestion);
    // The dual bound costs a tree per source, as many as the phase's routing: taken after each of the first
    // dual_every phases, then once the phases have grown by 1/dual_every since, so that at most that fraction
    // more phases run than the bound needs (random regular 300/8's longest matching: 567 phases and 84 bounds, 39%
    // fewer trees than 535 phases with a bound after each).
    if (b.phases >= next_dual) {
      b.upper = std::min(b.upper, dual());
      dual_phase = b.phases;
      next_dual = b.phases + std::max<std::uint64_t>(1, b.phases / dual_every);
    }
    if (b.lower >= (1 - epsilon) * b.upper) break;
  }
  // The last phase's bound, when the schedule skipped it (the run met ε or the phase limit there).
  if (dual_phase != b.phases) b.upper = std::min(b.upper, dual());
  return b;
}

}  // namespace topo::metrics
