// Finite fields, the projective families (pn, demipn, oft, mlfm, gq), Slim Fly and their peers
// (paley, hamming, turan, bipartite, dragonfly, random-regular): sizes, degrees, distance counts from
// Projective Networks §3–6 and doc/definitions.md §3.6, and the refusals.
#include <doctest/doctest.h>

#include <algorithm>
#include <deque>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "gen/finite_field_internal.hpp"
#include "gen/projective_plane_internal.hpp"
#include "topo/errors.hpp"
#include "topo/gen/description.hpp"
#include "topo/gen/registry.hpp"
#include "topo/metrics/distance.hpp"
#include "topo/metrics/summary.hpp"

using namespace topo;

namespace {

gen::Params params_of(const std::string& family, const std::map<std::string, std::string>& raw) {
  return gen::parse_params(gen::find_family(family), raw);
}

Graph gen_of(const std::string& family, const std::map<std::string, std::string>& raw) {
  const auto& f = gen::find_family(family);
  return gen::generate(f, gen::parse_params(f, raw));
}

gen::Description describe_of(const std::string& family, const std::map<std::string, std::string>& raw) {
  return gen::find_family(family).describe(params_of(family, raw));
}

// The message of the InputError that generating the instance throws ("" if none).
std::string refusal(const std::string& family, const std::map<std::string, std::string>& raw) {
  try {
    gen_of(family, raw);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

// Length of a shortest cycle (0 for a forest): BFS from every node, a non-tree link closes a cycle.
std::uint32_t girth(const Graph& g) {
  std::uint32_t best = 0;
  std::vector<std::uint32_t> dist(g.num_nodes());
  std::vector<node_id> parent(g.num_nodes());
  for (node_id s = 0; s < g.num_nodes(); ++s) {
    std::fill(dist.begin(), dist.end(), UINT32_MAX);
    dist[s] = 0;
    parent[s] = no_node;
    std::deque<node_id> queue{s};
    while (!queue.empty()) {
      const node_id u = queue.front();
      queue.pop_front();
      for (node_id v : g.out_neighbors(u)) {
        if (dist[v] == UINT32_MAX) {
          dist[v] = dist[u] + 1;
          parent[v] = u;
          queue.push_back(v);
        } else if (parent[u] != v) {
          const std::uint32_t len = dist[u] + dist[v] + 1;
          if (best == 0 || len < best) best = len;
        }
      }
    }
  }
  return best;
}

// Per-node distance counts: node -> histogram from that node.
std::vector<std::uint64_t> counts_from(const Graph& g, node_id s) {
  std::vector<std::uint32_t> dist(g.num_nodes(), UINT32_MAX);
  dist[s] = 0;
  std::deque<node_id> queue{s};
  std::vector<std::uint64_t> h{1};
  while (!queue.empty()) {
    const node_id u = queue.front();
    queue.pop_front();
    for (node_id v : g.out_neighbors(u))
      if (dist[v] == UINT32_MAX) {
        dist[v] = dist[u] + 1;
        if (h.size() <= dist[v]) h.push_back(0);
        ++h[dist[v]];
        queue.push_back(v);
      }
  }
  return h;
}

// Every node of a class has the distance counts of its representative, and the classes cover the graph.
void check_classes(const Graph& g, const gen::NodeClasses& c) {
  REQUIRE(c.representative.size() == c.size.size());
  std::uint64_t total = 0;
  for (auto s : c.size) total += s;
  CHECK(total == g.num_nodes());
  std::map<std::vector<std::uint64_t>, std::uint64_t> by_counts;
  for (node_id v = 0; v < g.num_nodes(); ++v) ++by_counts[counts_from(g, v)];
  std::map<std::vector<std::uint64_t>, std::uint64_t> claimed;
  for (std::size_t i = 0; i < c.size.size(); ++i) claimed[counts_from(g, c.representative[i])] += c.size[i];
  CHECK(claimed == by_counts);
}

void check_describe(const std::string& family, const std::map<std::string, std::string>& raw) {
  CAPTURE(family);
  const auto d = describe_of(family, raw);
  const Graph g = gen_of(family, raw);
  const auto s = metrics::summarize(g);
  CHECK(d.nodes == s.nodes);
  CHECK(d.links == s.links);
  CHECK(d.degree_min == s.degree_min);
  CHECK(d.degree_max == s.degree_max);
  CHECK(s.connected);
  if (d.formulas->contains("diameter"))
    CHECK(d.formulas["diameter"] == metrics::distance_distribution(g).diameter.value());
  if (d.formulas->contains("distance_distribution")) {
    // The formula is from one node; every node sees the same counts in these families.
    const auto w = d.formulas["distance_distribution"].get<std::vector<std::uint64_t>>();
    const auto h = metrics::distance_distribution(g).histogram;
    REQUIRE(h.size() == w.size());
    for (std::size_t t = 0; t < w.size(); ++t) CHECK(h[t] == w[t] * d.nodes);
  }
  if (d.formulas->contains("mean_distance_distinct"))
    CHECK(d.formulas["mean_distance_distinct"].get<double>() ==
          doctest::Approx(metrics::distance_distribution(g).mean_distinct).epsilon(1e-12));
  const auto& f = gen::find_family(family);
  if (f.symmetry) check_classes(g, f.symmetry(params_of(family, raw)));
}

}  // namespace

TEST_CASE("prime powers") {
  CHECK_FALSE(gen::prime_power(0));
  CHECK_FALSE(gen::prime_power(1));
  CHECK_FALSE(gen::prime_power(6));
  CHECK_FALSE(gen::prime_power(12));
  CHECK_FALSE(gen::prime_power(100));
  CHECK(gen::prime_power(2)->p == 2);
  CHECK(gen::prime_power(64)->k == 6);
  CHECK(gen::prime_power(243)->p == 3);
  CHECK(gen::prime_power(243)->k == 5);
  CHECK(gen::prime_power(2147483647)->k == 1);  // 2^31 − 1 is prime
  CHECK(gen::prime_power(49)->p == 7);
  CHECK_THROWS_WITH_AS(gen::FiniteField(6), "--q must be a prime power, got 6", InputError);
  CHECK_THROWS_WITH_AS(gen::FiniteField(1), "--q must be a prime power, got 1", InputError);
}

TEST_CASE("finite field axioms, exhaustively for small q") {
  for (std::uint32_t q : {2u, 3u, 4u, 5u, 7u, 8u, 9u, 11u, 16u, 25u, 27u, 32u, 49u}) {
    CAPTURE(q);
    const gen::FiniteField f(q);
    CHECK(f.order() == q);
    for (std::uint32_t a = 0; a < q; ++a) {
      CHECK(f.add(a, 0) == a);
      CHECK(f.mul(a, 1) == a);
      CHECK(f.mul(a, 0) == 0);
      CHECK(f.add(a, f.neg(a)) == 0);
      if (a) CHECK(f.mul(a, f.inv(a)) == 1);
      for (std::uint32_t b = 0; b < q; ++b) {
        CHECK(f.add(a, b) == f.add(b, a));
        CHECK(f.mul(a, b) == f.mul(b, a));
        CHECK(f.add(a, b) < q);
        if (a && b) CHECK(f.mul(a, b) != 0);  // no zero divisors
        for (std::uint32_t c = 0; c < q; ++c) {
          CHECK(f.add(f.add(a, b), c) == f.add(a, f.add(b, c)));
          CHECK(f.mul(f.mul(a, b), c) == f.mul(a, f.mul(b, c)));
          CHECK(f.mul(a, f.add(b, c)) == f.add(f.mul(a, b), f.mul(a, c)));
        }
      }
    }
    // The primitive element has order q − 1: its powers are the q − 1 nonzero elements.
    std::set<std::uint32_t> powers;
    std::uint32_t x = 1;
    for (std::uint32_t e = 0; e + 1 < q; ++e) {
      CHECK(f.pow_primitive(e) == x);
      CHECK(f.log(x) == e);
      powers.insert(x);
      x = f.mul(x, f.primitive());
    }
    CHECK(x == 1);
    CHECK(powers.size() == q - 1);
    CHECK(powers.count(0) == 0);
    // Characteristic: p·1 = 0.
    std::uint32_t sum = 0;
    for (std::uint32_t i = 0; i < f.characteristic(); ++i) sum = f.add(sum, 1);
    CHECK(sum == 0);
  }
}

TEST_CASE("larger fields without full tables still have a primitive element of order q − 1") {
  for (std::uint32_t q : {729u, 1024u, 2187u, 4096u, 6561u, 65536u}) {
    CAPTURE(q);
    const gen::FiniteField f(q);
    std::vector<char> seen(q, 0);
    std::uint32_t x = 1;
    for (std::uint32_t e = 0; e + 1 < q; ++e) {
      CHECK_FALSE(seen[x]);
      seen[x] = 1;
      x = f.mul(x, f.primitive());
    }
    CHECK(x == 1);
    for (std::uint32_t a = 1; a < q; a += 97) CHECK(f.mul(a, f.inv(a)) == 1);
    for (std::uint32_t a = 0; a < q; a += 101)
      for (std::uint32_t b = 1; b < q; b += 103) CHECK(f.sub(f.add(a, b), b) == a);
  }
}

TEST_CASE("the field's modulus is the first monic irreducible, as documented") {
  CHECK(gen::FiniteField(4).modulus() == std::vector<std::uint32_t>{1, 1, 1});     // x^2 + x + 1
  CHECK(gen::FiniteField(8).modulus() == std::vector<std::uint32_t>{1, 1, 0, 1});  // x^3 + x + 1
  CHECK(gen::FiniteField(9).modulus() == std::vector<std::uint32_t>{1, 0, 1});     // x^2 + 1
  // In F_9 = F_3[x]/(x^2+1), x has order 4; x+1 (element 1 + 1·3 = 4) is the smallest primitive element.
  CHECK(gen::FiniteField(9).primitive() == 4);
  CHECK(gen::FiniteField(7).primitive() == 3);
  CHECK(gen::FiniteField(4).name(3) == "x+1");
  CHECK(gen::FiniteField(9).name(7) == "2x+1");
  CHECK(gen::FiniteField(27).name(9) == "x^2");
}

TEST_CASE("P2(F_q): q^2+q+1 points, q+1 on every line, one line through two points") {
  for (std::uint32_t q : {2u, 3u, 4u, 5u}) {
    const gen::FiniteField f(q);
    const gen::ProjectivePlane plane(f);
    CHECK(plane.size() == q * q + q + 1);
    for (std::uint32_t i = 0; i < plane.size(); ++i) {
      CHECK(plane.index(plane.coords(i)) == i);
      const auto o = plane.orthogonal(i);
      CHECK(o.size() == q + 1);
      CHECK(std::adjacent_find(o.begin(), o.end()) == o.end());
      for (auto j : o) CHECK(plane.perpendicular(i, j));
    }
  }
}

TEST_CASE("pn: distance counts 1, q+1, q^2+q, q^2 (Projective Networks §3.1)") {
  for (std::uint64_t q : {2, 3, 4, 5, 7, 8, 9}) {
    CAPTURE(q);
    const Graph g = gen_of("pn", {{"q", std::to_string(q)}});
    const std::uint64_t n = 2 * (q * q + q + 1);
    CHECK(g.num_nodes() == n);
    const auto s = metrics::summarize(g);
    CHECK(s.regular);
    CHECK(s.degree_min == q + 1);
    const auto d = metrics::distance_distribution(g);
    CHECK(d.histogram == std::vector<std::uint64_t>{n, n * (q + 1), n * (q * q + q), n * q * q});
    CHECK(d.mean_distinct == doctest::Approx(double(5 * q * q + 3 * q + 1) / double(2 * q * q + 2 * q + 1)));
  }
  CHECK(girth(gen_of("pn", {{"q", "3"}})) == 6);
  const Graph g4 = gen_of("pn", {{"q", "4"}});
  CHECK(g4.label(0) == "(0,(1,0,0))");
  CHECK(g4.label(21 + 3) == "(1,(1,0,x+1))");
  CHECK(g4.coords(21 + 3)[0] == 1);
  check_describe("pn", {{"q", "4"}});
}

TEST_CASE("demipn: degrees q and q+1, diameter 2, unique shortest paths (no 4-cycles)") {
  for (std::uint64_t q : {2, 3, 4, 5, 7, 8, 9}) {
    CAPTURE(q);
    const Graph g = gen_of("demipn", {{"q", std::to_string(q)}});
    CHECK(g.num_nodes() == q * q + q + 1);
    std::uint64_t low = 0;
    for (node_id v = 0; v < g.num_nodes(); ++v) {
      const auto deg = g.out_degree(v);
      CHECK((deg == q || deg == q + 1));
      low += deg == q;
    }
    CHECK(low == q + 1);  // the absolute points
    CHECK(metrics::distance_distribution(g).diameter == 2u);
    CHECK(girth(g) >= 3);
    check_describe("demipn", {{"q", std::to_string(q)}});
  }
  // Lemma 3.8: shortest paths are unique.
  // Self-polar triangles exist; squares do not: two points have at most one common neighbour.
  CHECK(girth(gen_of("demipn", {{"q", "5"}})) == 3);
  const Graph g = gen_of("demipn", {{"q", "5"}});
  for (node_id u = 0; u < g.num_nodes(); ++u)
    for (node_id v = u + 1; v < g.num_nodes(); ++v) {
      std::uint64_t common = 0;
      for (auto x : g.out_neighbors(u))
        for (auto y : g.out_neighbors(v)) common += x == y;
      CHECK(common <= 1);
    }
}

TEST_CASE("slimfly: degree (3q−ε)/2 and diameter 2 (doc/definitions.md §3.6)") {
  for (std::uint64_t q : {3, 4, 5, 7, 8, 9, 11, 13, 16, 19, 25, 27}) {
    CAPTURE(q);
    const Graph g = gen_of("slimfly", {{"q", std::to_string(q)}});
    const int eps = q % 4 == 1 ? 1 : q % 4 == 3 ? -1 : 0;
    CHECK(g.num_nodes() == 2 * q * q);
    const auto s = metrics::summarize(g);
    CHECK(s.regular);
    CHECK(std::int64_t(s.degree_min) == (3 * std::int64_t(q) - eps) / 2);
    CHECK(metrics::distance_distribution(g).diameter == 2u);
  }
  check_describe("slimfly", {{"q", "7"}});
  check_describe("slimfly", {{"q", "8"}});
}

TEST_CASE("slimfly q = 5 is the Hoffman–Singleton graph: 50 nodes, degree 7, girth 5, diameter 2") {
  const Graph g = gen_of("slimfly", {{"q", "5"}});
  CHECK(g.num_nodes() == 50);
  CHECK(metrics::summarize(g).regular);
  CHECK(metrics::summarize(g).degree_max == 7);
  CHECK(girth(g) == 5);
  CHECK(describe_of("slimfly", {{"q", "5"}}).formulas["moore_bound"] == 50);  // a Moore graph
  CHECK(metrics::distance_distribution(g).histogram == std::vector<std::uint64_t>{50, 350, 2100});
  // Local and global links: 2q^2 nodes × |X0| / 2 = 50 local, q^3 = 125 global.
  std::map<std::string, int> per_class;
  for (link_id l = 0; l < g.num_links(); ++l) ++per_class[std::string(g.link_class_name(l))];
  CHECK(per_class["local"] == 50);
  CHECK(per_class["global"] == 125);
}

TEST_CASE("node counts and structural columns of Projective Networks Tables 4–6") {
  struct Row {
    std::string family;
    std::map<std::string, std::string> raw;
    std::uint64_t nodes, degree_max;
  };
  // Table 4 (≈10,000 terminals), Table 5 (≈25,000), Table 6 (indirect): N and Δ (R − Δ0).
  for (const auto& r : std::vector<Row>{
           {"hamming", {{"side", "22"}, {"dims", "2"}}, 484, 64 - 22},
           {"demipn", {{"q", "27"}}, 757, 42 - 14},
           {"slimfly", {{"q", "19"}}, 722, 42 - 13},
           {"pn", {{"q", "23"}}, 1106, 33 - 9},
           {"dragonfly", {{"h", "7"}}, 1386, 27 - 7},
           {"hamming", {{"side", "29"}}, 841, 85 - 29},
           {"demipn", {{"q", "37"}}, 1407, 57 - 19},
           {"slimfly", {{"q", "27"}}, 1458, 59 - 18},
           {"pn", {{"q", "31"}}, 1986, 45 - 13},
           {"dragonfly", {{"h", "9"}}, 2934, 35 - 9},
           {"mlfm", {{"n", "22"}}, 693, 42},  // spines have R = 2Δ links
           {"mlfm", {{"n", "30"}}, 1305, 58},
           {"oft", {{"q", "16"}}, 819, 34},
           {"oft", {{"q", "23"}}, 1659, 48},
       }) {
    CAPTURE(r.family);
    CAPTURE(r.raw.begin()->second);
    const auto d = describe_of(r.family, r.raw);
    CHECK(d.nodes == r.nodes);
    CHECK(d.degree_max == r.degree_max);
    const Graph g = gen_of(r.family, r.raw);
    CHECK(g.num_nodes() == r.nodes);
    CHECK(metrics::summarize(g).degree_max == r.degree_max);
  }
  // Terminals: Table 4 dragonfly(7) T = 9702 (h per router); Table 6 T and cables.
  CHECK(describe_of("dragonfly", {{"h", "7"}}).formulas["terminals"] == 9702);
  CHECK(describe_of("dragonfly", {{"h", "9"}}).formulas["terminals"] == 26406);
  CHECK(describe_of("mlfm", {{"n", "22"}}).formulas["terminals"] == 9702);
  CHECK(describe_of("mlfm", {{"n", "22"}}).links == 9702);
  CHECK(describe_of("mlfm", {{"n", "30"}}).formulas["terminals"] == 25230);
  CHECK(describe_of("mlfm", {{"n", "22"}}).formulas["terminals_per_leaf"] == 21);
  CHECK(describe_of("oft", {{"q", "16"}}).formulas["terminals"] == 9282);
  CHECK(describe_of("oft", {{"q", "16"}}).links == 9282);
  CHECK(describe_of("oft", {{"q", "23"}}).formulas["terminals"] == 26544);
  CHECK(describe_of("oft", {{"q", "16"}}).formulas["terminals_per_leaf"] == 17);
  CHECK(describe_of("oft", {{"q", "23"}}).formulas["radix"] == 48);
}

TEST_CASE("oft and mlfm: leaves are pairwise at distance 2, the node classes hold") {
  for (const auto& [family, raw] :
       std::vector<std::pair<std::string, std::map<std::string, std::string>>>{{"oft", {{"q", "2"}}},
                                                                               {"oft", {{"q", "3"}}},
                                                                               {"oft", {{"q", "4"}}},
                                                                               {"mlfm", {{"n", "3"}}},
                                                                               {"mlfm", {{"n", "4"}}},
                                                                               {"mlfm", {{"n", "6"}}}}) {
    CAPTURE(family);
    const Graph g = gen_of(family, raw);
    for (node_id u = 0; u < g.num_nodes(); ++u) {
      const bool leaf_u = g.coords(u)[0] != 1;
      if (!leaf_u) continue;
      std::vector<std::uint32_t> dist(g.num_nodes(), UINT32_MAX);
      dist[u] = 0;
      std::deque<node_id> queue{u};
      while (!queue.empty()) {
        const node_id x = queue.front();
        queue.pop_front();
        for (auto y : g.out_neighbors(x))
          if (dist[y] == UINT32_MAX) dist[y] = dist[x] + 1, queue.push_back(y);
      }
      for (node_id v = 0; v < g.num_nodes(); ++v)
        if (v != u && g.coords(v)[0] != 1) CHECK(dist[v] == 2);
    }
    check_describe(family, raw);
  }
  const Graph o = gen_of("oft", {{"q", "2"}});
  CHECK(o.label(7) == "spine (1,(1,0,0))");
}

TEST_CASE("gq: W(q) incidence graph, degree q+1, girth 8, diameter 4") {
  for (std::uint64_t q : {2, 3, 4, 5}) {
    CAPTURE(q);
    const Graph g = gen_of("gq", {{"q", std::to_string(q)}});
    CHECK(g.num_nodes() == 2 * (q + 1) * (q * q + 1));
    CHECK(metrics::summarize(g).regular);
    CHECK(metrics::summarize(g).degree_min == q + 1);
    check_describe("gq", {{"q", std::to_string(q)}});
  }
  CHECK(girth(gen_of("gq", {{"q", "2"}})) == 8);  // W(2): the Tutte–Coxeter graph, 30 nodes
  CHECK(girth(gen_of("gq", {{"q", "3"}})) == 8);
}

TEST_CASE("delorme: polarity graph of W(q), q an odd power of 2 (Projective Networks §4.3)") {
  for (std::uint64_t q : {2, 8}) {
    CAPTURE(q);
    const Graph g = gen_of("delorme", {{"q", std::to_string(q)}});
    CHECK(g.num_nodes() == (q + 1) * (q * q + 1));
    CHECK_FALSE(g.has_self_loops());
    std::uint64_t absolute = 0;
    for (node_id v = 0; v < g.num_nodes(); ++v) {
      const auto deg = g.out_degree(v);
      CHECK((deg == q || deg == q + 1));
      absolute += deg == q;
    }
    CHECK(absolute == q * q + 1);  // a Suzuki–Tits ovoid
    check_describe("delorme", {{"q", std::to_string(q)}});
  }
  // k̄ tends to 3 (Table 2): 2.849 for q = 8.
  CHECK(metrics::distance_distribution(gen_of("delorme", {{"q", "8"}})).histogram ==
        std::vector<std::uint64_t>{585, 5200, 41080, 295360});
  CHECK(refusal("delorme", {{"q", "4"}}) == "--q must be an odd power of 2 (2, 8, 32, 128) for a delorme graph, got 4");
  CHECK(refusal("delorme", {{"q", "3"}}) == "--q must be an odd power of 2 (2, 8, 32, 128) for a delorme graph, got 3");
  CHECK(refusal("delorme", {{"q", "512"}}) == "--q must be at most 128 for delorme, got 512");
}

TEST_CASE("Moore bounds M(Δ,k) = 1 + Δ(1 + (Δ−1) + … + (Δ−1)^(k−1)) in describe()") {
  CHECK(describe_of("pn", {{"q", "2"}}).formulas["moore_bound"] == 1 + 3 * (1 + 2 + 4));
  CHECK(describe_of("pn", {{"q", "23"}}).formulas["moore_bound"] == 1 + 24 * (1 + 23 + 23 * 23));
  CHECK(describe_of("demipn", {{"q", "27"}}).formulas["moore_bound"] == 28 * 28 + 1);
  CHECK(describe_of("gq", {{"q", "2"}}).formulas["moore_bound"] == 1 + 3 * (1 + 2 + 4 + 8));
  CHECK(describe_of("slimfly", {{"q", "19"}}).formulas["moore_bound"] == 29 * 29 + 1);
}

TEST_CASE("paley, hamming, turan, bipartite, dragonfly: sizes, distances, classes") {
  check_describe("paley", {{"q", "13"}});
  check_describe("paley", {{"q", "9"}});
  check_describe("paley", {{"q", "25"}});
  check_describe("hamming", {{"side", "4"}, {"dims", "3"}});
  check_describe("hamming", {{"side", "5"}});
  check_describe("turan", {{"n", "10"}, {"r", "3"}});
  check_describe("turan", {{"n", "16"}, {"r", "4"}});
  check_describe("turan", {{"n", "7"}, {"r", "7"}});
  check_describe("bipartite", {{"n", "5"}});
  check_describe("dragonfly", {{"h", "1"}});
  check_describe("dragonfly", {{"h", "2"}});
  check_describe("dragonfly", {{"h", "3"}});
  // Turán(2n, 2) is K_{n,n}.
  CHECK(describe_of("turan", {{"n", "10"}, {"r", "2"}}).links == describe_of("bipartite", {{"n", "5"}}).links);
  // Dragonfly: one global link between every pair of groups, h per router.
  const Graph g = gen_of("dragonfly", {{"h", "3"}});
  const std::uint64_t a = 6, groups = 19;
  std::set<std::pair<int, int>> pairs;
  std::vector<int> global_per_router(g.num_nodes(), 0);
  for (link_id l = 0; l < g.num_links(); ++l) {
    const auto gu = g.coords(g.source(l))[0], gv = g.coords(g.target(l))[0];
    if (g.link_class_name(l) == "global") {
      CHECK(gu != gv);
      CHECK(pairs.insert({std::min(gu, gv), std::max(gu, gv)}).second);
      ++global_per_router[g.source(l)], ++global_per_router[g.target(l)];
    } else {
      CHECK(gu == gv);
    }
  }
  CHECK(pairs.size() == groups * (groups - 1) / 2);
  CHECK(std::all_of(global_per_router.begin(), global_per_router.end(), [](int k) { return k == 3; }));
  CHECK(g.num_nodes() == a * groups);
}

TEST_CASE("dragonfly, cascade: every arrangement and size gives the degree and global links per pair of groups") {
  using Raw = std::map<std::string, std::string>;
  for (const std::string arrangement : {"absolute", "relative", "circulant"})
    for (const auto& raw :
         {Raw{{"h", "2"}}, Raw{{"h", "2"}, {"a", "3"}, {"g", "4"}}, Raw{{"h", "3"}, {"a", "4"}, {"g", "5"}},
          Raw{{"h", "2"}, {"a", "2"}, {"g", "2"}, {"p", "5"}}}) {
      auto r = raw;
      r["arrangement"] = arrangement;
      CAPTURE(arrangement);
      CAPTURE(r.size());
      check_describe("dragonfly", r);
      const auto d = describe_of("dragonfly", r);
      const Graph g = gen_of("dragonfly", r);
      const auto a = std::uint64_t(d.formulas["routers_per_group"]), groups = std::uint64_t(d.formulas["groups"]);
      const auto m = std::uint64_t(d.formulas["global_links_per_group_pair"]);
      std::map<std::pair<int, int>, std::uint64_t> per_pair;
      for (link_id l = 0; l < g.num_links(); ++l) {
        const auto gu = g.coords(g.source(l))[0], gv = g.coords(g.target(l))[0];
        CHECK((g.link_class_name(l) == "global") == (gu != gv));
        if (gu != gv) per_pair[{std::min(gu, gv), std::max(gu, gv)}] += g.multiplicity(l);
      }
      CHECK(per_pair.size() == groups * (groups - 1) / 2);
      for (const auto& [pair, links] : per_pair) CHECK(links == m);
      CHECK(g.num_nodes() == a * groups);
    }
  CHECK(describe_of("dragonfly", {{"h", "2"}, {"p", "5"}}).formulas["radix"] == 3 + 2 + 5);
  CHECK_THROWS_WITH_AS(describe_of("dragonfly", {{"h", "2"}, {"g", "10"}}),
                       "--g 10 exceeds a*h+1 = 9: the groups cannot all be joined by global links", InputError);
  CHECK_THROWS_WITH_AS(describe_of("dragonfly", {{"h", "2"}, {"g", "4"}}),
                       "a*h = 8 global ports per group must be a multiple of g-1 = 3, so that every pair of groups "
                       "gets as many global links",
                       InputError);
  CHECK_THROWS_WITH_AS(describe_of("dragonfly", {{"h", "2"}, {"g", "1"}}),
                       "--g must be at least 2: a dragonfly with one group has no global links", InputError);
  check_describe("cascade", {{"groups", "2"}, {"global-links", "50"}, {"arrangement", "circulant"}});
  CHECK_THROWS_WITH_AS(describe_of("cascade", {{"groups", "242"}, {"global-links", "4"}}),
                       "--global-links must be between 1 and 3 for 242 groups ((g-1)*m of the 960 global ports of a "
                       "group), got 4",
                       InputError);
}

TEST_CASE("spectralfly: N by the Legendre symbol, degree p+1, and the constraints named") {
  check_describe("spectralfly", {{"p", "5"}, {"q", "7"}});   // (5/7) = -1: PGL(2,7), 336 nodes
  check_describe("spectralfly", {{"p", "5"}, {"q", "11"}});  // (5/11) = 1: PSL(2,11), 660 nodes
  CHECK(describe_of("spectralfly", {{"p", "5"}, {"q", "7"}}).nodes == 336);
  CHECK(describe_of("spectralfly", {{"p", "5"}, {"q", "11"}}).nodes == 660);
  CHECK_THROWS_WITH_AS(describe_of("spectralfly", {{"p", "7"}, {"q", "5"}}),
                       "--p must be a prime congruent to 1 mod 4 below 2^20, got 7", InputError);
  CHECK_THROWS_WITH_AS(describe_of("spectralfly", {{"p", "5"}, {"q", "5"}}),
                       "--q must be an odd prime other than --p below 2^20, got 5", InputError);
  CHECK_THROWS_WITH_AS(describe_of("spectralfly", {{"p", "17"}, {"q", "3"}}),
                       "--q 3 is too small for --p 17: two generators are the same element of PGL(2,3) (q > "
                       "2*sqrt(p) avoids it)",
                       InputError);
}

TEST_CASE("random-regular: simple, regular, reproducible from the seed") {
  for (const auto& [n, d] :
       std::vector<std::pair<int, int>>{{20, 3}, {100, 7}, {50, 10}, {10, 7}, {12, 11}, {64, 40}}) {
    CAPTURE(n);
    CAPTURE(d);
    const std::map<std::string, std::string> raw{
        {"nodes", std::to_string(n)}, {"degree", std::to_string(d)}, {"seed", "7"}};
    const Graph g = gen_of("random-regular", raw);
    const auto s = metrics::summarize(g);
    CHECK(s.nodes == std::uint64_t(n));
    CHECK(s.regular);
    CHECK(s.degree_min == std::uint64_t(d));
    CHECK_FALSE(s.multigraph);
    CHECK_FALSE(s.self_loops);
    CHECK_FALSE(g.has_multiplicity());
    const Graph h = gen_of("random-regular", raw);
    bool same = g.num_links() == h.num_links();
    for (link_id l = 0; same && l < g.num_links(); ++l) same = g.source(l) == h.source(l) && g.target(l) == h.target(l);
    CHECK(same);
  }
  // A different seed gives a different graph.
  const Graph a = gen_of("random-regular", {{"nodes", "100"}, {"degree", "4"}, {"seed", "1"}});
  const Graph b = gen_of("random-regular", {{"nodes", "100"}, {"degree", "4"}, {"seed", "2"}});
  bool differ = false;
  for (link_id l = 0; l < a.num_links(); ++l)
    differ = differ || a.source(l) != b.source(l) || a.target(l) != b.target(l);
  CHECK(differ);
}

TEST_CASE("bad parameters are refused with the constraint named") {
  CHECK(refusal("pn", {{"q", "6"}}) == "--q must be a prime power, got 6");
  CHECK(refusal("demipn", {{"q", "1"}}) == "--q must be a prime power, got 1");
  CHECK(refusal("oft", {{"q", "10"}}) == "--q must be a prime power, got 10");
  CHECK(refusal("gq", {{"q", "12"}}) == "--q must be a prime power, got 12");
  CHECK(refusal("slimfly", {{"q", "2"}}) == "--q must be a prime power other than 2 (MMS needs q >= 3), got 2");
  CHECK(refusal("slimfly", {{"q", "15"}}) == "--q must be a prime power, got 15");
  CHECK(refusal("paley", {{"q", "7"}}) == "--q must be congruent to 1 mod 4 for a paley graph, got 7");
  CHECK(refusal("paley", {{"q", "8"}}) == "--q must be congruent to 1 mod 4 for a paley graph, got 8");
  CHECK(refusal("paley", {{"q", "21"}}) == "--q must be a prime power, got 21");
  CHECK(refusal("pn", {{"q", "4194304"}}) == "--q must be at most 1048576 (finite field tables), got 4194304");
  // A huge prime is refused by its size at once, before any trial division.
  CHECK(refusal("pn", {{"q", "9223372036854775783"}}) ==
        "--q must be at most 1048576 (finite field tables), got 9223372036854775783");
  CHECK(refusal("random-regular", {{"nodes", "7"}, {"degree", "3"}}) ==
        "--nodes times --degree must be even (a d-regular graph has n*d/2 links), got 7*3");
  CHECK(refusal("random-regular", {{"nodes", "7"}, {"degree", "7"}}) ==
        "--degree must be between 1 and nodes-1 = 6, got 7");
  CHECK(refusal("turan", {{"n", "5"}, {"r", "6"}}) == "--r must be between 2 and n = 5, got 6");
  CHECK(refusal("turan", {{"n", "5"}, {"r", "1"}}) == "--r must be between 2 and n = 5, got 1");
  CHECK(refusal("hamming", {{"side", "1"}}) == "--side must be at least 2, got 1");
  CHECK(refusal("mlfm", {{"n", "1"}}) == "--n must be between 2 and 2000, got 1");
  CHECK(refusal("dragonfly", {{"h", "0"}}) == "--h must be between 1 and 1000, got 0");
  CHECK(refusal("bipartite", {{"n", "0"}}) == "--n must be between 1 and 500000, got 0");
  // describe() refuses the same way, without building.
  CHECK_THROWS_WITH_AS(describe_of("pn", {{"q", "6"}}), "--q must be a prime power, got 6", InputError);
  CHECK_THROWS_AS(describe_of("slimfly", {{"q", "2"}}), InputError);
}
