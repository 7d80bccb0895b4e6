// The star product of a structure graph and a supernode graph (star_product_internal.hpp).
#include <fmt/format.h>

#include <array>

#include "gen/finite_field_internal.hpp"
#include "gen/star_product_internal.hpp"
#include "topo/errors.hpp"

namespace topo::gen {

Supernode paley_supernode(std::uint64_t q) {
  const FiniteField field(q);
  Supernode s;
  for (std::uint32_t u = 0; u < q; ++u) {
    s.f.push_back(field.mul(field.primitive(), u));
    for (std::uint32_t v = u + 1; v < q; ++v)
      if (field.is_square(field.sub(u, v))) s.edges.push_back({u, v});
  }
  return s;
}

std::uint64_t paley_supernode_degree(std::int64_t d) {
  const auto order = 2 * d + 1;
  if (d < 2 || d > std::int64_t(FiniteField::max_order) || order % 4 != 1 || !prime_power(std::uint64_t(order)))
    throw InputError(
        fmt::format("--supernode-degree {}: a paley supernode needs 2d'+1 a prime power = 1 mod 4 "
                    "(d' = 2, 4, 6, 8, 12, 14, 18, ...)",
                    d));
  return std::uint64_t(d);
}

Graph star_product(std::uint32_t structure_nodes,
                   const std::function<std::vector<std::uint32_t>(std::uint32_t)>& neighbours, const Supernode& s,
                   std::uint64_t links) {
  const std::uint32_t order = s.order();
  GraphBuilder b(std::uint64_t(structure_nodes) * order, false);
  LinkAttrs intra, inter;
  intra.cls = b.class_id("intra-supernode");
  inter.cls = b.class_id("inter-supernode");
  b.reserve_links(std::size_t(links));
  b.set_coord_dims(2);
  for (std::uint32_t x = 0; x < structure_nodes; ++x) {
    const node_id base = x * order;
    for (std::uint32_t u = 0; u < order; ++u) {
      const std::array<std::int32_t, 2> c{std::int32_t(x), std::int32_t(u)};
      b.set_coords(base + u, c);
    }
    for (const auto& [u, v] : s.edges) b.add_link(base + u, base + v, intra);
    for (auto y : neighbours(x)) {
      if (y > x) {
        for (std::uint32_t u = 0; u < order; ++u) b.add_link(base + u, y * order + s.f[u], inter);
      } else if (y == x) {
        for (std::uint32_t u = 0; u < order; ++u)
          if (u < s.f[u]) b.add_link(base + u, base + s.f[u], intra);
      }
    }
  }
  return b.finish(Duplicates::reject);
}

}  // namespace topo::gen
