// Xpander (Valadarsky, Shahaf, Dinitz and Schapira, CoNEXT 2016): a random L-lift of the complete graph K_{d+1}.
// Every vertex u of K_{d+1} becomes L routers (u, 0..L−1), and every edge uv a random perfect matching between
// them: (u, i) ~ (v, π_uv(i)) for a uniformly random permutation π_uv. The result is d-regular and simple (a
// matching per pair of fibers) on N = (d+1)L routers; the paper chooses among lifts by their spectral gap, which
// this family leaves to the user: it draws once, and again only while the lift is disconnected.
//
// Router (u, i) is node uL + i with coordinates (u, i). The permutations are drawn for u < v in increasing order
// of (u, v), each by topo::Rng::shuffle (topo/rng.hpp) from --seed, so a seed gives the same graph everywhere.
#include <fmt/format.h>

#include <array>
#include <nlohmann/json.hpp>
#include <numeric>

#include "gen/size_internal.hpp"
#include "topo/errors.hpp"
#include "topo/gen/description.hpp"
#include "topo/gen/registry.hpp"
#include "topo/rng.hpp"

namespace topo::gen {

namespace {

struct Shape {
  std::uint64_t d, lift, seed;
};

Shape xpander_shape(const Params& p) {
  const auto d = get_int(p, "degree"), lift = get_int(p, "lift"), seed = get_int(p, "seed");
  if (d < 2 || d > 100000) throw InputError(fmt::format("--degree must be between 2 and 100000, got {}", d));
  if (lift < 1 || lift > std::int64_t(topo::max_nodes))
    throw InputError(fmt::format("--lift must be between 1 and {}, got {}", topo::max_nodes, lift));
  if (seed < 0) throw InputError(fmt::format("--seed must be non-negative, got {}", seed));
  detail::Count n(std::uint64_t(d) + 1);
  n *= std::uint64_t(lift);
  if (n.above(topo::max_nodes))
    throw detail::too_many_nodes(fmt::format("--degree {} --lift {}: (d+1)L =", d, lift), n);
  return {std::uint64_t(d), std::uint64_t(lift), std::uint64_t(seed)};
}

Description describe_xpander(const Shape& s) {
  Description d;
  d.nodes = (s.d + 1) * s.lift;
  d.links = d.nodes * s.d / 2;
  d.degree_min = d.degree_max = s.d;
  d.formulas["base_nodes"] = s.d + 1;
  d.formulas["lift"] = s.lift;
  if (s.lift == 1) d.formulas["diameter"] = 1;  // K_{d+1} itself
  return d;
}

/// Whether the lift with these permutations (perm[e], edges e of K_{d+1} with u < v in order) is connected.
bool connected(const Shape& s, const std::vector<std::vector<std::uint32_t>>& perm) {
  const std::uint64_t n = (s.d + 1) * s.lift;
  std::vector<std::vector<std::pair<std::uint64_t, std::size_t>>> at(s.d + 1);  // fiber -> (other fiber, edge)
  std::size_t e = 0;
  for (std::uint64_t u = 0; u <= s.d; ++u)
    for (std::uint64_t v = u + 1; v <= s.d; ++v, ++e) at[u].push_back({v, e}), at[v].push_back({u, e});
  // Inverse permutations for walking a matching from its far side.
  std::vector<std::vector<std::uint32_t>> inv(perm.size(), std::vector<std::uint32_t>(s.lift));
  for (std::size_t k = 0; k < perm.size(); ++k)
    for (std::uint32_t i = 0; i < s.lift; ++i) inv[k][perm[k][i]] = i;
  std::vector<char> seen(n, 0);
  std::vector<std::uint64_t> stack{0};
  seen[0] = 1;
  std::uint64_t reached = 1;
  while (!stack.empty()) {
    const std::uint64_t x = stack.back(), u = x / s.lift, i = x % s.lift;
    stack.pop_back();
    for (const auto& [v, k] : at[u]) {
      const std::uint64_t j = u < v ? perm[k][i] : inv[k][i], y = v * s.lift + j;
      if (!seen[y]) seen[y] = 1, ++reached, stack.push_back(y);
    }
  }
  return reached == n;
}

Graph build_xpander(const Shape& s) {
  const auto d = describe_xpander(s);
  Rng rng(s.seed);
  std::vector<std::vector<std::uint32_t>> perm(s.d * (s.d + 1) / 2, std::vector<std::uint32_t>(s.lift));
  do {
    for (auto& p : perm) {
      std::iota(p.begin(), p.end(), 0u);
      rng.shuffle(p.data(), p.size());
    }
  } while (!connected(s, perm));
  GraphBuilder b(d.nodes, false);
  LinkAttrs a;
  a.cls = b.class_id("lift");
  b.reserve_links(std::size_t(d.links));
  b.set_coord_dims(2);
  for (std::uint64_t u = 0; u <= s.d; ++u)
    for (std::uint64_t i = 0; i < s.lift; ++i) {
      const std::array<std::int32_t, 2> c{std::int32_t(u), std::int32_t(i)};
      b.set_coords(node_id(u * s.lift + i), c);
    }
  std::size_t e = 0;
  for (std::uint64_t u = 0; u <= s.d; ++u)
    for (std::uint64_t v = u + 1; v <= s.d; ++v, ++e)
      for (std::uint64_t i = 0; i < s.lift; ++i)
        b.add_link(node_id(u * s.lift + i), node_id(v * s.lift + perm[e][i]), a);
  return b.finish(Duplicates::reject);
}

}  // namespace

Family family_xpander() {
  return {.name = "xpander",
          .summary = "Xpander: a random L-lift of K_{d+1}, d-regular on (d+1)L nodes, reproducible from --seed",
          .source = "Valadarsky, Shahaf, Dinitz and Schapira, CoNEXT 2016",
          .params = {{"degree", ParamType::integer, "degree d: the lift of K_{d+1}", "", true, {}},
                     {"lift", ParamType::integer, "lift L: copies of each vertex of K_{d+1}", "", true, {}},
                     {"seed", ParamType::integer, "random seed", "1", false, {}}},
          .example = {{"degree", "4"}, {"lift", "6"}, {"seed", "1"}},
          .describe = [](const Params& p) { return describe_xpander(xpander_shape(p)); },
          .build = [](const Params& p) { return build_xpander(xpander_shape(p)); }};
}

}  // namespace topo::gen
