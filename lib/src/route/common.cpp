// Helpers shared by the routing algorithms, and the algorithm dispatch.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>

#include "topo/errors.hpp"
#include "topo/gen/registry.hpp"
#include "topo/route/route.hpp"

namespace topo::route {

ArcIndex::ArcIndex(const Graph& g) : off_(std::size_t(g.num_nodes()) + 1, 0) {
  for (node_id v = 0; v < g.num_nodes(); ++v) off_[v + 1] = off_[v] + g.out_neighbors(v).size();
}

node_id ArcIndex::tail(std::uint64_t arc) const {
  const auto it = std::upper_bound(off_.begin(), off_.end(), arc);
  return static_cast<node_id>(it - off_.begin() - 1);
}

const std::vector<std::string>& algorithm_names() {
  static const std::vector<std::string> names = {"shortest", "dor", "ibt", "hdn", "clex", "slimfly", "valiant"};
  return names;
}

std::unique_ptr<Router> make_router(const Graph& g, const RouterOptions& o) {
  if (o.algo == "shortest") return make_shortest(g, o.random_ties);
  if (o.algo == "dor") return make_dor(g);
  if (o.algo == "ibt") return make_ibt(g);
  if (o.algo == "hdn") return make_hdn(g);
  if (o.algo == "clex") return make_clex(g);
  if (o.algo == "slimfly") return make_slimfly(g);
  if (o.algo == "valiant") {
    if (o.inner == "valiant") throw UsageError("--algo valiant: the inner algorithm must be minimal, not valiant");
    RouterOptions in = o;
    in.algo = o.inner;
    return make_valiant(g, make_router(g, in));
  }
  throw UsageError(fmt::format("unknown routing algorithm \"{}\" ({})", o.algo, fmt::join(algorithm_names(), ", ")));
}

std::uint64_t find_arc(const Graph& g, const ArcIndex& ai, node_id u, node_id v, std::uint16_t cls) {
  const auto nb = g.out_neighbors(u);
  const auto ln = g.out_links(u);
  std::size_t found = nb.size();
  for (std::size_t i = 0; i < nb.size(); ++i)
    if (nb[i] == v) {
      if (cls == no_class || g.link_class(ln[i]) == cls) return ai.offset(u) + i;
      if (found == nb.size()) found = i;
    }
  if (found < nb.size()) return ai.offset(u) + found;
  throw InputError(fmt::format("routing produced a hop {} -> {} that is not a link of the graph", u, v));
}

void check_path(const Graph& g, const ArcIndex& ai, const Path& p, node_id s, node_id t) {
  if (p.nodes.empty() || p.nodes.front() != s || p.nodes.back() != t || p.nodes.size() != p.arcs.size() + 1)
    throw Error(fmt::format("route {} -> {} does not join its ends", s, t));
  for (std::size_t h = 0; h < p.arcs.size(); ++h) {
    const node_id v = p.nodes[h];
    const auto a = p.arcs[h];
    if (a < ai.offset(v) || a >= ai.offset(v) + g.out_neighbors(v).size() ||
        g.out_neighbors(v)[a - ai.offset(v)] != p.nodes[h + 1])
      throw Error(fmt::format("route {} -> {}: hop {} -> {} is not a link", s, t, v, p.nodes[h + 1]));
  }
}

void append_hop(const Graph& g, const ArcIndex& ai, Path& path, node_id v, std::uint16_t cls) {
  path.arcs.push_back(find_arc(g, ai, path.nodes.back(), v, cls));
  path.nodes.push_back(v);
}

void require_family(const Graph& g, std::string_view algo, const std::vector<std::string>& families) {
  if (std::find(families.begin(), families.end(), g.meta.family) != families.end()) return;
  throw InputError(fmt::format("--algo {} needs a graph of family {}, got {}", algo, fmt::join(families, " or "),
                               g.meta.family.empty() ? std::string("a graph without family metadata") : g.meta.family));
}

Coords family_coords(const Graph& g, std::string_view algo) {
  Coords c;
  if (g.coord_dims() > 0) {
    c.dims = g.coord_dims();
    c.values.reserve(std::size_t(g.num_nodes()) * c.dims);
    for (node_id v = 0; v < g.num_nodes(); ++v)
      for (auto x : g.coords(v)) c.values.push_back(x);
    return c;
  }
  if (g.meta.family.empty())
    throw InputError(
        fmt::format("--algo {} needs node coordinates or family metadata, and the graph has neither", algo));
  // An edge list carries family and parameters but no coordinates: rebuild the instance for them.
  const auto& f = gen::find_family(g.meta.family);
  const auto ref = gen::generate(f, gen::normalize_params(f, g.meta.parameters));
  if (ref.num_nodes() != g.num_nodes() || ref.num_links() != g.num_links())
    throw InputError(fmt::format("--algo {}: the graph does not match its {} parameters ({} nodes, expected {})", algo,
                                 g.meta.family, g.num_nodes(), ref.num_nodes()));
  if (ref.coord_dims() == 0)
    throw InputError(fmt::format("--algo {}: family {} records no node coordinates", algo, g.meta.family));
  c.dims = ref.coord_dims();
  for (node_id v = 0; v < ref.num_nodes(); ++v)
    for (auto x : ref.coords(v)) c.values.push_back(x);
  return c;
}

std::vector<std::uint32_t> distances_to(const Graph& g, node_id t) {
  std::vector<std::uint32_t> d(g.num_nodes(), unreachable);
  std::vector<node_id> q{t};
  d[t] = 0;
  for (std::size_t h = 0; h < q.size(); ++h)
    for (node_id x : g.in_neighbors(q[h]))
      if (d[x] == unreachable) {
        d[x] = d[q[h]] + 1;
        q.push_back(x);
      }
  return d;
}

std::vector<std::uint32_t> distances_from(const Graph& g, node_id s) {
  std::vector<std::uint32_t> d(g.num_nodes(), unreachable);
  std::vector<node_id> q{s};
  d[s] = 0;
  for (std::size_t h = 0; h < q.size(); ++h)
    for (node_id x : g.out_neighbors(q[h]))
      if (d[x] == unreachable) {
        d[x] = d[q[h]] + 1;
        q.push_back(x);
      }
  return d;
}

double count_shortest_paths(const Graph& g, node_id s, node_id t) {
  const auto d = distances_to(g, t);
  if (d[s] == unreachable) return 0;
  // Paths counted from t backwards, level by level: count[v] = sum over next hops w of m(v,w)·count[w].
  std::vector<std::vector<node_id>> level(d[s] + 1);
  for (node_id v = 0; v < g.num_nodes(); ++v)
    if (d[v] <= d[s]) level[d[v]].push_back(v);
  std::vector<double> count(g.num_nodes(), 0);
  count[t] = 1;
  for (std::uint32_t k = 1; k <= d[s]; ++k)
    for (node_id v : level[k]) {
      const auto nb = g.out_neighbors(v);
      const auto ln = g.out_links(v);
      for (std::size_t i = 0; i < nb.size(); ++i)
        if (d[nb[i]] + 1 == k) count[v] += count[nb[i]] * g.multiplicity(ln[i]);
    }
  return count[s];
}

}  // namespace topo::route
