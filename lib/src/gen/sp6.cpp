// The Sp(6) root-lattice network of the dissertation §3.3.1 ("Lie algebraic networks"), Pseudocodes 1-4:
// node coordinates are the weight vectors produced by GENERATEVECTORS/WEIGHTVECTORS (1446 vectors, 236
// after removing duplicates), and u ~ v iff v - u is one of the 9 listed root vectors or its negative.
// The vertex address function f of Pseudocode 3 is not used: node ids follow the sorted coordinates
// (f's last term reads sign(x) where sign(z) must be meant, so f would merge distinct vectors).
#include <algorithm>
#include <array>
#include <map>
#include <nlohmann/json.hpp>

#include "topo/errors.hpp"
#include "topo/gen/description.hpp"
#include "topo/gen/registry.hpp"

namespace topo::gen {

namespace {

using Vec = std::array<std::int32_t, 3>;

// Pseudocodes 1 and 2, loops as printed ("for a <- x to y" is empty when x > y).
std::vector<Vec> sp6_vectors(std::uint64_t* with_duplicates) {
  const int d13 = 4, d23 = 2, d33 = 1;
  std::vector<Vec> out;
  std::uint64_t count = 0;
  for (int g13 = d23; g13 <= d13; ++g13)
    for (int g23 = d33; g23 <= d23; ++g23)
      for (int d12 = g23; d12 <= g13; ++d12) {
        const int xi1 = g13 + 2 * g23 - d13 - d23 - d33;
        for (int d22 = xi1; d22 <= g23; ++d22)
          for (int g12 = d22; g12 <= d12; ++g12) {
            const int xi2 = g12 - d22;
            for (int d11 = xi2; d11 <= g12; ++d11) {  // WEIGHTVECTORS
              const int j1 = d11, j2 = d12 + d22 + d11 - 2 * g12;
              const int j3 = d13 + d23 + d33 + d12 + d22 - 2 * g13 - 2 * g23;
              for (int m1 = -j1; m1 <= j1; m1 += 2)
                for (int m2 = -j2; m2 <= j2; m2 += 2)
                  for (int m3 = -j3; m3 <= j3; m3 += 2) {
                    out.push_back({m1, m2, m3});
                    ++count;
                  }
            }
          }
      }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  if (with_duplicates) *with_duplicates = count;
  return out;
}

// Pseudocode 4.
constexpr std::array<Vec, 9> roots = {
    {{2, 0, 0}, {0, 2, 0}, {0, 0, 2}, {1, 1, 0}, {1, -1, 0}, {1, 0, 1}, {1, 0, -1}, {0, 1, 1}, {0, 1, -1}}};

Graph build_sp6() {
  const auto vs = sp6_vectors(nullptr);
  std::map<Vec, node_id> id;
  for (std::size_t i = 0; i < vs.size(); ++i) id[vs[i]] = static_cast<node_id>(i);
  GraphBuilder b(vs.size(), false);
  const auto root = b.class_id("root");
  b.set_coord_dims(3);
  for (std::size_t i = 0; i < vs.size(); ++i) {
    const auto u = static_cast<node_id>(i);
    b.set_coords(u, vs[i]);
    for (std::size_t r = 0; r < roots.size(); ++r) {
      const Vec w = {vs[i][0] + roots[r][0], vs[i][1] + roots[r][1], vs[i][2] + roots[r][2]};
      const auto it = id.find(w);
      if (it == id.end()) continue;
      LinkAttrs a;
      a.cls = root;
      a.dim = static_cast<std::uint8_t>(r);
      b.add_link(u, it->second, a);
    }
  }
  return b.finish(Duplicates::reject);
}

}  // namespace

Family family_sp6() {
  return {
      .name = "sp6",
      .summary = "Sp(6) root-lattice network (dissertation Pseudocodes 1-4): 236 weight vectors, 9 root directions",
      .source = "dissertation §3.3.1, Pseudocodes 1-4",
      .params = {},
      .example = {},
      .describe =
          [](const Params&) {
            std::uint64_t all = 0;
            const auto vs = sp6_vectors(&all);
            Description d;
            d.nodes = vs.size();
            std::uint64_t links = 0, dmin = ~std::uint64_t{0}, dmax = 0;
            for (const auto& v : vs) {
              std::uint64_t deg = 0;
              for (const auto& r : roots) {
                const Vec up = {v[0] + r[0], v[1] + r[1], v[2] + r[2]}, down = {v[0] - r[0], v[1] - r[1], v[2] - r[2]};
                if (std::binary_search(vs.begin(), vs.end(), up)) ++links, ++deg;
                if (std::binary_search(vs.begin(), vs.end(), down)) ++deg;
              }
              dmin = std::min(dmin, deg);
              dmax = std::max(dmax, deg);
            }
            d.links = links;
            d.degree_min = dmin;
            d.degree_max = dmax;
            d.formulas["weight_vectors_with_duplicates"] = all;
            return d;
          },
      .build = [](const Params&) { return build_sp6(); }};
}

}  // namespace topo::gen
