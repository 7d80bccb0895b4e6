// The complete graph K_n.
#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "topo/errors.hpp"
#include "topo/gen/description.hpp"
#include "topo/gen/families.hpp"
#include "topo/gen/registry.hpp"

namespace topo::gen {

Graph make_complete(std::uint64_t n) {
  GraphBuilder b(n, false);
  const auto cls = b.class_id("complete");
  b.reserve_links(static_cast<std::size_t>(n * (n ? n - 1 : 0) / 2));
  LinkAttrs a;
  a.cls = cls;
  for (std::uint64_t u = 0; u < n; ++u)
    for (std::uint64_t v = u + 1; v < n; ++v) b.add_link(static_cast<node_id>(u), static_cast<node_id>(v), a);
  return b.finish(Duplicates::reject);
}

Family family_complete() {
  auto nodes = [](const Params& p) {
    const auto n = get_int(p, "nodes");
    if (n < 1 || n > 1'000'000) throw InputError(fmt::format("--nodes must be between 1 and 1000000, got {}", n));
    return std::uint64_t(n);
  };
  return {.name = "complete",
          .summary = "complete graph K_n",
          .source = "Projective Networks §6",
          .params = {{"nodes", ParamType::integer, "number of nodes", "", true, {}}},
          .example = {{"nodes", "6"}},
          .describe =
              [nodes](const Params& p) {
                const auto n = nodes(p);
                Description d;
                d.nodes = n;
                d.links = n * (n - 1) / 2;
                d.degree_min = d.degree_max = n - 1;
                d.formulas["diameter"] = n > 1 ? 1 : 0;
                return d;
              },
          .build = [nodes](const Params& p) { return make_complete(nodes(p)); },
          .symmetry =
              [nodes](const Params& p) {
                return NodeClasses{{0}, {nodes(p)}};
              }};
}

}  // namespace topo::gen
