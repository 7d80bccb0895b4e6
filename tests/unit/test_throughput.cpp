// Throughput against closed forms: on an arc-transitive graph (ring, K_n, hypercube, torus k×k) uniform θ is
// Σ arc capacities over the demand-weighted sum of distances, θ = Δ/k̄ with one terminal per router; on a path
// the middle link limits θ; Garg–Könemann's bounds bracket the LP's θ; TUB of the antipodal permutation; the
// Hungarian method against every permutation of small matrices; θ under given traffic (tornado on rings, tori and
// K_n, hotspot limited by the hot node's degree, a demand between antipodes) and under the longest matching; the
// single-node cut bound Garg–Könemann starts from is above the LP's θ.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <queue>
#include <random>

#include "fixtures.hpp"
#include "metrics/shortest_path_tree.hpp"
#include "topo/metrics/throughput.hpp"

using namespace topo;
using namespace topo::metrics;
using topo::test::family;

namespace {

Throughput measure_throughput(const Graph& g, ThroughputMethod method, double terminals_per_router = 1) {
  ThroughputOptions o;
  o.method = method;
  o.terminals_per_router = terminals_per_router;
  o.threads = 1;
  return throughput(g, o);
}

/// LP: θ exactly (to the simplex's tolerance); Garg–Könemann: bounds around it within 1 − ε.
void check_theta(const Graph& g, double theta, double terminals_per_router = 1) {
  const auto lp = measure_throughput(g, ThroughputMethod::lp, terminals_per_router);
  CHECK(lp.method == "lp");
  CHECK(lp.uniform->exact);
  CHECK(lp.uniform->lower == doctest::Approx(theta).epsilon(1e-9));
  const auto gk = measure_throughput(g, ThroughputMethod::approximation, terminals_per_router);
  CHECK(gk.method == "garg-konemann");
  CHECK_FALSE(gk.uniform->exact);
  CHECK(gk.uniform->lower <= theta * (1 + 1e-9));
  CHECK(gk.uniform->upper >= theta * (1 - 1e-9));
  CHECK(gk.uniform->lower >= (1 - gk.uniform->epsilon) * gk.uniform->upper);
}

}  // namespace

TEST_CASE("throughput: arc-transitive graphs carry uniform traffic at Δ/k̄") {
  // Ring C_n: Σ of distances from a node n²/4 (n even) or (n² − 1)/4 (n odd), over n − 1 others.
  for (unsigned n : {5u, 8u, 9u}) {
    const double sum = n % 2 ? (n * n - 1) / 4.0 : n * n / 4.0;
    check_theta(family("ring", {{"nodes", std::to_string(n)}}), 2 * (n - 1) / sum);
  }
  check_theta(family("complete", {{"nodes", "6"}}), 5);  // k̄ = 1
  // Hypercube Q_d: Σ of distances d·2^(d−1) over 2^d − 1 others.
  for (unsigned d : {3u, 4u})
    check_theta(family("hypercube", {{"dim", std::to_string(d)}}), (std::pow(2, d) - 1) / std::pow(2, d - 1));
  // Torus 4×4: Σ of distances 2·4·(0 + 1 + 2 + 1) = 32 over 15 others, degree 4.
  check_theta(family("torus", {{"dims", "4x4"}}), 4 * 15 / 32.0);
}

TEST_CASE("throughput: a path is limited by its middle link") {
  // Path of 4 nodes: 2·2 ordered pairs cross the middle link each way, each demanding θ/3.
  check_theta(family("mesh", {{"dims", "4"}}), 0.75);
}

TEST_CASE("throughput: terminals per router") {
  // K_4 with 2 terminals per router: T = 8, a router pair demands θ·4/7 over its own link.
  check_theta(family("complete", {{"nodes", "4"}}), 7 / 4.0, 2);
  const auto t = measure_throughput(family("complete", {{"nodes", "4"}}), ThroughputMethod::lp, 2);
  CHECK(t.terminals == 8);
  CHECK(t.per_pair == doctest::Approx(4 / 7.0));
}

TEST_CASE("throughput: the automatic method is the LP while it fits") {
  ThroughputOptions o;
  const auto ring = family("ring", {{"nodes", "8"}});
  o.lp_max_source_arcs = 8 * 16;
  const double arcs = double(ring.num_arcs());
  CHECK(throughput_uses_lp(o, 8, arcs));
  CHECK_FALSE(throughput_uses_lp(o, 9, arcs));
  o.method = ThroughputMethod::lp;
  CHECK(throughput_uses_lp(o, 1e12, arcs));
  CHECK_FALSE(throughput_lp_fits(o, 9, arcs));  // forced beyond the automatic size: topostat warns
  o.method = ThroughputMethod::approximation;
  CHECK_FALSE(throughput_uses_lp(o, 1, arcs));
  // A 20×20 torus: 400 sources × 1600 arcs without symmetry, one source with it: the LP.
  const auto torus = measure_throughput(family("torus", {{"dims", "20x20"}}), ThroughputMethod::automatic);
  CHECK(torus.method == "lp");
  CHECK(torus.uniform->lp_sources == 1);
  CHECK(torus.uniform->arc_classes == 1);  // the torus k×k is arc-transitive
  // Σ of distances from a node 2·20·(2·(1 + … + 9) + 10) = 4000 over 399 others, degree 4.
  CHECK(torus.uniform->lower == doctest::Approx(4 * 399 / 4000.0).epsilon(1e-9));
}

TEST_CASE("throughput: the LP's size counts half the senders only under a symmetric demand") {
  const auto torus = family("torus", {{"dims", "6x6"}});
  ThroughputOptions o;
  auto senders = throughput_senders(torus, o);  // uniform: every router, each unordered pair once
  CHECK(senders.routers == 36);
  CHECK(senders.lp_sources == 18);
  route::TrafficOptions to;
  o.traffic = pattern_traffic(torus, "tornado", to);  // (x, y) to (x + 2, y): not symmetric
  senders = throughput_senders(torus, o);
  CHECK(senders.routers == 36);
  CHECK(senders.lp_sources == 36);
  o.traffic = pattern_traffic(torus, "nearest-neighbour", to);  // each link both ways: symmetric
  senders = throughput_senders(torus, o);
  CHECK(senders.lp_sources == senders.routers / 2);
  to.hotspot = 3;
  o.traffic = pattern_traffic(torus, "hotspot", to);  // everyone to router 3, which sends nothing
  senders = throughput_senders(torus, o);
  CHECK(senders.routers == 35);
  CHECK(senders.lp_sources == 35);
  o.endpoints = {0, 1, 2, 3};  // uniform traffic between four routers
  o.traffic.reset();
  CHECK(throughput_senders(torus, o).lp_sources == 2);
  GraphBuilder arrows(5, true);  // a directed 5-cycle: every pair's LP rows
  for (node_id v = 0; v < 5; ++v) arrows.add_link(v, (v + 1) % 5);
  CHECK(throughput_senders(arrows.finish(), ThroughputOptions{}).lp_sources == 5);
}

TEST_CASE("throughput: the symmetrised LP gives the whole LP's θ") {
  // One source per orbit and one capacity per arc orbit: vertex-transitive but not arc-transitive (3×5 torus),
  // neither (4×5 mesh, a fat tree's routers with terminals), terminals on some routers only, and a capacity that
  // breaks the symmetry (a ring with one doubled link), and parallel links.
  auto uniform = [](const Graph& g, const std::vector<node_id>& ends) {
    UniformTraffic t;
    t.endpoints = ends;
    if (t.endpoints.empty()) {
      t.endpoints.resize(g.num_nodes());
      std::iota(t.endpoints.begin(), t.endpoints.end(), node_id{0});
    }
    return RouterDemand::of(t);
  };
  auto both = [&](const Graph& g, const std::vector<node_id>& ends, std::size_t orbits) {
    const RouterDemand d = uniform(g, ends);
    const ThroughputSymmetry sym = throughput_symmetry(g, d.sources);
    CHECK(sym.sources.size() == orbits);
    double weight = 0;
    for (double w : sym.weight) weight += w;
    CHECK(weight == double(d.sources.size()) * (sym.unordered_pairs ? 2 : 1));
    const auto reduced = throughput_lp(g, d, sym, 1);
    const auto whole = throughput_lp(g, d, ThroughputSymmetry::none(g, d.sources), 1);
    CHECK(reduced.exact);
    CHECK(reduced.lower == doctest::Approx(whole.lower).epsilon(1e-7));
    return reduced.lower;
  };
  both(family("torus", {{"dims", "3x5"}}), {}, 1);
  both(family("mesh", {{"dims", "4x5"}}), {}, 6);
  const auto tree = family("xgft", {{"m", "4,4"}, {"w", "1,2"}});
  CHECK(both(tree, tree.meta.endpoints, 1) == doctest::Approx(5 / 8.0));
  // The mesh 4×5 with terminals on its first row only: the reflection keeps them, others do not.
  both(family("mesh", {{"dims", "4x5"}}), {0, 1, 2, 3}, 2);
  GraphBuilder b(6, false);  // a ring of 6 with one link doubled: only the reflection through it is left
  for (node_id v = 0; v < 6; ++v) {
    LinkAttrs a;
    a.multiplicity = v == 0 ? 2 : 1;
    b.add_link(v, (v + 1) % 6, a);
  }
  both(b.finish(), {}, 6);
  // A ring of 6 with every link twice, in two classes: parallel links, whose arcs an automorphism does not map
  // one to one, keep no symmetry; θ is twice the ring's Δ/k̄ = 2 / (9/5).
  GraphBuilder twice(6, false);
  LinkAttrs first, second;
  first.cls = twice.class_id("a");
  second.cls = twice.class_id("b");
  for (node_id v = 0; v < 6; ++v) {
    twice.add_link(v, (v + 1) % 6, first);
    twice.add_link(v, (v + 1) % 6, second);
  }
  CHECK(both(twice.finish(), {}, 6) == doctest::Approx(20 / 9.0));
  // Without automorphisms, an undirected graph keeps each unordered pair once and a row per link (the reversal),
  // with terminals everywhere and on some routers only; a directed graph keeps the whole LP.
  const auto random = family("random-regular", {{"nodes", "24"}, {"degree", "3"}, {"seed", "1"}});
  CHECK(throughput_symmetry(random, uniform(random, {}).sources).unordered_pairs);
  both(random, {}, 24);
  both(random, {0, 3, 5, 9, 17}, 5);
  GraphBuilder arrows(5, true);  // a directed 5-cycle with one chord: no automorphism
  for (node_id v = 0; v < 5; ++v) arrows.add_link(v, (v + 1) % 5, {});
  arrows.add_link(0, 2, {});
  const Graph directed = arrows.finish();
  const ThroughputSymmetry kept = throughput_symmetry(directed, uniform(directed, {}).sources);
  CHECK_FALSE(kept.unordered_pairs);
  CHECK(kept.class_size.size() == directed.num_arcs());
}

TEST_CASE("throughput: a symmetric demand keeps each unordered pair once and gives the whole LP's θ") {
  const auto g = family("random-regular", {{"nodes", "16"}, {"degree", "3"}, {"seed", "2"}});
  RouterDemand d;  // pair {s, t} with amount 1 + (s·t mod 3), both ways, on every third pair
  for (node_id s = 0; s < 16; ++s) d.sources.push_back(s);
  d.to.resize(16);
  for (node_id s = 0; s < 16; ++s)
    for (node_id t = 0; t < 16; ++t)
      if (s != t && (s + t) % 3 == 0) d.to[s].emplace_back(t, 1.0 + (s * t) % 3);
  REQUIRE(d.symmetric());
  const auto halved = throughput_lp(g, d, ThroughputSymmetry::reversal(g, d.sources), 1);
  const auto whole = throughput_lp(g, d, ThroughputSymmetry::none(g, d.sources), 1);
  CHECK(halved.unordered_pairs);
  CHECK(halved.rows == g.num_links() + d.pairs() / 2);
  CHECK(whole.rows == g.num_arcs() + d.pairs());
  CHECK(halved.lower == doctest::Approx(whole.lower).epsilon(1e-7));
  const double amount = d.to[0].front().second;
  d.to[0].front().second = 5;  // one direction changed, or a target that sends nothing: not symmetric
  CHECK_FALSE(d.symmetric());
  d.to[0].front().second = amount;
  CHECK(d.symmetric());
  d.sources.pop_back();
  d.to.pop_back();
  CHECK_FALSE(d.symmetric());
}

TEST_CASE("throughput: TUB of the worst-case permutation") {
  // Ring of 8: antipodes, 4 hops each, 16 arcs: θ ≤ 16/32.
  auto t = measure_throughput(family("ring", {{"nodes", "8"}}), ThroughputMethod::lp);
  REQUIRE(t.permutation);
  CHECK(t.permutation->max_distance_sum == 32);
  CHECK(t.permutation->tub == doctest::Approx(0.5));
  // K_n: a derangement, n hops over n(n − 1) arcs: θ ≤ n − 1.
  t = measure_throughput(family("complete", {{"nodes", "5"}}), ThroughputMethod::lp);
  CHECK(t.permutation->tub == doctest::Approx(4));
  // Hypercube Q_4: the complements, d hops each over d·2^d arcs: θ ≤ 1.
  t = measure_throughput(family("hypercube", {{"dim", "4"}}), ThroughputMethod::lp);
  CHECK(t.permutation->max_distance_sum == 64);
  CHECK(t.permutation->tub == doctest::Approx(1));
}

TEST_CASE("throughput: the Hungarian method against every permutation") {
  std::mt19937 rng(7);
  for (int trial = 0; trial < 20; ++trial) {
    const std::size_t n = 1 + trial % 7;
    std::vector<std::vector<std::int64_t>> w(n, std::vector<std::int64_t>(n));
    for (auto& row : w)
      for (auto& x : row) x = std::int64_t(rng() % 21) - 5;
    std::vector<std::uint32_t> p(n);
    std::iota(p.begin(), p.end(), 0u);
    std::int64_t best = std::numeric_limits<std::int64_t>::min();
    do {
      std::int64_t s = 0;
      for (std::size_t i = 0; i < n; ++i) s += w[i][p[i]];
      best = std::max(best, s);
    } while (std::next_permutation(p.begin(), p.end()));
    const auto [total, to] = max_weight_assignment(w);
    CHECK(total == best);
    std::int64_t s = 0;
    for (std::size_t i = 0; i < n; ++i) s += w[i][to[i]];
    CHECK(s == total);
    auto sorted = to;
    std::sort(sorted.begin(), sorted.end());
    for (std::size_t i = 0; i < n; ++i) CHECK(sorted[i] == i);
  }
}

namespace {

Throughput given_throughput(const Graph& g, GivenTraffic traffic, ThroughputMethod method,
                            double terminals_per_router = 1) {
  ThroughputOptions o;
  o.method = method;
  o.terminals_per_router = terminals_per_router;
  o.threads = 1;
  o.traffic = std::move(traffic);
  return throughput(g, o);
}

/// θ under a traffic pattern: exact by the LP, bracketed by Garg–Könemann.
void check_pattern(const Graph& g, const std::string& pattern, double theta, node_id hotspot = 0) {
  route::TrafficOptions to;
  to.hotspot = hotspot;
  const auto lp = given_throughput(g, pattern_traffic(g, pattern, to), ThroughputMethod::lp);
  REQUIRE(lp.given);
  CHECK_FALSE(lp.uniform);
  CHECK(lp.given->name == pattern);
  CHECK(lp.given->theta.exact);
  CHECK(lp.given->theta.lower == doctest::Approx(theta).epsilon(1e-9));
  const auto gk = given_throughput(g, pattern_traffic(g, pattern, to), ThroughputMethod::approximation);
  CHECK(gk.given->theta.lower <= theta * (1 + 1e-9));
  CHECK(gk.given->theta.upper >= theta * (1 - 1e-9));
  CHECK(gk.given->theta.lower >= (1 - gk.given->theta.epsilon) * gk.given->theta.upper);
}

}  // namespace

TEST_CASE("throughput: tornado on rings, tori and K_n") {
  // Ring C_k, shift d = ⌈k/2⌉ − 1: a path of net displacement d uses ≥ d clockwise arcs or ≥ k − d
  // counter-clockwise ones, each direction's k arcs carry k commodities: θ = 1/d + 1/(k − d), met by splitting.
  check_pattern(family("ring", {{"nodes", "8"}}), "tornado", 1 / 3.0 + 1 / 5.0);
  check_pattern(family("ring", {{"nodes", "7"}}), "tornado", 1 / 3.0 + 1 / 4.0);
  // Torus k×k: the same bound in each dimension, met by choosing the direction in each dimension independently.
  check_pattern(family("torus", {{"dims", "6x6"}}), "tornado", 1 / 2.0 + 1 / 4.0);
  // K_n, a derangement: s sends ≤ 1 over its direct link, the rest over ≥ 2 arcs, n(n − 1) arcs in all:
  // n(1 + 2(θ − 1)) ≤ n(n − 1), θ ≤ n/2, met by spreading the rest evenly over the n − 2 two-hop paths.
  check_pattern(family("complete", {{"nodes", "5"}}), "tornado", 2.5);
  check_pattern(family("complete", {{"nodes", "6"}}), "tornado", 3);
}

TEST_CASE("throughput: hotspot is limited by the hot node's degree") {
  // Every router sends to h: normalised, h receives θ in all, over deg(h) arcs (no other cut is tighter here).
  check_pattern(family("torus", {{"dims", "4x4"}}), "hotspot", 4, 5);
  check_pattern(family("mesh", {{"dims", "3x3"}}), "hotspot", 2, 0);
  check_pattern(family("mesh", {{"dims", "3x3"}}), "hotspot", 4, 4);
}

TEST_CASE("throughput: the single-node cut bound is above θ, and is θ under hotspot traffic") {
  // Every pattern on graphs of every kind: min over nodes of capacity out/sent and in/received ≥ the LP's θ.
  route::TrafficOptions to;
  to.hotspot = 3;
  for (const auto& g : {family("torus", {{"dims", "4x4"}}), family("mesh", {{"dims", "3x3"}}),
                        family("ring", {{"nodes", "8"}}), family("random-regular", {{"nodes", "12"}, {"degree", "3"}})})
    for (const char* pattern : {"hotspot", "tornado", "permutation", "all-to-all", "nearest-neighbour"}) {
      CAPTURE(pattern);
      const auto traffic = pattern_traffic(g, pattern, to);
      GivenThroughput figures;
      const auto demand = normalised_demand(g, traffic, {}, 1, figures);
      const auto lp = given_throughput(g, traffic, ThroughputMethod::lp);
      CHECK(single_node_cut_bound(g, demand) >= lp.given->theta.lower * (1 - 1e-9));
    }
  // Uniform traffic on K_5: each node sends 1 over 4 arcs: the cut gives 4, the LP's θ is 4 too (one hop each).
  const auto k5 = family("complete", {{"nodes", "5"}});
  ThroughputOptions o;
  CHECK(single_node_cut_bound(k5, RouterDemand::of(uniform_traffic(k5, o))) == doctest::Approx(4));
  // Hotspot: the hot node of a 4x4 torus receives θ over its 4 arcs, the cut is the bound and θ itself.
  const auto torus = family("torus", {{"dims", "4x4"}});
  GivenThroughput figures;
  CHECK(single_node_cut_bound(torus, normalised_demand(torus, pattern_traffic(torus, "hotspot", to), {}, 1, figures)) ==
        doctest::Approx(4));
}

TEST_CASE("throughput: all-to-all as a given traffic is uniform traffic") {
  const auto g = family("torus", {{"dims", "4x4"}});
  check_pattern(g, "all-to-all", 4 * 15 / 32.0);
}

TEST_CASE("throughput: a demand is normalised per terminal") {
  // Ring C_8, antipodes 0 and 4 exchanging: each direction has two arc-disjoint paths, θ = 2.
  const auto ring = family("ring", {{"nodes", "8"}});
  GivenTraffic t{"pair", "pair", {{0, 4, 1.0}, {4, 0, 1.0}}};
  auto r = given_throughput(ring, t, ThroughputMethod::lp);
  CHECK(r.given->theta.lower == doctest::Approx(2));
  CHECK(r.given->pairs == 2);
  t.entries = {{0, 4, 3.0}, {4, 0, 3.0}, {2, 2, 9.0}};  // scaled by 1/3; traffic within a router uses no link
  r = given_throughput(ring, t, ThroughputMethod::lp);
  CHECK(r.given->theta.lower == doctest::Approx(2));
  CHECK(r.given->busiest == doctest::Approx(3));
  CHECK(r.given->scale == doctest::Approx(1 / 3.0));
  r = given_throughput(ring, t, ThroughputMethod::lp, 2);  // two terminals each: twice the demand
  CHECK(r.given->theta.lower == doctest::Approx(1));
  CHECK(r.given->scale == doctest::Approx(2 / 3.0));
}

TEST_CASE("throughput: the longest matching's θ is below TUB") {
  // Ring C_8: the antipodal permutation (the only one of 32 hops), 4 commodities on each arc: θ = 1/2 = TUB.
  auto t = measure_throughput(family("ring", {{"nodes", "8"}}), ThroughputMethod::lp);
  REQUIRE(t.permutation->longest_matching);
  CHECK(t.permutation->longest_matching->lower == doctest::Approx(0.5));
  // K_5: every derangement is longest; θ = n/2 (above), TUB = n − 1.
  t = measure_throughput(family("complete", {{"nodes", "5"}}), ThroughputMethod::lp);
  CHECK(t.permutation->longest_matching->lower == doctest::Approx(2.5));
  // Q_4: the complements; every arc carries the same load over shortest paths: θ = 1 = TUB.
  t = measure_throughput(family("hypercube", {{"dim", "4"}}), ThroughputMethod::approximation);
  CHECK(t.permutation->longest_matching->lower <= 1 + 1e-9);
  CHECK(t.permutation->longest_matching->upper >= 1 - 1e-9);
}

TEST_CASE("throughput: given traffic errors") {
  const auto ring = family("ring", {{"nodes", "8"}});
  CHECK_THROWS_WITH_AS(given_throughput(ring, {"x", "x.el", {{0, 9, 1.0}}}, ThroughputMethod::lp),
                       doctest::Contains("x.el: router 9 but the network has 8 routers"), InputError);
  CHECK_THROWS_WITH_AS(given_throughput(ring, {"x", "x.el", {{3, 3, 1.0}}}, ThroughputMethod::lp),
                       doctest::Contains("x.el: no demand between two routers"), InputError);
  CHECK_THROWS_WITH_AS(given_throughput(ring, {"x", "x.el", {{0, 1, -1.0}}}, ThroughputMethod::lp),
                       doctest::Contains("not a finite non-negative number"), InputError);
  ThroughputOptions o;
  o.endpoints = {0, 1, 2};
  o.traffic = GivenTraffic{"x", "x.el", {{0, 5, 1.0}}};
  CHECK_THROWS_WITH_AS(throughput(ring, o), doctest::Contains("x.el: router 5 has no terminals"), InputError);
}

TEST_CASE("throughput: errors") {
  ThroughputOptions o;
  o.epsilon = 1;
  CHECK_THROWS_AS(throughput(family("ring", {{"nodes", "4"}}), o), UsageError);
  CHECK_THROWS_WITH_AS(parse_throughput_method("simplex"), doctest::Contains("unknown throughput method"), UsageError);
}

TEST_CASE("shortest-path trees: nodes settled in (distance, id) order, the same tree as a plain Dijkstra") {
  // The reference keeps stale (distance, node) pairs in a binary heap, as std::priority_queue does; the tree's
  // queue moves a node up instead. Ties (unit lengths, lengths from a few values) must go the same way.
  const Graph g = test::family("random-regular", {{"nodes", "200"}, {"degree", "6"}, {"seed", "5"}});
  std::mt19937_64 rng(7);
  for (int lengths = 0; lengths < 3; ++lengths) {
    std::vector<double> length(g.num_arcs(), 1.0);
    for (double& l : length)
      l = lengths == 0   ? 1.0
          : lengths == 1 ? double(1 + rng() % 3)
                         : std::uniform_real_distribution<double>(0.1, 5)(rng);
    ShortestPathTree t;
    for (node_id s = 0; s < g.num_nodes(); s += 7) {
      shortest_path_tree(g, length, s, t);
      std::vector<double> dist(g.num_nodes(), std::numeric_limits<double>::infinity());
      std::vector<std::uint64_t> parent(g.num_nodes(), std::numeric_limits<std::uint64_t>::max());
      std::vector<node_id> order;
      std::priority_queue<std::pair<double, node_id>, std::vector<std::pair<double, node_id>>, std::greater<>> heap;
      dist[s] = 0;
      heap.emplace(0.0, s);
      while (!heap.empty()) {
        const auto [d, v] = heap.top();
        heap.pop();
        if (d > dist[v]) continue;
        order.push_back(v);
        for (std::size_t i = 0; i < g.out_neighbors(v).size(); ++i) {
          const std::uint64_t a = g.arc_offset(v) + i;
          const node_id w = g.out_neighbors(v)[i];
          if (w != v && d + length[a] < dist[w]) {
            dist[w] = d + length[a];
            parent[w] = a;
            heap.emplace(dist[w], w);
          }
        }
      }
      CHECK(t.order == order);
      CHECK(t.parent_arc == parent);
      CHECK(t.dist == dist);
    }
  }
}
