// The families named after their users' papers: an alias (lib/src/gen/aliases.cpp) builds its target's graph; the
// structure the routings and the simulator read (coordinates, classes, endpoints, terminals, grid); the constraints
// each family names when it refuses parameters.
#include <doctest/doctest.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <set>

#include "fixtures.hpp"
#include "topo/errors.hpp"
#include "topo/gen/description.hpp"
#include "topo/gen/registry.hpp"

using namespace topo;
using test::family;

namespace {

std::vector<std::pair<node_id, node_id>> links_of(const Graph& g) {
  std::vector<std::pair<node_id, node_id>> out;
  for (node_id v = 0; v < g.num_nodes(); ++v)
    for (auto w : g.out_neighbors(v))
      if (v < w) out.emplace_back(v, w);
  return out;
}

std::string refusal(const std::string& name, const std::map<std::string, std::string>& raw) {
  try {
    family(name, raw);
  } catch (const InputError& e) {
    return e.what();
  }
  return "accepted";
}

}  // namespace

TEST_CASE("aliases: each names a family of its own and builds that family's graph") {
  std::set<std::string> aliases;
  for (const auto& f : gen::families()) {
    if (f.alias_of.empty()) continue;
    aliases.insert(f.name);
    CAPTURE(f.name);
    CHECK(gen::find_family(f.alias_of).alias_of.empty());
    CHECK(f.summary.rfind("alias of " + f.alias_of + ": ", 0) == 0);
  }
  CHECK(aliases == std::set<std::string>{"polarfly", "jellyfish", "flattened-butterfly"});
  CHECK(links_of(family("polarfly", {{"q", "5"}})) == links_of(family("demipn", {{"q", "5"}})));
  CHECK(links_of(family("flattened-butterfly", {{"k", "4"}, {"n", "3"}})) ==
        links_of(family("hamming", {{"side", "4"}, {"dims", "2"}})));
  const auto jf = family("jellyfish", {{"nodes", "30"}, {"degree", "4"}, {"terminals", "3"}, {"seed", "5"}});
  CHECK(links_of(jf) == links_of(family("random-regular", {{"nodes", "30"}, {"degree", "4"}, {"seed", "5"}})));
  CHECK(jf.meta.family == "jellyfish");
  CHECK(gen::terminals_per_endpoint(jf) == 3u);
  CHECK(gen::terminals_per_endpoint(family("flattened-butterfly", {{"k", "4"}, {"n", "3"}})) == 4u);
  CHECK(!gen::terminals_per_endpoint(family("polarfly", {{"q", "5"}})));
  // The target's checks apply to the alias's parameters; the alias's own ones name its options.
  CHECK(refusal("polarfly", {{"q", "6"}}).find("prime power") != std::string::npos);
  CHECK(refusal("flattened-butterfly", {{"k", "3"}, {"n", "1"}}) == "--n must be at least 2, got 1");
  CHECK(refusal("jellyfish", {{"nodes", "10"}, {"degree", "3"}, {"terminals", "0"}}) ==
        "--terminals must be between 1 and 65535, got 0");
}

TEST_CASE("polarfly: the modular layout's clusters (Lakhotia et al. SC 2022), the fourth coordinate") {
  for (std::uint64_t q : {2, 3, 4, 5, 7, 8, 9, 11, 13, 16}) {
    CAPTURE(q);
    const auto g = family("polarfly", {{"q", std::to_string(q)}});
    const auto er = family("demipn", {{"q", std::to_string(q)}});
    REQUIRE(g.coord_dims() == 4);
    const bool odd = q % 2 == 1;
    const std::uint64_t clusters = odd ? q + 1 : q + 2;
    std::vector<std::vector<node_id>> members(clusters);
    for (node_id v = 0; v < g.num_nodes(); ++v) {
      const auto c = g.coords(v);
      CHECK(std::vector<std::int32_t>(c.begin(), c.begin() + 3) ==
            std::vector<std::int32_t>(er.coords(v).begin(), er.coords(v).end()));  // the point first
      REQUIRE(c[3] >= 0);
      REQUIRE(std::uint64_t(c[3]) < clusters);
      members[std::size_t(c[3])].push_back(v);  // every node in exactly one cluster
    }
    const auto degree = [&](node_id v) { return g.out_neighbors(v).size(); };
    const auto adjacent = [&](node_id u, node_id v) {
      const auto n = g.out_neighbors(u);
      return std::find(n.begin(), n.end(), v) != n.end();
    };
    const auto links_between = [&](std::size_t a, std::size_t b) {
      std::uint64_t k = 0;
      for (auto u : members[a])
        for (auto v : members[b]) k += adjacent(u, v);
      return k;
    };
    // Cluster 0: the q+1 quadrics (degree q, pairwise non-adjacent) for odd q; for even q the one router
    // adjacent to all q+1 quadrics.
    if (odd) {
      CHECK(members[0].size() == q + 1);
      for (auto v : members[0]) CHECK(degree(v) == q);
      CHECK(links_between(0, 0) == 0);
    } else {
      REQUIRE(members[0].size() == 1);
      std::uint64_t quadric_neighbours = 0;
      for (auto w : g.out_neighbors(members[0][0])) quadric_neighbours += degree(w) == q;
      CHECK(quadric_neighbours == q + 1);
    }
    for (std::size_t c = 1; c < clusters; ++c) {
      CAPTURE(c);
      const auto& m = members[c];
      REQUIRE(m.size() == q);
      // Its centre is adjacent to the other q-1; every other router has one more neighbour in the cluster for odd
      // q ((q-1)/2 triangles at the centre) and none for even q (a star at a quadric centre).
      std::vector<std::uint64_t> inside;
      for (auto v : m) {
        std::uint64_t k = 0;
        for (auto w : m) k += adjacent(v, w);
        inside.push_back(k);
      }
      std::sort(inside.begin(), inside.end());
      std::vector<std::uint64_t> expect(q - 1, odd ? 2 : 1);
      expect.push_back(q - 1);
      CHECK(inside == expect);
      if (!odd) {
        std::uint64_t quadrics = 0;
        for (auto v : m) quadrics += degree(v) == q;
        CHECK(quadrics == 1);
      }
      // Links to cluster 0 and to every other non-quadric cluster.
      CHECK(links_between(c, 0) == (odd ? q + 1 : 1));
      for (std::size_t d = c + 1; d < clusters; ++d) CHECK(links_between(c, d) == (odd ? q - 2 : q - 1));
    }
  }
}

TEST_CASE("hyperx: trunks are links of multiplicity K_i, a class per dimension, T terminals") {
  const auto g = family("hyperx", {{"widths", "3x2x4"}, {"trunking", "2,1,3"}, {"terminals", "5"}});
  CHECK(g.num_nodes() == 24);
  for (node_id v = 0; v < g.num_nodes(); ++v) CHECK(g.out_degree(v) == 2 * 2 + 1 * 1 + 3 * 3);
  for (link_id l = 0; l < g.num_links(); ++l) {
    const auto cls = g.class_names()[g.link_class(l)];
    CHECK(g.multiplicity(l) == (cls == "dim0" ? 2u : cls == "dim1" ? 1u : 3u));
  }
  CHECK(gen::terminals_per_endpoint(g) == 5u);
  CHECK(refusal("hyperx", {{"widths", "3x1"}}) == "--widths: every S_i must be at least 2, got 1");
  CHECK(refusal("hyperx", {{"widths", "3x4"}, {"trunking", "1,2,3"}}) ==
        "--trunking: one value or one per dimension (2), got 1,2,3");
}

TEST_CASE("xgft: levels of Π m_i(above) Π w_i(below) nodes, terminals are the endpoints") {
  const auto p = std::map<std::string, std::string>{{"m", "4,3,2"}, {"w", "1,2,3"}};
  const auto g = family("xgft", p);
  const auto& f = gen::find_family("xgft");
  const auto d = f.describe(gen::parse_params(f, p));
  CHECK(d.formulas["nodes_per_level"] == nlohmann::json{24, 6, 4, 6});
  CHECK(g.meta.endpoints.size() == 24);
  for (node_id v = 0; v < 24; ++v) CHECK(g.out_degree(v) == 1);  // w_1 = 1 parent
  CHECK(gen::terminals_per_endpoint(g) == 1u);
  CHECK(refusal("xgft", {{"m", "2,2"}, {"w", "1"}}) == "--w: one value per level (h = 2 from --m), got 1");
}

TEST_CASE("tofu: a grid with b a ring of three and a, c single links, the K computer's size") {
  const auto& f = gen::find_family("tofu");
  const auto grid = f.grid(gen::parse_params(f, {{"xyz", "4x3x5"}, {"mesh", "true"}}));
  CHECK(grid.sizes == std::vector<std::int64_t>{4, 3, 5, 2, 3, 2});
  CHECK(grid.wrap == std::vector<bool>{false, false, false, false, true, false});
  const auto k = f.describe(gen::parse_params(f, {{"xyz", "24x18x17"}}));
  CHECK(k.nodes == 88128);
  CHECK(k.degree_min == 10);
  CHECK(k.degree_max == 10);
}

TEST_CASE("megafly: leaves are the endpoints with p terminals, spines carry the global links") {
  const auto g = family("megafly", {{"leaves", "4"}, {"spines", "3"}, {"global", "2"}, {"terminals", "6"}});
  CHECK(g.num_nodes() == 7 * 7);  // Sh+1 = 7 groups of 4+3 routers
  CHECK(g.meta.endpoints.size() == 7 * 4);
  CHECK(gen::terminals_per_endpoint(g) == 6u);
  for (node_id v = 0; v < g.num_nodes(); ++v) CHECK(g.out_degree(v) == (v % 7 < 4 ? 3u : 4u + 2u));
  CHECK(refusal("megafly", {{"leaves", "0"}, {"spines", "3"}, {"global", "2"}, {"terminals", "6"}}) ==
        "--leaves must be between 1 and 65535, got 0");
}
