#include "topo/route/broadcast.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <bit>

#include "route/hdn_internal.hpp"
#include "route_internal.hpp"
#include "topo/errors.hpp"
#include "topo/registry.hpp"

namespace topo::route {

namespace {

std::uint64_t log2_ceil(std::uint64_t n) {
  return n <= 1 ? 0 : std::uint64_t(std::bit_width(n - 1));
}

}  // namespace

BroadcastSchedule broadcast_tree(const Graph& g, node_id root) {
  const node_id n = g.num_nodes();
  if (root >= n) throw InputError(fmt::format("--root {}: the graph has {} nodes", root, n));
  // BFS tree (children in adjacency order).
  std::vector<node_id> parent(n, no_node), order{root};
  std::vector<std::uint32_t> dist(n, unreachable);
  dist[root] = 0;
  for (std::size_t h = 0; h < order.size(); ++h)
    for (node_id w : g.out_neighbors(order[h]))
      if (dist[w] == unreachable) {
        dist[w] = dist[order[h]] + 1;
        parent[w] = order[h];
        order.push_back(w);
      }
  if (order.size() != n)
    throw InputError(
        fmt::format("broadcast: {} of {} nodes cannot be reached from node {}", n - order.size(), n, root));
  std::vector<std::vector<node_id>> children(n);
  for (std::size_t h = 1; h < order.size(); ++h) children[parent[order[h]]].push_back(order[h]);
  // need[v]: steps v's subtree needs once v is informed. Serving the children in decreasing need
  // gives need[v] = max_i (i + need[c_i]), i = 1, 2, … — the best for this tree.
  std::vector<std::uint64_t> need(n, 0);
  for (std::size_t h = order.size(); h-- > 0;) {
    const node_id v = order[h];
    auto& c = children[v];
    std::stable_sort(c.begin(), c.end(), [&](node_id a, node_id b) { return need[a] > need[b]; });
    for (std::size_t i = 0; i < c.size(); ++i) need[v] = std::max(need[v], i + 1 + need[c[i]]);
  }
  BroadcastSchedule s;
  s.root = root;
  s.steps.resize(need[root]);
  std::vector<std::uint64_t> informed_at(n, 0);
  for (node_id v : order)  // BFS order: a parent's time is known before its children's
    for (std::size_t i = 0; i < children[v].size(); ++i) {
      const node_id c = children[v][i];
      informed_at[c] = informed_at[v] + i + 1;
      s.steps[informed_at[c] - 1].push_back({v, c});
    }
  for (auto& step : s.steps) std::sort(step.begin(), step.end(), [](Send a, Send b) { return a.from < b.from; });
  s.lower_bound = std::max<std::uint64_t>(dist[order.back()], log2_ceil(n));
  return s;
}

void check_schedule(const Graph& g, const BroadcastSchedule& s) {
  const node_id n = g.num_nodes();
  std::vector<char> informed(n, 0);
  informed[s.root] = 1;
  std::uint64_t count = 1;
  std::vector<std::uint64_t> busy(n, 0);  // last step (1-based) a node sent in
  for (std::size_t i = 0; i < s.steps.size(); ++i) {
    std::vector<node_id> fresh;
    for (const auto& [u, v] : s.steps[i]) {
      if (!informed[u]) throw Error(fmt::format("broadcast step {}: node {} sends before it is informed", i + 1, u));
      if (busy[u] == i + 1) throw Error(fmt::format("broadcast step {}: node {} sends twice (one-port)", i + 1, u));
      busy[u] = i + 1;
      const auto nb = g.out_neighbors(u);
      if (std::find(nb.begin(), nb.end(), v) == nb.end())
        throw Error(fmt::format("broadcast step {}: {} -> {} is not a link", i + 1, u, v));
      fresh.push_back(v);
    }
    for (node_id v : fresh) {
      if (informed[v]) throw Error(fmt::format("broadcast step {}: node {} is informed twice", i + 1, v));
      informed[v] = 1;
      ++count;
    }
  }
  if (count != n) throw Error(fmt::format("broadcast: {} of {} nodes are never informed", n - count, n));
}

const std::vector<BroadcastAlgorithm>& broadcast_algorithms() {
  static const std::vector<BroadcastAlgorithm> list = {
      {"tree", "any graph: BFS tree, children served in decreasing subtree time", broadcast_tree},
      {"hdn", "HDN Algorithm 2", broadcast_hdn},
  };
  return list;
}

std::vector<std::string> broadcast_names() {
  return names_of(broadcast_algorithms());
}

const BroadcastAlgorithm& find_broadcast(std::string_view name) {
  return find_named(broadcast_algorithms(), name, "broadcast algorithm");
}

}  // namespace topo::route
