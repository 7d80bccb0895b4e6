#include "topo/route/analysis.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <bit>

#include "topo/errors.hpp"

namespace topo::route {

LoadCounter::LoadCounter(const Graph& g) : g_(g), load_(g_.num_arcs(), 0.0) {}

void LoadCounter::add(const Path& p, double units) {
  for (std::size_t h = 0; h < p.arcs.size(); ++h) {
    const auto a = p.arcs[h];
    const auto v = p.nodes[h];
    load_[a] += units / g_.multiplicity(g_.out_links(v)[a - g_.arc_offset(v)]);
  }
}

const LoadCounter::Counts& LoadCounter::forward(node_id s) {
  auto it = fwd_.find(s);
  if (it != fwd_.end()) return it->second;
  if (fwd_.size() * std::uint64_t(g_.num_nodes()) > (std::uint64_t{1} << 24)) fwd_.clear();  // bounded memory
  Counts c{distances_from(g_, s), std::vector<double>(g_.num_nodes(), 0)};
  std::vector<node_id> order(g_.num_nodes());
  for (node_id v = 0; v < g_.num_nodes(); ++v) order[v] = v;
  std::sort(order.begin(), order.end(), [&](node_id a, node_id b) { return c.dist[a] < c.dist[b]; });
  c.sigma[s] = 1;
  for (node_id v : order) {
    if (c.dist[v] == unreachable) break;
    const auto nb = g_.out_neighbors(v);
    const auto ln = g_.out_links(v);
    for (std::size_t i = 0; i < nb.size(); ++i)
      if (c.dist[nb[i]] == c.dist[v] + 1) c.sigma[nb[i]] += c.sigma[v] * g_.multiplicity(ln[i]);
  }
  return fwd_.emplace(s, std::move(c)).first->second;
}

const LoadCounter::Counts& LoadCounter::backward(node_id t) {
  auto it = bwd_.find(t);
  if (it != bwd_.end()) return it->second;
  if (bwd_.size() * std::uint64_t(g_.num_nodes()) > (std::uint64_t{1} << 24)) bwd_.clear();
  Counts c{distances_to(g_, t), std::vector<double>(g_.num_nodes(), 0)};
  std::vector<node_id> order(g_.num_nodes());
  for (node_id v = 0; v < g_.num_nodes(); ++v) order[v] = v;
  std::sort(order.begin(), order.end(), [&](node_id a, node_id b) { return c.dist[a] < c.dist[b]; });
  c.sigma[t] = 1;
  for (node_id v : order) {  // sigma[v] = paths from v to t, nearest first
    if (c.dist[v] == unreachable) break;
    if (v == t) continue;
    const auto nb = g_.out_neighbors(v);
    const auto ln = g_.out_links(v);
    for (std::size_t i = 0; i < nb.size(); ++i)
      if (c.dist[nb[i]] + 1 == c.dist[v]) c.sigma[v] += c.sigma[nb[i]] * g_.multiplicity(ln[i]);
  }
  return bwd_.emplace(t, std::move(c)).first->second;
}

void LoadCounter::add_split(node_id s, node_id t) {
  if (s == t) return;
  const Counts& f = forward(s);  // a separate cache from backward(): the reference stays valid
  const Counts& b = backward(t);
  const auto d = f.dist[t];
  if (d == unreachable) throw InputError(fmt::format("node {} cannot reach node {}", s, t));
  const double total = f.sigma[t];
  // Arc v->w lies on a shortest s-t path iff ds(v) + 1 + dt(w) = d(s,t); each of its m parallel arcs
  // carries sigma_s(v)·sigma_t(w)/sigma_s(t).
  for (node_id v = 0; v < g_.num_nodes(); ++v) {
    if (f.dist[v] >= d) continue;
    const auto nb = g_.out_neighbors(v);
    for (std::size_t i = 0; i < nb.size(); ++i)
      if (b.dist[nb[i]] != unreachable && f.dist[v] + 1 + b.dist[nb[i]] == d)
        load_[g_.arc_offset(v) + i] += f.sigma[v] * b.sigma[nb[i]] / total;
  }
}

void LoadCounter::add_arc_loads(const std::vector<double>& arc_load) {
  if (arc_load.size() != load_.size()) throw Error("arc loads of another graph");
  for (std::size_t a = 0; a < load_.size(); ++a) load_[a] += arc_load[a];
}

LoadCounter::Result LoadCounter::result() const {
  Result r;
  r.arc_load = load_;
  metrics::summarize_arc_loads(g_, r);
  return r;
}

void HopStats::add(node_id s, node_id t, std::size_t hops) {
  ++routes;
  ++histogram[hops];
  hops_sum += double(hops);
  if (s == t) return;
  if (s != cached_source_) {
    dist_ = distances_from(g_, s);
    cached_source_ = s;
  }
  const double d = dist_[t];
  const double st = double(hops) / d;
  ++stretch_pairs;
  stretch_sum += st;
  stretch_max = std::max(stretch_max, st);
  if (hops == dist_[t]) ++minimal;
}

void DependencyGraph::add(const Path& p) {
  for (std::size_t h = 0; h + 1 < p.arcs.size(); ++h) edges_.insert({p.arcs[h], p.arcs[h + 1]});
}

bool DependencyGraph::acyclic_dense() const {
  std::uint64_t top = 0;
  for (const auto& [a, b] : edges_) top = std::max({top, a, b});
  if (top >= 16 * edges_.size() + (std::uint64_t{1} << 16)) return false;  // sparse ids: not worth the arrays
  // Channels numbered arc x class on a large network, sampled routes: most ids do not occur, and arrays over all of
  // them would take 12 bytes an id (300 MiB on a 32^4 torus, several times the edges' own). The ids that occur are
  // numbered 0, 1, ... in their order instead, by a bit per id and the count of the bits before each word; the
  // numbering does not change whether the graph has a cycle.
  const bool compact = top >= 4 * edges_.size() + (std::uint64_t{1} << 16);
  std::vector<std::uint64_t> occurs;
  std::vector<std::uint32_t> before;  // ids that occur below each word's
  if (compact) {
    occurs.assign(top / 64 + 1, 0);
    for (const auto& [a, b] : edges_) {
      occurs[a / 64] |= std::uint64_t{1} << (a % 64);
      occurs[b / 64] |= std::uint64_t{1} << (b % 64);
    }
    before.resize(occurs.size() + 1);
    before[0] = 0;
    for (std::size_t w = 0; w < occurs.size(); ++w) before[w + 1] = before[w] + std::uint32_t(std::popcount(occurs[w]));
  }
  const auto id = [&](std::uint64_t a) {
    if (!compact) return std::size_t(a);
    const auto below = occurs[a / 64] & ((std::uint64_t{1} << (a % 64)) - 1);
    return std::size_t(before[a / 64]) + std::size_t(std::popcount(below));
  };
  const std::size_t n = compact ? before.back() : top + 1;
  std::vector<std::size_t> off(n + 1, 0);
  std::vector<std::uint32_t> indeg(n, 0);
  for (const auto& [a, b] : edges_) {
    ++off[id(a) + 1];
    ++indeg[id(b)];
  }
  for (std::size_t v = 0; v < n; ++v) off[v + 1] += off[v];
  std::vector<std::uint64_t> to(edges_.size());
  {
    auto pos = off;
    for (const auto& [a, b] : edges_) to[pos[id(a)]++] = id(b);
  }
  std::vector<std::uint64_t> ready;
  for (std::size_t v = 0; v < n; ++v)
    if (!indeg[v]) ready.push_back(v);
  std::size_t done = 0;
  while (!ready.empty()) {
    const auto v = ready.back();
    ready.pop_back();
    ++done;
    for (auto i = off[v]; i < off[v + 1]; ++i)
      if (--indeg[to[i]] == 0) ready.push_back(to[i]);
  }
  return done == n;
}

std::vector<std::uint64_t> DependencyGraph::find_cycle() const {
  // Most graphs checked are acyclic, which Kahn's algorithm over dense ids shows in linear time; only a
  // cycle needs the sorting below (so that the cycle reported does not depend on hash order).
  if (edges_.empty() || acyclic_dense()) return {};
  // Compact the channels that occur, then an iterative depth-first search with colours.
  std::vector<std::pair<std::uint64_t, std::uint64_t>> edges(edges_.begin(), edges_.end());
  std::sort(edges.begin(), edges.end());  // the cycle reported does not depend on hash order
  std::vector<std::uint64_t> ids;
  for (const auto& [a, b] : edges) {
    ids.push_back(a);
    ids.push_back(b);
  }
  std::sort(ids.begin(), ids.end());
  ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
  auto idx = [&](std::uint64_t a) { return std::size_t(std::lower_bound(ids.begin(), ids.end(), a) - ids.begin()); };
  std::vector<std::vector<std::size_t>> adj(ids.size());
  for (const auto& [a, b] : edges) adj[idx(a)].push_back(idx(b));
  for (auto& l : adj) {
    std::sort(l.begin(), l.end());
    l.erase(std::unique(l.begin(), l.end()), l.end());
  }
  std::vector<std::uint8_t> colour(ids.size(), 0);         // 0 new, 1 on the stack, 2 done
  std::vector<std::pair<std::size_t, std::size_t>> stack;  // (node, next edge)
  for (std::size_t r = 0; r < ids.size(); ++r) {
    if (colour[r]) continue;
    stack.emplace_back(r, 0);
    colour[r] = 1;
    while (!stack.empty()) {
      auto& [v, e] = stack.back();
      if (e == adj[v].size()) {
        colour[v] = 2;
        stack.pop_back();
        continue;
      }
      const auto w = adj[v][e++];
      if (colour[w] == 1) {  // back edge: the cycle is the stack from w to v
        std::vector<std::uint64_t> cycle;
        auto it = std::find_if(stack.begin(), stack.end(), [w](const auto& x) { return x.first == w; });
        for (; it != stack.end(); ++it) cycle.push_back(ids[it->first]);
        return cycle;
      }
      if (colour[w] == 0) {
        colour[w] = 1;
        stack.emplace_back(w, 0);
      }
    }
  }
  return {};
}

}  // namespace topo::route
