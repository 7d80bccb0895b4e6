// Dragonfly of Kim, Dally, Scott and Abts (ISCA 2008): g groups of a routers, each group a complete graph
// (class local), h global links (class global) and p terminals per router. By default it is the canonical
// (balanced) one of Projective Networks Tables 3–5 (doc/definitions.md §3.6): a = 2h, p = h, g = ah + 1 and one
// global link between every pair of groups, so N = ag = 4h^3 + 2h routers.
//
// N counts routers; terminals are not nodes of the graph: every router carries p of them (T = pN), recorded
// in describe() as terminals_per_router and terminals.
//
// Global ports: port k in 0..ah−1 of group i is port k mod h of router ⌊k/h⌋. With g − 1 dividing ah, every
// pair of groups is joined by m = ah/(g−1) global links: port k is copy c = ⌊k/(g−1)⌋ of slot r = k mod (g−1),
// and the arrangement maps slot r of group i to a group j and the slot r' of j that leads back (copy c to
// copy c). The arrangements of Hastings et al., "Comparing global link arrangements for dragonfly networks"
// (IEEE Cluster 2015), which name neither how ports go to routers nor how copies go to ports, so these are ours:
//   absolute   slot r leads to the r-th other group in increasing order: j = r if r < i, else r + 1;
//   relative   slot r leads to group i + r + 1 (mod g), arriving on slot g − 2 − r (the default; García's
//              palm tree of Camarero, Vallejo and Beivide, ACM TACO 2014, with groups numbered the other way);
//   circulant  slots in pairs: slot 2x leads to group i + x + 1, slot 2x + 1 to group i − x − 1 (mod g), so
//              the ports of a router reach groups on both sides.
#include <fmt/format.h>

#include <array>
#include <nlohmann/json.hpp>

#include "gen/dragonfly_internal.hpp"
#include "gen/size_internal.hpp"
#include "topo/errors.hpp"
#include "topo/gen/description.hpp"
#include "topo/gen/registry.hpp"

namespace topo::gen {

namespace {

struct Shape {
  std::uint64_t a, p, h, g;
  GlobalArrangement arrangement;
  bool canonical() const { return a == 2 * h && g == a * h + 1; }
  std::uint64_t per_pair() const { return a * h / (g - 1); }
};

std::uint64_t optional_int(const Params& p, const std::string& key, std::uint64_t otherwise) {
  if (!has(p, key)) return otherwise;
  const auto v = get_int(p, key);
  if (v < 1 || v > 1000000) throw InputError(fmt::format("--{} must be between 1 and 1000000, got {}", key, v));
  return std::uint64_t(v);
}

Shape dragonfly_shape(const Params& p) {
  const auto h = get_int(p, "h");
  if (h < 1 || h > 1000) throw InputError(fmt::format("--h must be between 1 and 1000, got {}", h));
  Shape s{};
  s.h = std::uint64_t(h);
  s.a = optional_int(p, "a", 2 * s.h);
  s.p = optional_int(p, "p", s.h);
  s.g = optional_int(p, "g", s.a * s.h + 1);
  s.arrangement = global_arrangement(p);
  if (s.g < 2) throw InputError("--g must be at least 2: a dragonfly with one group has no global links");
  if (s.g > s.a * s.h + 1)
    throw InputError(
        fmt::format("--g {} exceeds a*h+1 = {}: the groups cannot all be joined by global links", s.g, s.a * s.h + 1));
  if ((s.a * s.h) % (s.g - 1) != 0)
    throw InputError(
        fmt::format("a*h = {} global ports per group must be a multiple of g-1 = {}, so that every "
                    "pair of groups gets as many global links",
                    s.a * s.h, s.g - 1));
  detail::Count nodes(s.a);
  nodes *= s.g;
  if (nodes.above(topo::max_nodes)) throw detail::too_many_nodes(fmt::format("--a {} --g {}: a*g =", s.a, s.g), nodes);
  return s;
}

Description describe_dragonfly(const Shape& s) {
  const std::uint64_t a = s.a, g = s.g, n = a * g;
  Description d;
  d.nodes = n;
  d.links = g * a * (a - 1) / 2 + g * a * s.h / 2;
  d.degree_min = d.degree_max = (a - 1) + s.h;  // canonical: Δ = 3h − 1
  // Minimal routing takes local, global, local hops. At the canonical sizes N exceeds the Moore bound Δ^2 + 1 of
  // diameter 2 (h ≥ 2; h = 1 is a 6-cycle), so the diameter is 3 whatever the arrangement.
  if (s.canonical())
    d.formulas["diameter"] = 3;
  else
    d.formulas["diameter_upper_bound"] = 3;
  d.formulas["routers_per_group"] = a;
  d.formulas["groups"] = g;
  d.formulas["local_links"] = g * a * (a - 1) / 2;
  d.formulas["global_links"] = g * a * s.h / 2;
  d.formulas["global_links_per_group_pair"] = s.per_pair();
  // Mean hops over distinct pairs of hierarchical minimal routing (local, global, local) through one global link
  // per pair of groups: a pair in one group is 1 hop apart, a pair in different groups 3 − 2/a on average (each
  // local hop is skipped with probability 1/a). This, with u = 1, is what Projective Networks Tables 4–5 use
  // (subscription 0.994 for h = 7, 0.996 for h = 9). Graph distances can be shorter: two global hops can join
  // routers of different groups, see topostat.
  const double ad = double(a), nd = double(n);
  d.formulas["mean_hops_minimal_routing"] = ((ad - 1) + (nd - ad) * (3 - 2 / ad)) / (nd - 1);
  d.formulas["terminals_per_router"] = s.p;   // Table 3: Δ0 = h
  d.formulas["terminals"] = s.p * n;          // canonical: T = 4h^4 + 2h^2
  d.formulas["radix"] = (a - 1) + s.h + s.p;  // R = Δ + Δ0; canonical 4h − 1
  return d;
}

Graph build_dragonfly(const Shape& s) {
  const std::uint64_t a = s.a, h = s.h, g = s.g;
  const auto d = describe_dragonfly(s);
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
    // Each global link once, from the end with the lower slot (the lower group on a tie): in the canonical relative
    // arrangement, from group i to group i + s, s = 1..(g−1)/2.
    for (std::uint64_t k = 0; k < a * h; ++k) {
      const auto far = global_far_end(s.arrangement, g, i, k);
      if (global_link_added_here(g, i, k, far)) b.add_link(id(i, k / h), id(far.first, far.second / h), global);
    }
  }
  // Copies of a link between the same two routers (m > 1) become one link with a multiplicity.
  return b.finish(Duplicates::merge);
}

/// Automorphisms: the relative and circulant arrangements depend only on the difference of the group numbers, so
/// the rotation i -> i+1 of the groups is one: router j of every group forms a class of size g. The canonical
/// relative one also has the reflection i -> −i with router j -> a−1−j (port k -> ah−1−k): classes {j, a−1−j}, each
/// of size 2g. The absolute arrangement offers none: one class per node.
NodeClasses dragonfly_classes(const Shape& s) {
  const std::uint64_t a = s.a, g = s.g, n = a * g;
  NodeClasses c;
  c.class_of.resize(n);
  if (!rotation_invariant(s.arrangement)) {
    for (std::uint64_t v = 0; v < n; ++v) {
      c.representative.push_back(node_id(v));
      c.size.push_back(1);
      c.class_of[v] = std::uint32_t(v);
    }
    return c;
  }
  const bool reflect = s.arrangement == GlobalArrangement::relative && s.canonical();
  const std::uint64_t classes = reflect ? (a + 1) / 2 : a;
  for (std::uint64_t j = 0; j < classes; ++j) {
    c.representative.push_back(node_id(j));
    c.size.push_back(reflect && j != a - 1 - j ? 2 * g : g);
  }
  for (std::uint64_t v = 0; v < n; ++v) {
    const auto r = v % a;  // router j of its group, with id group * a + j
    c.class_of[v] = static_cast<std::uint32_t>(reflect ? std::min(r, a - 1 - r) : r);
  }
  return c;
}

}  // namespace

ParamSpec global_arrangement_param() {
  return {"arrangement",
          ParamType::choice,
          "global link arrangement (default relative)",
          "",
          false,
          {global_arrangement_names.begin(), global_arrangement_names.end()}};
}

GlobalArrangement global_arrangement(const Params& p) {
  if (has(p, "arrangement")) {
    const auto name = get_text(p, "arrangement");
    for (std::size_t i = 0; i < global_arrangement_names.size(); ++i)
      if (name == global_arrangement_names[i]) return GlobalArrangement(i);
  }
  return GlobalArrangement::relative;
}

std::pair<std::uint64_t, std::uint64_t> global_far_end(GlobalArrangement arrangement, std::uint64_t g, std::uint64_t i,
                                                       std::uint64_t k) {
  const std::uint64_t slots = g - 1, c = k / slots, r = k % slots;
  std::uint64_t j = 0, back = 0;
  switch (arrangement) {
    case GlobalArrangement::absolute:
      j = r < i ? r : r + 1;
      back = i < j ? i : i - 1;
      break;
    case GlobalArrangement::relative:
      j = (i + r + 1) % g;
      back = g - 2 - r;
      break;
    case GlobalArrangement::circulant:
      if (r % 2 == 1) {  // slot 2x + 1: group i − x − 1, arriving on slot 2x
        j = (i + g - (r / 2 + 1)) % g;
        back = r - 1;
      } else if (r + 1 < slots) {  // slot 2x: group i + x + 1, arriving on slot 2x + 1
        j = (i + r / 2 + 1) % g;
        back = r + 1;
      } else {  // the last slot when g is even: group i + g/2, arriving on the same slot
        j = (i + g / 2) % g;
        back = r;
      }
      break;
  }
  return {j, c * slots + back};
}

bool global_link_added_here(std::uint64_t g, std::uint64_t i, std::uint64_t k,
                            const std::pair<std::uint64_t, std::uint64_t>& far) {
  const std::uint64_t r = k % (g - 1), r_back = far.second % (g - 1);
  return r < r_back || (r == r_back && i < far.first);
}

Family family_dragonfly() {
  return {
      .name = "dragonfly",
      .summary =
          "dragonfly: g groups of a routers (cliques), h global links per router; canonical a = 2h, "
          "g = ah+1 by default",
      .source = "Kim et al. 2008; Hastings et al. 2015; Projective Networks Tables 3-5; doc/definitions.md §3.6",
      .params = {{"h", ParamType::integer, "global links per router", "", true, {}},
                 {"a", ParamType::integer, "routers per group (default 2h)", "", false, {}},
                 {"p", ParamType::integer, "terminals per router (default h)", "", false, {}},
                 {"g", ParamType::integer, "groups, at most a*h+1, g-1 dividing a*h (default a*h+1)", "", false, {}},
                 global_arrangement_param()},
      .example = {{"h", "2"}},
      .describe = [](const Params& p) { return describe_dragonfly(dragonfly_shape(p)); },
      .build = [](const Params& p) { return build_dragonfly(dragonfly_shape(p)); },
      .symmetry = [](const Params& p) { return dragonfly_classes(dragonfly_shape(p)); },
      .routings = {"dragonfly"},
      // Every router carries p terminals (Table 3: Δ0 = h); the simulator puts them there by default.
      .terminals_per_endpoint = [](const Params& p) { return std::uint32_t(dragonfly_shape(p).p); }};
}

}  // namespace topo::gen
