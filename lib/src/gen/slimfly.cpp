// Slim Fly (Besta & Hoefler): the McKay–Miller–Širáň graph MMS(q) as defined in Projective Networks §4.2,
// with doc/definitions.md §3.6's corrected generator set X0 for q ≡ 3 (mod 4).
#include <fmt/format.h>

#include <array>
#include <nlohmann/json.hpp>
#include <vector>

#include "gen/finite_field_internal.hpp"
#include "gen/size_internal.hpp"
#include "topo/errors.hpp"
#include "topo/gen/description.hpp"
#include "topo/gen/registry.hpp"

namespace topo::gen {

namespace {

std::uint64_t slimfly_q(const Params& p) {
  const auto raw = get_int(p, "q");
  const auto q = require_field_order(raw);
  if (q == 2) throw InputError("--q must be a prime power other than 2 (MMS needs q >= 3), got 2");
  const detail::Count nodes(2 * q * q);
  if (nodes.above(topo::max_nodes)) throw detail::too_many_nodes(fmt::format("--q {}: 2q^2 =", q), nodes);
  return q;
}

// ε in {-1, 0, 1} with q ≡ ε (mod 4).
int epsilon(std::uint64_t q) {
  return q % 4 == 1 ? 1 : q % 4 == 3 ? -1 : 0;
}

// Exponents e of ξ^e in X0 (doc/definitions.md §3.6): ε = 1: 0,2,…,q−3; ε = 0: 0,2,…,q−2;
// ε = −1: 0,2,…,(q−3)/2 and then (q−1)/2, (q−1)/2+2, …, q−2. |X0| = (q−ε)/2 and X0 = −X0 in every case.
std::vector<std::uint64_t> x0_exponents(std::uint64_t q) {
  std::vector<std::uint64_t> e;
  switch (epsilon(q)) {
    case 1:
      for (std::uint64_t i = 0; i <= q - 3; i += 2) e.push_back(i);
      break;
    case 0:
      for (std::uint64_t i = 0; i <= q - 2; i += 2) e.push_back(i);
      break;
    default:
      for (std::uint64_t i = 0; i <= (q - 3) / 2; i += 2) e.push_back(i);
      for (std::uint64_t i = (q - 1) / 2; i <= q - 2; i += 2) e.push_back(i);
  }
  return e;
}

Description describe_slimfly(std::uint64_t q) {
  const int eps = epsilon(q);
  const auto x0 = std::uint64_t((std::int64_t(q) - eps) / 2);  // |X0| = (q − ε)/2
  const std::uint64_t delta = x0 + q;                          // Δ = |X0| + q = (3q − ε)/2
  const double t = 3 * double(q) - eps;
  Description d;
  d.nodes = 2 * q * q;
  d.links = q * q * delta;
  d.degree_min = d.degree_max = delta;
  d.formulas["epsilon"] = eps;
  d.formulas["diameter"] = 2;
  d.formulas["local_links"] = q * q * x0;  // 2q^2 nodes × |X0| / 2
  d.formulas["global_links"] = q * q * q;
  d.formulas["moore_bound"] = delta * delta + 1;
  // Projective Networks Table 3: Δ0 ≈ 2(3q−ε)/9, R ≈ 13(3q−ε)/18, T ≈ 4q^2(3q−ε)/9; u → 8/9 (§4.2).
  d.formulas["terminals_per_router_limit"] = 2 * t / 9;
  d.formulas["radix_limit"] = 13 * t / 18;
  d.formulas["link_utilization_limit"] = 8.0 / 9.0;
  d.formulas["terminals_per_router_besta_hoefler"] = (delta + 1) / 2;  // ⌈Δ/2⌉, Slim Fly paper
  return d;
}

}  // namespace

std::vector<std::uint64_t> slimfly_x0_exponents(std::uint64_t q) {
  return x0_exponents(q);
}

Family family_slimfly() {
  return {.name = "slimfly",
          .summary = "Slim Fly: the MMS graph on 2q^2 routers (s,x,y), degree (3q-e)/2, diameter 2",
          .source = "Projective Networks §4.2; doc/definitions.md §3.6 (corrected X0 for q = 3 mod 4)",
          .params = {{"q", ParamType::integer, "order of the field GF(q), a prime power other than 2", "", true, {}}},
          .example = {{"q", "5"}},
          .describe = [](const Params& p) { return describe_slimfly(slimfly_q(p)); },
          .build =
              [](const Params& p) {
                const FiniteField f(slimfly_q(p));
                const std::uint32_t q = f.order();
                // in_x[s][d]: d ∈ X_s, with X1 = ξ·X0.
                std::array<std::vector<char>, 2> in_x{std::vector<char>(q, 0), std::vector<char>(q, 0)};
                for (auto e : x0_exponents(q)) {
                  in_x[0][f.pow_primitive(e)] = 1;
                  in_x[1][f.pow_primitive(e + 1)] = 1;
                }
                auto id = [q](std::uint32_t s, std::uint32_t x, std::uint32_t y) {
                  return node_id((s * q + x) * q + y);
                };
                GraphBuilder b(2 * std::uint64_t(q) * q, false);
                LinkAttrs local, global;
                local.cls = b.class_id("local");
                global.cls = b.class_id("global");
                b.reserve_links(std::size_t(describe_slimfly(q).links));
                b.set_coord_dims(3);
                for (std::uint32_t s = 0; s < 2; ++s)
                  for (std::uint32_t x = 0; x < q; ++x)
                    for (std::uint32_t y = 0; y < q; ++y) {
                      const std::array<std::int32_t, 3> c{std::int32_t(s), std::int32_t(x), std::int32_t(y)};
                      b.set_coords(id(s, x, y), c);
                      b.set_label(id(s, x, y), fmt::format("({},{},{})", s, f.name(x), f.name(y)));
                      // Local: (s,x,y1) ~ (s,x,y2) iff y1 − y2 ∈ X_s (X_s = −X_s, so add each pair once).
                      for (std::uint32_t y2 = y + 1; y2 < q; ++y2)
                        if (in_x[s][f.sub(y, y2)]) b.add_link(id(s, x, y), id(s, x, y2), local);
                      // Global: (0,x1,y1) ~ (1,x2,y2) iff y1 − y2 = x1·x2.
                      if (s == 0)
                        for (std::uint32_t x2 = 0; x2 < q; ++x2)
                          b.add_link(id(0, x, y), id(1, x2, f.sub(y, f.mul(x, x2))), global);
                    }
                return b.finish(Duplicates::reject);
              },
          // MMS graphs are vertex-transitive (Hafner 2004; for q = 5 the Hoffman–Singleton graph).
          .symmetry =
              [](const Params& p) {
                return NodeClasses{{0}, {describe_slimfly(slimfly_q(p)).nodes}};
              },
          .routings = {"slimfly"}};
}

}  // namespace topo::gen
