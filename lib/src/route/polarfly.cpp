// PolarFly minimal routing (Lakhotia et al., "PolarFly: a cost-effective and flexible low-diameter topology",
// SC 2022, §V): PolarFly is the Erdős–Rényi polarity graph ER_q, our demipn, whose routers are the points of
// P2(F_q) with u ~ v iff u·v = 0. Adjacent routers are one hop apart; any other two u, v have exactly one common
// neighbour, the point w = u × v (orthogonal to both; w ≠ u, v since u·u = 0 = u·v would make them adjacent), so
// the route is u, w, v: a shortest path, at most 2 hops, computed from the coordinates without tables.
#include <fmt/format.h>

#include <algorithm>

#include "gen/finite_field_internal.hpp"
#include "gen/projective_plane_internal.hpp"
#include "route_internal.hpp"
#include "topo/errors.hpp"
#include "topo/gen/registry.hpp"

namespace topo::route {

namespace {

using gen::FiniteField;
using gen::ProjectivePlane;

class PolarFly final : public Router {
 public:
  explicit PolarFly(const Graph& g)
      : g_(g),
        f_(std::uint64_t(gen::get_int(g.meta.parameters, "q"))),
        plane_(f_),
        coords_(family_coords(g, "--algo polarfly")) {
    // (x0, x1, x2), and a polarfly graph's cluster after them.
    if (coords_.dims < 3 || g.num_nodes() != plane_.size())
      throw InputError("--algo polarfly: the graph does not have the q^2+q+1 points (x0,x1,x2) of its parameters");
    node_at_.assign(g.num_nodes(), no_node);
    for (node_id v = 0; v < g.num_nodes(); ++v) {
      const auto c = coords_.of(v).first(3);
      const bool in_field = std::all_of(c.begin(), c.end(), [&](auto x) { return x >= 0 && x < int(f_.order()); });
      if (!in_field || (c[0] == 0 && c[1] == 0 && c[2] == 0))
        throw InputError(
            fmt::format("--algo polarfly: node {} has coordinates that are not a point of P2(GF({}))", v, f_.order()));
      node_at_[plane_.index(point_of(v))] = v;
    }
    if (std::count(node_at_.begin(), node_at_.end(), no_node) != 0)
      throw InputError("--algo polarfly: two nodes have the coordinates of one point of the plane");
  }

  Path route(node_id s, node_id t, Rng&) const override {
    Path p;
    p.nodes.push_back(s);
    if (s == t) return p;
    const auto u = point_of(s), v = point_of(t);
    const auto dot = f_.add(f_.add(f_.mul(u[0], v[0]), f_.mul(u[1], v[1])), f_.mul(u[2], v[2]));
    if (dot != 0) {
      const ProjectivePlane::point w{f_.sub(f_.mul(u[1], v[2]), f_.mul(u[2], v[1])),
                                     f_.sub(f_.mul(u[2], v[0]), f_.mul(u[0], v[2])),
                                     f_.sub(f_.mul(u[0], v[1]), f_.mul(u[1], v[0]))};
      append_hop(g_, p, node_at_[plane_.index(w)]);
    }
    append_hop(g_, p, t);
    return p;
  }

 private:
  ProjectivePlane::point point_of(node_id v) const {
    const auto c = coords_.of(v);
    return {FiniteField::elem(c[0]), FiniteField::elem(c[1]), FiniteField::elem(c[2])};
  }

  const Graph& g_;
  FiniteField f_;
  ProjectivePlane plane_;
  Coords coords_;
  std::vector<node_id> node_at_;
};

}  // namespace

Algorithm algorithm_polarfly() {
  return {.name = "polarfly",
          .help = "PolarFly: adjacent, or through the common neighbour u x v (demipn graphs, ER_q)",
          .needs = Algorithm::Needs::family_structure,
          .make = [](const Graph& g, const RouterOptions&) { return std::make_unique<PolarFly>(g); }};
}

}  // namespace topo::route
