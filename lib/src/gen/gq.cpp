// Incidence graph of the symplectic generalised quadrangle W(q) (Projective Networks §4.3, Tables 2–3):
// the points of PG(3,F_q) and its lines that are totally isotropic for ω(x,y) = x0y1 − x1y0 + x2y3 − x3y2,
// a point joined to the lines through it. (q+1)(q^2+1) points and as many lines, degree q+1, girth 8, diameter 4.
#include <fmt/format.h>

#include <array>
#include <vector>

#include "topo/errors.hpp"
#include "topo/gen/finite_field.hpp"
#include "topo/gen/registry.hpp"

namespace topo::gen {

namespace {

using vec4 = std::array<FiniteField::elem, 4>;

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

// Points of PG(3,q) normalised to a leading 1: (1,a,b,c) -> a q^2 + b q + c, (0,1,b,c) -> q^3 + b q + c,
// (0,0,1,c) -> q^3 + q^2 + c, (0,0,0,1) -> q^3 + q^2 + q.
std::uint32_t point_index(const FiniteField& f, vec4 v) {
  const std::uint32_t q = f.order();
  unsigned lead = 0;
  while (v[lead] == 0) ++lead;
  const auto s = f.inv(v[lead]);
  for (auto& x : v) x = f.mul(x, s);
  switch (lead) {
    case 0:
      return (v[1] * q + v[2]) * q + v[3];
    case 1:
      return q * q * q + v[2] * q + v[3];
    case 2:
      return q * q * q + q * q + v[3];
    default:
      return q * q * q + q * q + q;
  }
}

vec4 point_coords(std::uint32_t i, std::uint32_t q) {
  const std::uint32_t q3 = q * q * q;
  if (i < q3) return {1, i / (q * q), i / q % q, i % q};
  i -= q3;
  if (i < q * q) return {0, 1, i / q, i % q};
  i -= q * q;
  if (i < q) return {0, 0, 1, i};
  return {0, 0, 0, 1};
}

std::string vec_label(const FiniteField& f, const vec4& v) {
  return fmt::format("({},{},{},{})", f.name(v[0]), f.name(v[1]), f.name(v[2]), f.name(v[3]));
}

}  // namespace

Family family_gq() {
  return {.name = "gq",
          .summary = "incidence graph of the symplectic generalised quadrangle W(q): degree q+1, diameter 4",
          .source = "Projective Networks §4.3, Tables 2-3",
          .params = {{"q", ParamType::integer, "order of the field GF(q), a prime power", "", true, {}}},
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
                  const auto v = point_coords(i, q);
                  const std::array<std::int32_t, 9> c{
                      0, std::int32_t(v[0]), std::int32_t(v[1]), std::int32_t(v[2]), std::int32_t(v[3]), 0, 0, 0, 0};
                  b.set_coords(i, c);
                  b.set_label(i, "point " + vec_label(f, v));
                }
                auto omega = [&f](const vec4& x, const vec4& y) {
                  return f.add(f.sub(f.mul(x[0], y[1]), f.mul(x[1], y[0])),
                               f.sub(f.mul(x[2], y[3]), f.mul(x[3], y[2])));
                };
                // Every line of PG(3,q) once, as the row-reduced basis {r1, r2} with pivots i < j; keep the
                // totally isotropic ones (ω(r1, r2) = 0).
                std::uint32_t line = pts;
                for (unsigned i = 0; i < 4; ++i)
                  for (unsigned j = i + 1; j < 4; ++j) {
                    std::vector<unsigned> free1, free2;  // free entries of r1 (after i, not j) and of r2 (after j)
                    for (unsigned k = i + 1; k < 4; ++k)
                      if (k != j) free1.push_back(k);
                    for (unsigned k = j + 1; k < 4; ++k) free2.push_back(k);
                    std::uint64_t count = 1;
                    for (std::size_t k = 0; k < free1.size() + free2.size(); ++k) count *= q;
                    for (std::uint64_t code = 0; code < count; ++code) {
                      vec4 r1{0, 0, 0, 0}, r2{0, 0, 0, 0};
                      r1[i] = 1;
                      r2[j] = 1;
                      std::uint64_t c = code;
                      for (auto k : free1) r1[k] = FiniteField::elem(c % q), c /= q;
                      for (auto k : free2) r2[k] = FiniteField::elem(c % q), c /= q;
                      if (omega(r1, r2) != 0) continue;
                      if (line >= 2 * pts) throw Error("gq: more totally isotropic lines than points (internal error)");
                      const std::array<std::int32_t, 9> cc{1,
                                                           std::int32_t(r1[0]),
                                                           std::int32_t(r1[1]),
                                                           std::int32_t(r1[2]),
                                                           std::int32_t(r1[3]),
                                                           std::int32_t(r2[0]),
                                                           std::int32_t(r2[1]),
                                                           std::int32_t(r2[2]),
                                                           std::int32_t(r2[3])};
                      b.set_coords(line, cc);
                      b.set_label(line, "line " + vec_label(f, r1) + vec_label(f, r2));
                      for (FiniteField::elem t = 0; t < q; ++t) {
                        vec4 x;
                        for (unsigned k = 0; k < 4; ++k) x[k] = f.add(r1[k], f.mul(t, r2[k]));
                        b.add_link(point_index(f, x), line, a);
                      }
                      b.add_link(point_index(f, r2), line, a);
                      ++line;
                    }
                  }
                if (line != 2 * pts) throw Error("gq: wrong number of totally isotropic lines (internal error)");
                return b.finish(Duplicates::reject);
              },
          // PSp(4,q) is transitive on the points and on the lines of W(q) (it is flag-transitive).
          .symmetry =
              [](const Params& p) {
                const auto pts = gq_points(gq_q(p));
                return NodeClasses{{0, node_id(pts)}, {pts, pts}};
              }};
}

}  // namespace topo::gen
