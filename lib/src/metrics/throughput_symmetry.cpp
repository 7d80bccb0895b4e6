// The symmetries of the throughput LP: under uniform traffic the automorphisms that keep the routers with terminals
// and every capacity (one source per orbit of routers and one capacity row per orbit of arcs), or else, on an
// undirected graph under any symmetric demand, the reversal of paths (one row per unordered pair and per link). A
// maximum concurrent flow averaged over such a group stays optimal, so the symmetrised LP gives the same θ.
#include <algorithm>
#include <limits>
#include <numeric>

#include "route/route_internal.hpp"
#include "topo/metrics/symmetry.hpp"
#include "topo/metrics/throughput.hpp"

namespace topo::metrics {

namespace {

/// True when two links join the same two nodes (links of different classes): an arc's image under an automorphism
/// of the simple graph would not be one arc.
bool has_parallel_links(const Graph& g) {
  std::vector<node_id> seen_from(g.num_nodes(), std::numeric_limits<node_id>::max());
  for (node_id u = 0; u < g.num_nodes(); ++u)
    for (node_id v : g.out_neighbors(u)) {
      if (seen_from[v] == u) return true;
      seen_from[v] = u;
    }
  return false;
}

std::uint64_t root(std::vector<std::uint64_t>& parent, std::uint64_t x) {
  while (parent[x] != x) x = parent[x] = parent[parent[x]];
  return x;
}

}  // namespace

ThroughputSymmetry ThroughputSymmetry::none(const Graph& g, const std::vector<node_id>& sources) {
  ThroughputSymmetry s;
  s.sources = sources;
  s.weight.assign(sources.size(), 1);
  s.arc_class.resize(g.num_arcs());
  std::iota(s.arc_class.begin(), s.arc_class.end(), std::uint64_t{0});
  s.class_size.assign(g.num_arcs(), 1);
  return s;
}

ThroughputSymmetry ThroughputSymmetry::reversal(const Graph& g, const std::vector<node_id>& sources) {
  ThroughputSymmetry s;
  s.sources = sources;
  s.weight.assign(sources.size(), 2);
  s.unordered_pairs = true;
  s.arc_class.resize(g.num_arcs());
  s.class_size.assign(g.num_links(), 0);
  for (std::uint64_t a = 0; a < g.num_arcs(); ++a) {
    s.arc_class[a] = g.arc_link(a);
    ++s.class_size[g.arc_link(a)];
  }
  return s;
}

ThroughputSymmetry throughput_symmetry(const Graph& g, const std::vector<node_id>& endpoints) {
  const node_id n = g.num_nodes();
  const std::uint64_t arcs = g.num_arcs();
  std::vector<std::uint8_t> endpoint(n, 0);
  for (node_id v : endpoints) endpoint[v] = 1;
  const auto no_automorphism = [&] {
    return g.directed() ? ThroughputSymmetry::none(g, endpoints) : ThroughputSymmetry::reversal(g, endpoints);
  };
  const Orbits orbits = automorphism_orbits(g, endpoints.size() == n ? std::vector<std::uint8_t>{} : endpoint);
  if (orbits.representative.size() == n || has_parallel_links(g)) return no_automorphism();
  // Union of each arc with its image under every generator; a generator that changes a capacity keeps no symmetry
  // at all.
  std::vector<std::uint64_t> parent(arcs);
  std::iota(parent.begin(), parent.end(), std::uint64_t{0});
  for (const auto& sigma : orbits.generators) {
    for (std::uint64_t a = 0; a < arcs; ++a) {
      const node_id u = g.arc_tail(a), v = g.arc_head(a);
      if (u == v) continue;
      const std::uint64_t b = route::find_arc(g, sigma[u], sigma[v]);
      if (g.multiplicity(g.arc_link(a)) != g.multiplicity(g.arc_link(b))) return no_automorphism();
      parent[root(parent, a)] = root(parent, b);
    }
  }
  ThroughputSymmetry s;
  s.arc_class.resize(arcs);
  std::vector<std::uint64_t> class_of_root(arcs, std::numeric_limits<std::uint64_t>::max());
  for (std::uint64_t a = 0; a < arcs; ++a) {
    std::uint64_t& c = class_of_root[root(parent, a)];
    if (c == std::numeric_limits<std::uint64_t>::max()) {
      c = s.class_size.size();
      s.class_size.push_back(0);
    }
    s.arc_class[a] = c;
    ++s.class_size[c];
  }
  // The orbits that hold endpoints hold nothing else: one source per orbit, weighted by its size.
  for (std::size_t k = 0; k < orbits.representative.size(); ++k)
    if (endpoint[orbits.representative[k]]) {
      s.sources.push_back(orbits.representative[k]);
      s.weight.push_back(double(orbits.size[k]));
    }
  return s;
}

}  // namespace topo::metrics
