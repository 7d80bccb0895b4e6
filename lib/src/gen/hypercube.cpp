// The binary n-cube: u ~ v iff they differ in one bit (doc/definitions.md §3.1).
#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "gen/size_internal.hpp"
#include "topo/errors.hpp"
#include "topo/gen/description.hpp"
#include "topo/gen/families.hpp"
#include "topo/gen/registry.hpp"

namespace topo::gen {

Graph make_hypercube(unsigned dim) {
  const std::uint64_t n = std::uint64_t{1} << dim;
  GraphBuilder b(n, false);
  const auto cls = b.class_id("cube");
  b.set_coord_dims(dim);
  b.reserve_links(static_cast<std::size_t>(n * dim / 2));
  std::vector<std::int32_t> x(dim);
  for (std::uint64_t v = 0; v < n; ++v) {
    for (unsigned i = 0; i < dim; ++i) {
      x[i] = static_cast<std::int32_t>((v >> i) & 1);
      if (!x[i]) {
        LinkAttrs a;
        a.cls = cls;
        a.dim = static_cast<std::uint8_t>(i);
        b.add_link(static_cast<node_id>(v), static_cast<node_id>(v | (std::uint64_t{1} << i)), a);
      }
    }
    b.set_coords(static_cast<node_id>(v), x);
  }
  return b.finish(Duplicates::reject);
}

Family family_hypercube() {
  auto dim = [](const Params& p) {
    const auto n = get_int(p, "dim");
    if (n < 0) throw InputError(fmt::format("--dim must be between 0 and 31, got {}", n));
    if (n > 31) throw detail::too_many_nodes(fmt::format("--dim {}: 2^n =", n), detail::Count::power(2, n));
    return static_cast<unsigned>(n);
  };
  return {.name = "hypercube",
          .summary = "binary n-cube: 2^n nodes, u ~ v iff they differ in one bit",
          .source = "dissertation Table 2",
          .params = {{"dim", ParamType::integer, "dimension n (2^n nodes)", "", true, {}}},
          .example = {{"dim", "4"}},
          .describe =
              [dim](const Params& p) {
                const unsigned n = dim(p);
                Description d;
                d.nodes = std::uint64_t{1} << n;
                d.links = d.nodes * n / 2;
                d.degree_min = d.degree_max = n;
                d.formulas["diameter"] = n;
                d.formulas["mean_distance_all_pairs"] = n / 2.0;
                if (n > 0) d.formulas["bisection"] = d.nodes / 2;
                if (n > 0) d.formulas["mean_distance_distinct_pairs"] = n * (double(d.nodes) / 2) / double(d.nodes - 1);
                return d;
              },
          .build = [dim](const Params& p) { return make_hypercube(dim(p)); },
          .symmetry =
              [dim](const Params& p) {
                return NodeClasses{{0}, {std::uint64_t{1} << dim(p)}};
              },
          .grid =
              [dim](const Params& p) {
                return Grid{std::vector<std::int64_t>(dim(p), 2), std::vector<bool>(dim(p))};
              }};
}

}  // namespace topo::gen
