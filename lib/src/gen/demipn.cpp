// Demi-projective network: the modified incidence graph of P2(F_q) on its points, P ~ L iff P ⊥ L
// and P != L (Brown; Erdős–Rényi; Projective Networks §3.2, Definition 3.6).
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

std::uint64_t demipn_q(const Params& p) {
  const auto q = require_field_order(get_int(p, "q"));
  const detail::Count nodes(ProjectivePlane::size(q));
  if (nodes.above(topo::max_nodes)) throw detail::too_many_nodes(fmt::format("--q {}: q^2+q+1 =", q), nodes);
  return q;
}

Description describe_demipn(std::uint64_t q) {
  const std::uint64_t m = ProjectivePlane::size(q);
  const double qd = double(q);
  Description d;
  d.nodes = m;
  d.links = q * (q + 1) * (q + 1) / 2;  // q+1 absolute points of degree q, q^2 others of degree q+1
  d.degree_min = q;
  d.degree_max = q + 1;
  d.formulas["diameter"] = 2;
  d.formulas["absolute_points"] = q + 1;
  // From a point of degree δ: δ at distance 1 and m-1-δ at distance 2 (diameter 2, Lemma 3.8), so
  // k̄ = 2 - (ordered adjacent pairs)/(m(m-1)) = 2 - (q+1)/(q^2+q+1).
  d.formulas["mean_distance_distinct"] = 2 - (qd + 1) / double(m);
  // Theorem 3.9.
  d.formulas["link_utilization"] = (2 * qd * qd + qd + 1) / (2 * qd * (qd + 1));
  d.formulas["moore_bound"] = (q + 1) * (q + 1) + 1;  // M(Δ,2) = Δ^2+1, Δ = q+1
  return d;
}

}  // namespace

Family family_demipn() {
  return {.name = "demipn",
          .summary = "demi-projective network: points of P2(GF(q)), P ~ L iff P ⊥ L and P != L",
          .source = "Projective Networks §3.2, Definition 3.6",
          .params = {{"q", ParamType::integer, "order of the field GF(q), a prime power", "", true, {}}},
          .example = {{"q", "3"}},
          .describe = [](const Params& p) { return describe_demipn(demipn_q(p)); },
          .build =
              [](const Params& p) {
                const FiniteField f(demipn_q(p));
                const ProjectivePlane plane(f);
                const std::uint32_t m = plane.size();
                GraphBuilder b(m, false);
                LinkAttrs a;
                a.cls = b.class_id("polarity");
                b.reserve_links(std::size_t(m) * (f.order() + 1) / 2);
                b.set_coord_dims(3);
                for (std::uint32_t i = 0; i < m; ++i) {
                  const auto x = plane.coords(i);
                  const std::array<std::int32_t, 3> c{std::int32_t(x[0]), std::int32_t(x[1]), std::int32_t(x[2])};
                  b.set_coords(i, c);
                  b.set_label(i, plane.label(i));
                  for (auto l : plane.orthogonal(i))
                    if (l > i) b.add_link(i, l, a);  // l == i is an absolute point: no self-loop
                }
                return b.finish(Duplicates::reject);
              },
          // Not regular, so not vertex-transitive. Every node has eccentricity ≤ 2 (Lemma 3.8), so its distance
          // distribution is 1, δ, m-1-δ and depends only on its degree δ: the q+1 absolute points (degree q)
          // form one class and the rest another. (For odd q the second class is two orbits of PO(3,q); the
          // classes are equal-distance classes, which is what a BFS per class needs.)
          .symmetry =
              [](const Params& p) {
                const FiniteField f(demipn_q(p));
                const ProjectivePlane plane(f);
                const std::uint32_t m = plane.size();
                node_id absolute = no_node, other = no_node;
                std::vector<std::uint32_t> class_of(m);
                for (std::uint32_t i = 0; i < m; ++i) {
                  const bool abs = plane.perpendicular(i, i);
                  class_of[i] = abs ? 0 : 1;
                  node_id& first = abs ? absolute : other;
                  if (first == no_node) first = i;
                }
                const std::uint64_t q = f.order();
                return NodeClasses{{absolute, other}, {q + 1, q * q}, std::move(class_of)};
              },
          // PolarFly (Lakhotia et al., SC 2022) is ER_q: its minimal routing through the common neighbour u × v.
          .routings = {"polarfly"}};
}

}  // namespace topo::gen
