// Two-level orthogonal fat tree Ĝ_q built on P2(F_q) (Valerio et al.; Projective Networks §6, Definition 6.1):
// routers (s,P), s in {0,1,2}; (0,P) ~ (1,L) and (1,P) ~ (2,L) iff P ⊥ L. Layer 1 are the spines,
// layers 0 and 2 the leaves.
//
// Terminals are not nodes of the graph: every leaf carries q+1 of them. The graph records which router is
// which in its coordinates (first coordinate s, s = 1 for a spine) and labels ("leaf (0,(1,x,y))"), and
// describe() reports terminals_per_leaf, terminals and radix.
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

std::uint64_t oft_q(const Params& p) {
  const auto q = require_field_order(get_int(p, "q"));
  const detail::Count nodes(3 * ProjectivePlane::size(q));
  if (nodes.above(topo::max_nodes)) throw detail::too_many_nodes(fmt::format("--q {}: 3(q^2+q+1) =", q), nodes);
  return q;
}

Description describe_oft(std::uint64_t q) {
  const std::uint64_t m = ProjectivePlane::size(q);
  Description d;
  d.nodes = 3 * m;
  d.links = 2 * m * (q + 1);
  d.degree_min = q + 1;        // leaves: Δ = q+1 links up
  d.degree_max = 2 * (q + 1);  // spines: R = 2(q+1) links down
  // §6: leaves are 2 apart (the spine P×P' joins (0,P) and (0,P')); a leaf and a spine it is not joined to are 3 apart.
  d.formulas["diameter"] = 3;
  d.formulas["leaf_diameter"] = 2;
  d.formulas["leaf_mean_distance_distinct"] = 2;
  d.formulas["leaves"] = 2 * m;
  d.formulas["spines"] = m;
  d.formulas["terminals_per_leaf"] = q + 1;   // Δ0 = Δ = q+1 (Figure 11)
  d.formulas["terminals"] = 2 * (q + 1) * m;  // T = 2(q+1)(q^2+q+1)
  d.formulas["radix"] = 2 * (q + 1);          // R = Δ + Δ0
  d.formulas["link_utilization"] = 1;         // edge-transitive
  return d;
}

}  // namespace

Family family_oft() {
  return {.name = "oft",
          .summary = "two-level orthogonal fat tree on P2(GF(q)): 3(q^2+q+1) routers, q+1 terminals per leaf",
          .source = "Projective Networks §6, Definition 6.1",
          .params = {{"q", ParamType::integer, "order of the field GF(q), a prime power", "", true, {}}},
          .example = {{"q", "3"}},
          .describe = [](const Params& p) { return describe_oft(oft_q(p)); },
          .build =
              [](const Params& p) {
                const FiniteField f(oft_q(p));
                const ProjectivePlane plane(f);
                const std::uint32_t m = plane.size();
                GraphBuilder b(3 * std::uint64_t(m), false);
                LinkAttrs a;
                a.cls = b.class_id("leaf-spine");
                b.reserve_links(2 * std::size_t(m) * (f.order() + 1));
                b.set_coord_dims(4);
                for (std::uint32_t i = 0; i < m; ++i) {
                  const auto x = plane.coords(i);
                  for (std::uint32_t s = 0; s < 3; ++s) {
                    const node_id v = s * m + i;
                    const std::array<std::int32_t, 4> c{std::int32_t(s), std::int32_t(x[0]), std::int32_t(x[1]),
                                                        std::int32_t(x[2])};
                    b.set_coords(v, c);
                    b.set_label(v, fmt::format("{} ({},{})", s == 1 ? "spine" : "leaf", s, plane.label(i)));
                  }
                  for (auto l : plane.orthogonal(i)) {
                    b.add_link(i, m + l, a);          // (0,P) ~ (1,L)
                    b.add_link(m + i, 2 * m + l, a);  // (1,P) ~ (2,L)
                  }
                }
                for (std::uint32_t i = 0; i < 3 * m; ++i)  // the leaves (layers 0 and 2) carry the terminals
                  if (i / m != 1) b.meta.endpoints.push_back(i);
                return b.finish(Duplicates::reject);
              },
          // P -> MP on layers 0 and 2 and L -> M^{-T}L on layer 1 (M in GL(3,q)) preserve both incidences, and
          // (s,P) -> (2-s,P) swaps the leaf layers: the orbits are the 2(q^2+q+1) leaves and the q^2+q+1 spines.
          .symmetry =
              [](const Params& p) {
                const std::uint64_t m = ProjectivePlane::size(oft_q(p));
                NodeClasses c{{0, node_id(m)}, {2 * m, m}};
                c.class_of.assign(3 * m, 0);  // layers 0 and 2 are leaves, layer 1 (ids m..2m-1) the spines
                std::fill(c.class_of.begin() + std::ptrdiff_t(m), c.class_of.begin() + std::ptrdiff_t(2 * m), 1u);
                return c;
              },
          .terminals_per_endpoint = [](const Params& p) { return std::uint32_t(oft_q(p) + 1); }};
}

}  // namespace topo::gen
