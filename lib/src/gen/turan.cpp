// Turán graph T(n,r): the complete r-partite graph on n nodes with parts of sizes ⌊n/r⌋ and ⌈n/r⌉
// (Projective Networks §4.1).
#include <fmt/format.h>

#include <array>
#include <nlohmann/json.hpp>
#include <vector>

#include "topo/errors.hpp"
#include "topo/gen/description.hpp"
#include "topo/gen/families.hpp"
#include "topo/gen/registry.hpp"

namespace topo::gen {

Graph make_complete_multipartite(const std::vector<std::uint64_t>& parts, const std::string& link_class) {
  std::uint64_t n = 0;
  for (auto s : parts) n += s;
  GraphBuilder b(n, false);
  LinkAttrs a;
  a.cls = b.class_id(link_class);
  b.set_coord_dims(2);
  std::vector<std::uint64_t> first;  // first node of each part
  for (std::uint64_t i = 0, v = 0; i < parts.size(); v += parts[i], ++i) first.push_back(v);
  for (std::uint64_t i = 0; i < parts.size(); ++i)
    for (std::uint64_t k = 0; k < parts[i]; ++k) {
      const auto u = node_id(first[i] + k);
      const std::array<std::int32_t, 2> c{std::int32_t(i), std::int32_t(k)};
      b.set_coords(u, c);
      for (auto v = first[i] + parts[i]; v < n; ++v) b.add_link(u, node_id(v), a);  // every later part
    }
  return b.finish(Duplicates::reject);
}

namespace {

std::vector<std::uint64_t> turan_parts(const Params& p) {
  const auto n = get_int(p, "n"), r = get_int(p, "r");
  if (n < 2 || n > 1'000'000) throw InputError(fmt::format("--n must be between 2 and 1000000, got {}", n));
  if (r < 2 || r > n) throw InputError(fmt::format("--r must be between 2 and n = {}, got {}", n, r));
  // The first n mod r parts have ⌈n/r⌉ nodes, the others ⌊n/r⌋.
  std::vector<std::uint64_t> parts(std::size_t(r), std::uint64_t(n / r));
  for (std::int64_t i = 0; i < n % r; ++i) ++parts[std::size_t(i)];
  return parts;
}

Description describe_multipartite(const std::vector<std::uint64_t>& parts) {
  Description d;
  std::uint64_t n = 0, sq = 0, pairs_in_parts = 0;
  for (auto s : parts) n += s, sq += s * s, pairs_in_parts += s * (s - 1);
  d.nodes = n;
  d.links = (n * n - sq) / 2;
  d.degree_min = n - parts.front();  // parts are in non-increasing order
  d.degree_max = n - parts.back();
  d.formulas["diameter"] = parts.front() > 1 ? 2 : 1;
  // From a node in a part of size s: n − s at distance 1 and s − 1 at distance 2.
  d.formulas["mean_distance_distinct"] = 1 + double(pairs_in_parts) / (double(n) * double(n - 1));
  return d;
}

// Automorphisms permute the nodes of a part and the parts of equal size: one class per part size.
NodeClasses multipartite_classes(const std::vector<std::uint64_t>& parts) {
  NodeClasses c;
  std::uint64_t v = 0;
  for (std::size_t i = 0; i < parts.size(); v += parts[i], ++i) {
    if (i > 0 && parts[i] == parts[i - 1]) {
      c.size.back() += parts[i];
    } else {
      c.representative.push_back(node_id(v));
      c.size.push_back(parts[i]);
    }
    c.class_of.insert(c.class_of.end(), parts[i], static_cast<std::uint32_t>(c.representative.size() - 1));
  }
  return c;
}

std::vector<std::uint64_t> bipartite_parts(const Params& p) {
  const auto n = get_int(p, "n");
  if (n < 1 || n > 500'000) throw InputError(fmt::format("--n must be between 1 and 500000, got {}", n));
  return {std::uint64_t(n), std::uint64_t(n)};
}

}  // namespace

Family family_turan() {
  return {.name = "turan",
          .summary = "Turán graph T(n,r): complete r-partite graph on n nodes with balanced parts",
          .source = "Projective Networks §4.1",
          .params = {{"n", ParamType::integer, "number of nodes", "", true, {}},
                     {"r", ParamType::integer, "number of parts", "", true, {}}},
          .example = {{"n", "8"}, {"r", "3"}},
          .describe = [](const Params& p) { return describe_multipartite(turan_parts(p)); },
          .build = [](const Params& p) { return make_complete_multipartite(turan_parts(p), "turan"); },
          .symmetry = [](const Params& p) { return multipartite_classes(turan_parts(p)); }};
}

Family family_bipartite() {
  return {.name = "bipartite",
          .summary = "complete bipartite graph K_{n,n}",
          .source = "Projective Networks §4.1, Tables 2-3",
          .params = {{"n", ParamType::integer, "nodes on each side", "", true, {}}},
          .example = {{"n", "4"}},
          .describe = [](const Params& p) { return describe_multipartite(bipartite_parts(p)); },
          .build = [](const Params& p) { return make_complete_multipartite(bipartite_parts(p), "bipartite"); },
          .symmetry =
              [](const Params& p) {
                return NodeClasses{{0}, {2 * bipartite_parts(p)[0]}};
              }};
}

}  // namespace topo::gen
