// k-ary n-tree (Petrini & Vanneschi 1997), the usual fat tree and the indirect reference network of
// doc/definitions.md §3.1. Terminals p = p_0..p_{n-1} (k^n of them) and n levels of k^(n-1) switches <w, l>,
// w = w_0..w_{n-2}, level l = 0 (roots) .. n-1 (leaves). <w, l> ~ <w', l+1> iff w_i = w'_i for every
// i != l; terminal p hangs off leaf <p_0..p_{n-2}, n-1>. Node ids: terminals first (p read in base k,
// p_0 most significant), then the switches level by level from the roots, w read the same way.
#include <fmt/format.h>

#include <nlohmann/json.hpp>
#include <numeric>

#include "gen/size_internal.hpp"
#include "topo/errors.hpp"
#include "topo/gen/description.hpp"
#include "topo/gen/registry.hpp"

namespace topo::gen {

namespace {

struct Tree {
  std::uint64_t k = 0, n = 0, terminals = 1, per_level = 1, nodes = 0;
};

Tree tree_size(const Params& p) {
  const auto k = get_int(p, "arity"), n = get_int(p, "levels");
  if (k < 2 || k > 65536) throw InputError(fmt::format("--arity: k must be between 2 and 65536, got {}", k));
  if (n < 1 || n > 32) throw InputError(fmt::format("--levels: n must be between 1 and 32, got {}", n));
  // k^n terminals and n levels of k^(n-1) switches: k^(n-1) * (k+n) nodes.
  detail::Count nodes(std::uint64_t(k + n));
  for (std::int64_t i = 1; i < n; ++i) nodes *= std::uint64_t(k);
  if (nodes.above(topo::max_nodes))
    throw detail::too_many_nodes(fmt::format("--arity {} --levels {}: k^n + n*k^(n-1) =", k, n), nodes);
  Tree t{std::uint64_t(k), std::uint64_t(n), 1, 1, nodes.value()};
  t.per_level = t.nodes / (t.k + t.n);
  t.terminals = t.per_level * t.k;
  return t;
}

std::string digits(std::uint64_t v, std::uint64_t k, std::uint64_t count) {
  std::string s;
  std::vector<std::uint64_t> d(count);
  for (std::uint64_t i = count; i-- > 0;) {
    d[i] = v % k;
    v /= k;
  }
  for (std::uint64_t i = 0; i < count; ++i) s += fmt::format("{}{}", i ? "," : "", d[i]);
  return s;
}

Graph build_tree(const Tree& t) {
  GraphBuilder b(t.nodes, false);
  const auto up = b.class_id("tree"), term = b.class_id("terminal");
  b.reserve_links(static_cast<std::size_t>(t.terminals * t.n));
  auto sw = [&](std::uint64_t level, std::uint64_t w) {
    return static_cast<node_id>(t.terminals + level * t.per_level + w);
  };
  for (std::uint64_t p = 0; p < t.terminals; ++p) {
    b.set_label(static_cast<node_id>(p), fmt::format("t({})", digits(p, t.k, t.n)));
    LinkAttrs a;
    a.cls = term;
    a.level = static_cast<std::uint8_t>(t.n);
    b.add_link(static_cast<node_id>(p), sw(t.n - 1, p / t.k), a);
  }
  // Digit i of w (i = 0 most significant of n-1 digits) has weight k^(n-2-i).
  std::vector<std::uint64_t> weight(t.n, 1);
  for (std::uint64_t i = t.n - 1; i-- > 0;) weight[i] = i + 2 < t.n ? weight[i + 1] * t.k : 1;
  for (std::uint64_t l = 0; l < t.n; ++l) {
    for (std::uint64_t w = 0; w < t.per_level; ++w) {
      b.set_label(sw(l, w), fmt::format("s{}({})", l, digits(w, t.k, t.n - 1)));
      if (l + 1 == t.n) continue;
      // Children of <w, l> at level l+1: every value of digit l.
      const auto digit = (w / weight[l]) % t.k, base = w - digit * weight[l];
      for (std::uint64_t c = 0; c < t.k; ++c) {
        LinkAttrs a;
        a.cls = up;
        a.level = static_cast<std::uint8_t>(l + 1);
        b.add_link(sw(l, w), sw(l + 1, base + c * weight[l]), a);
      }
    }
  }
  b.meta.endpoints.resize(t.terminals);  // traffic flows between the terminals only
  std::iota(b.meta.endpoints.begin(), b.meta.endpoints.end(), node_id{0});
  return b.finish(Duplicates::reject);
}

}  // namespace

Family family_fattree() {
  return {.name = "fattree",
          .summary = "k-ary n-tree fat tree: k^n terminals, n levels of k^(n-1) switches (indirect network)",
          .source = "Petrini & Vanneschi 1997; the indirect reference network of doc/definitions.md §3.1",
          .params = {{"arity", ParamType::integer, "k: switch half-radix (k down, k up)", "", true, {}},
                     {"levels", ParamType::integer, "n: switch levels (k^n terminals)", "", true, {}}},
          .example = {{"arity", "2"}, {"levels", "3"}},
          .describe =
              [](const Params& p) {
                const auto t = tree_size(p);
                Description d;
                d.nodes = t.nodes;
                d.links = t.terminals * t.n;
                d.degree_min = 1;
                d.degree_max = t.n > 1 ? 2 * t.k : t.k;
                d.formulas["terminals"] = t.terminals;
                d.formulas["switches"] = t.n * t.per_level;
                d.formulas["terminal_diameter"] = 2 * t.n;
                return d;
              },
          .build = [](const Params& p) { return build_tree(tree_size(p)); },
          // Digit permutations act transitively on the terminals and on each switch level.
          .symmetry =
              [](const Params& p) {
                const auto t = tree_size(p);
                NodeClasses c{{0}, {t.terminals}};
                for (std::uint64_t l = 0; l < t.n; ++l) {
                  c.representative.push_back(static_cast<node_id>(t.terminals + l * t.per_level));
                  c.size.push_back(t.per_level);
                }
                // Terminals first, then the switches level by level.
                c.class_of.resize(t.terminals + t.n * t.per_level);
                for (std::uint64_t v = t.terminals; v < c.class_of.size(); ++v)
                  c.class_of[v] = static_cast<std::uint32_t>(1 + (v - t.terminals) / t.per_level);
                return c;
              },
          // The terminals are nodes (degree 1): one each.
          .terminals_per_endpoint = [](const Params&) { return std::uint32_t{1}; }};
}

}  // namespace topo::gen
