// Incidence graph of the symplectic generalised quadrangle W(q) (Projective Networks §4.3, Tables 2–3):
// the points of PG(3,F_q) and its lines that are totally isotropic for ω(x,y) = x0y1 − x1y0 + x2y3 − x3y2,
// a point joined to the lines through it. (q+1)(q^2+1) points and as many lines, degree q+1, girth 8, diameter 4.
#include <fmt/format.h>

#include <array>
#include <nlohmann/json.hpp>
#include <vector>

#include "gen/finite_field_internal.hpp"
#include "quadrangle_internal.hpp"
#include "topo/errors.hpp"
#include "topo/gen/description.hpp"
#include "topo/gen/registry.hpp"

namespace topo::gen {

namespace {

std::uint64_t gq_q(const Params& p) {
  const auto q = require_field_order(get_int(p, "q"));
  if (q > 1024) throw InputError(fmt::format("--q must be at most 1024 for gq (2(q+1)(q^2+1) nodes), got {}", q));
  return q;
}

std::uint64_t gq_points(std::uint64_t q) {
  return (q + 1) * (q * q + 1);
}

Description describe_gq(std::uint64_t q) {
  const std::uint64_t pts = gq_points(q);
  Description d;
  d.nodes = 2 * pts;
  d.links = pts * (q + 1);
  d.degree_min = d.degree_max = q + 1;
  d.formulas["diameter"] = 4;
  d.formulas["girth"] = 8;
  // From a point: q+1 lines through it, q(q+1) collinear points, q^2(q+1) lines and q^3 points further on.
  const std::vector<std::uint64_t> w{1, q + 1, q * (q + 1), q * q * (q + 1), q * q * q};
  d.formulas["distance_distribution"] = w;
  double sum = 0;
  for (std::size_t t = 1; t < w.size(); ++t) sum += double(t) * double(w[t]);
  d.formulas["mean_distance_distinct"] = sum / double(d.nodes - 1);
  d.formulas["terminals_per_router_limit"] = 2 * double(q + 1) / 7;  // Table 3
  // Moore bound M(Δ,4) = (Δ(Δ−1)^4 − 2)/(Δ − 2) with Δ = q+1 (Projective Networks eq. (3)).
  d.formulas["moore_bound"] = ((q + 1) * q * q * q * q - 2) / (q - 1);
  return d;
}

}  // namespace

Family family_gq() {
  return {.name = "gq",
          .summary = "incidence graph of the symplectic generalised quadrangle W(q): degree q+1, diameter 4",
          .source = "Projective Networks §4.3, Tables 2-3",
          .params = {{"q", ParamType::integer, "order of the field GF(q), a prime power", "", true, {}}},
          .example = {{"q", "3"}},
          .describe = [](const Params& p) { return describe_gq(gq_q(p)); },
          .build =
              [](const Params& p) {
                const FiniteField f(gq_q(p));
                const std::uint32_t q = f.order();
                const auto pts = std::uint32_t(gq_points(q));
                GraphBuilder b(2 * std::uint64_t(pts), false);
                LinkAttrs a;
                a.cls = b.class_id("incidence");
                b.reserve_links(std::size_t(pts) * (q + 1));
                b.set_coord_dims(9);
                for (std::uint32_t i = 0; i < pts; ++i) {
                  const auto v = detail::pg3_coords(i, q);
                  const std::array<std::int32_t, 9> c{
                      0, std::int32_t(v[0]), std::int32_t(v[1]), std::int32_t(v[2]), std::int32_t(v[3]), 0, 0, 0, 0};
                  b.set_coords(i, c);
                  b.set_label(i, "point " + detail::vec4_label(f, v));
                }
                const auto w = detail::symplectic_quadrangle(f);
                for (std::uint32_t l = 0; l < pts; ++l) {
                  const auto& [r1, r2] = w.basis[l];
                  const std::array<std::int32_t, 9> c{1,
                                                      std::int32_t(r1[0]),
                                                      std::int32_t(r1[1]),
                                                      std::int32_t(r1[2]),
                                                      std::int32_t(r1[3]),
                                                      std::int32_t(r2[0]),
                                                      std::int32_t(r2[1]),
                                                      std::int32_t(r2[2]),
                                                      std::int32_t(r2[3])};
                  b.set_coords(pts + l, c);
                  b.set_label(pts + l, "line " + detail::vec4_label(f, r1) + detail::vec4_label(f, r2));
                  for (std::uint32_t k = 0; k <= q; ++k) b.add_link(w.points[std::size_t(l) * (q + 1) + k], pts + l, a);
                }
                return b.finish(Duplicates::reject);
              },
          // PSp(4,q) is transitive on the points and on the lines of W(q) (it is flag-transitive).
          .symmetry =
              [](const Params& p) {
                const auto pts = gq_points(gq_q(p));
                NodeClasses c{{0, node_id(pts)}, {pts, pts}};
                c.class_of.assign(2 * pts, 0);  // points, then lines
                std::fill(c.class_of.begin() + std::ptrdiff_t(pts), c.class_of.end(), 1u);
                return c;
              }};
}

}  // namespace topo::gen
