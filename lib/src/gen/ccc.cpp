// Cube-connected cycles CCC(d) (Preparata & Vuillemin; dissertation Table 2, ref. [24]): every corner w of
// the d-cube is replaced by a cycle of d nodes (w, i), and node (w, i) takes the cube link of dimension i.
#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "gen/size_internal.hpp"
#include "topo/errors.hpp"
#include "topo/gen/description.hpp"
#include "topo/gen/registry.hpp"

namespace topo::gen {

namespace {

unsigned ccc_dim(const Params& p) {
  const auto d = get_int(p, "dim");
  // A cycle needs 3 nodes for the degree to be 3; 2^d * d ids must fit.
  if (d < 3) throw InputError(fmt::format("--dim: d must be between 3 and 26 (a cycle needs 3 nodes), got {}", d));
  if (d > 26) {
    auto nodes = detail::Count::power(2, d);
    nodes *= std::uint64_t(d);
    if (nodes.above(topo::max_nodes)) throw detail::too_many_nodes(fmt::format("--dim {}: d*2^d =", d), nodes);
    const detail::Count links(nodes.value() / 2 * 3);  // 3 per node, each shared by two
    throw detail::too_many_links(fmt::format("--dim {}: 3*d*2^(d-1) =", d), links);
  }
  return static_cast<unsigned>(d);
}

Graph build_ccc(unsigned d) {
  const std::uint64_t corners = std::uint64_t{1} << d, n = corners * d;
  GraphBuilder b(n, false);
  const auto cycle = b.class_id("cycle"), cube = b.class_id("cube");
  b.set_coord_dims(2);
  b.reserve_links(static_cast<std::size_t>(n * 3 / 2));
  auto id = [d](std::uint64_t w, unsigned i) { return static_cast<node_id>(w * d + i); };
  for (std::uint64_t w = 0; w < corners; ++w) {
    for (unsigned i = 0; i < d; ++i) {
      const std::int32_t c[2] = {static_cast<std::int32_t>(i), static_cast<std::int32_t>(w)};
      b.set_coords(id(w, i), c);
      LinkAttrs a;
      a.cls = cycle;
      b.add_link(id(w, i), id(w, (i + 1) % d), a);
      if (!((w >> i) & 1)) {
        LinkAttrs e;
        e.cls = cube;
        e.dim = static_cast<std::uint8_t>(i);
        b.add_link(id(w, i), id(w | (std::uint64_t{1} << i), i), e);
      }
    }
  }
  return b.finish(Duplicates::reject);
}

}  // namespace

Family family_ccc() {
  return {.name = "ccc",
          .summary = "cube-connected cycles: d*2^d nodes (w,i), a d-cycle per cube corner, degree 3",
          .source = "Preparata & Vuillemin 1981; dissertation Table 2 [24]",
          .params = {{"dim", ParamType::integer, "cube dimension d (d*2^d nodes)", "", true, {}}},
          .example = {{"dim", "3"}},
          .describe =
              [](const Params& p) {
                const unsigned d = ccc_dim(p);
                Description r;
                r.nodes = (std::uint64_t{1} << d) * d;
                r.links = r.nodes * 3 / 2;
                r.degree_min = r.degree_max = 3;
                // Diameter 2d + floor(d/2) - 2 for d >= 4 (doc/definitions.md §3.1; d = 3 has diameter 6).
                r.formulas["diameter"] = d >= 4 ? 2 * d + d / 2 - 2 : 6;
                return r;
              },
          .build = [](const Params& p) { return build_ccc(ccc_dim(p)); },
          // CCC is vertex-transitive (rotating the cycle index together with the cube coordinates).
          .symmetry =
              [](const Params& p) {
                const unsigned d = ccc_dim(p);
                return NodeClasses{{0}, {(std::uint64_t{1} << d) * d}};
              }};
}

}  // namespace topo::gen
