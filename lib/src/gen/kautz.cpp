// Kautz graph K(d, n), de Bruijn's near relative (doc/definitions.md §3.1): the (d+1)*d^(n-1) words x1..xn over d+1
// symbols with no two equal neighbours, and an arc x1..xn -> x2..xn a for every a != xn. Out- and
// in-degree d, no self-loops, diameter n. Node id: x1 * d^(n-1) + the later symbols, each written as
// its rank (0..d-1) among the d symbols that differ from its predecessor, most significant first.
#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "gen/size_internal.hpp"
#include "topo/errors.hpp"
#include "topo/gen/description.hpp"
#include "topo/gen/registry.hpp"

namespace topo::gen {

namespace {

struct Kautz {
  std::uint64_t d = 0, n = 0, nodes = 0;
};

Kautz kautz_size(const Params& p) {
  const auto d = get_int(p, "degree"), n = get_int(p, "length");
  if (d < 2 || d > 65535) throw InputError(fmt::format("--degree: d must be between 2 and 65535, got {}", d));
  if (n < 1 || n > 32) throw InputError(fmt::format("--length: n must be between 1 and 32, got {}", n));
  detail::Count nodes(std::uint64_t(d) + 1);
  for (std::int64_t i = 1; i < n; ++i) nodes *= std::uint64_t(d);
  if (nodes.above(topo::max_nodes))
    throw detail::too_many_nodes(fmt::format("--degree {} --length {}: (d+1)*d^(n-1) =", d, n), nodes);
  return {std::uint64_t(d), std::uint64_t(n), nodes.value()};
}

Graph build_kautz(const Kautz& k, bool undirected) {
  GraphBuilder b(k.nodes, !undirected);
  const auto shift = b.class_id("shift");
  b.set_coord_dims(static_cast<unsigned>(k.n));
  b.reserve_links(static_cast<std::size_t>(k.nodes * k.d));
  std::vector<std::int32_t> x(k.n);
  auto encode = [&](const std::vector<std::int32_t>& w) {
    std::uint64_t id = std::uint64_t(w[0]);
    for (std::size_t i = 1; i < w.size(); ++i) {
      const auto rank = w[i] < w[i - 1] ? w[i] : w[i] - 1;
      id = id * k.d + std::uint64_t(rank);
    }
    return static_cast<node_id>(id);
  };
  std::vector<std::int32_t> y(k.n);
  for (std::uint64_t v = 0; v < k.nodes; ++v) {
    // Decode: ranks from the least significant end, then symbols from the first.
    std::vector<std::uint64_t> rank(k.n);
    auto rest = v;
    for (std::uint64_t i = k.n; i-- > 1;) {
      rank[i] = rest % k.d;
      rest /= k.d;
    }
    x[0] = static_cast<std::int32_t>(rest);
    for (std::size_t i = 1; i < k.n; ++i)
      x[i] = static_cast<std::int32_t>(rank[i] < std::uint64_t(x[i - 1]) ? rank[i] : rank[i] + 1);
    b.set_coords(static_cast<node_id>(v), x);
    for (std::size_t i = 0; i + 1 < k.n; ++i) y[i] = x[i + 1];
    for (std::uint64_t a = 0; a <= k.d; ++a) {
      if (static_cast<std::int32_t>(a) == x[k.n - 1]) continue;
      y[k.n - 1] = static_cast<std::int32_t>(a);
      LinkAttrs l;
      l.cls = shift;
      b.add_link(static_cast<node_id>(v), encode(y), l);
    }
  }
  return b.finish(undirected ? Duplicates::merge : Duplicates::reject);
}

}  // namespace

Family family_kautz() {
  return {.name = "kautz",
          .summary = "Kautz graph K(d,n): (d+1)d^(n-1) words without repeated neighbours, out-degree d",
          .source = "Kautz 1968; a near relative of the de Bruijn graph of dissertation Table 2",
          .params = {{"degree", ParamType::integer, "out-degree d (alphabet of d+1 symbols)", "", true, {}},
                     {"length", ParamType::integer, "word length n (diameter n)", "", true, {}},
                     {"undirected", ParamType::flag, "the underlying undirected multigraph", "", false, {}}},
          .example = {{"degree", "2"}, {"length", "3"}},
          .describe =
              [](const Params& p) {
                const auto k = kautz_size(p);
                const bool undirected = get_flag(p, "undirected");
                Description d;
                d.nodes = k.nodes;
                d.directed = !undirected;
                d.links = k.nodes * k.d;
                d.degree_min = d.degree_max = undirected ? 2 * k.d : k.d;
                d.formulas["diameter"] = k.n;
                return d;
              },
          .build = [](const Params& p) { return build_kautz(kautz_size(p), get_flag(p, "undirected")); }};
}

}  // namespace topo::gen
