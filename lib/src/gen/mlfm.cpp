// Multi-layer full mesh (Fujitsu; Projective Networks §6, Figure 10): the incidence graph of K_n with every
// vertex of K_n replicated n-1 times. The C(n,2) edges of K_n are spine routers, the n(n-1) copies of its
// vertices are leaf routers; spine {a,b} is joined to every copy of a and of b.
//
// Terminals are not nodes of the graph: every leaf carries n-1 of them. Coordinates say which router is
// which (leaf: [0, a, copy], spine: [1, a, b]) and describe() reports terminals_per_leaf, terminals and radix.
#include <fmt/format.h>

#include <array>
#include <nlohmann/json.hpp>
#include <numeric>

#include "topo/errors.hpp"
#include "topo/gen/description.hpp"
#include "topo/gen/registry.hpp"

namespace topo::gen {

namespace {

std::uint64_t mlfm_n(const Params& p) {
  const auto n = get_int(p, "n");
  if (n < 2 || n > 2000) throw InputError(fmt::format("--n must be between 2 and 2000, got {}", n));
  return std::uint64_t(n);
}

Description describe_mlfm(std::uint64_t n) {
  const std::uint64_t leaves = n * (n - 1), spines = n * (n - 1) / 2;
  Description d;
  d.nodes = leaves + spines;
  d.links = leaves * (n - 1);
  d.degree_min = n - 1;        // a leaf copy of a: the n-1 spines {a,*}
  d.degree_max = 2 * (n - 1);  // spine {a,b}: n-1 copies of a and n-1 copies of b
  // Leaves are 2 apart; spines {a,b}, {c,d} with no common vertex are 4 apart (n >= 4), a leaf and a spine
  // not containing its vertex 3.
  d.formulas["diameter"] = n >= 4 ? 4 : n == 3 ? 3 : 2;
  d.formulas["leaf_diameter"] = 2;
  d.formulas["leaf_mean_distance_distinct"] = 2;
  d.formulas["leaves"] = leaves;
  d.formulas["spines"] = spines;
  d.formulas["terminals_per_leaf"] = n - 1;    // Δ0 = Δ = n-1
  d.formulas["terminals"] = leaves * (n - 1);  // T = n(n-1)^2
  d.formulas["radix"] = 2 * (n - 1);           // R = 2Δ
  return d;
}

}  // namespace

Family family_mlfm() {
  return {.name = "mlfm",
          .summary = "multi-layer full mesh from K_n: C(n,2) spines, n(n-1) leaves with n-1 terminals each",
          .source = "Projective Networks §6, Figure 10",
          .params = {{"n", ParamType::integer, "order of the complete graph K_n", "", true, {}}},
          .example = {{"n", "5"}},
          .describe = [](const Params& p) { return describe_mlfm(mlfm_n(p)); },
          .build =
              [](const Params& p) {
                const std::uint64_t n = mlfm_n(p), leaves = n * (n - 1);
                const auto d = describe_mlfm(n);
                GraphBuilder b(d.nodes, false);
                LinkAttrs a;
                a.cls = b.class_id("leaf-spine");
                b.reserve_links(std::size_t(d.links));
                b.set_coord_dims(3);
                for (std::uint64_t v = 0; v < n; ++v)
                  for (std::uint64_t i = 0; i + 1 < n; ++i) {
                    const auto id = node_id(v * (n - 1) + i);
                    const std::array<std::int32_t, 3> c{0, std::int32_t(v), std::int32_t(i)};
                    b.set_coords(id, c);
                    b.set_label(id, fmt::format("leaf {}.{}", v, i));
                  }
                node_id spine = node_id(leaves);
                for (std::uint64_t u = 0; u < n; ++u)
                  for (std::uint64_t v = u + 1; v < n; ++v, ++spine) {
                    const std::array<std::int32_t, 3> c{1, std::int32_t(u), std::int32_t(v)};
                    b.set_coords(spine, c);
                    b.set_label(spine, fmt::format("spine {{{},{}}}", u, v));
                    for (std::uint64_t i = 0; i + 1 < n; ++i) {
                      b.add_link(node_id(u * (n - 1) + i), spine, a);
                      b.add_link(node_id(v * (n - 1) + i), spine, a);
                    }
                  }
                b.meta.endpoints.resize(leaves);  // the leaves carry the terminals
                std::iota(b.meta.endpoints.begin(), b.meta.endpoints.end(), node_id{0});
                return b.finish(Duplicates::reject);
              },
          // Sym(n) on K_n with Sym(n-1) on the copies of each vertex: the orbits are the leaves and the spines.
          .symmetry =
              [](const Params& p) {
                const std::uint64_t n = mlfm_n(p), leaves = n * (n - 1);
                NodeClasses c{{0, node_id(leaves)}, {leaves, leaves / 2}};
                c.class_of.assign(leaves + leaves / 2, 0);  // leaves, then spines
                std::fill(c.class_of.begin() + std::ptrdiff_t(leaves), c.class_of.end(), 1u);
                return c;
              },
          .terminals_per_endpoint = [](const Params& p) { return std::uint32_t(mlfm_n(p) - 1); }};
}

}  // namespace topo::gen
