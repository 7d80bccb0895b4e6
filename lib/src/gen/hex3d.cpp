// 3-D hexagonal network of size t (Decayeux & Seme 2005; dissertation §3.3.1, doc/definitions.md §3.3): the points
// of Z^3 within distance t-1 of the origin under
//   D(dx,dy,dz) = max{|dx|,|dy|,|dz|,|dx+dy|,|dx+dz|,|dy+dz|,|dx+dy+dz|},
// linked when at distance 1. The 12 unit vectors are ±e1, ±e2, ±e3, ±(e1-e2), ±(e1-e3), ±(e2-e3)
// (the fcc lattice), so interior nodes have degree 12 and the size is (10/3)t^3 - 5t^2 + (11/3)t - 1.
// No wrap-around: BFS distance equals D, which the tests check.
#include <fmt/format.h>

#include <array>
#include <cstdlib>
#include <nlohmann/json.hpp>

#include "topo/errors.hpp"
#include "topo/gen/description.hpp"
#include "topo/gen/registry.hpp"

namespace topo::gen {

namespace {

std::int64_t hex_t(const Params& p) {
  const auto t = get_int(p, "t");
  if (t < 1 || t > 1000) throw InputError(fmt::format("--t: t must be between 1 and 1000, got {}", t));
  return t;
}

std::int64_t hex_norm(std::int64_t x, std::int64_t y, std::int64_t z) {
  return std::max(
      {std::abs(x), std::abs(y), std::abs(z), std::abs(x + y), std::abs(x + z), std::abs(y + z), std::abs(x + y + z)});
}

std::uint64_t hex_size(std::int64_t t) {  // (10t^3 - 15t^2 + 11t - 3) / 3
  return std::uint64_t((10 * t * t * t - 15 * t * t + 11 * t - 3) / 3);
}

Graph build_hex(std::int64_t t) {
  const std::int64_t r = t - 1, side = 2 * r + 1;
  // Index of every point of the bounding cube, no_node outside the ball.
  std::vector<node_id> index(std::size_t(side * side * side), no_node);
  auto cell = [&](std::int64_t x, std::int64_t y, std::int64_t z) {
    return std::size_t(((x + r) * side + (y + r)) * side + (z + r));
  };
  node_id count = 0;
  for (std::int64_t x = -r; x <= r; ++x)
    for (std::int64_t y = -r; y <= r; ++y)
      for (std::int64_t z = -r; z <= r; ++z)
        if (hex_norm(x, y, z) <= r) index[cell(x, y, z)] = count++;
  GraphBuilder b(count, false);
  const auto hex = b.class_id("hex");
  b.set_coord_dims(3);
  static constexpr std::array<std::array<std::int64_t, 3>, 6> unit = {
      {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {1, -1, 0}, {1, 0, -1}, {0, 1, -1}}};
  for (std::int64_t x = -r; x <= r; ++x)
    for (std::int64_t y = -r; y <= r; ++y)
      for (std::int64_t z = -r; z <= r; ++z) {
        const auto v = index[cell(x, y, z)];
        if (v == no_node) continue;
        const std::int32_t c[3] = {std::int32_t(x), std::int32_t(y), std::int32_t(z)};
        b.set_coords(v, c);
        for (std::size_t i = 0; i < unit.size(); ++i) {
          const auto [ux, uy, uz] = unit[i];
          if (hex_norm(x + ux, y + uy, z + uz) > r) continue;
          LinkAttrs a;
          a.cls = hex;
          a.dim = static_cast<std::uint8_t>(i);
          b.add_link(v, index[cell(x + ux, y + uy, z + uz)], a);
        }
      }
  return b.finish(Duplicates::reject);
}

}  // namespace

Family family_hex3d() {
  return {.name = "hex3d",
          .summary = "3-D hexagonal network of size t: (10/3)t^3-5t^2+(11/3)t-1 nodes, degree up to 12",
          .source = "Decayeux & Seme 2005 (dissertation ref. [12]); dissertation §3.3.1 (su(4), t = 7: 923 nodes)",
          .params = {{"t", ParamType::integer, "size t (nodes within distance t-1 of the centre)", "", true, {}}},
          .example = {{"t", "3"}},
          .describe =
              [](const Params& p) {
                const auto t = hex_t(p);
                Description d;
                d.nodes = hex_size(t);
                // Links: 20t^3 - 48t^2 + 40t - 12 (the pairs of nodes one unit vector apart inside the region;
                // checked against build() for t = 1..12 in the unit tests). Interior nodes have 12 neighbours,
                // the region's corners 5.
                const auto u = std::uint64_t(t);
                const std::uint64_t links = 20 * u * u * u + 40 * u - 48 * u * u - 12, dmin = t == 1 ? 0 : 5,
                                    dmax = t == 1 ? 0 : 12;
                d.links = links;
                d.degree_min = dmin;
                d.degree_max = dmax;
                d.formulas["diameter"] = 2 * (t - 1);
                return d;
              },
          .build = [](const Params& p) { return build_hex(hex_t(p)); }};
}

}  // namespace topo::gen
