// Path diversity against closed forms: σ on tori and hypercubes is a multinomial of the offsets, K_n has one
// shortest path and n - 1 edge-disjoint paths per pair, Slim Fly and the hypercube are maximally edge-connected,
// a ring has two of each between antipodes; Gusfield's tree against one max flow per pair.
#include <doctest/doctest.h>

#include <cmath>
#include <map>
#include <optional>

#include "fixtures.hpp"
#include "topo/metrics/measure.hpp"
#include "topo/metrics/path_diversity.hpp"

using namespace topo;

namespace {

using Histogram = std::vector<std::pair<std::uint64_t, std::uint64_t>>;

double binomial(unsigned n, unsigned k) {
  double r = 1;
  for (unsigned i = 1; i <= k; ++i) r = r * double(n - k + i) / double(i);
  return r;
}

/// σ's histogram from closed forms given per ordered pair.
template <class F>
Histogram expected_histogram(node_id n, F sigma) {
  std::map<std::uint64_t, std::uint64_t> bins;
  for (node_id s = 0; s < n; ++s)
    for (node_id t = 0; t < n; ++t)
      if (s != t) ++bins[std::uint64_t(sigma(s, t))];
  return {bins.begin(), bins.end()};
}

metrics::PathDiversity measured(const Graph& g, bool by_classes = true) {
  metrics::MeasureOptions o;
  o.paths = true;
  o.bisection = metrics::When::no;
  o.utilization = metrics::When::no;
  if (!by_classes) o.method = metrics::DistanceMethod::bfs;
  return *metrics::measure(g, o).paths;
}

}  // namespace

TEST_CASE("path diversity: torus k x k (k odd), σ of offsets (a, b) is (a+b choose a)") {
  const unsigned k = 7;
  const Graph g = test::family("torus", {{"dims", "7x7"}});
  auto offset = [&](node_id s, node_id t, unsigned dim) {
    const int a = int(g.coords(s)[dim]), b = int(g.coords(t)[dim]);
    const unsigned d = unsigned(std::abs(a - b));
    return std::min(d, k - d);
  };
  const auto expected = expected_histogram(g.num_nodes(), [&](node_id s, node_id t) {
    const unsigned a = offset(s, t, 0), b = offset(s, t, 1);
    return binomial(a + b, a);
  });
  for (bool classes : {true, false}) {
    const auto p = measured(g, classes);
    CHECK(p.shortest.method == (classes ? "orbits" : "bfs"));
    CHECK(p.shortest.histogram == expected);
    CHECK(p.shortest.pairs == 49u * 48u);
    CHECK(p.shortest.min == 1);
    CHECK(p.shortest.max == binomial(6, 3));
    CHECK(p.shortest.single_fraction == doctest::Approx(4.0 * 3 / 48));  // the pairs on one axis
    // every pair: 4 edge-disjoint paths
    REQUIRE(p.disjoint);
    CHECK(p.disjoint->exact);
    CHECK(p.disjoint->histogram == Histogram{{4, 49u * 48u / 2}});
  }
  for (node_id t = 0; t < g.num_nodes(); ++t) {
    const unsigned a = offset(0, t, 0), b = offset(0, t, 1);
    CHECK(metrics::shortest_path_counts_from(g, 0)[t] == binomial(a + b, a));
  }
}

TEST_CASE("path diversity: hypercube, σ at distance d is d!, λ = n for every pair") {
  const unsigned n = 6;
  const Graph g = test::family("hypercube", {{"dim", "6"}});
  const auto expected = expected_histogram(
      g.num_nodes(), [](node_id s, node_id t) { return std::tgamma(double(__builtin_popcount(s ^ t)) + 1); });
  const auto p = measured(g);
  CHECK(p.shortest.histogram == expected);
  CHECK(p.shortest.max == 720);
  CHECK(p.shortest.single_fraction == doctest::Approx(double(n) / double(g.num_nodes() - 1)));
  REQUIRE(p.disjoint);
  CHECK(p.disjoint->histogram == Histogram{{n, 64u * 63u / 2}});
  CHECK(p.disjoint->min == n);
  CHECK(p.disjoint->max_flows < 63);  // λ(G) = 6 = every degree: Matula's flows settle every pair
}

TEST_CASE("path diversity: K_n, one shortest path and n - 1 edge-disjoint paths per pair") {
  const Graph g = test::family("complete", {{"nodes", "9"}});
  const auto p = measured(g);
  CHECK(p.shortest.histogram == Histogram{{1, 9u * 8u}});
  CHECK(p.shortest.single_fraction == 1);
  CHECK(p.shortest.mean == 1);
  REQUIRE(p.disjoint);
  CHECK(p.disjoint->histogram == Histogram{{8, 36}});
}

TEST_CASE("path diversity: Slim Fly q=5 is maximally edge-connected") {
  const Graph g = test::family("slimfly", {{"q", "5"}});
  REQUIRE(g.num_nodes() == 50);
  const auto p = measured(g);
  REQUIRE(p.disjoint);
  CHECK(p.disjoint->histogram == Histogram{{7, 50u * 49u / 2}});
  CHECK(p.shortest.pairs == 50u * 49u);
  CHECK(p.shortest.min == 1);
}

TEST_CASE("path diversity: ring, two shortest paths between antipodes and two edge-disjoint paths") {
  const Graph g = test::family("ring", {{"nodes", "10"}});
  const auto p = measured(g);
  CHECK(p.shortest.histogram == Histogram{{1, 80}, {2, 10}});
  CHECK(p.shortest.max == 2);
  REQUIRE(p.disjoint);
  CHECK(p.disjoint->histogram == Histogram{{2, 45}});
  CHECK(metrics::shortest_path_counts_from(g, 0)[5] == 2);
}

TEST_CASE("path diversity: parallel links multiply σ and λ, components have λ = 0") {
  // 0 =2= 1 - 2 (two parallel links between 0 and 1), and 3 - 4 apart
  GraphBuilder b(5, false);
  LinkAttrs two;
  two.multiplicity = 2;
  b.add_link(0, 1, two);
  b.add_link(1, 2);
  b.add_link(3, 4);
  const Graph g = b.finish(Duplicates::reject);
  CHECK(metrics::shortest_path_counts_from(g, 0)[2] == 2);
  CHECK(metrics::local_edge_connectivity(g, 0, 1) == 2);
  CHECK(metrics::local_edge_connectivity(g, 0, 2) == 1);
  CHECK(metrics::local_edge_connectivity(g, 0, 4) == 0);
  const auto p = measured(g);
  // σ: 0-1, 1-0: 2; 0-2, 2-0: 2; 1-2, 2-1, 3-4, 4-3: 1
  CHECK(p.shortest.histogram == Histogram{{1, 4}, {2, 4}});
  CHECK(p.shortest.pairs == 8);
  REQUIRE(p.disjoint);
  // λ: 0-1: 2; 0-2, 1-2, 3-4: 1; the 6 pairs between {0,1,2} and {3,4}: 0
  CHECK(p.disjoint->histogram == Histogram{{0, 6}, {1, 3}, {2, 1}});
  CHECK(p.disjoint->min == 0);
}

TEST_CASE("path diversity: counts of 2^53 and more share one bin") {
  // A path 0 - 1 - ... - 6 of links of multiplicity 1024: σ(i, j) = 2^(10·|i - j|), 2^60 for the two end pairs.
  GraphBuilder b(7, false);
  LinkAttrs many;
  many.multiplicity = 1024;
  for (node_id v = 0; v < 6; ++v) b.add_link(v, v + 1, many);
  const auto p = measured(b.finish(Duplicates::reject));
  Histogram expected;
  for (unsigned d = 1; d <= 5; ++d) expected.emplace_back(std::uint64_t{1} << (10 * d), 2 * (7 - d));
  CHECK(p.shortest.histogram == expected);
  CHECK(p.shortest.pairs_above_limit == 2);
  CHECK(p.shortest.pairs == 42);
  CHECK(p.shortest.max == std::ldexp(1.0, 60));
  REQUIRE(p.disjoint);
  CHECK(p.disjoint->histogram == Histogram{{1024, 21}});
}

TEST_CASE("path diversity: Gusfield's tree gives every pair's max flow, over endpoints too") {
  // A mesh's λ ranges from 2 (corners) to 4; with some of its nodes as endpoints, the tree is over them alone.
  Graph some = test::family("mesh", {{"dims", "5x6"}});
  for (node_id v = 0; v < some.num_nodes(); v += 3) some.meta.endpoints.push_back(v);
  // Two K_6 joined by one link: λ(G) = 1 below the least degree 5, which Matula's check finds.
  GraphBuilder bridged(12, false);
  for (node_id u = 0; u < 12; ++u)
    for (node_id v = u + 1; v < 12; ++v)
      if (u / 6 == v / 6) bridged.add_link(u, v);
  bridged.add_link(5, 6);
  // The random cubic graph with a few more links: flows from a node of degree 4 to one of degree 3 are settled
  // too, with the other end alone as the cut.
  const Graph cubic = test::family("random-regular", {{"nodes", "30"}, {"degree", "3"}});
  GraphBuilder denser(30, false);
  for (link_id l = 0; l < cubic.num_links(); ++l) denser.add_link(cubic.source(l), cubic.target(l));
  for (node_id v = 1; v < 9; v += 2) {
    const auto nb = cubic.out_neighbors(v);
    if (std::find(nb.begin(), nb.end(), v + 15) == nb.end()) denser.add_link(v, v + 15);
  }
  const std::vector<Graph> graphs = {cubic,
                                     denser.finish(),
                                     test::family("fattree", {{"arity", "3"}, {"levels", "2"}}),
                                     test::family("mesh", {{"dims", "4x5"}}),
                                     some,
                                     bridged.finish()};
  for (const Graph& g : graphs) {
    std::vector<node_id> terms = g.meta.endpoints;
    if (terms.empty())
      for (node_id v = 0; v < g.num_nodes(); ++v) terms.push_back(v);
    std::map<std::uint64_t, std::uint64_t> bins;
    for (std::size_t i = 0; i < terms.size(); ++i)
      for (std::size_t j = i + 1; j < terms.size(); ++j)
        ++bins[metrics::local_edge_connectivity(g, terms[i], terms[j])];
    metrics::PathDiversityOptions o;
    o.endpoints = g.meta.endpoints;
    const auto e = metrics::edge_disjoint_paths(g, o);
    CHECK(e.exact);
    CHECK(e.histogram == Histogram(bins.begin(), bins.end()));
    // Gusfield's n - 1 flows, fewer where λ(G) settles them (it does on the random cubic graph), and on the
    // bridged cliques one more, Matula's flow that finds λ(G) = 1 below the least degree.
    if (&g == &graphs[0] || &g == &graphs[1]) CHECK(e.max_flows < terms.size() - 1);
    // The plan counts them ahead: exactly where every degree is the least one (the cubic graph), else at most
    // max_flows when the check finds λ(G) = δ (a flow to a parent of degree δ is settled too) and at most
    // settled_flows more when it does not.
    const auto plan = metrics::plan_path_diversity(g, o);
    if (&g == &graphs[0]) CHECK(plan.max_flows == e.max_flows);
    if (&g != &graphs.back()) CHECK(e.max_flows <= plan.max_flows);
    CHECK(e.max_flows <= plan.max_flows + plan.settled_flows);
    if (&g == &graphs.back()) CHECK(e.max_flows == terms.size());
  }
}

TEST_CASE("path diversity: above the work limit, λ of a seeded sample of pairs, said to be sampled") {
  const Graph g = test::family("torus", {{"dims", "6x6"}});
  metrics::PathDiversityOptions o;
  o.exact_connectivity_work = 10;
  o.sampled_pairs = 50;
  o.seed = 3;
  const auto e = metrics::edge_disjoint_paths(g, o);
  CHECK_FALSE(e.exact);
  CHECK(e.max_flows == 50);
  CHECK(e.pairs == 50);
  CHECK(e.histogram == Histogram{{4, 50}});
  CHECK(e.mean_ci95 == 0);  // every sampled pair has λ = 4
  CHECK(metrics::edge_disjoint_paths(g, o).histogram == e.histogram);
  // A 5 × 6 mesh's λ is 2 at the corners, 3 on the sides, 4 inside: the interval is the normal one, 1.96 s / √k,
  // narrowed by √((N − k)/(N − 1)) for a sample of k of the N = 435 pairs drawn without replacement.
  const Graph mesh = test::family("mesh", {{"dims", "5x6"}});
  const auto m = metrics::edge_disjoint_paths(mesh, o);
  double ss = 0;
  for (const auto& [lambda, pairs] : m.histogram)
    ss += double(pairs) * (double(lambda) - m.mean) * (double(lambda) - m.mean);
  CHECK(m.histogram.size() >= 2);
  CHECK(m.mean_ci95 == doctest::Approx(1.96 * std::sqrt(ss / 49) / std::sqrt(50.0) * std::sqrt(385.0 / 434)));
  o.sampled_pairs = 435 - 1;  // all but one pair: the interval nearly closes
  CHECK(metrics::edge_disjoint_paths(mesh, o).mean_ci95 < 0.01);
  o.exact_connectivity_work = 2e9;
  CHECK(metrics::edge_disjoint_paths(mesh, o).mean_ci95 == 0);  // exact
}

TEST_CASE("path diversity: directed graphs get σ but not λ") {
  const Graph g = test::family("debruijn", {{"symbols", "2"}, {"length", "3"}});
  const auto p = measured(g);
  CHECK_FALSE(p.disjoint);
  CHECK(p.disjoint_skipped.find("directed") != std::string::npos);
  CHECK(p.shortest.pairs > 0);
  CHECK_THROWS_AS(metrics::local_edge_connectivity(g, 0, 1), InputError);
}

TEST_CASE("path diversity: counted in the memory estimate only when asked for") {
  metrics::MeasureOptions o;
  o.threads = 2;
  auto has_paths = [&](const MemoryEstimate& e) {
    for (const auto& [part, bytes] : e.parts)
      if (part == "paths") return bytes;
    return std::uint64_t{0};
  };
  CHECK(has_paths(metrics::measure_memory(1000, 4000, false, false, o)) == 0);
  o.paths = true;
  // The sweeps' padded lists (24 per padded arc, 9000) and neighbour words (3 per arc); 2 threads × (a sweeper,
  // 233 per node and the padding node, 2 bit sets of 16 words, 8 per padded arc: 305,489; 101 per node and 40
  // per arc) + 16 per node, 8000 arcs; per sample (degree 8) a pair's 9 and a quadruple's 3 × 17 lengths of 4
  // bytes, 4 vectors of 24 bytes and 40 for the pair drawn: 376, 1000 samples
  const std::uint64_t fixed = 24 * 9000 + 3 * 8000 + 2 * (305489 + 101 * 1000 + 40 * 8000) + 16 * 1000;
  CHECK(has_paths(metrics::measure_memory(1000, 4000, false, false, o)) == fixed + 376 * 1000);
  o.paths_sampled_pairs = 10;
  CHECK(has_paths(metrics::measure_memory(1000, 4000, false, false, o)) == fixed + 376 * 10);
}

TEST_CASE("path diversity: the same figures on 1 and 2 threads") {
  const Graph g = test::family("random-regular", {{"nodes", "200"}, {"degree", "5"}, {"seed", "4"}});
  metrics::PathDiversityOptions one, two;
  one.threads = 1;
  two.threads = 2;
  const auto a = metrics::path_diversity(g, one), b = metrics::path_diversity(g, two);
  CHECK(a.shortest.histogram == b.shortest.histogram);
  CHECK(a.shortest.mean == b.shortest.mean);  // bit for bit
  REQUIRE(a.disjoint);
  REQUIRE(b.disjoint);
  CHECK(a.disjoint->histogram == b.disjoint->histogram);
  CHECK(a.disjoint->mean == b.disjoint->mean);
  REQUIRE(a.greedy);
  REQUIRE(b.greedy);
  CHECK(a.greedy->by_k == b.greedy->by_k);
  CHECK(a.greedy->interference == b.greedy->interference);  // bit for bit
  CHECK(a.greedy->pairs == 1000);
  CHECK(a.greedy->quadruples == 1000);
}

TEST_CASE("greedy disjoint paths: K_n has one path of length 1 and n - 2 of length 2, interference 0 then 2") {
  // Between {a, c} and {b, d}: 4 links, then 2 paths through each of the n - 4 other nodes: 2n - 4 in all,
  // against n - 1 into b and n - 1 into d alone; so x(1) = 2 + 2 - 4 and x(2) = 2(n - 1) - (2n - 4).
  const Graph g = test::family("complete", {{"nodes", "6"}});
  const auto p = measured(g);
  REQUIRE(p.greedy);
  const auto& d = *p.greedy;
  CHECK(d.every_pair);
  CHECK(d.pairs == 15);
  REQUIRE(d.by_k.size() == 5);
  CHECK(d.by_k[0] == Histogram{{1, 15}});
  for (std::size_t k = 1; k < 5; ++k) CHECK(d.by_k[k] == Histogram{{2, 15}});
  CHECK(d.interference == std::vector<double>{0, 2});
  CHECK(d.interfering_fraction == 1);
}

TEST_CASE("greedy disjoint paths: a ring's two paths have lengths d and n - d") {
  const Graph g = test::family("ring", {{"nodes", "10"}});
  for (node_id t = 1; t < 10; ++t)
    CHECK(metrics::greedy_path_lengths(g, {0}, {t}) ==
          std::vector<std::uint32_t>{std::min(t, 10 - t), std::max(t, 10 - t)});
  const auto p = measured(g);
  REQUIRE(p.greedy);
  // k = 1: distances 1..4 ten times each, 5 five times; k = 2: 9..6 and 5.
  CHECK(p.greedy->by_k == std::vector<Histogram>{{{1, 10}, {2, 10}, {3, 10}, {4, 10}, {5, 5}},
                                                 {{5, 5}, {6, 10}, {7, 10}, {8, 10}, {9, 10}}});
}

TEST_CASE("greedy disjoint paths: adjacent hypercube nodes, the link and d - 1 ladders of length 3") {
  const Graph g = test::family("hypercube", {{"dim", "4"}});
  CHECK(metrics::greedy_path_lengths(g, {0}, {1}) == std::vector<std::uint32_t>{1, 3, 3, 3});
  CHECK(metrics::greedy_path_lengths(g, {0}, {3}).size() == 4);  // λ = 4 is reached greedily too
}

TEST_CASE("greedy disjoint paths: parallel links carry one path each, bad node sets are refused") {
  GraphBuilder b(3, false);
  LinkAttrs two;
  two.multiplicity = 2;
  b.add_link(0, 1, two);
  b.add_link(1, 2);
  const Graph g = b.finish(Duplicates::reject);
  CHECK(metrics::greedy_path_lengths(g, {0}, {1}) == std::vector<std::uint32_t>{1, 1});
  CHECK(metrics::greedy_path_lengths(g, {0}, {2}) == std::vector<std::uint32_t>{2});
  CHECK_THROWS_AS(metrics::greedy_path_lengths(g, {0, 1}, {1}), InputError);
  const Graph directed = test::family("debruijn", {{"symbols", "2"}, {"length", "3"}});
  CHECK_THROWS_AS(metrics::greedy_path_lengths(directed, {0}, {1}), InputError);
}

TEST_CASE("path diversity: sweeps of 8 sources count as one search per source, with every kernel") {
  // From 16 sources on, the counts run 8 sources a sweep (load_kernel.hpp). Against one search per source
  // (shortest_path_counts_from): links of multiplicity 3, a directed graph, an indirect network's endpoints, and a
  // chain of links of multiplicity 1024 whose counts pass 2^53.
  const Graph cubic = test::family("random-regular", {{"nodes", "40"}, {"degree", "3"}});
  GraphBuilder thick(40, false);
  for (link_id l = 0; l < cubic.num_links(); ++l) {
    LinkAttrs a;
    a.multiplicity = l % 5 == 0 ? 3 : 1;
    thick.add_link(cubic.source(l), cubic.target(l), a);
  }
  GraphBuilder chain(24, false);
  LinkAttrs many;
  many.multiplicity = 1024;
  for (node_id v = 0; v + 1 < 24; ++v) chain.add_link(v, v + 1, many);
  const std::vector<Graph> graphs = {thick.finish(Duplicates::reject),
                                     test::family("debruijn", {{"symbols", "2"}, {"length", "5"}}),
                                     test::family("fattree", {{"arity", "4"}, {"levels", "2"}}), chain.finish()};
  for (const Graph& g : graphs) {
    std::vector<node_id> terms = g.meta.endpoints;
    if (terms.empty())
      for (node_id v = 0; v < g.num_nodes(); ++v) terms.push_back(v);
    REQUIRE(terms.size() >= 16);
    std::map<std::uint64_t, std::uint64_t> bins;
    std::uint64_t above = 0, pairs = 0;
    double sum = 0, max = 0;
    for (node_id s : terms) {
      const auto sigma = metrics::shortest_path_counts_from(g, s);
      for (node_id t : terms)
        if (t != s && sigma[t] > 0) {
          ++pairs;
          sum += sigma[t];
          max = std::max(max, sigma[t]);
          if (sigma[t] >= metrics::exact_path_count_limit)
            ++above;
          else
            ++bins[std::uint64_t(sigma[t])];
        }
    }
    std::optional<double> first_mean;
    for (const auto& k : metrics::kernels()) {
      if (!metrics::kernel_supported(k.id)) continue;
      CAPTURE(k.name);
      metrics::PathDiversityOptions o;
      o.endpoints = g.meta.endpoints;
      o.kernel = k.id;
      o.threads = 2;
      const auto r = metrics::path_diversity(g, o).shortest;
      CHECK(r.histogram == Histogram(bins.begin(), bins.end()));
      CHECK(r.pairs == pairs);
      CHECK(r.pairs_above_limit == above);
      CHECK(r.max == max);
      CHECK(r.mean == doctest::Approx(sum / double(pairs)).epsilon(1e-12));
      if (first_mean) CHECK(r.mean == *first_mean);  // every kernel, bit for bit
      first_mean = r.mean;
    }
  }
}
