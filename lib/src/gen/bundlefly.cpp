// Bundlefly (Lei, Dong, Liao and Duato, "Bundlefly: a low-diameter topology for multicore fiber", ICS 2020): the
// star product (star_product_internal.hpp) of the McKay–Miller–Širáň graph MMS(q) (our slimfly, the structure
// graph: 2q^2 modules) with the Paley graph of GF(q'), q' = 2d'+1 a prime power = 1 mod 4 (the routers of a
// module), f(u) = ξu. As built by Lakhotia's reference code in EvalNet (BundleflyGenerator.py): MMS links x < y in
// slimfly's numbering carry (x, u) ~ (y, f(u)). MMS has diameter 2 and E ∪ f(E) is complete on the Paley graph, so
// the diameter is 3; regular of degree (3q − ε)/2 + d', q = ε mod 4, N = 2q^2 q'.
#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "gen/finite_field_internal.hpp"
#include "gen/size_internal.hpp"
#include "gen/star_product_internal.hpp"
#include "topo/errors.hpp"
#include "topo/gen/description.hpp"
#include "topo/gen/registry.hpp"

namespace topo::gen {

Family family_slimfly();

namespace {

struct Shape {
  std::uint64_t q, degree;  // MMS(q); the supernode's degree d'
  std::uint64_t order() const { return 2 * degree + 1; }
  std::uint64_t mms_degree() const {  // (3q − ε)/2, q = ε mod 4 (Projective Networks §4.2)
    const std::int64_t eps = q % 4 == 1 ? 1 : q % 4 == 3 ? -1 : 0;
    return std::uint64_t((3 * std::int64_t(q) - eps) / 2);
  }
};

Shape bundlefly_shape(const Params& p) {
  const auto q = require_field_order(get_int(p, "q"));
  family_slimfly().describe(Params{{"q", q}});  // MMS(q): q a prime power other than 2
  const Shape s{q, paley_supernode_degree(get_int(p, "supernode_degree"))};
  detail::Count nodes(2 * q * q);
  nodes *= s.order();
  if (nodes.above(topo::max_nodes))
    throw detail::too_many_nodes(fmt::format("--q {} --supernode-degree {}: 2q^2(2d'+1) =", q, s.degree), nodes);
  return s;
}

Description describe_bundlefly(const Shape& s) {
  const std::uint64_t modules = 2 * s.q * s.q, order = s.order();
  const std::uint64_t intra = modules * order * s.degree / 2, inter = modules * s.mms_degree() / 2 * order;
  Description d;
  d.nodes = modules * order;
  d.links = intra + inter;
  d.degree_min = d.degree_max = s.mms_degree() + s.degree;
  d.formulas["diameter"] = 3;
  d.formulas["supernodes"] = modules;
  d.formulas["supernode_order"] = order;
  d.formulas["intra_supernode_links"] = intra;
  d.formulas["inter_supernode_links"] = inter;
  d.formulas["inter_supernode_degree"] = s.mms_degree();
  const std::uint64_t k = d.degree_max;
  d.formulas["moore_bound"] = 1 + k + k * (k - 1) + k * (k - 1) * (k - 1);  // M(Δ,3)
  return d;
}

Graph build_bundlefly(const Shape& s) {
  const Graph mms = family_slimfly().build(Params{{"q", s.q}});
  const auto neighbours = [&](std::uint32_t x) {
    const auto n = mms.out_neighbors(x);
    return std::vector<std::uint32_t>(n.begin(), n.end());
  };
  return star_product(mms.num_nodes(), neighbours, paley_supernode(s.order()), describe_bundlefly(s).links);
}

}  // namespace

Family family_bundlefly() {
  return {.name = "bundlefly",
          .summary = "Bundlefly: star product of the Slim Fly graph MMS(q) with a Paley supernode, diameter 3",
          .source = "Lei, Dong, Liao and Duato, ICS 2020",
          .params = {{"q",
                      ParamType::integer,
                      "order of the field of MMS(q), a prime power other than 2: 2q^2 supernodes",
                      "",
                      true,
                      {}},
                     {"supernode-degree",
                      ParamType::integer,
                      "degree d' of the Paley supernode on 2d'+1 routers, a prime power = 1 mod 4",
                      "",
                      true,
                      {}}},
          .example = {{"q", "3"}, {"supernode-degree", "2"}},
          .describe = [](const Params& p) { return describe_bundlefly(bundlefly_shape(p)); },
          .build = [](const Params& p) { return build_bundlefly(bundlefly_shape(p)); },
          // Routed by --algo star-product: a walk of the structure graph with hops inside supernodes.
          .routings = {"star-product"}};
}

}  // namespace topo::gen
