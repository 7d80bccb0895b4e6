// PolarFly's modular layout into a quadric cluster and non-quadric clusters (polarfly_layout_internal.hpp).
#include <array>

#include "gen/polarfly_layout_internal.hpp"
#include "topo/errors.hpp"

namespace topo::gen {

std::vector<std::uint32_t> polarfly_clusters(const Graph& er, std::uint64_t q) {
  constexpr auto unset = ~std::uint32_t{0};
  const node_id n = er.num_nodes();
  std::vector<std::uint32_t> cluster(n, unset);
  // A quadric (absolute point, x ⊥ x) has degree q, every other point q + 1.
  const auto quadric = [&](node_id v) { return er.out_neighbors(v).size() == q; };
  std::vector<node_id> quadrics;
  for (node_id v = 0; v < n; ++v)
    if (quadric(v)) quadrics.push_back(v);
  if (quadrics.size() != q + 1) throw InputError("polarfly layout: the graph does not have the q+1 quadrics of ER_q");
  // Cluster `c` of the centre `centre`: the centre and its neighbours that are not yet placed (not quadrics, and
  // for even q not the vertex adjacent to every quadric).
  const auto grow = [&](node_id centre, std::uint32_t c) {
    cluster[centre] = c;
    for (auto w : er.out_neighbors(centre))
      if (cluster[w] == unset && !quadric(w)) cluster[w] = c;
  };
  if (q % 2 == 1) {
    for (auto w : quadrics) cluster[w] = 0;
    std::uint32_t c = 1;
    for (auto centre : er.out_neighbors(quadrics.front())) grow(centre, c++);
  } else {
    for (node_id v = 0; v < n; ++v) {  // the vertex whose polar is the line of the quadrics
      std::uint64_t adjacent = 0;
      for (auto w : er.out_neighbors(v)) adjacent += quadric(w);
      if (adjacent == q + 1) cluster[v] = 0;
    }
    std::uint32_t c = 1;
    for (auto centre : quadrics) grow(centre, c++);
  }
  for (auto c : cluster)
    if (c == unset) throw InputError("polarfly layout: a router is in no cluster");
  return cluster;
}

Graph with_polarfly_clusters(const Graph& er, std::uint64_t q) {
  const auto cluster = polarfly_clusters(er, q);
  GraphBuilder b(er.num_nodes(), er.directed());
  for (const auto& name : er.class_names()) b.class_id(name);  // the same class ids, in the same order
  b.reserve_links(er.num_links());
  for (link_id l = 0; l < er.num_links(); ++l) b.add_link(er.source(l), er.target(l), er.attrs(l));
  b.set_coord_dims(4);
  for (node_id v = 0; v < er.num_nodes(); ++v) {
    const auto x = er.coords(v);
    const std::array<std::int32_t, 4> c{x[0], x[1], x[2], std::int32_t(cluster[v])};
    b.set_coords(v, c);
    if (er.has_labels()) b.set_label(v, er.label(v));
  }
  Graph g = b.finish(Duplicates::reject);
  g.meta = er.meta;
  return g;
}

}  // namespace topo::gen
