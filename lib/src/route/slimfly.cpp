// Slim Fly (MMS) minimal routing by the Projective Networks paper's rules (§4.2): with s = s1,
// z = y1 − y2 − (1−2s)·x1·x2 decides the route between different sides; same side and column is a
// local hop or local-local, same side and different columns is global-global through a unique middle.
#include <fmt/format.h>

#include <array>

#include "gen/finite_field_internal.hpp"
#include "route_internal.hpp"
#include "topo/errors.hpp"
#include "topo/gen/families.hpp"
#include "topo/gen/registry.hpp"

namespace topo::route {

namespace {

using gen::FiniteField;
using elem = FiniteField::elem;

class SlimFly final : public Router {
 public:
  explicit SlimFly(const Graph& g)
      : g_(g), f_(std::uint64_t(gen::get_int(g.meta.parameters, "q"))), coords_(family_coords(g, "--algo slimfly")) {
    const auto q = f_.order();
    if (coords_.dims != 3 || g.num_nodes() != 2ull * q * q)
      throw InputError("--algo slimfly: the graph does not have the 2q^2 nodes (s,x,y) of its parameters");
    node_at_.assign(g.num_nodes(), no_node);
    for (node_id v = 0; v < g.num_nodes(); ++v) {
      const auto c = coords_.of(v);
      node_at_[id(std::uint32_t(c[0]), std::uint32_t(c[1]), std::uint32_t(c[2]))] = v;
    }
    for (auto& x : in_x_) x.assign(q, 0);
    for (auto e : gen::slimfly_x0_exponents(q)) {  // X1 = ξ·X0
      in_x_[0][f_.pow_primitive(e)] = 1;
      in_x_[1][f_.pow_primitive(e + 1)] = 1;
    }
    local_ = g.find_class("local");
    global_ = g.find_class("global");
  }

  Path route(node_id src, node_id dst, Rng&) const override {
    Path p;
    p.nodes.push_back(src);
    if (src == dst) return p;
    const auto a = coords_.of(src), b = coords_.of(dst);
    const auto s1 = std::uint32_t(a[0]), x1 = elem(a[1]), y1 = elem(a[2]);
    const auto s2 = std::uint32_t(b[0]), x2 = elem(b[1]), y2 = elem(b[2]);
    if (s1 == s2 && x1 == x2) {
      // Same column: local if y1 − y2 ∈ X_s, otherwise local-local through (s, x1, ym) with
      // y1 − ym and ym − y2 both in X_s (diameter 2 guarantees one; the paper: half of the ym qualify).
      if (in_x_[s1][f_.sub(y1, y2)]) {
        append_hop(g_, p, dst, local_);
        return p;
      }
      // The first such ym in field order: deterministic, like the other minimal algorithms.
      elem ym = 0;
      while (ym < f_.order() && !(in_x_[s1][f_.sub(y1, ym)] && in_x_[s1][f_.sub(ym, y2)])) ++ym;
      if (ym == f_.order()) throw InputError("--algo slimfly: no local-local route; the graph is not an MMS graph");
      append_hop(g_, p, node_at_[id(s1, x1, ym)], local_);
      append_hop(g_, p, dst, local_);
      return p;
    }
    // (1−2s)·v as a field element: v for s = 0, −v for s = 1.
    auto signed_s = [&](std::uint32_t s, elem v) { return s == 0 ? v : f_.neg(v); };
    if (s1 == s2) {
      // Global-global through (1−s, xm, ym): xm = (1−2s)(y1−y2)/(x1−x2), ym = y1 − (1−2s)·xm·x1.
      const elem xm = signed_s(s1, f_.mul(f_.sub(y1, y2), f_.inv(f_.sub(x1, x2))));
      const elem ym = f_.sub(y1, signed_s(s1, f_.mul(xm, x1)));
      append_hop(g_, p, node_at_[id(1 - s1, xm, ym)], global_);
      append_hop(g_, p, dst, global_);
      return p;
    }
    // Different sides, s = s1: z = y1 − y2 − (1−2s)·x1·x2.
    const elem z = f_.sub(f_.sub(y1, y2), signed_s(s1, f_.mul(x1, x2)));
    if (z == 0) {
      append_hop(g_, p, dst, global_);
    } else if (in_x_[s1][z]) {
      // Local then global: middle (s, x1, ym), ym = y2 + (1−2s)·x1·x2.
      append_hop(g_, p, node_at_[id(s1, x1, f_.add(y2, signed_s(s1, f_.mul(x1, x2))))], local_);
      append_hop(g_, p, dst, global_);
    } else {
      // z ∈ X_{1−s}: global then local, middle (1−s, x2, ym), ym = y1 − (1−2s)·x1·x2.
      append_hop(g_, p, node_at_[id(1 - s1, x2, f_.sub(y1, signed_s(s1, f_.mul(x1, x2))))], global_);
      append_hop(g_, p, dst, local_);
    }
    return p;
  }

 private:
  std::size_t id(std::uint32_t s, elem x, elem y) const { return (std::size_t(s) * f_.order() + x) * f_.order() + y; }

  const Graph& g_;
  FiniteField f_;
  Coords coords_;
  std::vector<node_id> node_at_;
  std::array<std::vector<char>, 2> in_x_;
  std::uint16_t local_, global_;
};

}  // namespace

Algorithm algorithm_slimfly() {
  return {.name = "slimfly",
          .help = "Slim Fly: the two-hop rules of Projective Networks (Slim Fly graphs)",
          .needs = Algorithm::Needs::family_structure,
          .make = [](const Graph& g, const RouterOptions&) { return std::make_unique<SlimFly>(g); }};
}

}  // namespace topo::route
