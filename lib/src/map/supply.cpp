// The supply matrix: all-pairs hop distances of the network (dissertation §3.3.1), by BFS from every node.
#include <fmt/format.h>
#include <omp.h>

#include <algorithm>
#include <cmath>

#include "map_internal.hpp"
#include "topo/errors.hpp"

namespace topo::map {

namespace {

// BFS from s into row (uint16 hops); returns the eccentricity and how many nodes were reached.
std::pair<std::uint32_t, std::uint32_t> bfs_row(const Graph& g, node_id s, std::uint16_t* row,
                                                std::vector<node_id>& queue) {
  const auto n = g.num_nodes();
  std::fill(row, row + n, std::uint16_t(0xFFFF));
  queue.clear();
  queue.push_back(s);
  row[s] = 0;
  std::uint32_t ecc = 0;
  for (std::size_t h = 0; h < queue.size(); ++h) {
    const auto u = queue[h];
    const auto du = row[u];
    ecc = du;
    for (auto v : g.out_neighbors(u))
      if (row[v] == 0xFFFF) {
        row[v] = static_cast<std::uint16_t>(du + 1);
        queue.push_back(v);
      }
  }
  return {ecc, static_cast<std::uint32_t>(queue.size())};
}

}  // namespace

struct Supply::Cache {
  const Graph* g = nullptr;
  std::size_t slots = 0;
  std::vector<std::uint16_t> rows;
  std::vector<std::uint32_t> key;
  std::vector<std::uint64_t> stamp;
  std::vector<node_id> queue;
  std::uint64_t clock = 0;
  std::uint64_t bfs_runs = 0;
};

unsigned Supply::dense_entry_bytes(const Graph& g) {
  if (g.num_nodes() == 0) return 1;
  std::vector<std::uint16_t> row(g.num_nodes());
  std::vector<node_id> queue;
  return 2ull * bfs_row(g, 0, row.data(), queue).first < 255 ? 1 : 2;  // as from_graph decides
}

Supply Supply::from_graph(const Graph& g, std::uint64_t max_bytes, bool rows_on_demand, std::size_t cache_rows,
                          int threads) {
  const auto n = g.num_nodes();
  if (n == 0) throw InputError("the network has no nodes");
  if (g.directed()) throw InputError("the network must be undirected (the supply matrix is symmetric)");
  Supply s;
  s.n_ = n;
  std::vector<std::uint16_t> row(n);
  std::vector<node_id> queue;
  const auto [ecc0, reached] = bfs_row(g, 0, row.data(), queue);
  if (reached != n)
    throw InputError(fmt::format("the network is not connected ({} of {} nodes reachable from node 0)", reached, n));
  if (2ull * ecc0 >= 0xFFFF) throw InputError("the network's diameter does not fit in 16 bits");
  const bool narrow = 2ull * ecc0 < 255;  // diameter <= 2 ecc(0) in an undirected graph
  const std::uint64_t bytes = std::uint64_t(n) * n * (narrow ? 1 : 2);
  if (bytes > max_bytes || rows_on_demand) {
    if (!rows_on_demand)
      throw InputError(
          fmt::format("the supply matrix of {} nodes needs {} bytes ({:.1f} GiB), more than the limit of {} bytes; "
                      "use --supply rows to compute BFS rows on demand",
                      n, bytes, double(bytes) / 1073741824.0, max_bytes));
    s.kind_ = Kind::rows;
    s.cache_ = std::make_shared<Cache>();
    auto& c = *s.cache_;
    c.g = &g;
    c.slots = std::max<std::size_t>(cache_rows, 2);
    c.rows.resize(c.slots * n);
    c.key.assign(c.slots, no_node);
    c.stamp.assign(c.slots, 0);
    s.diameter_ = ecc0;  // a lower bound; rows mode never computes all rows
    return s;
  }
  if (narrow) {
    s.kind_ = Kind::dense8;
    s.d8_.resize(std::size_t(n) * n);
  } else {
    s.kind_ = Kind::dense16;
    s.d16_.resize(std::size_t(n) * n);
  }
  std::uint32_t diam = 0;
#pragma omp parallel num_threads(threads > 0 ? threads : omp_get_max_threads()) reduction(max : diam)
  {
    std::vector<std::uint16_t> r(n);
    std::vector<node_id> q;
#pragma omp for schedule(dynamic, 64)
    for (std::int64_t u = 0; u < std::int64_t(n); ++u) {
      const auto uu = static_cast<node_id>(u);
      if (narrow) {
        diam = std::max(diam, bfs_row(g, uu, r.data(), q).first);
        auto* out = s.d8_.data() + std::size_t(uu) * n;
        for (std::uint32_t v = 0; v < n; ++v) out[v] = static_cast<std::uint8_t>(r[v]);
      } else {
        diam = std::max(diam, bfs_row(g, uu, s.d16_.data() + std::size_t(uu) * n, q).first);
      }
    }
  }
  s.diameter_ = diam;
  return s;
}

Supply Supply::from_matrix(std::uint32_t n, std::vector<double> b) {
  if (b.size() != std::size_t(n) * n) throw InputError("supply matrix has the wrong size");
  Supply s;
  s.n_ = n;
  s.kind_ = Kind::dense_real;
  s.dr_ = std::move(b);
  for (std::uint32_t i = 0; i < n && s.symmetric_; ++i)
    for (std::uint32_t j = 0; j < i; ++j)
      if (s.dr_[std::size_t(i) * n + j] != s.dr_[std::size_t(j) * n + i]) {
        s.symmetric_ = false;
        break;
      }
  double mx = 0;
  for (auto x : s.dr_) mx = std::max(mx, x);
  s.diameter_ = static_cast<std::uint32_t>(std::min(mx, 4e9));
  return s;
}

std::uint64_t Supply::bytes() const {
  switch (kind_) {
    case Kind::dense8:
      return d8_.size();
    case Kind::dense16:
      return d16_.size() * 2;
    case Kind::dense_real:
      return dr_.size() * sizeof(double);
    case Kind::rows:
      return cache_->rows.size() * 2;
  }
  return 0;
}

const std::uint16_t* Supply::row_bfs(std::uint32_t u) const {
  auto& c = *cache_;
  ++c.clock;
  std::size_t victim = 0;
  for (std::size_t k = 0; k < c.slots; ++k) {
    if (c.key[k] == u) {
      c.stamp[k] = c.clock;
      return c.rows.data() + k * n_;
    }
    if (c.stamp[k] < c.stamp[victim]) victim = k;
  }
  // The least recently used slot is never the one returned by the previous call, so two rows can be
  // held at once (a swap needs the rows of both nodes).
  auto* row = c.rows.data() + victim * n_;
  bfs_row(*c.g, u, row, c.queue);
  ++c.bfs_runs;
  c.key[victim] = u;
  c.stamp[victim] = c.clock;
  return row;
}

double Supply::operator()(std::uint32_t u, std::uint32_t v) const {
  switch (kind_) {
    case Kind::dense8:
      return row8(u)[v];
    case Kind::dense16:
      return row16(u)[v];
    case Kind::dense_real:
      return row_real(u)[v];
    case Kind::rows:
      return row_bfs(u)[v];
  }
  return 0;
}

double evaluate(const Demand& d, const Supply& s, std::span<const std::uint32_t> m) {
  if (m.size() < d.n) throw InputError(fmt::format("the mapping covers {} of {} tasks", m.size(), d.n));
  return detail::visit_rows(s, [&](auto row) {
    double c = 0;
    if (d.dense) {
      for (std::uint32_t i = 0; i < d.n; ++i) {
        const auto* r = row(m[i]);
        const double* a = d.a.data() + std::size_t(i) * d.n;
        double ci = 0;
        for (std::uint32_t j = 0; j < d.n; ++j) ci += a[j] * double(r[m[j]]);
        c += ci;
      }
    } else {
      for (std::uint32_t i = 0; i < d.n; ++i) {
        if (d.off[i] == d.off[i + 1]) continue;
        const auto* r = row(m[i]);
        for (auto k = d.off[i]; k < d.off[i + 1]; ++k)
          if (d.adj[k] > i) c += d.w[k] * double(r[m[d.adj[k]]]);
      }
    }
    return c;
  });
}

}  // namespace topo::map
