// Megafly / Dragonfly+ (Flajslik et al., ISC 2018; Shpiner et al., HiPINEB 2017): a dragonfly whose groups are
// two-level fat trees. A group has L leaf routers, each joined to every one of its S spine routers (K_{L,S}, class
// local) and carrying p terminals; every spine has h global links, g = Sh + 1 groups and one global link between
// every pair of groups (class global). With radix-k routers the papers take L = S = p = h = k/2.
//
// Global links follow the dragonfly's consecutive arrangement: global port P in 0..g−2 of group i — port k of spine
// j is P = jh + k — goes to group i + P + 1 (mod g). Node ids: group by group, the L leaves first, then the S spines;
// coordinates (group, 0, leaf) and (group, 1, spine). The leaves are the graph's endpoints.
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <nlohmann/json.hpp>
#include <utility>

#include "gen/size_internal.hpp"
#include "topo/errors.hpp"
#include "topo/gen/description.hpp"
#include "topo/gen/registry.hpp"

namespace topo::gen {

namespace {

struct Shape {
  std::uint64_t leaves, spines, global, terminals, groups, per_group, nodes;
};

Shape megafly_shape(const Params& p) {
  const auto l = get_int(p, "leaves"), s = get_int(p, "spines"), h = get_int(p, "global"), t = get_int(p, "terminals");
  const std::array<std::pair<const char*, std::int64_t>, 4> given{
      {{"leaves", l}, {"spines", s}, {"global", h}, {"terminals", t}}};
  for (const auto& [name, v] : given)
    if (v < 1 || v > 65535) throw InputError(fmt::format("--{} must be between 1 and 65535, got {}", name, v));
  const auto groups = std::uint64_t(s) * std::uint64_t(h) + 1;
  detail::Count nodes(groups);
  nodes *= std::uint64_t(l + s);
  if (nodes.above(topo::max_nodes))
    throw detail::too_many_nodes(fmt::format("--leaves {} --spines {} --global {}: (Sh+1)(L+S) =", l, s, h), nodes);
  return {std::uint64_t(l), std::uint64_t(s),     std::uint64_t(h), std::uint64_t(t),
          groups,           std::uint64_t(l + s), nodes.value()};
}

Description describe_megafly(const Shape& m) {
  Description d;
  d.nodes = m.nodes;
  const std::uint64_t local = m.groups * m.leaves * m.spines, global = m.groups * (m.groups - 1) / 2;
  d.links = local + global;
  d.degree_min = std::min(m.spines, m.leaves + m.global);  // a leaf: its S spines; a spine: L leaves, h global
  d.degree_max = std::max(m.spines, m.leaves + m.global);
  d.formulas["groups"] = m.groups;
  d.formulas["local_links"] = local;
  d.formulas["global_links"] = global;
  d.formulas["leaves"] = m.groups * m.leaves;
  d.formulas["spines"] = m.groups * m.spines;
  // Leaf, spine, global link, spine, leaf: 3 hops between leaves of two groups, 2 inside one.
  d.formulas["leaf_diameter"] = 3;
  d.formulas["terminals_per_leaf"] = m.terminals;
  d.formulas["terminals"] = m.groups * m.leaves * m.terminals;
  d.formulas["radix"] = std::max(m.spines + m.terminals, m.leaves + m.global);  // leaf p + S, spine L + h
  return d;
}

}  // namespace

Family family_megafly() {
  return {.name = "megafly",
          .summary = "Megafly / Dragonfly+: groups of L leaves x S spines (K_{L,S}), Sh+1 groups, p terminals per leaf",
          .source = "Flajslik et al., ISC 2018; Shpiner et al., HiPINEB 2017",
          .params = {{"leaves", ParamType::integer, "L: leaf routers per group", "", true, {}},
                     {"spines", ParamType::integer, "S: spine routers per group", "", true, {}},
                     {"global", ParamType::integer, "h: global links per spine (Sh+1 groups)", "", true, {}},
                     {"terminals", ParamType::integer, "p: terminals per leaf", "", true, {}}},
          .example = {{"leaves", "3"}, {"spines", "2"}, {"global", "2"}, {"terminals", "3"}},
          .describe = [](const Params& p) { return describe_megafly(megafly_shape(p)); },
          .build =
              [](const Params& p) {
                const auto m = megafly_shape(p);
                const auto d = describe_megafly(m);
                GraphBuilder b(m.nodes, false);
                LinkAttrs local, global;
                local.cls = b.class_id("local");
                global.cls = b.class_id("global");
                b.reserve_links(std::size_t(d.links));
                b.set_coord_dims(3);
                auto leaf = [&](std::uint64_t g, std::uint64_t i) { return node_id(g * m.per_group + i); };
                auto spine = [&](std::uint64_t g, std::uint64_t j) { return node_id(g * m.per_group + m.leaves + j); };
                for (std::uint64_t g = 0; g < m.groups; ++g) {
                  for (std::uint64_t i = 0; i < m.leaves; ++i) {
                    b.set_coords(leaf(g, i), std::array<std::int32_t, 3>{std::int32_t(g), 0, std::int32_t(i)});
                    b.set_label(leaf(g, i), fmt::format("g{}.leaf{}", g, i));
                    for (std::uint64_t j = 0; j < m.spines; ++j) b.add_link(leaf(g, i), spine(g, j), local);
                  }
                  for (std::uint64_t j = 0; j < m.spines; ++j) {
                    b.set_coords(spine(g, j), std::array<std::int32_t, 3>{std::int32_t(g), 1, std::int32_t(j)});
                    b.set_label(spine(g, j), fmt::format("g{}.spine{}", g, j));
                  }
                  // Each unordered pair of groups once: from group g to g + s, s = 1..(G−1)/2, leaving on port s − 1
                  // and arriving on port G − 1 − s; with G even, s = G/2 is taken from the lower group only.
                  for (std::uint64_t s = 1; 2 * s <= m.groups; ++s) {
                    if (2 * s == m.groups && g >= s) continue;
                    b.add_link(spine(g, (s - 1) / m.global), spine((g + s) % m.groups, (m.groups - 1 - s) / m.global),
                               global);
                  }
                }
                for (std::uint64_t g = 0; g < m.groups; ++g)  // the leaves carry the terminals
                  for (std::uint64_t i = 0; i < m.leaves; ++i) b.meta.endpoints.push_back(leaf(g, i));
                return b.finish(Duplicates::reject);
              },
          // The rotation of the groups and Sym(L) on the leaves of every group: the leaves are one class. Spine j
          // and S−1−j trade places under the reflection of the groups (port P -> G−2−P), as in dragonfly.
          .symmetry =
              [](const Params& p) {
                const auto m = megafly_shape(p);
                NodeClasses c{{0}, {m.groups * m.leaves}};
                c.class_of.resize(m.nodes);
                const std::uint64_t pairs = (m.spines + 1) / 2;
                for (std::uint64_t j = 0; j < pairs; ++j) {
                  c.representative.push_back(node_id(m.leaves + j));
                  c.size.push_back(m.groups * (2 * j + 1 == m.spines ? 1 : 2));
                }
                for (std::uint64_t v = 0; v < m.nodes; ++v) {
                  const auto r = v % m.per_group;
                  c.class_of[v] =
                      r < m.leaves ? 0 : std::uint32_t(1 + std::min(r - m.leaves, m.spines - 1 - (r - m.leaves)));
                }
                return c;
              },
          .routings = {"megafly"},
          .terminals_per_endpoint = [](const Params& p) { return std::uint32_t(megafly_shape(p).terminals); }};
}

}  // namespace topo::gen
