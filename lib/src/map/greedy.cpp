// Greedy growth: a constructive mapping, and the start of annealing's first restart.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

#include "map_internal.hpp"
#include "method_internal.hpp"
#include "topo/errors.hpp"

namespace topo::map {

// Greedy growth: tasks in BFS order of the demand graph from the heaviest task; each goes to the free
// node, among the nearest free nodes to its heaviest placed partner, that adds the least cost.
Mapping greedy_mapping(const Demand& d, const Supply& s, std::uint32_t tasks) {
  const auto n = d.n;
  Mapping m(n, no_node);
  std::vector<std::uint32_t> task_at(n, no_node);
  const Demand* sp = &d;
  Demand sparse_view;
  if (d.dense) {  // the communication graph of a dense demand: pairs with a_ij + a_ji != 0
    sparse_view.n = n;
    sparse_view.off.assign(std::size_t(n) + 1, 0);
    for (std::uint32_t i = 0; i < n; ++i) {
      for (std::uint32_t j = 0; j < n; ++j) {
        const double w = d.a[std::size_t(i) * n + j] + d.a[std::size_t(j) * n + i];
        if (i != j && w != 0) {
          sparse_view.adj.push_back(j);
          sparse_view.w.push_back(w);
        }
      }
      sparse_view.off[i + 1] = sparse_view.adj.size();
    }
    sp = &sparse_view;
  }
  const auto& g = *sp;
  std::vector<double> vol(n, 0);
  for (std::uint32_t i = 0; i < tasks; ++i)
    for (auto k = g.off[i]; k < g.off[i + 1]; ++k) vol[i] += g.w[k];
  std::vector<std::uint32_t> order;
  std::vector<char> seen(n, 0);
  std::vector<std::uint32_t> by_vol(tasks);
  std::iota(by_vol.begin(), by_vol.end(), 0u);
  std::stable_sort(by_vol.begin(), by_vol.end(), [&](auto x, auto y) { return vol[x] > vol[y]; });
  for (auto root : by_vol) {
    if (seen[root]) continue;
    seen[root] = 1;
    for (std::size_t h = order.size(), end = order.size() + 1; h < end; ++h) {
      if (h == order.size()) order.push_back(root);
      const auto u = order[h];
      for (auto k = g.off[u]; k < g.off[u + 1]; ++k)
        if (!seen[g.adj[k]] && g.adj[k] < tasks) {
          seen[g.adj[k]] = 1;
          order.push_back(g.adj[k]);
          ++end;
        }
    }
  }
  constexpr std::size_t kCandidates = 16;
  std::uint32_t cursor = 0;  // next free node in node order, for tasks with no placed partner
  std::vector<std::pair<double, std::uint32_t>> cand;
  detail::visit_rows(s, [&](auto row) {
    for (auto t : order) {
      std::uint32_t anchor = no_node;
      double best_w = -1;
      for (auto k = g.off[t]; k < g.off[t + 1]; ++k)
        if (m[g.adj[k]] != no_node && g.w[k] > best_w) {
          best_w = g.w[k];
          anchor = m[g.adj[k]];
        }
      std::uint32_t pick = no_node;
      if (anchor == no_node) {
        while (task_at[cursor] != no_node) ++cursor;
        pick = cursor;
      } else {
        cand.clear();
        const auto* ra = row(anchor);
        for (std::uint32_t v = 0; v < n; ++v)
          if (task_at[v] == no_node) cand.emplace_back(double(ra[v]), v);
        const auto keep = std::min(kCandidates, cand.size());
        std::partial_sort(cand.begin(), cand.begin() + std::ptrdiff_t(keep), cand.end());
        double best = std::numeric_limits<double>::infinity();
        for (std::size_t c = 0; c < keep; ++c) {
          const auto v = cand[c].second;
          const auto* rv = row(v);
          double x = 0;
          for (auto k = g.off[t]; k < g.off[t + 1]; ++k)
            if (m[g.adj[k]] != no_node) x += g.w[k] * double(rv[m[g.adj[k]]]);
          if (x < best) {
            best = x;
            pick = v;
          }
        }
      }
      m[t] = pick;
      task_at[pick] = t;
    }
    return 0;
  });
  std::uint32_t free_node = 0;
  for (std::uint32_t t = 0; t < n; ++t)
    if (m[t] == no_node) {
      while (task_at[free_node] != no_node) ++free_node;
      m[t] = free_node;
      task_at[free_node] = t;
    }
  return m;
}

Method method_greedy() {
  return {.name = "greedy",
          .help = "greedy growth: each task in BFS order of the demand goes next to its heaviest placed partner",
          .randomized = false,
          .run = [](const Restart& r) { return RestartResult{greedy_mapping(r.demand, r.supply, r.tasks)}; }};
}

}  // namespace topo::map
