#include "shortest_path_tree.hpp"

#include <functional>
#include <limits>
#include <queue>

namespace topo::metrics {

void shortest_path_tree(const Graph& g, const std::vector<double>& length, node_id s, ShortestPathTree& t) {
  const node_id n = g.num_nodes();
  t.dist.assign(n, std::numeric_limits<double>::infinity());
  t.parent_arc.assign(n, std::numeric_limits<std::uint64_t>::max());
  t.order.clear();
  using Item = std::pair<double, node_id>;
  std::priority_queue<Item, std::vector<Item>, std::greater<>> heap;
  t.dist[s] = 0;
  heap.emplace(0.0, s);
  while (!heap.empty()) {
    const auto [d, v] = heap.top();
    heap.pop();
    if (d > t.dist[v]) continue;
    t.order.push_back(v);
    const std::uint64_t first = g.arc_offset(v);
    const auto heads = g.out_neighbors(v);
    for (std::size_t i = 0; i < heads.size(); ++i) {
      const std::uint64_t a = first + i;
      const node_id w = heads[i];
      if (w == v) continue;
      const double nd = d + length[a];
      if (nd < t.dist[w]) {
        t.dist[w] = nd;
        t.parent_arc[w] = a;
        heap.emplace(nd, w);
      }
    }
  }
}

void subtree_demand(const ShortestPathTree& t, const Graph& g, const std::vector<double>& demand,
                    std::vector<double>& subtree) {
  subtree.assign(demand.size(), 0.0);
  for (auto it = t.order.rbegin(); it != t.order.rend(); ++it) {
    const node_id v = *it;
    subtree[v] += demand[v];
    if (subtree[v] != 0 && t.parent_arc[v] != std::numeric_limits<std::uint64_t>::max())
      subtree[g.arc_tail(t.parent_arc[v])] += subtree[v];
  }
}

}  // namespace topo::metrics
