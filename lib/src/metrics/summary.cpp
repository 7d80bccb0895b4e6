#include "topo/metrics/summary.hpp"

#include <algorithm>
#include <limits>

namespace topo::metrics {

namespace {
// Marks everything reachable from `start` along out-links (forward) or in-links (backward), or both; on an
// undirected graph the in-links are the out-links, read once.
std::uint64_t reach(const Graph& g, node_id start, bool forward, bool both, std::vector<char>& seen) {
  both = both && g.directed();
  std::vector<node_id> stack{start};
  seen[start] = 1;
  std::uint64_t count = 1;
  auto visit = [&](auto nbrs) {
    for (node_id u : nbrs)
      if (!seen[u]) {
        seen[u] = 1;
        ++count;
        stack.push_back(u);
      }
  };
  while (!stack.empty()) {
    const node_id v = stack.back();
    stack.pop_back();
    if (forward || both) visit(g.out_neighbors(v));
    if (!forward || both) visit(g.in_neighbors(v));
  }
  return count;
}
/// Strongly connected components (Tarjan's algorithm with an explicit stack, so deep graphs cannot
/// overflow the call stack).
std::uint64_t count_strong_components(const Graph& g) {
  const node_id n = g.num_nodes();
  constexpr node_id unvisited = std::numeric_limits<node_id>::max();
  std::vector<node_id> index(n, unvisited), low(n, 0), scc_stack;
  std::vector<char> on_stack(n, 0);
  struct Frame {
    node_id v;
    std::size_t next;  // position in v's out-neighbours
  };
  std::vector<Frame> call;
  node_id counter = 0;
  std::uint64_t found = 0;
  for (node_id root = 0; root < n; ++root) {
    if (index[root] != unvisited) continue;
    call.push_back({root, 0});
    index[root] = low[root] = counter++;
    scc_stack.push_back(root);
    on_stack[root] = 1;
    while (!call.empty()) {
      auto& f = call.back();
      const auto nbrs = g.out_neighbors(f.v);
      if (f.next < nbrs.size()) {
        const node_id w = nbrs[f.next++];
        if (index[w] == unvisited) {
          index[w] = low[w] = counter++;
          scc_stack.push_back(w);
          on_stack[w] = 1;
          call.push_back({w, 0});
        } else if (on_stack[w]) {
          low[f.v] = std::min(low[f.v], index[w]);
        }
        continue;
      }
      const node_id v = f.v;
      call.pop_back();
      if (!call.empty()) low[call.back().v] = std::min(low[call.back().v], low[v]);
      if (low[v] == index[v]) {
        ++found;
        node_id w = unvisited;
        do {
          w = scc_stack.back();
          scc_stack.pop_back();
          on_stack[w] = 0;
        } while (w != v);
      }
    }
  }
  return found;
}

bool two_colourable(const Graph& g) {
  const node_id n = g.num_nodes();
  std::vector<std::int8_t> colour(n, -1);
  std::vector<node_id> stack;
  for (node_id s = 0; s < n; ++s) {
    if (colour[s] >= 0) continue;
    colour[s] = 0;
    stack.assign(1, s);
    while (!stack.empty()) {
      const node_id v = stack.back();
      stack.pop_back();
      auto visit = [&](std::span<const node_id> nbrs) {
        for (node_id u : nbrs) {
          if (colour[u] < 0) {
            colour[u] = static_cast<std::int8_t>(1 - colour[v]);
            stack.push_back(u);
          } else if (colour[u] == colour[v]) {
            return false;
          }
        }
        return true;
      };
      if (!visit(g.out_neighbors(v)) || (g.directed() && !visit(g.in_neighbors(v)))) return false;
    }
  }
  return true;
}

}  // namespace

Summary summarize(const Graph& g) {
  Summary s;
  const node_id n = g.num_nodes();
  s.nodes = n;
  s.links = g.total_multiplicity();
  s.link_records = g.num_links();
  s.directed = g.directed();
  s.multigraph = g.multigraph();
  s.self_loops = g.has_self_loops();
  if (n == 0) {
    s.regular = s.connected = true;
    return s;
  }
  s.degree_min = s.in_degree_min = std::numeric_limits<std::uint64_t>::max();
  std::uint64_t total = 0;
  for (node_id v = 0; v < n; ++v) {
    const auto d = g.out_degree(v), di = g.in_degree(v);
    s.degree_min = std::min(s.degree_min, d);
    s.degree_max = std::max(s.degree_max, d);
    s.in_degree_min = std::min(s.in_degree_min, di);
    s.in_degree_max = std::max(s.in_degree_max, di);
    total += d;
  }
  s.degree_mean = double(total) / double(n);
  if (s.self_loops) {
    std::vector<std::uint64_t> loops(n, 0);
    for (link_id l = 0; l < g.num_links(); ++l)
      if (g.source(l) == g.target(l)) {
        loops[g.source(l)] += g.multiplicity(l);
        s.self_loop_count += g.multiplicity(l);
      }
    if (!g.directed()) {
      s.port_min = std::numeric_limits<std::uint64_t>::max();
      for (node_id v = 0; v < n; ++v) {
        s.port_min = std::min(s.port_min, g.out_degree(v) - loops[v]);
        s.port_max = std::max(s.port_max, g.out_degree(v) - loops[v]);
      }
    }
  }
  s.regular = s.degree_min == s.degree_max && s.in_degree_min == s.in_degree_max && s.degree_min == s.in_degree_min;

  // Connected: every node reached from node 0 (both ways on a directed graph). Undirected, that is one
  // component, which the components' walk finds without a walk of its own.
  std::vector<char> seen(n, 0);
  if (g.directed()) {
    s.connected = reach(g, 0, true, false, seen) == n;
    if (s.connected) {
      std::fill(seen.begin(), seen.end(), 0);
      s.connected = reach(g, 0, false, false, seen) == n;
    }
    std::fill(seen.begin(), seen.end(), 0);
  }
  for (node_id v = 0; v < n; ++v)
    if (!seen[v]) {
      reach(g, v, true, true, seen);
      ++s.components;
    }
  if (!g.directed()) s.connected = s.components == 1;
  s.strong_components = g.directed() ? count_strong_components(g) : s.components;
  s.bipartite = two_colourable(g);
  return s;
}

}  // namespace topo::metrics
