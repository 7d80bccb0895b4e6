// Projective network G_q: the incidence graph of the projective plane P2(F_q)
// (Projective Networks §3.1, Definition 3.2).
#include <fmt/format.h>

#include <array>
#include <nlohmann/json.hpp>

#include "gen/finite_field_internal.hpp"
#include "gen/projective_plane_internal.hpp"
#include "gen/size_internal.hpp"
#include "topo/errors.hpp"
#include "topo/gen/description.hpp"
#include "topo/gen/registry.hpp"

namespace topo::gen {

namespace {

std::uint64_t pn_q(const Params& p) {
  const auto q = require_field_order(get_int(p, "q"));
  const detail::Count nodes(2 * ProjectivePlane::size(q));
  if (nodes.above(topo::max_nodes)) throw detail::too_many_nodes(fmt::format("--q {}: 2(q^2+q+1) =", q), nodes);
  return q;
}

Description describe_pn(std::uint64_t q) {
  const std::uint64_t m = ProjectivePlane::size(q);
  const double qd = double(q);
  Description d;
  d.nodes = 2 * m;
  d.links = m * (q + 1);
  d.degree_min = d.degree_max = q + 1;
  d.formulas["diameter"] = 3;
  d.formulas["girth"] = 6;
  // Projective Networks §3.1: W(t) = 1, q+1, q^2+q, q^2 and k̄ = (5q^2+3q+1)/(2q^2+2q+1).
  d.formulas["distance_distribution"] = {1, q + 1, q * q + q, q * q};
  const double kbar = (5 * qd * qd + 3 * qd + 1) / (2 * qd * qd + 2 * qd + 1);
  d.formulas["mean_distance_distinct"] = kbar;
  d.formulas["link_utilization"] = 1;  // symmetric (Theorem 3.5), so every arc carries the same load
  // Moore bound M(Δ,3) = (Δ(Δ−1)^3 − 2)/(Δ − 2) with Δ = q+1 (Projective Networks eq. (3)).
  d.formulas["moore_bound"] = ((q + 1) * q * q * q - 2) / (q - 1);
  // Balanced terminals per router Δ0 = Δ·u/k̄ (eq. (1)); Table 3 gives its limit 2(q+1)/5.
  d.formulas["terminals_per_router_balanced"] = (qd + 1) / kbar;
  d.formulas["terminals_per_router_limit"] = 2 * (qd + 1) / 5;
  return d;
}

}  // namespace

Family family_pn() {
  return {.name = "pn",
          .summary = "projective network G_q: incidence graph of the projective plane over GF(q)",
          .source = "Projective Networks §3.1, Definition 3.2",
          .params = {{"q", ParamType::integer, "order of the field GF(q), a prime power", "", true, {}}},
          .example = {{"q", "3"}},
          .describe = [](const Params& p) { return describe_pn(pn_q(p)); },
          .build =
              [](const Params& p) {
                const FiniteField f(pn_q(p));
                const ProjectivePlane plane(f);
                const std::uint32_t m = plane.size();
                GraphBuilder b(2 * std::uint64_t(m), false);
                LinkAttrs a;
                a.cls = b.class_id("incidence");
                b.reserve_links(std::size_t(m) * (f.order() + 1));
                b.set_coord_dims(4);
                for (std::uint32_t i = 0; i < m; ++i) {
                  const auto x = plane.coords(i);
                  for (std::int32_t s = 0; s < 2; ++s) {
                    const std::array<std::int32_t, 4> c{s, std::int32_t(x[0]), std::int32_t(x[1]), std::int32_t(x[2])};
                    b.set_coords(node_id(s * m + i), c);
                    b.set_label(node_id(s * m + i), fmt::format("({},{})", s, plane.label(i)));
                  }
                  // Point i (side 0) meets line L (side 1) iff i ⊥ L.
                  for (auto l : plane.orthogonal(i)) b.add_link(i, m + l, a);
                }
                return b.finish(Duplicates::reject);
              },
          // Vertex-transitive: PGL(3,q) is transitive on flags and (s,P) -> (1-s,P) swaps the sides (Theorem 3.5).
          .symmetry =
              [](const Params& p) {
                return NodeClasses{{0}, {describe_pn(pn_q(p)).nodes}};
              }};
}

}  // namespace topo::gen
