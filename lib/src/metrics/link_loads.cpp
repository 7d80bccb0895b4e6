#include "topo/metrics/link_loads.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <omp.h>

#include <algorithm>
#include <atomic>
#include <numeric>
#include <optional>

#include "exact_sum.hpp"
#include "family_routing_loads.hpp"
#include "load_kernel.hpp"
#include "topo/errors.hpp"
#include "topo/registry.hpp"

namespace topo::metrics {

const std::vector<LoadRouting>& load_routings() {
  static const std::vector<LoadRouting> list = {
      {Routing::split, "split", "each pair's unit split over all its shortest paths in proportion to their number"},
      {Routing::ecmp, "ecmp", "at every hop, split evenly over the next hops on a shortest path"},
      {Routing::single, "single", "one shortest path per pair: always the lowest-numbered next hop"},
      {Routing::family, "family",
       "the family's own routing as toporoute builds it (dor on tori and meshes, Slim Fly's two-hop rule, ...)"},
  };
  return list;
}

Routing parse_routing(const std::string& name) {
  return find_named(load_routings(), name, "routing").id;
}

std::string_view routing_name(Routing r) {
  const auto name = name_of(load_routings(), r);
  return name.empty() ? "?" : name;
}

namespace {

constexpr std::uint32_t unreached = std::numeric_limits<std::uint32_t>::max();

struct Work {
  Work(node_id n, const std::vector<char>& is_target) : dist(n, unreached), delta(n, 0), target(is_target) {}
  /// 1 when v receives (and sends) traffic: every node, or the graph's endpoints.
  double demand(node_id v) const { return target.empty() ? 1.0 : double(target[v]); }
  std::vector<std::uint32_t> dist;
  std::vector<double> delta;
  std::vector<node_id> order;
  const std::vector<char>& target;  // empty: every node
};

// Per-target accumulation for hop-by-hop routing: BFS backwards from t, then every node forwards
// what it holds (its own unit plus what it received) to its next hops towards t. Loads are added
// `weight` times.
void accumulate_to_target(const Graph& g, node_id t, Routing r, double weight, Work& w, std::vector<double>& load) {
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
    const double held = w.demand(v) + w.delta[v];
    const auto nb = g.out_neighbors(v);
    const auto ln = g.out_links(v);
    if (r == Routing::single) {
      std::size_t best = nb.size();
      for (std::size_t i = 0; i < nb.size(); ++i)
        if (w.dist[nb[i]] + 1 == w.dist[v] && (best == nb.size() || nb[i] < nb[best])) best = i;
      load[g.arc_offset(v) + best] += weight * held / g.multiplicity(ln[best]);
      w.delta[nb[best]] += held;
      continue;
    }
    double ways = 0;  // physical next-hop links
    for (std::size_t i = 0; i < nb.size(); ++i)
      if (w.dist[nb[i]] + 1 == w.dist[v]) ways += g.multiplicity(ln[i]);
    for (std::size_t i = 0; i < nb.size(); ++i) {
      if (w.dist[nb[i]] + 1 != w.dist[v]) continue;
      const double m = g.multiplicity(ln[i]);
      load[g.arc_offset(v) + i] += weight * held / ways;  // each of the m parallel arcs carries held/ways
      w.delta[nb[i]] += held * m / ways;
    }
  }
  for (node_id v : w.order) {
    w.dist[v] = unreached;
    w.delta[v] = 0;
  }
}

/// Disjoint sets over 0..n-1 (path halving, union by size); size[find(x)] is x's set size.
struct DisjointSets {
  explicit DisjointSets(std::uint64_t n) : parent(n), size(n, 1) { std::iota(parent.begin(), parent.end(), 0); }
  std::uint64_t find(std::uint64_t x) {
    while (parent[x] != x) x = parent[x] = parent[parent[x]];
    return x;
  }
  void unite(std::uint64_t a, std::uint64_t b) {
    a = find(a);
    b = find(b);
    if (a == b) return;
    if (size[a] < size[b]) std::swap(a, b);
    parent[b] = a;
    size[a] += size[b];
  }
  std::vector<std::uint64_t> parent, size;
};

/// Σ_i weight[i] · the loads of nodes[i]'s traffic (as the source for split routing, as the target
/// otherwise). The nodes are cut into parts that depend on nothing but the nodes (whole sweep groups, at
/// least 16 a part, at most 4096 parts); each part's loads are computed in order and added to an ExactSum,
/// so the result has the same bits for any number of threads and of processes (`ranks`: each computes its
/// share of the parts, by cost, and every rank gets the sum). Split routing runs loads::lanes sources per
/// sweep (load_kernel.hpp); the parts start at multiples of that, so that the sweeps follow
/// order_sources_for_sweeps' groups.
std::vector<double> sum_loads(const Graph& g, Routing r, const std::vector<node_id>& nodes,
                              const std::vector<double>& weight, const std::vector<char>& is_target, int threads,
                              const std::function<void(double)>& progress, parallel::Ranks& ranks, Kernel kernel) {
  const std::uint64_t arcs = g.num_arcs();
  const std::size_t groups = (nodes.size() + loads::lanes - 1) / loads::lanes;
  const std::size_t parts = std::clamp<std::size_t>(groups / 16, 1, 4096);
  auto bound = [&](std::size_t q) {  // where part q starts
    return std::min(nodes.size(), groups * q / parts * loads::lanes);
  };
  std::vector<double> cost(parts);  // one search per node of the part
  for (std::size_t q = 0; q < parts; ++q) cost[q] = double(bound(q + 1) - bound(q));
  const auto share = parallel::split_by_cost(cost, ranks.size());
  const std::size_t mine_lo = share[std::size_t(ranks.rank())], mine_hi = share[std::size_t(ranks.rank()) + 1];
  std::atomic<unsigned> finished{0};
  std::optional<SplitLoadGraph> split;
  if (r == Routing::split) {
    std::vector<node_id> targets;
    for (node_id v = 0; v < is_target.size(); ++v)
      if (is_target[v]) targets.push_back(v);
    split.emplace(g, targets, kernel);
    split->prefetch_when_vectors_outgrow_cache(threads > 0 ? unsigned(threads) : unsigned(omp_get_max_threads()));
  }
  ExactSum sum(arcs);

#pragma omp parallel num_threads(threads > 0 ? threads : omp_get_max_threads())
  {
    std::vector<double> part;
    std::optional<SplitLoadSweeper> sweeper;  // one per thread, reused from part to part
#pragma omp for schedule(dynamic, 1)
    for (std::size_t q = mine_lo; q < mine_hi; ++q) {
      const std::size_t lo = bound(q), hi = bound(q + 1);
      if (lo < hi) {
        part.assign(arcs, 0.0);
        if (split) {
          if (!sweeper) sweeper.emplace(*split);
          for (std::size_t i = lo; i < hi; i += loads::lanes) {
            const std::size_t len = std::min<std::size_t>(loads::lanes, hi - i);
            sweeper->add(std::span(nodes).subspan(i, len), std::span(weight).subspan(i, len));
          }
          sweeper->take_loads(part);
        } else {
          Work w(g.num_nodes(), is_target);
          for (std::size_t i = lo; i < hi; ++i) accumulate_to_target(g, nodes[i], r, weight[i], w, part);
        }
#pragma omp critical(topo_sum_loads)
        sum.add(part);
      }
      const auto f = ++finished;
      if (progress && omp_get_thread_num() == 0) progress(double(f) / double(mine_hi - mine_lo));
    }
  }
  return sum.total(ranks);
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

LinkLoads link_loads(const Graph& g, Routing r, int threads, const std::function<void(double)>& progress,
                     std::span<const node_id> endpoints, parallel::Ranks* ranks, Kernel kernel) {
  auto& job = ranks ? *ranks : parallel::single_process();
  if (r == Routing::family) return family_routing_loads(g, endpoints, threads, progress, job);
  std::vector<node_id> sources(endpoints.begin(), endpoints.end());
  std::vector<char> is_target;
  if (endpoints.empty()) {
    sources.resize(g.num_nodes());
    std::iota(sources.begin(), sources.end(), node_id{0});
  } else {
    is_target.assign(g.num_nodes(), 0);
    for (node_id v : endpoints) is_target[v] = 1;
  }
  std::vector<double> weight(sources.size(), 1.0);
  if (r == Routing::split) order_sources_for_sweeps(g, sources, weight);
  LinkLoads out;
  out.routing = r;
  out.arc_load = sum_loads(g, r, sources, weight, is_target, threads, progress, job, kernel);
  summarize_arc_loads(g, out);
  return out;
}

bool loads_by_symmetry_possible(const Graph& g, Routing r) {
  return r != Routing::single && r != Routing::family && !g.multigraph() && !g.has_self_loops();
}

LinkLoads link_loads_by_symmetry(const Graph& g, Routing r, const std::vector<std::vector<node_id>>& generators,
                                 int threads, parallel::Ranks* ranks, Kernel kernel) {
  if (!loads_by_symmetry_possible(g, r))
    throw UsageError("link loads by symmetry need split or ecmp routing on a graph without parallel links or loops");
  const node_id n = g.num_nodes();
  const std::uint64_t arcs = g.num_arcs();

  // Orbits of nodes and of arcs under the group the generators generate. An arc's image is found
  // among its image tail's arcs sorted by head. A generator that does not preserve multiplicities is
  // left out: the subgroup of the others still gives the exact loads.
  std::vector<std::pair<node_id, std::uint64_t>> by_head(arcs);
  for (node_id v = 0; v < n; ++v) {
    const auto nb = g.out_neighbors(v);
    for (std::size_t i = 0; i < nb.size(); ++i) by_head[g.arc_offset(v) + i] = {nb[i], g.arc_offset(v) + i};
    std::sort(by_head.begin() + std::ptrdiff_t(g.arc_offset(v)), by_head.begin() + std::ptrdiff_t(g.arc_offset(v + 1)));
  }
  DisjointSets node_orbit(n), arc_orbit(arcs);
  std::vector<char> hit(n);
  std::vector<std::uint64_t> image(arcs);
  for (const auto& p : generators) {
    std::fill(hit.begin(), hit.end(), 0);
    bool permutation = p.size() == n;
    for (node_id v = 0; permutation && v < n; ++v) {
      permutation = p[v] < n && !hit[p[v]];
      if (permutation) hit[p[v]] = 1;
    }
    if (!permutation) throw InputError("a generator is not a permutation of the nodes");
    bool keeps_multiplicity = true;
    for (node_id v = 0; v < n; ++v) {
      const auto nb = g.out_neighbors(v);
      const auto ln = g.out_links(v);
      const auto first = by_head.begin() + std::ptrdiff_t(g.arc_offset(p[v])),
                 last = by_head.begin() + std::ptrdiff_t(g.arc_offset(p[v] + 1));
      for (std::size_t i = 0; i < nb.size(); ++i) {
        const node_id head = p[nb[i]];
        const auto it = std::lower_bound(first, last, std::pair<node_id, std::uint64_t>(head, 0));
        if (it == last || it->first != head) throw InputError("a generator is not an automorphism of the graph");
        image[g.arc_offset(v) + i] = it->second;
        const auto image_link = g.out_links(p[v])[it->second - g.arc_offset(p[v])];
        keeps_multiplicity = keeps_multiplicity && g.multiplicity(ln[i]) == g.multiplicity(image_link);
      }
    }
    if (!keeps_multiplicity) continue;
    for (node_id v = 0; v < n; ++v) node_orbit.unite(v, p[v]);
    for (std::uint64_t a = 0; a < arcs; ++a) arc_orbit.unite(a, image[a]);
  }
  std::vector<node_id> rep;  // the smallest node of each orbit
  std::vector<double> weight;
  std::fill(hit.begin(), hit.end(), 0);  // now: orbit already has its representative
  for (node_id v = 0; v < n; ++v)
    if (const auto root = node_orbit.find(v); !hit[root]) {
      hit[root] = 1;
      rep.push_back(v);
      weight.push_back(double(node_orbit.size[root]));
    }

  if (r == Routing::split) order_sources_for_sweeps(g, rep, weight);
  const auto loads = sum_loads(g, r, rep, weight, {}, threads, {}, ranks ? *ranks : parallel::single_process(),
                               kernel);  // Σ_i |O_i| · loads from r_i
  std::vector<double> orbit_sum(arcs, 0.0);
  for (std::uint64_t a = 0; a < arcs; ++a) orbit_sum[arc_orbit.find(a)] += loads[a];
  LinkLoads out;
  out.routing = r;
  out.orbits = rep.size();
  out.arc_load.resize(arcs);
  for (std::uint64_t a = 0; a < arcs; ++a) {
    const auto root = arc_orbit.find(a);
    out.arc_load[a] = orbit_sum[root] / double(arc_orbit.size[root]);
  }
  summarize_arc_loads(g, out);
  return out;
}

}  // namespace topo::metrics
