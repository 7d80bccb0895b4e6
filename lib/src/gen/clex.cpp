// CLEX, the clique expander C(1/L, L) with k = n^(1/L) (doc/definitions.md §3.4, CLEX §II-B, Definition 2.3).
//
// Node (v1,…,vL), vi ∈ [0,k), has id v1 + v2·k + … + vL·k^(L−1): mixed radix, v1 fastest, so a
// level-1 clique is k consecutive ids and a copy of C(s,l) is k^l consecutive ids.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <nlohmann/json.hpp>
#include <unordered_map>

#include "gen/size_internal.hpp"
#include "topo/errors.hpp"
#include "topo/gen/description.hpp"
#include "topo/gen/families.hpp"
#include "topo/gen/registry.hpp"

namespace topo::gen {

namespace {

struct ClexShape {
  std::uint64_t k = 0;
  unsigned levels = 0;
  bool swap = false;
  std::uint64_t nodes = 0;
};

ClexShape clex_shape(const Params& p) {
  const auto k = get_int(p, "clique");
  const auto l = get_int(p, "levels");
  if (k < 2) throw InputError(fmt::format("--clique: the clique size k must be at least 2, got {}", k));
  if (l < 1) throw InputError(fmt::format("--levels: the number of levels L must be at least 1, got {}", l));
  if (l > 32) throw InputError(fmt::format("--levels: at most 32 levels, got {}", l));
  ClexShape s;
  s.k = std::uint64_t(k);
  s.levels = static_cast<unsigned>(l);
  s.swap = get_text(p, "links") == "swap";
  detail::Count nodes;
  for (unsigned i = 0; i < s.levels; ++i) nodes *= s.k;
  if (nodes.above(topo::max_nodes))
    throw detail::too_many_nodes(fmt::format("--clique {} --levels {}: k^L =", k, l), nodes);
  s.nodes = nodes.value();
  // Link ids are 32-bit: refuse before any allocation (estimated in floating point to avoid overflow).
  const long double n = static_cast<long double>(s.nodes), kk = static_cast<long double>(s.k),
                    ll = static_cast<long double>(s.levels);
  const long double links = s.swap ? n * (kk - 1) / 2 + (ll - 1) * (n + n / kk) / 2 : n * (kk * ll - 1);
  if (links >= static_cast<long double>(std::numeric_limits<link_id>::max()))
    throw InputError(fmt::format("--clique {} --levels {}: {:.0f} links exceed the limit of 2^32 (32-bit link ids)", k,
                                 l, static_cast<double>(links)));
  return s;
}

/// Grid a×b×c of the smallest a+b+c (ties: fewest cells) with a·b·c ≥ k: k cells in a near-cube.
std::array<std::uint64_t, 3> cube_grid(std::uint64_t k) {
  std::array<std::uint64_t, 3> best{k, 1, 1};
  for (std::uint64_t c = 1; c * c * c <= k; ++c)
    for (std::uint64_t b = c; b * b * c <= k + b * c; ++b) {
      const std::uint64_t a = std::max(b, (k + b * c - 1) / (b * c));
      const auto sum = a + b + c, best_sum = best[0] + best[1] + best[2];
      if (sum < best_sum || (sum == best_sum && a * b * c < best[0] * best[1] * best[2])) best = {a, b, c};
    }
  return best;
}

Description describe_clex(const ClexShape& s) {
  Description d;
  d.nodes = s.nodes;
  const std::uint64_t n = s.nodes, k = s.k, L = s.levels;
  // Nodes whose l-th and (l+1)-th digits are equal have a self-loop on level l+1 (j = v_l): n/k per level.
  const std::uint64_t loops = (L - 1) * (n / k);
  if (!s.swap) {
    d.directed = true;
    d.links = n * (k * L - 1);
    d.degree_min = d.degree_max = k * L - 1;  // CLEX §II-B: n^s/s − 1
  } else {
    // Clique links once each; per upper level the swap matching has (n − n/k)/2 links and n/k loops.
    d.links = n * (k - 1) / 2 + (L - 1) * (n + n / k) / 2;
    d.degree_min = k + L - 2;
    d.degree_max = k - 1 + 2 * (L - 1);        // a self-loop has two ends (undirected convention)
    d.formulas["ports_per_node"] = k + L - 2;  // CLEX §II-B: n^s + 1/s − 2
  }
  d.formulas["self_loops"] = loops;
  d.formulas["diameter_upper_bound"] = (std::uint64_t{1} << L) - 1;  // CLEX §II-B: D(C(s,l+1)) ≤ 2D(C(s,l)) + 1
  d.formulas["node_id"] = "v1 + v2*k + ... + vL*k^(L-1) (v1 fastest)";
  return d;
}

/// Node classes under the value permutations σ ∈ S_k applied to every digit at once: σ maps the clique on
/// v1 to a clique and (…, v_l, i, …) → (…, j, v_l, …) to (…, σj, σv_l, …), so it is an automorphism of
/// both variants. A class is the pattern of equal digits (a restricted growth string); its
/// representative is the node whose digits are that string, its size k!/(k−m)! for m distinct values.
NodeClasses clex_classes(std::uint64_t k, unsigned levels) {
  NodeClasses nc;
  auto walk = [&](auto&& self, unsigned pos, std::uint64_t distinct, std::uint64_t id, std::uint64_t weight,
                  std::uint64_t place) -> void {
    if (pos == levels) {
      nc.representative.push_back(static_cast<node_id>(id));
      nc.size.push_back(weight);
      return;
    }
    for (std::uint64_t v = 0; v <= distinct && v < k; ++v) {
      // A new value (v == distinct) can be any of the k − distinct unused ones.
      const std::uint64_t w = v == distinct ? weight * (k - distinct) : weight;
      self(self, pos + 1, v == distinct ? distinct + 1 : distinct, id + v * place, w, place * k);
    }
  };
  walk(walk, 0, 0, 0, 1, 1);
  // A node's class is that of its digits renamed in order of first appearance (v1 first).
  std::unordered_map<node_id, std::uint32_t> index;
  for (std::size_t i = 0; i < nc.representative.size(); ++i)
    index.emplace(nc.representative[i], static_cast<std::uint32_t>(i));
  std::uint64_t n = 1;
  for (unsigned i = 0; i < levels; ++i) n *= k;
  nc.class_of.resize(n);
  std::vector<std::uint64_t> rename(k);
  for (std::uint64_t v = 0; v < n; ++v) {
    std::fill(rename.begin(), rename.end(), k);
    std::uint64_t rest = v, canon = 0, place = 1, next = 0;
    for (unsigned pos = 0; pos < levels; ++pos, place *= k, rest /= k) {
      auto& r = rename[rest % k];
      if (r == k) r = next++;
      canon += r * place;
    }
    nc.class_of[v] = index.at(static_cast<node_id>(canon));
  }
  return nc;
}

}  // namespace

Graph make_clex(std::uint64_t k, unsigned levels, bool swap) {
  std::uint64_t n = 1;
  for (unsigned i = 0; i < levels; ++i) n *= k;
  GraphBuilder b(n, !swap);
  const auto c_clique = b.class_id("clique");
  const auto c_expander = b.class_id(swap ? "swap" : "expander");
  const auto c_redundant = b.class_id("redundant");
  std::vector<std::uint64_t> pw(levels + 1, 1);  // pw[i] = k^i
  for (unsigned i = 1; i <= levels; ++i) pw[i] = pw[i - 1] * k;

  // Positions: level-1 cliques fill an a×b×c grid of unit cells; level l arranges k boxes of level
  // l−1 in the same grid with its axes rotated by l−1, so the boxes stay near-cubes as they nest.
  const auto grid = cube_grid(k);
  std::vector<std::array<double, 3>> cell(k);  // offset of digit value v within a grid (unrotated)
  for (std::uint64_t v = 0; v < k; ++v) {
    const std::uint64_t x = v % grid[0], y = v / grid[0] % grid[1], z = v / (grid[0] * grid[1]);
    cell[v] = {double(x), double(y), double(z)};
  }
  std::vector<std::array<double, 3>> box(levels + 1);  // extent of a level-l box, box[0] = one node
  box[0] = {1, 1, 1};
  for (unsigned l = 1; l <= levels; ++l)
    for (unsigned a = 0; a < 3; ++a) box[l][a] = box[l - 1][a] * double(grid[(a + 3 - (l - 1) % 3) % 3]);

  b.set_coord_dims(levels);
  b.set_pos_dims(3);
  const std::uint64_t degree = swap ? 0 : k * levels - 1;
  b.reserve_links(static_cast<std::size_t>(swap ? describe_clex({k, levels, true, n}).links : n * degree));
  std::vector<std::int32_t> digit(levels, 0);
  // Links are added per source in (target, class, level) order so that finish() needs no sort.
  struct Out {
    std::uint64_t target;
    std::uint16_t cls;
    std::uint8_t level;
    bool operator<(const Out& o) const {
      return target != o.target ? target < o.target : cls != o.cls ? cls < o.cls : level < o.level;
    }
  };
  std::vector<Out> out;
  out.reserve(static_cast<std::size_t>(k * levels));
  for (std::uint64_t v = 0; v < n; ++v) {
    out.clear();
    // Level 1: the clique of nodes that differ only in v1 (no self-loop).
    const std::uint64_t base1 = v - std::uint64_t(digit[0]);
    for (std::uint64_t j = 0; j < k; ++j)
      if (j != std::uint64_t(digit[0])) out.push_back({base1 + j, c_clique, 1});
    // Level l+1 (CLEX Definition 2.3, E_{i,l+1}): (v1,…,v_l, i, rest) → (v1,…,v_{l−1}, j, v_l, rest).
    for (unsigned l = 1; l < levels; ++l) {
      const auto vl = std::uint64_t(digit[l - 1]), i = std::uint64_t(digit[l]);
      const std::uint64_t rest = v - vl * pw[l - 1] - i * pw[l];
      const auto level = static_cast<std::uint8_t>(l + 1);
      const auto cls = vl == i ? c_redundant : c_expander;  // a gateway to its own copy
      if (!swap) {
        for (std::uint64_t j = 0; j < k; ++j) out.push_back({rest + j * pw[l - 1] + vl * pw[l], cls, level});
      } else {
        // The k links become one of capacity k to (v1,…,v_{l−1}, i, v_l, rest): the two digits swapped.
        const std::uint64_t w = rest + i * pw[l - 1] + vl * pw[l];
        if (w >= v) out.push_back({w, cls, level});
      }
    }
    if (swap) {
      // Undirected: each link once, from its smaller end; the clique link to a smaller id was added there.
      std::erase_if(out, [v](const Out& o) { return o.target < v; });
    }
    std::sort(out.begin(), out.end());
    for (const auto& o : out) {
      LinkAttrs a;
      a.cls = o.cls;
      a.level = o.level;
      if (swap) a.capacity = o.level > 1 ? static_cast<std::uint32_t>(k) : 1;  // relative to a clique link
      b.add_link(static_cast<node_id>(v), static_cast<node_id>(o.target), a);
    }
    std::array<double, 3> p{0, 0, 0};
    for (unsigned l = 0; l < levels; ++l) {
      const auto& c = cell[std::size_t(digit[l])];
      for (unsigned a = 0; a < 3; ++a) p[a] += c[(a + 3 - l % 3) % 3] * box[l][a];
    }
    b.set_coords(static_cast<node_id>(v), digit);
    b.set_pos(static_cast<node_id>(v), p);
    b.set_label(static_cast<node_id>(v), fmt::format("({})", fmt::join(digit, ",")));
    for (unsigned l = 0; l < levels; ++l) {  // next label, v1 fastest
      if (std::uint64_t(++digit[l]) < k) break;
      digit[l] = 0;
    }
  }
  return b.finish(Duplicates::reject);
}

Family family_clex() {
  return {
      .name = "clex",
      .summary = "CLEX clique expander C(1/L, L): k^L nodes, a k-clique on level 1, k expander links per upper level",
      .source = "CLEX §II-B (Definition 2.3)",
      .params = {{"clique", ParamType::integer, "clique size k = n^s (nodes per level-1 clique)", "", true, {}},
                 {"levels", ParamType::integer, "number of levels L = 1/s (k^L nodes)", "", true, {}},
                 {"links",
                  ParamType::choice,
                  "full: k directed links per upper level; swap: one undirected link of capacity k per upper level",
                  "full",
                  false,
                  {"full", "swap"}}},
      .example = {{"clique", "3"}, {"levels", "2"}},
      .describe = [](const Params& p) { return describe_clex(clex_shape(p)); },
      .build =
          [](const Params& p) {
            const auto s = clex_shape(p);
            return make_clex(s.k, s.levels, s.swap);
          },
      .symmetry =
          [](const Params& p) {
            const auto s = clex_shape(p);
            return clex_classes(s.k, s.levels);
          },
      .routings = {"clex"}};
}

}  // namespace topo::gen
