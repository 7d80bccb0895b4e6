// de Bruijn graph DG(m, n) (dissertation Table 2, ref. [23]): the m^n words x1..xn over m symbols, with
// an arc from x1..xn to x2..xn a for every symbol a. Node id = the word read in base m, x1 most significant.
// The m constant words have a self-loop: dropped unless --loops (it never shortens a path), so their
// out- and in-degree is m - 1; with --loops every node has in- and out-degree exactly m.
// --undirected takes the underlying multigraph: an arc pair u->v, v->u (alternating words abab..)
// becomes one link of multiplicity 2, so every node has degree 2m counting multiplicity (minus loops).
#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "gen/size_internal.hpp"
#include "topo/errors.hpp"
#include "topo/gen/description.hpp"
#include "topo/gen/registry.hpp"

namespace topo::gen {

namespace {

struct Word {
  std::uint64_t m = 0, n = 0, nodes = 1;
};

Word de_bruijn_size(const Params& p) {
  const auto m = get_int(p, "symbols"), n = get_int(p, "length");
  if (m < 2 || m > 65536) throw InputError(fmt::format("--symbols: m must be between 2 and 65536, got {}", m));
  if (n < 1 || n > 32) throw InputError(fmt::format("--length: n must be between 1 and 32, got {}", n));
  detail::Count nodes;
  for (std::int64_t i = 0; i < n; ++i) nodes *= std::uint64_t(m);
  if (nodes.above(topo::max_nodes))
    throw detail::too_many_nodes(fmt::format("--symbols {} --length {}: m^n =", m, n), nodes);
  return {std::uint64_t(m), std::uint64_t(n), nodes.value()};
}

Graph build_de_bruijn(const Word& w, bool undirected, bool loops) {
  GraphBuilder b(w.nodes, !undirected);
  const auto shift = b.class_id("shift");
  b.set_coord_dims(static_cast<unsigned>(w.n));
  b.reserve_links(static_cast<std::size_t>(w.nodes * w.m));
  std::vector<std::int32_t> x(w.n);
  for (std::uint64_t v = 0; v < w.nodes; ++v) {
    auto rest = v;
    for (std::uint64_t i = w.n; i-- > 0;) {
      x[i] = static_cast<std::int32_t>(rest % w.m);
      rest /= w.m;
    }
    b.set_coords(static_cast<node_id>(v), x);
    const auto base = (v * w.m) % w.nodes;  // drop x1, shift left
    for (std::uint64_t a = 0; a < w.m; ++a) {
      const auto t = base + a;
      if (t == v && !loops) continue;
      LinkAttrs l;
      l.cls = shift;
      b.add_link(static_cast<node_id>(v), static_cast<node_id>(t), l);
    }
  }
  return b.finish(undirected ? Duplicates::merge : Duplicates::reject);
}

}  // namespace

Family family_debruijn() {
  return {.name = "debruijn",
          .summary = "de Bruijn graph DG(m,n): m^n words, x1..xn -> x2..xn a; directed (or --undirected)",
          .source = "de Bruijn 1946; dissertation Table 2 [23]",
          .params = {{"symbols", ParamType::integer, "alphabet size m (out-degree)", "", true, {}},
                     {"length", ParamType::integer, "word length n (m^n nodes, diameter n)", "", true, {}},
                     {"undirected", ParamType::flag, "the underlying undirected multigraph", "", false, {}},
                     {"loops", ParamType::flag, "keep the self-loops of the m constant words", "", false, {}}},
          .example = {{"symbols", "2"}, {"length", "4"}},
          .describe =
              [](const Params& p) {
                const auto w = de_bruijn_size(p);
                const bool undirected = get_flag(p, "undirected"), loops = get_flag(p, "loops");
                Description d;
                d.nodes = w.nodes;
                d.directed = !undirected;
                d.links = w.nodes * w.m - (loops ? 0 : w.m);
                // An undirected self-loop counts twice in the degree.
                if (undirected) {
                  d.degree_max = 2 * w.m;
                  d.degree_min = 2 * w.m - (loops ? 0 : 2);
                } else {
                  d.degree_max = w.m;
                  d.degree_min = loops ? w.m : w.m - 1;
                }
                d.formulas["diameter"] = w.n;
                return d;
              },
          .build =
              [](const Params& p) {
                return build_de_bruijn(de_bruijn_size(p), get_flag(p, "undirected"), get_flag(p, "loops"));
              }};
}

}  // namespace topo::gen
