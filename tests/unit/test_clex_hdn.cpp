#include <doctest/doctest.h>
#include <fmt/format.h>

#include <algorithm>
#include <deque>
#include <nlohmann/json.hpp>
#include <set>
#include <tuple>

#include "gen/hdn_layout_internal.hpp"
#include "topo/errors.hpp"
#include "topo/gen/description.hpp"
#include "topo/gen/families.hpp"
#include "topo/gen/registry.hpp"
#include "topo/metrics/distance.hpp"
#include "topo/metrics/summary.hpp"

using namespace topo;

namespace {
Graph gen_of(const std::string& family, std::map<std::string, std::string> raw) {
  const auto& f = gen::find_family(family);
  return gen::generate(f, gen::parse_params(f, raw));
}
gen::Description describe_of(const std::string& family, std::map<std::string, std::string> raw) {
  const auto& f = gen::find_family(family);
  return f.describe(gen::parse_params(f, raw));
}
std::string error_of(const std::string& family, std::map<std::string, std::string> raw) {
  try {
    describe_of(family, raw);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

std::vector<std::uint32_t> bfs(const Graph& g, node_id s) {
  std::vector<std::uint32_t> d(g.num_nodes(), UINT32_MAX);
  std::deque<node_id> q{s};
  d[s] = 0;
  while (!q.empty()) {
    const node_id v = q.front();
    q.pop_front();
    for (node_id w : g.out_neighbors(v))
      if (d[w] == UINT32_MAX) {
        d[w] = d[v] + 1;
        q.push_back(w);
      }
  }
  return d;
}

// Digits of a CLEX node, v1 first, from the stated id convention (v1 fastest).
std::vector<std::uint64_t> digits(std::uint64_t v, std::uint64_t k, unsigned levels) {
  std::vector<std::uint64_t> d(levels);
  for (auto& x : d) {
    x = v % k;
    v /= k;
  }
  return d;
}
std::uint64_t id_of(const std::vector<std::uint64_t>& d, std::uint64_t k) {
  std::uint64_t v = 0;
  for (auto it = d.rbegin(); it != d.rend(); ++it) v = v * k + *it;
  return v;
}

void check_described(const Graph& g, const gen::Description& d) {
  CHECK(g.num_nodes() == d.nodes);
  CHECK(g.total_multiplicity() == d.links);
  CHECK(g.directed() == d.directed);
  const auto s = metrics::summarize(g);
  CHECK(s.degree_min == d.degree_min);
  CHECK(s.degree_max == d.degree_max);
}
}  // namespace

TEST_CASE("clex full: every link goes where CLEX Definition 2.3 (doc/definitions.md §3.4) says, nothing else") {
  for (auto [k, levels] : {std::pair{2u, 1u}, {3u, 2u}, {2u, 3u}, {3u, 3u}, {4u, 3u}, {2u, 4u}}) {
    CAPTURE(k);
    CAPTURE(levels);
    const Graph g = gen_of("clex", {{"clique", std::to_string(k)}, {"levels", std::to_string(levels)}});
    check_described(g, describe_of("clex", {{"clique", std::to_string(k)}, {"levels", std::to_string(levels)}}));
    std::uint64_t n = 1;
    for (unsigned i = 0; i < levels; ++i) n *= k;
    REQUIRE(g.num_nodes() == n);
    CHECK(g.directed());
    std::uint64_t loops = 0;
    for (node_id v = 0; v < n; ++v) {
      const auto d = digits(v, k, levels);
      CHECK(g.coords(v).size() == levels);
      for (unsigned i = 0; i < levels; ++i) CHECK(std::uint64_t(g.coords(v)[i]) == d[i]);
      CHECK(g.out_degree(v) == k * levels - 1);
      CHECK(g.in_degree(v) == k * levels - 1);
      std::multiset<std::tuple<node_id, unsigned, std::string>> want, got;
      for (std::uint64_t j = 0; j < k; ++j)  // level 1: the clique on v1
        if (j != d[0]) {
          auto e = d;
          e[0] = j;
          want.insert({node_id(id_of(e, k)), 1u, "clique"});
        }
      // Level l+1: (v1,…,v_l, i, rest) → (v1,…,v_{l−1}, j, v_l, rest) for every j.
      for (unsigned l = 1; l < levels; ++l)
        for (std::uint64_t j = 0; j < k; ++j) {
          auto e = d;
          e[l - 1] = j;
          e[l] = d[l - 1];
          const auto w = node_id(id_of(e, k));
          want.insert({w, l + 1, d[l - 1] == d[l] ? "redundant" : "expander"});
          if (w == v) ++loops;
        }
      for (link_id lk : g.out_links(v))
        got.insert({g.target(lk), unsigned(g.level(lk)), std::string(g.link_class_name(lk))});
      CHECK(got == want);
    }
    CHECK(g.has_self_loops() == (loops > 0));
    CHECK(loops == (levels - 1) * n / k);
    CHECK(g.multigraph() == (levels > 1));
  }
}

TEST_CASE("clex swap: one undirected link of capacity k per upper level, the last two digits swapped") {
  for (auto [k, levels] : {std::pair{3u, 2u}, {2u, 3u}, {3u, 3u}, {4u, 3u}, {3u, 4u}}) {
    CAPTURE(k);
    CAPTURE(levels);
    const std::map<std::string, std::string> raw = {
        {"clique", std::to_string(k)}, {"levels", std::to_string(levels)}, {"links", "swap"}};
    const Graph g = gen_of("clex", raw);
    check_described(g, describe_of("clex", raw));
    CHECK(!g.directed());
    for (node_id v = 0; v < g.num_nodes(); ++v) {
      const auto d = digits(v, k, levels);
      // CLEX §II-B: n^s + 1/s − 2 ports; a self-loop is one port (and two link ends).
      CHECK(g.out_links(v).size() == k + levels - 2);
      std::uint64_t loops = 0;
      std::set<std::tuple<node_id, unsigned, std::uint32_t>> want, got;
      for (std::uint64_t j = 0; j < k; ++j)
        if (j != d[0]) {
          auto e = d;
          e[0] = j;
          want.insert({node_id(id_of(e, k)), 1u, 1u});
        }
      for (unsigned l = 1; l < levels; ++l) {
        auto e = d;
        std::swap(e[l - 1], e[l]);
        want.insert({node_id(id_of(e, k)), l + 1, k});
        loops += d[l - 1] == d[l];
      }
      for (link_id lk : g.out_links(v)) {
        const node_id w = g.source(lk) == v ? g.target(lk) : g.source(lk);
        got.insert({w, unsigned(g.level(lk)), g.capacity(lk)});
      }
      CHECK(got == want);
      CHECK(g.out_degree(v) == k + levels - 2 + loops);
    }
  }
}

TEST_CASE("clex: exact diameter within 2^L − 1 (CLEX §II-B)") {
  for (auto [k, levels] : {std::pair{2u, 2u}, {3u, 2u}, {2u, 3u}, {3u, 3u}, {4u, 3u}, {2u, 4u}, {3u, 4u}, {2u, 5u}})
    for (const char* mode : {"full", "swap"}) {
      CAPTURE(k);
      CAPTURE(levels);
      CAPTURE(mode);
      const Graph g =
          gen_of("clex", {{"clique", std::to_string(k)}, {"levels", std::to_string(levels)}, {"links", mode}});
      const auto st = metrics::distance_distribution(g);
      REQUIRE(st.diameter.has_value());
      CHECK(*st.diameter <= (1u << levels) - 1);
      // Computed by BFS, not stated in the paper: full reaches everything in L hops (each level shifts in
      // one chosen digit), swap needs L(L+1)/2; the bound 2^L − 1 is met only at L = 1 (full), L ≤ 2 (swap).
      CHECK(*st.diameter == (std::string(mode) == "full" ? levels : levels * (levels + 1) / 2));
    }
}

TEST_CASE("clex: positions nest level-1 cliques in small boxes, all distinct") {
  const Graph g = gen_of("clex", {{"clique", "8"}, {"levels", "3"}});
  REQUIRE(g.pos_dims() == 3);
  std::set<std::tuple<double, double, double>> seen;
  for (node_id v = 0; v < g.num_nodes(); ++v) seen.insert({g.pos(v)[0], g.pos(v)[1], g.pos(v)[2]});
  CHECK(seen.size() == g.num_nodes());
  // k = 8: a 2×2×2 cube per clique, 4×4×4 per level-2 copy, 8×8×8 in all.
  for (node_id v = 0; v < g.num_nodes(); ++v) {
    const node_id first = v - v % 8, copy = v - v % 64;
    for (unsigned a = 0; a < 3; ++a) {
      CHECK(g.pos(v)[a] - g.pos(first)[a] < 2);
      CHECK(g.pos(v)[a] - g.pos(copy)[a] < 4);
      CHECK(g.pos(v)[a] < 8);
    }
  }
  CHECK(g.label(9) == "(1,1,0)");
}

TEST_CASE("clex: sizes of C(1/4,4) and C(1/3,3) without building, bad parameters name the constraint") {
  auto d = describe_of("clex", {{"clique", "32"}, {"levels", "4"}});
  CHECK(d.nodes == 1048576);
  CHECK(d.links == 1048576ull * 127);
  CHECK(d.degree_max == 127);
  d = describe_of("clex", {{"clique", "64"}, {"levels", "3"}});
  CHECK(d.nodes == 262144);
  CHECK(d.degree_min == 191);
  CHECK(describe_of("clex", {{"clique", "64"}, {"levels", "3"}, {"links", "swap"}}).formulas["ports_per_node"] == 65);
  CHECK(error_of("clex", {{"clique", "1"}, {"levels", "3"}}).find("--clique") == 0);
  CHECK(error_of("clex", {{"clique", "4"}, {"levels", "0"}}).find("--levels") == 0);
  CHECK(error_of("clex", {{"clique", "256"}, {"levels", "4"}}).find("32-bit node ids") != std::string::npos);
  CHECK(error_of("clex", {{"clique", "1024"}, {"levels", "3"}}).find("32-bit link ids") != std::string::npos);
}

TEST_CASE("hdn: the paper's routing example (HDN §4) on HDN(2x3x5, 2, (6,15))") {
  const std::map<std::string, std::string> raw = {{"base", "2x3x5"}, {"levels", "2"}, {"supernodes", "0,1:1,2"}};
  const Graph g = gen_of("hdn", raw);
  check_described(g, describe_of("hdn", raw));
  REQUIRE(g.num_nodes() == 12000);  // 2 × 20 × 300
  // u = (0,0,0,0), v = (1,19,19,14), u' = (0,0,19,0), u'' = (1,19,0,0), v' = (1,19,0,14).
  CHECK(g.label(0) == "(0,0,0,0)");
  CHECK(g.label(11999) == "(1,19,19,14)");
  CHECK(g.label(285) == "(0,0,19,0)");
  CHECK(g.label(11700) == "(1,19,0,0)");
  CHECK(g.label(11714) == "(1,19,0,14)");
  bool cross = false;
  for (link_id l : g.out_links(285))
    if ((g.source(l) == 11700 || g.target(l) == 11700) && g.link_class_name(l) == "cross" && g.level(l) == 2)
      cross = true;
  CHECK(cross);
  CHECK(bfs(g, 11700)[11714] == 2);  // inside the 3×5 super-node: (0,0) → (2,0) → (2,4)
  CHECK(bfs(g, 0)[11999] <= 17);     // the paper's path has 17 hops
  // Coordinates: c_2, u_2, c_1, u_1, x_0, x_1, x_2; v = (1,19,…) with t = 14 = (x1, x2) = (2, 4).
  REQUIRE(g.coord_dims() == 7);
  CHECK(g.coords(11999)[0] == 1);
  CHECK(g.coords(11999)[1] == 19);
  CHECK(g.coords(11999)[5] == 2);
  CHECK(g.coords(11999)[6] == 4);
}

TEST_CASE("hdn: degree d0 + k, one cross-edge per level, base links inside one copy of B") {
  for (std::string sup : {"none", "0", "1,2", "0,1,2", "0:2", "0,1:0", "2:0,1,2"}) {
    CAPTURE(sup);
    const auto k = 1 + std::count(sup.begin(), sup.end(), ':');
    const std::map<std::string, std::string> raw = {
        {"base", "2x3x5"}, {"levels", std::to_string(k)}, {"supernodes", sup}};
    const Graph g = gen_of("hdn", raw);
    check_described(g, describe_of("hdn", raw));
    const auto s = metrics::summarize(g);
    CHECK(s.regular);
    CHECK(s.connected);
    CHECK(s.degree_min == 6 + std::uint64_t(k));
    for (node_id v = 0; v < g.num_nodes(); ++v) {
      std::vector<int> per_level(std::size_t(k) + 1, 0);
      for (link_id l : g.out_links(v)) {
        const node_id w = g.source(l) == v ? g.target(l) : g.source(l);
        if (g.link_class_name(l) == "cross") {
          ++per_level[g.level(l)];
          // A level-j cross-edge joins the two classes at level j and keeps every level above.
          const auto j = g.level(l);
          const auto at = [&](node_id x, unsigned i) { return g.coords(x)[i]; };
          CHECK(at(v, 2 * unsigned(k - j)) != at(w, 2 * unsigned(k - j)));
          for (unsigned i = 0; i < 2 * unsigned(k - j); ++i) CHECK(at(v, i) == at(w, i));
        } else {
          CHECK(g.link_class_name(l) == "base");
          for (unsigned i = 0; i < 2 * unsigned(k); ++i) CHECK(g.coords(v)[i] == g.coords(w)[i]);
        }
      }
      for (int j = 1; j <= k; ++j) CHECK(per_level[std::size_t(j)] == 1);
    }
  }
}

TEST_CASE("hdn: exact diameter against Theorem 1's formula (doc/definitions.md §3.5)") {
  for (auto [sup, equal] : {std::pair{"none", true}, {"0", true}, {"1", true}, {"0,2", true}, {"0,1,2", false}}) {
    CAPTURE(sup);
    const std::map<std::string, std::string> raw = {{"base", "2x3x5"}, {"levels", "1"}, {"supernodes", sup}};
    const auto st = metrics::distance_distribution(gen_of("hdn", raw));
    const auto bound = describe_of("hdn", raw).formulas["diameter_upper_bound"].get<std::uint32_t>();
    REQUIRE(st.diameter.has_value());
    CHECK(*st.diameter <= bound);
    CHECK((*st.diameter == bound) == equal);  // 5 < 6 when the super-node is all of B
  }
}

TEST_CASE("hdn: node counts follow the recurrence, rdn and dualcube, bad parameters") {
  CHECK(describe_of("hdn", {{"base", "2x3x5"}, {"levels", "2"}, {"supernodes", "0:none"}}).nodes == 1620000);
  CHECK(describe_of("hdn", {{"base", "2x3x5"}, {"levels", "0"}}).nodes == 30);
  CHECK(describe_of("rdn", {{"base", "2x3x5"}, {"levels", "2"}}).nodes == 6480000);
  const Graph dc = gen_of("dualcube", {{"dim", "3"}});
  CHECK(dc.num_nodes() == 32);
  CHECK(metrics::summarize(dc).degree_min == 3);
  CHECK(metrics::summarize(dc).degree_max == 3);
  CHECK(metrics::distance_distribution(dc).diameter == 6);
  CHECK(error_of("hdn", {{"base", "2x3x5"}, {"levels", "2"}, {"supernodes", "0"}}).find("one group per level") !=
        std::string::npos);
  CHECK(error_of("hdn", {{"base", "2x3x5"}, {"levels", "1"}, {"supernodes", "x"}}).find("--supernodes") == 0);
  CHECK(error_of("hdn", {{"base", "2x3x5"}, {"levels", "1"}}).find("--supernodes") == 0);
  CHECK(error_of("hdn", {{"base", "2x3x5"}, {"levels", "-1"}, {"supernodes", "0"}}).find("--levels") == 0);
  CHECK(error_of("rdn", {{"base", "4x4"}, {"cube", "3"}, {"levels", "1"}}).find("exactly one") != std::string::npos);
  CHECK(error_of("dualcube", {{"dim", "0"}}).find("--dim") == 0);
}

TEST_CASE("hdn layout: decode/encode round trip, cross partners are the graph's cross-edges, involutions") {
  const std::map<std::string, std::string> raw = {{"base", "2x3x5"}, {"levels", "2"}, {"supernodes", "0,1:1,2"}};
  const auto& f = gen::find_family("hdn");
  const auto p = gen::parse_params(f, raw);
  const auto h = gen::HdnLayout::from_params("hdn", p);
  const Graph g = gen::generate(f, p);
  CHECK(h.levels() == 2);
  CHECK(h.clusters_per_class(1) == 5);
  CHECK(h.clusters_per_class(2) == 20);
  gen::HdnLayout::Node nd;
  for (node_id v = 0; v < g.num_nodes(); ++v) {
    h.decode(v, nd);
    CHECK(h.encode(nd) == v);
    const auto top = h.index_at(nd, 2);
    CHECK(g.label(v) == fmt::format("({},{},{},{})", top.cls, top.cluster, top.supernode, top.place));
    for (unsigned j = 1; j <= 2; ++j) {
      const auto m = h.cross_partner(nd, j);
      const auto w = h.encode(m);
      const auto back = h.cross_partner(m, j);
      CHECK(back.copy == nd.copy);
      CHECK(back.x == nd.x);
      // Cross-edge rule at level j: (c,u,a,t) ↔ (1−c,a,u,t).
      const auto a = h.index_at(nd, j), b = h.index_at(m, j);
      CHECK(b.cls == 1 - a.cls);
      CHECK(b.cluster == a.supernode);
      CHECK(b.supernode == a.cluster);
      CHECK(b.place == a.place);
      bool found = false;
      for (link_id l : g.out_links(v))
        found |= g.link_class_name(l) == "cross" && g.level(l) == j && (g.source(l) == w || g.target(l) == w);
      CHECK(found);
    }
  }
  CHECK_THROWS_AS(gen::HdnLayout::from_params("torus", p), InputError);
}

TEST_CASE("clex symmetry: classes of equal-digit patterns have equal distance histograms") {
  for (auto [k, levels] : {std::pair{3u, 3u}, {4u, 3u}, {2u, 4u}, {5u, 2u}, {3u, 4u}})
    for (const char* mode : {"full", "swap"}) {
      CAPTURE(k);
      CAPTURE(levels);
      CAPTURE(mode);
      const std::map<std::string, std::string> raw = {
          {"clique", std::to_string(k)}, {"levels", std::to_string(levels)}, {"links", mode}};
      const auto& f = gen::find_family("clex");
      const auto p = gen::parse_params(f, raw);
      const Graph g = gen::generate(f, p);
      REQUIRE(f.symmetry);
      const auto nc = f.symmetry(p);
      std::uint64_t total = 0;
      for (auto sz : nc.size) total += sz;
      CHECK(total == g.num_nodes());
      // A node's pattern: its digits relabelled in order of first occurrence.
      auto pattern = [&](node_id v) {
        auto d = digits(v, k, levels);
        std::map<std::uint64_t, std::uint64_t> relabel;
        for (auto& x : d) x = relabel.emplace(x, relabel.size()).first->second;
        return d;
      };
      auto histogram = [&](node_id v) {
        std::map<std::uint32_t, std::uint64_t> h;
        for (auto x : bfs(g, v)) ++h[x];
        return h;
      };
      std::map<std::vector<std::uint64_t>, std::uint64_t> members;
      for (node_id v = 0; v < g.num_nodes(); ++v) ++members[pattern(v)];
      REQUIRE(members.size() == nc.representative.size());
      for (std::size_t c = 0; c < nc.representative.size(); ++c) {
        const node_id r = nc.representative[c];
        CHECK(pattern(r) == digits(r, k, levels));  // the representative's digits are its pattern
        CHECK(members[pattern(r)] == nc.size[c]);
        const auto want = histogram(r);
        for (node_id v = 0; v < g.num_nodes(); ++v)
          if (pattern(v) == pattern(r)) CHECK(histogram(v) == want);
      }
    }
  const auto& f = gen::find_family("clex");
  CHECK(f.symmetry(gen::parse_params(f, {{"clique", "32"}, {"levels", "4"}})).representative.size() == 15);  // Bell(4)
}
