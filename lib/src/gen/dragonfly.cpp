// Canonical (balanced) dragonfly of Kim, Dally, Scott and Abts, as used in Projective Networks Tables 3–5
// (doc/definitions.md §3.6): a = 2h routers per group joined as a complete graph, h global links and h terminals per
// router, g = ah + 1 groups and one global link between every pair of groups, so N = ag = 4h^3 + 2h routers.
//
// N counts routers; terminals are not nodes of the graph: every router carries h of them (T = hN), recorded
// in describe() as terminals_per_router and terminals.
//
// Global links follow the circulant ("consecutive") arrangement: global port p in 0..g−2 of group i — port
// k of router j is p = jh + k — goes to group i + p + 1 (mod g), where it arrives on port g − 2 − p.
#include <fmt/format.h>

#include <array>
#include <nlohmann/json.hpp>

#include "topo/errors.hpp"
#include "topo/gen/description.hpp"
#include "topo/gen/registry.hpp"

namespace topo::gen {

namespace {

std::uint64_t dragonfly_h(const Params& p) {
  const auto h = get_int(p, "h");
  if (h < 1 || h > 1000) throw InputError(fmt::format("--h must be between 1 and 1000, got {}", h));
  return std::uint64_t(h);
}

Description describe_dragonfly(std::uint64_t h) {
  const std::uint64_t a = 2 * h, g = a * h + 1, n = a * g;
  Description d;
  d.nodes = n;
  d.links = g * a * (a - 1) / 2 + g * (g - 1) / 2;
  d.degree_min = d.degree_max = (a - 1) + h;  // Δ = 3h − 1
  d.formulas["diameter"] = 3;                 // local, global, local
  d.formulas["routers_per_group"] = a;
  d.formulas["groups"] = g;
  d.formulas["local_links"] = g * a * (a - 1) / 2;
  d.formulas["global_links"] = g * (g - 1) / 2;
  // Mean hops over distinct pairs of hierarchical minimal routing (local, global, local): a pair in one group is 1
  // hop apart, a pair in different groups 3 − 2/a on average (each local hop is skipped with probability 1/a).
  // This, with u = 1, is what Projective Networks Tables 4–5 use (subscription 0.994 for h = 7, 0.996 for h = 9).
  // Graph distances are shorter: two global hops can join routers of different groups, see topostat.
  const double ad = double(a), nd = double(n);
  d.formulas["mean_hops_minimal_routing"] = ((ad - 1) + (nd - ad) * (3 - 2 / ad)) / (nd - 1);
  d.formulas["terminals_per_router"] = h;  // Table 3: Δ0 = h
  d.formulas["terminals"] = h * n;         // T = 4h^4 + 2h^2
  d.formulas["radix"] = 4 * h - 1;         // R = Δ + Δ0
  return d;
}

}  // namespace

Family family_dragonfly() {
  return {.name = "dragonfly",
          .summary = "canonical dragonfly: 2h routers per group, 2h^2+1 groups, one global link per pair of groups",
          .source = "Kim et al. 2008; Projective Networks Tables 3-5; doc/definitions.md §3.6",
          .params = {{"h", ParamType::integer, "global links (and terminals) per router", "", true, {}}},
          .example = {{"h", "2"}},
          .describe = [](const Params& p) { return describe_dragonfly(dragonfly_h(p)); },
          .build =
              [](const Params& p) {
                const std::uint64_t h = dragonfly_h(p), a = 2 * h, g = a * h + 1;
                const auto d = describe_dragonfly(h);
                GraphBuilder b(d.nodes, false);
                LinkAttrs local, global;
                local.cls = b.class_id("local");
                global.cls = b.class_id("global");
                b.reserve_links(std::size_t(d.links));
                b.set_coord_dims(2);
                auto id = [a](std::uint64_t group, std::uint64_t router) { return node_id(group * a + router); };
                for (std::uint64_t i = 0; i < g; ++i) {
                  for (std::uint64_t j = 0; j < a; ++j) {
                    const std::array<std::int32_t, 2> c{std::int32_t(i), std::int32_t(j)};
                    b.set_coords(id(i, j), c);
                    b.set_label(id(i, j), fmt::format("g{}.r{}", i, j));
                    for (std::uint64_t k = j + 1; k < a; ++k) b.add_link(id(i, j), id(i, k), local);
                  }
                  // Each unordered pair of groups once: from group i to group i + s, s = 1..(g−1)/2, leaving on
                  // port s − 1 and arriving on port g − 1 − s.
                  for (std::uint64_t s = 1; s <= (g - 1) / 2; ++s)
                    b.add_link(id(i, (s - 1) / h), id((i + s) % g, (g - 1 - s) / h), global);
                }
                return b.finish(Duplicates::reject);
              },
          // Automorphisms: the rotation i -> i+1 of the groups, and the reflection i -> −i with router j -> a−1−j
          // (port p -> g−2−p). Classes: routers {j, a−1−j} of every group, j = 0..h−1, each of size 2g.
          .symmetry =
              [](const Params& p) {
                const std::uint64_t h = dragonfly_h(p), a = 2 * h, g = a * h + 1;
                NodeClasses c;
                for (std::uint64_t j = 0; j < h; ++j) {
                  c.representative.push_back(node_id(j));
                  c.size.push_back(2 * g);
                }
                c.class_of.resize(a * g);
                for (std::uint64_t v = 0; v < a * g; ++v) {
                  const auto r = v % a;  // router j of its group, with id group * a + j
                  c.class_of[v] = static_cast<std::uint32_t>(std::min(r, a - 1 - r));
                }
                return c;
              },
          .routings = {"dragonfly"},
          // Every router carries h terminals (Table 3: Δ0 = h); the simulator puts them there by default.
          .terminals_per_endpoint = [](const Params& p) { return std::uint32_t(dragonfly_h(p)); }};
}

}  // namespace topo::gen
