// A demand matrix: built from the ordered entries a reader found, and made dense, padded or cropped.
#include <algorithm>
#include <utility>

#include "map/reader_internal.hpp"

namespace topo::map {

namespace detail {

Demand build(std::uint32_t n, std::vector<Entry> e, bool symmetric, std::string source) {
  check_tasks(n, max_tasks, source, 0);
  std::vector<Entry> all;
  all.reserve(e.size() * (symmetric ? 2 : 1));
  for (const auto& x : e) {
    if (x.i == x.j) continue;  // S_uu = 0: the diagonal never costs anything
    all.push_back(x);
    if (symmetric) all.push_back({x.j, x.i, x.v});
  }
  std::sort(all.begin(), all.end(), [](const Entry& a, const Entry& b) { return a.i != b.i ? a.i < b.i : a.j < b.j; });
  std::vector<Entry> merged;
  for (const auto& x : all) {
    if (!merged.empty() && merged.back().i == x.i && merged.back().j == x.j) {
      if (!symmetric) merged.back().v += x.v;
      continue;
    }
    merged.push_back(x);
  }
  // pair {i,j}: (|a_ij| + |a_ji|) / 2
  std::vector<Entry> pairs;
  pairs.reserve(merged.size());
  for (const auto& x : merged) pairs.push_back({std::min(x.i, x.j), std::max(x.i, x.j), x.v / 2});
  std::sort(pairs.begin(), pairs.end(),
            [](const Entry& a, const Entry& b) { return a.i != b.i ? a.i < b.i : a.j < b.j; });
  std::vector<Entry> up;
  for (const auto& x : pairs) {
    if (!up.empty() && up.back().i == x.i && up.back().j == x.j)
      up.back().v += x.v;
    else
      up.push_back(x);
  }
  Demand d;
  d.n = n;
  d.source = std::move(source);
  d.off.assign(std::size_t(n) + 1, 0);
  for (const auto& x : up) {
    if (x.v == 0) continue;
    ++d.off[x.i + 1];
    ++d.off[x.j + 1];
  }
  for (std::size_t i = 0; i < n; ++i) d.off[i + 1] += d.off[i];
  d.adj.resize(d.off[n]);
  d.w.resize(d.off[n]);
  auto pos = d.off;
  for (const auto& x : up) {
    if (x.v == 0) continue;
    d.adj[pos[x.i]] = x.j;
    d.w[pos[x.i]++] = x.v;
    d.adj[pos[x.j]] = x.i;
    d.w[pos[x.j]++] = x.v;
  }
  for (std::uint32_t i = 0; i < n; ++i) {  // rows sorted by neighbour for reproducible sums
    std::vector<std::pair<std::uint32_t, double>> row;
    for (auto k = d.off[i]; k < d.off[i + 1]; ++k) row.emplace_back(d.adj[k], d.w[k]);
    std::sort(row.begin(), row.end());
    for (std::size_t k = 0; k < row.size(); ++k) {
      d.adj[d.off[i] + k] = row[k].first;
      d.w[d.off[i] + k] = row[k].second;
    }
  }
  return d;
}

}  // namespace detail

Demand Demand::to_dense() const {
  if (dense) return *this;
  Demand d;
  d.n = n;
  d.dense = true;
  d.source = source;
  d.a.assign(std::size_t(n) * n, 0.0);
  for (std::uint32_t i = 0; i < n; ++i)
    for (auto k = off[i]; k < off[i + 1]; ++k) d.a[std::size_t(i) * n + adj[k]] = w[k] / 2;
  return d;
}

Demand Demand::padded(std::uint32_t slots) const {
  if (slots < n) throw InputError(fmt::format("{} tasks but only {} nodes", n, slots));
  if (slots == n) return *this;
  Demand d = *this;
  d.n = slots;
  if (dense) {
    d.a.assign(std::size_t(slots) * slots, 0.0);
    for (std::uint32_t i = 0; i < n; ++i)
      std::copy_n(a.data() + std::size_t(i) * n, n, d.a.data() + std::size_t(i) * slots);
  } else {
    d.off.resize(std::size_t(slots) + 1, off[n]);
  }
  return d;
}

Demand Demand::cropped(std::uint32_t k) const {
  if (k >= n) return *this;
  Demand d;
  d.n = k;
  d.dense = dense;
  d.source = source;
  if (dense) {
    d.a.resize(std::size_t(k) * k);
    for (std::uint32_t i = 0; i < k; ++i)
      std::copy_n(a.data() + std::size_t(i) * n, k, d.a.data() + std::size_t(i) * k);
    return d;
  }
  d.off.push_back(0);
  for (std::uint32_t i = 0; i < k; ++i) {
    for (auto e = off[i]; e < off[i + 1]; ++e)
      if (adj[e] < k) {
        d.adj.push_back(adj[e]);
        d.w.push_back(w[e]);
      }
    d.off.push_back(d.adj.size());
  }
  return d;
}

}  // namespace topo::map
