// Cray Cascade (XC series) dragonfly of Alverson, Froese, Kaplan and Roweth, "Cray XC Series Network" (Cray
// WP-Aries01-1112, 2012): a group is two cabinets, 6 chassis of 16 blades, one Aries router per blade with 4 nodes
// (terminals). Rank-1 (green) links join every pair of routers of a chassis (a row, 15 links per router, on the
// backplane); rank-2 (black) links join every pair of routers in the same slot of the group's 6 chassis (a column,
// 3 links per pair, 15 per router); each router has 10 rank-3 (blue) global ports to other groups.
//
// Router (row r, column c) of group i is node 96i + 16r + c with coordinates (i, r, c). The 3 black links of a
// pair are one link of multiplicity 3 (parallel links are a multiplicity throughout topo). Global ports: with
// m links per pair of groups, a group uses (g−1)m ≤ 960 of its global ports; port k is on router k mod 96 (so the
// routers' blue links differ by at most one) and is joined by the dragonfly arrangement (dragonfly_internal.hpp).
// The blue class is named global, as in the dragonfly, so that the dragonfly routing and VC classes apply.
#include <fmt/format.h>

#include <array>
#include <nlohmann/json.hpp>

#include "gen/dragonfly_internal.hpp"
#include "topo/errors.hpp"
#include "topo/gen/description.hpp"
#include "topo/gen/registry.hpp"

namespace topo::gen {

namespace {

// The white paper's group: 6 chassis (rows) of 16 routers (columns), 10 global ports per router.
constexpr std::uint64_t rows = 6, columns = 16, per_group = rows * columns, global_ports = 10;
constexpr std::uint64_t black_multiplicity = 3, terminals_per_router = 4;

struct Shape {
  std::uint64_t g, m;  // groups, global links per pair of groups
  GlobalArrangement arrangement;
  std::uint64_t used_ports() const { return (g - 1) * m; }  // per group
};

Shape cascade_shape(const Params& p) {
  const auto g = get_int(p, "groups");
  const std::int64_t ports = std::int64_t(per_group * global_ports);
  if (g < 1 || g > ports + 1)
    throw InputError(
        fmt::format("--groups must be between 1 and {} (960 global ports per group), got {}", ports + 1, g));
  Shape s{std::uint64_t(g), 0, global_arrangement(p)};
  if (g == 1) return s;
  const std::int64_t most = ports / (g - 1);
  const auto m = has(p, "global_links") ? get_int(p, "global_links") : most;
  if (m < 1 || m > most)
    throw InputError(
        fmt::format("--global-links must be between 1 and {} for {} groups ((g-1)*m of the 960 global "
                    "ports of a group), got {}",
                    most, g, m));
  s.m = std::uint64_t(m);
  return s;
}

Description describe_cascade(const Shape& s) {
  const std::uint64_t n = per_group * s.g, used = s.used_ports();
  Description d;
  d.nodes = n;
  const std::uint64_t green = s.g * rows * columns * (columns - 1) / 2;
  const std::uint64_t black = s.g * columns * rows * (rows - 1) / 2 * black_multiplicity;
  const std::uint64_t blue = s.g * used / 2;
  d.links = green + black + blue;
  const std::uint64_t local = (columns - 1) + (rows - 1) * black_multiplicity;  // 15 green + 15 black
  d.degree_min = local + used / per_group;
  d.degree_max = local + (used + per_group - 1) / per_group;
  // Within a group a row hop and a column hop reach any router; between groups at most two hops to the global
  // link, the link, and two hops on.
  if (s.g == 1)
    d.formulas["diameter"] = 2;
  else
    d.formulas["diameter_upper_bound"] = 5;
  d.formulas["groups"] = s.g;
  d.formulas["routers_per_group"] = per_group;
  d.formulas["green_links"] = green;
  d.formulas["black_links"] = black;
  d.formulas["global_links"] = blue;
  d.formulas["global_links_per_group_pair"] = s.m;
  d.formulas["global_ports_used_per_group"] = used;
  d.formulas["terminals_per_router"] = terminals_per_router;
  d.formulas["terminals"] = terminals_per_router * n;
  d.formulas["radix"] = d.degree_max + terminals_per_router;
  return d;
}

Graph build_cascade(const Shape& s) {
  const auto d = describe_cascade(s);
  GraphBuilder b(d.nodes, false);
  LinkAttrs green, black, blue;
  green.cls = b.class_id("green");
  black.cls = b.class_id("black");
  black.multiplicity = black_multiplicity;
  blue.cls = b.class_id("global");
  b.set_coord_dims(3);
  auto id = [](std::uint64_t i, std::uint64_t router) { return node_id(i * per_group + router); };
  for (std::uint64_t i = 0; i < s.g; ++i) {
    for (std::uint64_t r = 0; r < rows; ++r)
      for (std::uint64_t c = 0; c < columns; ++c) {
        const node_id v = id(i, r * columns + c);
        const std::array<std::int32_t, 3> xyz{std::int32_t(i), std::int32_t(r), std::int32_t(c)};
        b.set_coords(v, xyz);
        b.set_label(v, fmt::format("g{}.c{}.s{}", i, r, c));
        for (std::uint64_t c2 = c + 1; c2 < columns; ++c2) b.add_link(v, id(i, r * columns + c2), green);
        for (std::uint64_t r2 = r + 1; r2 < rows; ++r2) b.add_link(v, id(i, r2 * columns + c), black);
      }
    for (std::uint64_t k = 0; k < s.used_ports(); ++k) {
      const auto far = global_far_end(s.arrangement, s.g, i, k);
      if (global_link_added_here(s.g, i, k, far))
        b.add_link(id(i, k % per_group), id(far.first, far.second % per_group), blue);
    }
  }
  return b.finish(Duplicates::merge);
}

}  // namespace

Family family_cascade() {
  return {.name = "cascade",
          .summary =
              "Cray Cascade (XC) dragonfly: groups of 6x16 routers, all-to-all rows (green) and columns (black, "
              "3 links), global (blue) links between groups",
          .source = "Alverson, Froese, Kaplan and Roweth, Cray XC Series Network, 2012",
          .params = {{"groups", ParamType::integer, "groups of 96 routers", "", true, {}},
                     {"global-links",
                      ParamType::integer,
                      "global links per pair of groups (default: as many as the 960 global ports of a group allow)",
                      "",
                      false,
                      {}},
                     global_arrangement_param()},
          .example = {{"groups", "3"}, {"global-links", "2"}},
          .describe = [](const Params& p) { return describe_cascade(cascade_shape(p)); },
          .build = [](const Params& p) { return build_cascade(cascade_shape(p)); },
          // Relative and circulant arrangements: the rotation i -> i+1 of the groups is an automorphism (ports go to
          // routers alike in every group), so router k of every group forms a class of size g. Absolute: none.
          .symmetry =
              [](const Params& p) {
                const auto s = cascade_shape(p);
                const std::uint64_t n = per_group * s.g;
                const bool rotate = rotation_invariant(s.arrangement);
                NodeClasses c;
                c.class_of.resize(n);
                for (std::uint64_t v = 0; v < (rotate ? per_group : n); ++v) {
                  c.representative.push_back(node_id(v));
                  c.size.push_back(rotate ? s.g : 1);
                }
                for (std::uint64_t v = 0; v < n; ++v) c.class_of[v] = std::uint32_t(rotate ? v % per_group : v);
                return c;
              },
          .routings = {"dragonfly"},
          // Four nodes per blade, on its Aries router.
          .terminals_per_endpoint = [](const Params&) { return std::uint32_t(terminals_per_router); }};
}

}  // namespace topo::gen
