#include "topo/metrics/link_loads.hpp"

#include <fmt/format.h>
#include <omp.h>

#include <algorithm>
#include <atomic>

#include "topo/errors.hpp"

namespace topo::metrics {

Routing parse_routing(const std::string& name) {
  if (name == "split") return Routing::split;
  if (name == "ecmp") return Routing::ecmp;
  if (name == "single") return Routing::single;
  throw UsageError(fmt::format("unknown routing \"{}\" (split, ecmp, single)", name));
}

std::string_view routing_name(Routing r) {
  switch (r) {
    case Routing::split:
      return "split";
    case Routing::ecmp:
      return "ecmp";
    case Routing::single:
      return "single";
  }
  return "?";
}

namespace {

constexpr std::uint32_t unreached = std::numeric_limits<std::uint32_t>::max();

struct Work {
  explicit Work(node_id n) : dist(n, unreached), sigma(n, 0), delta(n, 0) {}
  std::vector<std::uint32_t> dist;
  std::vector<double> sigma, delta;
  std::vector<node_id> order;
};

// Brandes-style accumulation from source s: the unit of (s, t) is split over shortest paths in
// proportion to their number, so arc v->w carries sigma[v]*m/sigma[w] * (1 + delta[w]).
void accumulate_split(const Graph& g, const std::vector<std::uint64_t>& off, node_id s, Work& w,
                      std::vector<double>& load) {
  w.order.assign(1, s);
  w.dist[s] = 0;
  w.sigma[s] = 1;
  for (std::size_t h = 0; h < w.order.size(); ++h) {
    const node_id v = w.order[h];
    const auto nb = g.out_neighbors(v);
    const auto ln = g.out_links(v);
    for (std::size_t i = 0; i < nb.size(); ++i) {
      const node_id x = nb[i];
      if (w.dist[x] == unreached) {
        w.dist[x] = w.dist[v] + 1;
        w.order.push_back(x);
      }
      if (w.dist[x] == w.dist[v] + 1) w.sigma[x] += w.sigma[v] * g.multiplicity(ln[i]);
    }
  }
  for (std::size_t h = w.order.size(); h-- > 0;) {
    const node_id v = w.order[h];
    const auto nb = g.out_neighbors(v);
    const auto ln = g.out_links(v);
    for (std::size_t i = 0; i < nb.size(); ++i) {
      const node_id x = nb[i];
      if (w.dist[x] != w.dist[v] + 1) continue;
      const double m = g.multiplicity(ln[i]);
      const double flow = w.sigma[v] * m / w.sigma[x] * (1 + w.delta[x]);
      load[off[v] + i] += flow / m;
      w.delta[v] += flow;
    }
  }
  for (node_id v : w.order) {
    w.dist[v] = unreached;
    w.sigma[v] = 0;
    w.delta[v] = 0;
  }
}

// Per-target accumulation for hop-by-hop routing: BFS backwards from t, then every node forwards
// what it holds (its own unit plus what it received) to its next hops towards t.
void accumulate_to_target(const Graph& g, const std::vector<std::uint64_t>& off, node_id t, Routing r, Work& w,
                          std::vector<double>& load) {
  w.order.assign(1, t);
  w.dist[t] = 0;
  for (std::size_t h = 0; h < w.order.size(); ++h) {
    const node_id v = w.order[h];
    for (node_id x : g.in_neighbors(v))
      if (w.dist[x] == unreached) {
        w.dist[x] = w.dist[v] + 1;
        w.order.push_back(x);
      }
  }
  for (std::size_t h = w.order.size(); h-- > 1;) {  // farthest first; t itself forwards nothing
    const node_id v = w.order[h];
    const double held = 1 + w.delta[v];
    const auto nb = g.out_neighbors(v);
    const auto ln = g.out_links(v);
    if (r == Routing::single) {
      std::size_t best = nb.size();
      for (std::size_t i = 0; i < nb.size(); ++i)
        if (w.dist[nb[i]] + 1 == w.dist[v] && (best == nb.size() || nb[i] < nb[best])) best = i;
      load[off[v] + best] += held / g.multiplicity(ln[best]);
      w.delta[nb[best]] += held;
      continue;
    }
    double ways = 0;  // physical next-hop links
    for (std::size_t i = 0; i < nb.size(); ++i)
      if (w.dist[nb[i]] + 1 == w.dist[v]) ways += g.multiplicity(ln[i]);
    for (std::size_t i = 0; i < nb.size(); ++i) {
      if (w.dist[nb[i]] + 1 != w.dist[v]) continue;
      const double m = g.multiplicity(ln[i]);
      load[off[v] + i] += held / ways;  // each of the m parallel arcs carries held/ways
      w.delta[nb[i]] += held * m / ways;
    }
  }
  for (node_id v : w.order) {
    w.dist[v] = unreached;
    w.delta[v] = 0;
  }
}

}  // namespace

void summarize_arc_loads(const Graph& g, LinkLoads& loads) {
  loads.physical_arcs = 0;
  loads.total = loads.max = 0;
  std::uint64_t a = 0;
  for (node_id v = 0; v < g.num_nodes(); ++v) {
    const auto ln = g.out_links(v);
    const auto nb = g.out_neighbors(v);
    for (std::size_t i = 0; i < ln.size(); ++i, ++a) {
      if (nb[i] == v) continue;  // a self-loop is never on a shortest path and carries nothing
      const double m = g.multiplicity(ln[i]);
      const double l = loads.arc_load[a];
      loads.physical_arcs += static_cast<std::uint64_t>(m);
      loads.total += l * m;
      loads.max = std::max(loads.max, l);
    }
  }
  loads.mean = loads.physical_arcs ? loads.total / double(loads.physical_arcs) : 0;
  loads.u = loads.max > 0 ? loads.mean / loads.max : 0;
}

LinkLoads link_loads(const Graph& g, Routing r, int threads, const std::function<void(double)>& progress) {
  const node_id n = g.num_nodes();
  std::vector<std::uint64_t> off(std::size_t(n) + 1, 0);
  for (node_id v = 0; v < n; ++v) off[v + 1] = off[v] + g.out_neighbors(v).size();
  const std::uint64_t arcs = off[n];
  // A fixed number of partial sums, each over a fixed range of nodes, added in order: the result
  // does not depend on the number of threads.
  constexpr unsigned parts = 8;
  std::vector<std::vector<double>> partial(parts);
  std::atomic<unsigned> finished{0};
  const int nthreads = threads > 0 ? threads : omp_get_max_threads();
#pragma omp parallel for num_threads(nthreads) schedule(dynamic, 1)
  for (unsigned p = 0; p < parts; ++p) {
    partial[p].assign(arcs, 0.0);
    Work w(n);
    const node_id lo = static_cast<node_id>(std::uint64_t(n) * p / parts);
    const node_id hi = static_cast<node_id>(std::uint64_t(n) * (p + 1) / parts);
    for (node_id x = lo; x < hi; ++x) {
      if (r == Routing::split)
        accumulate_split(g, off, x, w, partial[p]);
      else
        accumulate_to_target(g, off, x, r, w, partial[p]);
    }
    const auto f = ++finished;
    if (progress && omp_get_thread_num() == 0) progress(double(f) / parts);
  }
  LinkLoads out;
  out.routing = r;
  out.arc_load.assign(arcs, 0.0);
  for (unsigned p = 0; p < parts; ++p)
    for (std::uint64_t a = 0; a < arcs; ++a) out.arc_load[a] += partial[p][a];
  summarize_arc_loads(g, out);
  return out;
}

}  // namespace topo::metrics
