// Paley graph: the elements of GF(q), a ~ b iff a − b is a nonzero square (Projective Networks §4.1).
#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "gen/finite_field_internal.hpp"
#include "topo/errors.hpp"
#include "topo/gen/description.hpp"
#include "topo/gen/registry.hpp"

namespace topo::gen {

namespace {

std::uint64_t paley_q(const Params& p) {
  const auto q = require_field_order(get_int(p, "q"));
  // −1 must be a square for "a − b is a square" to be symmetric.
  if (q % 4 != 1) throw InputError(fmt::format("--q must be congruent to 1 mod 4 for a paley graph, got {}", q));
  return q;
}

Description describe_paley(std::uint64_t q) {
  Description d;
  d.nodes = q;
  d.links = q * (q - 1) / 4;
  d.degree_min = d.degree_max = (q - 1) / 2;
  d.formulas["diameter"] = 2;
  // Strongly regular (q, (q−1)/2, (q−5)/4, (q−1)/4): distance counts 1, (q−1)/2, (q−1)/2.
  d.formulas["distance_distribution"] = {1, (q - 1) / 2, (q - 1) / 2};
  d.formulas["mean_distance_distinct"] = 1.5;
  d.formulas["srg_lambda"] = (q - 5) / 4;
  d.formulas["srg_mu"] = (q - 1) / 4;
  return d;
}

}  // namespace

Family family_paley() {
  return {
      .name = "paley",
      .summary = "Paley graph on GF(q), q = 1 mod 4: a ~ b iff a - b is a nonzero square",
      .source = "Projective Networks §4.1",
      .params = {{"q", ParamType::integer, "order of the field GF(q), a prime power with q = 1 mod 4", "", true, {}}},
      .example = {{"q", "13"}},
      .describe = [](const Params& p) { return describe_paley(paley_q(p)); },
      .build =
          [](const Params& p) {
            const FiniteField f(paley_q(p));
            const std::uint32_t q = f.order();
            GraphBuilder b(q, false);
            LinkAttrs a;
            a.cls = b.class_id("paley");
            b.reserve_links(std::size_t(describe_paley(q).links));
            b.set_coord_dims(1);
            for (std::uint32_t x = 0; x < q; ++x) {
              const std::int32_t c = std::int32_t(x);
              b.set_coords(x, std::span<const std::int32_t>(&c, 1));
              b.set_label(x, f.name(x));
              for (std::uint32_t y = x + 1; y < q; ++y)
                if (f.is_square(f.sub(x, y))) b.add_link(x, y, a);
            }
            return b.finish(Duplicates::reject);
          },
      // Vertex-transitive: the translations x -> x + c are automorphisms.
      .symmetry =
          [](const Params& p) {
            return NodeClasses{{0}, {paley_q(p)}};
          }};
}

}  // namespace topo::gen
