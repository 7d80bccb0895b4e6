// Breadth-first orders of both graphs, matched: tasks in Cuthill–McKee order of the demand graph
// (breadth-first from a task of least degree, neighbours by increasing degree; Cuthill & McKee, Proc.
// 24th ACM National Conference, 1969) go to nodes in order of their distance from node 0 (ties by id).
// Neighbouring tasks land in nearby layers of the network. Costs O(N log N + pairs); a quick start.
#include <algorithm>
#include <numeric>

#include "method_internal.hpp"

namespace topo::map {

namespace {

/// The tasks that exchange data with task i (either direction), among the first `tasks`.
std::vector<std::uint32_t> partners(const Demand& d, std::uint32_t tasks, std::uint32_t i) {
  std::vector<std::uint32_t> out;
  if (d.dense) {
    for (std::uint32_t j = 0; j < tasks; ++j)
      if (j != i && (d.a[std::size_t(i) * d.n + j] != 0 || d.a[std::size_t(j) * d.n + i] != 0)) out.push_back(j);
  } else {
    for (auto k = d.off[i]; k < d.off[i + 1]; ++k)
      if (d.adj[k] < tasks) out.push_back(d.adj[k]);
  }
  return out;
}

Mapping bfs_order(const Demand& d, const Supply& s, std::uint32_t tasks) {
  const std::uint32_t n = d.n;
  std::vector<std::vector<std::uint32_t>> nb(tasks);
  for (std::uint32_t i = 0; i < tasks; ++i) nb[i] = partners(d, tasks, i);
  auto by_degree = [&](std::uint32_t a, std::uint32_t b) {
    return nb[a].size() != nb[b].size() ? nb[a].size() < nb[b].size() : a < b;
  };
  std::vector<std::uint32_t> start(tasks);
  std::iota(start.begin(), start.end(), 0u);
  std::sort(start.begin(), start.end(), by_degree);
  std::vector<std::uint32_t> task_order;
  std::vector<char> seen(tasks, 0);
  for (auto root : start) {  // one breadth-first sweep per component of the demand graph
    if (seen[root]) continue;
    seen[root] = 1;
    std::size_t h = task_order.size();
    for (task_order.push_back(root); h < task_order.size(); ++h) {
      auto next = nb[task_order[h]];
      std::sort(next.begin(), next.end(), by_degree);
      for (auto j : next)
        if (!seen[j]) seen[j] = 1, task_order.push_back(j);
    }
  }
  std::vector<std::uint32_t> node_order(n);
  std::iota(node_order.begin(), node_order.end(), 0u);
  std::stable_sort(node_order.begin(), node_order.end(), [&](auto a, auto b) { return s(0, a) < s(0, b); });
  for (std::uint32_t i = tasks; i < n; ++i) task_order.push_back(i);  // idle slots take the remaining nodes
  Mapping m(n);
  for (std::uint32_t i = 0; i < n; ++i) m[task_order[i]] = node_order[i];
  return m;
}

}  // namespace

Method method_bfs_order() {
  return {.name = "bfs-order",
          .help = "Cuthill-McKee order of the tasks onto nodes by distance from node 0 (quick, deterministic)",
          .randomized = false,
          .run = [](const Restart& r) { return RestartResult{bfs_order(r.demand, r.supply, r.tasks)}; }};
}

}  // namespace topo::map
