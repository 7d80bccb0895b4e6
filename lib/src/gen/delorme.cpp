// Delorme's graph on generalised quadrangles (Delorme 1985; Projective Networks §4.3, Tables 2–3): the polarity
// graph of W(q) for q an odd power of 2. Its nodes are the (q+1)(q^2+1) points of W(q); P ~ Q iff P != Q and P lies
// on the line θ(Q), θ a polarity (an involutory duality) of W(q). Absolute points (P on θ(P)) have degree q, the
// others q+1.
//
// The polarity is built, not looked up. For q even, the Klein correspondence sends a totally isotropic line with
// Plücker coordinates p_ij to the point δ = (p02, p13, p03, p12) of W(q) (the Klein quadric meets p01 = p23 in a
// parabolic quadric Q(4,q), which projects from its nucleus onto W(q)); two lines meet iff their images are
// collinear, so δ is a duality. θ = δ^{-1}∘σ with σ(x) = x^(2^k) is a duality for every k; the builder takes the
// first k for which it is an involution (the adjacency is symmetric), which exists exactly when q = 2^(2e+1).
#include <fmt/format.h>

#include <algorithm>
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

std::uint64_t delorme_q(const Params& p) {
  const auto raw = get_int(p, "q");
  if (raw > 128) throw InputError(fmt::format("--q must be at most 128 for delorme, got {}", raw));
  const auto pk = raw >= 2 ? prime_power(std::uint64_t(raw)) : std::nullopt;
  if (!pk || pk->p != 2 || pk->k % 2 == 0)
    throw InputError(fmt::format("--q must be an odd power of 2 (2, 8, 32, 128) for a delorme graph, got {}", raw));
  return std::uint64_t(raw);
}

Description describe_delorme(std::uint64_t q) {
  const std::uint64_t n = detail::w_points(q), absolute = q * q + 1;  // the absolute points: a Suzuki–Tits ovoid
  Description d;
  d.nodes = n;
  d.links = ((q + 1) * n - absolute) / 2;
  d.degree_min = q;
  d.degree_max = q + 1;
  d.formulas["absolute_points"] = absolute;
  d.formulas["diameter"] = 3;
  // Moore bound M(Δ,3) = (Δ(Δ−1)^3 − 2)/(Δ − 2) with Δ = q+1.
  d.formulas["moore_bound"] = ((q + 1) * q * q * q - 2) / (q - 1);
  d.formulas["terminals_per_router_limit"] = double(q + 1) / 3;  // Table 3
  return d;
}

}  // namespace

Family family_delorme() {
  return {.name = "delorme",
          .summary = "Delorme's graph: polarity graph of the generalised quadrangle W(q), q an odd power of 2",
          .source = "Projective Networks §4.3, Tables 2-3; Delorme 1985",
          .params = {{"q", ParamType::integer, "order of the field GF(q), an odd power of 2", "", true, {}}},
          .example = {{"q", "2"}},
          .describe = [](const Params& p) { return describe_delorme(delorme_q(p)); },
          .build =
              [](const Params& p) {
                const FiniteField f(delorme_q(p));
                const std::uint32_t q = f.order();
                const auto n = std::uint32_t(detail::w_points(q));
                const auto w = detail::symplectic_quadrangle(f);
                auto on_line = [&](std::uint32_t point, std::uint32_t line) {
                  const auto first = w.points.begin() + std::ptrdiff_t(std::size_t(line) * (q + 1));
                  return std::binary_search(first, first + q + 1, point);
                };
                // δ^{-1}: the line whose Klein image is a point. In characteristic 2, p_ij = r1_i r2_j + r1_j r2_i.
                std::vector<std::uint32_t> line_of(n, UINT32_MAX);
                for (std::uint32_t l = 0; l < n; ++l) {
                  const auto& x = w.basis[l][0];  // not a structured binding: clang 14 cannot capture one
                  const auto& y = w.basis[l][1];
                  auto pl = [&](unsigned i, unsigned j) { return f.add(f.mul(x[i], y[j]), f.mul(x[j], y[i])); };
                  const auto image = detail::pg3_index(f, {pl(0, 2), pl(1, 3), pl(0, 3), pl(1, 2)});
                  if (line_of[image] != UINT32_MAX)
                    throw Error("delorme: the Klein map is not injective (internal error)");
                  line_of[image] = l;
                }
                // θ_k(Q) = δ^{-1}(σ_k(Q)); the first k making the relation symmetric.
                std::vector<std::uint32_t> theta(n);
                bool found = false;
                for (unsigned k = 0; k < f.degree() && !found; ++k) {
                  for (std::uint32_t i = 0; i < n; ++i) {
                    auto v = detail::pg3_coords(i, q);
                    for (auto& e : v)
                      for (unsigned s = 0; s < k; ++s) e = f.mul(e, e);
                    theta[i] = line_of[detail::pg3_index(f, v)];
                  }
                  found = true;
                  for (std::uint32_t i = 0; i < n && found; ++i)
                    for (std::uint32_t j = 0; j <= q && found; ++j) {
                      const auto other = w.points[std::size_t(theta[i]) * (q + 1) + j];
                      found = on_line(i, theta[other]);
                    }
                }
                if (!found) throw Error("delorme: no polarity of W(q) found (internal error)");
                GraphBuilder b(n, false);
                LinkAttrs a;
                a.cls = b.class_id("polarity");
                b.reserve_links(std::size_t(describe_delorme(q).links));
                b.set_coord_dims(4);
                for (std::uint32_t i = 0; i < n; ++i) {
                  const auto v = detail::pg3_coords(i, q);
                  const std::array<std::int32_t, 4> c{std::int32_t(v[0]), std::int32_t(v[1]), std::int32_t(v[2]),
                                                      std::int32_t(v[3])};
                  b.set_coords(i, c);
                  b.set_label(i, detail::vec4_label(f, v));
                  for (std::uint32_t j = 0; j <= q; ++j) {
                    const auto other = w.points[std::size_t(theta[i]) * (q + 1) + j];
                    if (other > i) b.add_link(i, other, a);
                  }
                }
                return b.finish(Duplicates::reject);
              }};
}

}  // namespace topo::gen
