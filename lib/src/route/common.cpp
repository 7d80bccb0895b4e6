// Helpers shared by the routing algorithms, and the algorithm registry.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <nlohmann/json.hpp>

#include "route_internal.hpp"
#include "topo/errors.hpp"
#include "topo/gen/registry.hpp"
#include "topo/registry.hpp"

namespace topo::route {

const std::vector<Algorithm>& algorithms() {
  static const std::vector<Algorithm> all = {
#define TOPO_ROUTING(name) algorithm_##name(),
#include "algorithm_list.hpp"
#undef TOPO_ROUTING
  };
  return all;
}

std::vector<std::string> algorithm_names() {
  return names_of(algorithms());
}

const Algorithm& find_algorithm(std::string_view name) {
  return find_named(algorithms(), name, "routing algorithm");
}

std::unique_ptr<Router> make_router(const Graph& g, const RouterOptions& o) {
  const auto& a = find_algorithm(o.algo);
  require_fit(g, a);
  return a.make(g, o);
}

std::string default_minimal_routing(const Graph& g) {
  for (const auto& a : algorithms()) {
    if (!a.family_default || !fits(g, a)) continue;
    try {
      RouterOptions o;
      o.algo = a.name;
      (void)a.make(g, o);
      return a.name;
    } catch (const InputError&) {  // the family's, but not this instance's (a mesh of one node)
    }
  }
  return "shortest";
}

bool fits(const gen::Family& f, const Algorithm& a) {
  switch (a.needs) {
    case Algorithm::Needs::any_graph:
      return true;
    case Algorithm::Needs::grid:
      return bool(f.grid);
    case Algorithm::Needs::family_structure:
      return std::find(f.routings.begin(), f.routings.end(), a.name) != f.routings.end();
  }
  return false;
}

bool fits(const Graph& g, const Algorithm& a) {
  const auto* f = gen::family_of(g);
  return a.needs == Algorithm::Needs::any_graph || (f && fits(*f, a));
}

void require_fit(const Graph& g, const Algorithm& a) {
  if (fits(g, a)) return;
  std::vector<std::string> names;
  for (const auto& f : gen::families())
    if (fits(f, a)) names.push_back(f.name);
  throw InputError(fmt::format("--algo {} needs a graph of family {}, got {}", a.name, fmt::join(names, " or "),
                               g.meta.family.empty() ? std::string("a graph without family metadata") : g.meta.family));
}

void require_fit(const Graph& g, std::string_view algo) {
  require_fit(g, find_algorithm(algo));
}

std::uint64_t find_arc(const Graph& g, node_id u, node_id v, std::uint16_t cls) {
  const auto nb = g.out_neighbors(u);
  const auto ln = g.out_links(u);
  std::size_t found = nb.size();
  for (std::size_t i = 0; i < nb.size(); ++i)
    if (nb[i] == v) {
      if (cls == no_class || g.link_class(ln[i]) == cls) return g.arc_offset(u) + i;
      if (found == nb.size()) found = i;
    }
  if (found < nb.size()) return g.arc_offset(u) + found;
  throw InputError(fmt::format("routing produced a hop {} -> {} that is not a link of the graph", u, v));
}

void check_path(const Graph& g, const Path& p, node_id s, node_id t) {
  if (p.nodes.empty() || p.nodes.front() != s || p.nodes.back() != t || p.nodes.size() != p.arcs.size() + 1)
    throw Error(fmt::format("route {} -> {} does not join its ends", s, t));
  for (std::size_t h = 0; h < p.arcs.size(); ++h) {
    const node_id v = p.nodes[h];
    const auto a = p.arcs[h];
    if (a < g.arc_offset(v) || a >= g.arc_offset(v) + g.out_neighbors(v).size() ||
        g.out_neighbors(v)[a - g.arc_offset(v)] != p.nodes[h + 1])
      throw Error(fmt::format("route {} -> {}: hop {} -> {} is not a link", s, t, v, p.nodes[h + 1]));
  }
}

void append_hop(const Graph& g, Path& path, node_id v, std::uint16_t cls) {
  path.arcs.push_back(find_arc(g, path.nodes.back(), v, cls));
  path.nodes.push_back(v);
}

Coords family_coords(const Graph& g, std::string_view option) {
  Coords c;
  if (g.coord_dims() > 0) {
    c.dims = g.coord_dims();
    c.values.reserve(std::size_t(g.num_nodes()) * c.dims);
    for (node_id v = 0; v < g.num_nodes(); ++v)
      for (auto x : g.coords(v)) c.values.push_back(x);
    return c;
  }
  if (g.meta.family.empty())
    throw InputError(fmt::format("{} needs node coordinates or family metadata, and the graph has neither", option));
  // An edge list carries family and parameters but no coordinates: rebuild the instance for them.
  const auto& f = gen::find_family(g.meta.family);
  const auto ref = gen::generate(f, gen::normalize_params(f, g.meta.parameters));
  if (ref.num_nodes() != g.num_nodes() || ref.num_links() != g.num_links())
    throw InputError(fmt::format("{}: the graph does not match its {} parameters ({} nodes, expected {})", option,
                                 g.meta.family, g.num_nodes(), ref.num_nodes()));
  if (ref.coord_dims() == 0)
    throw InputError(fmt::format("{}: family {} records no node coordinates", option, g.meta.family));
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
