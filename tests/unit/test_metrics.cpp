// topostat's metrics beyond distances: link loads, bisection bounds, Moore bounds, symmetry, sampling.
#include <doctest/doctest.h>

#include <cmath>
#include <nlohmann/json.hpp>
#include <numeric>

#include "fixtures.hpp"
#include "topo/errors.hpp"
#include "topo/gen/families.hpp"
#include "topo/gen/registry.hpp"
#include "topo/metrics/bisection.hpp"
#include "topo/metrics/bounds.hpp"
#include "topo/metrics/distance_method.hpp"
#include "topo/metrics/link_loads.hpp"
#include "topo/metrics/summary.hpp"
#include "topo/rng.hpp"

using namespace topo;
using topo::test::family;

namespace {
Graph path(node_id n) {
  return gen::make_grid({std::int64_t(n)}, false);
}
/// k copies of a random graph H on 40 nodes (no automorphisms for this seed), copy c's node i linked to
/// copy c+1's node i around a ring (k > 2) or once (k = 2): the dihedral group on the copies gives 40
/// orbits of k nodes.
Graph ring_of_copies(node_id k) {
  Rng rng(5);
  std::vector<std::pair<node_id, node_id>> h;
  for (node_id i = 0; i < 40; ++i)
    for (node_id j = i + 1; j < 40; ++j)
      if (rng.uniform() < 0.15) h.emplace_back(i, j);
  GraphBuilder b(40 * k, false);
  for (node_id c = 0; c < k; ++c) {
    for (auto [i, j] : h) b.add_link(c * 40 + i, c * 40 + j);
    if (k > 2 || (k == 2 && c == 0))
      for (node_id i = 0; i < 40; ++i) b.add_link(c * 40 + i, (c + 1) % k * 40 + i);
  }
  return b.finish();
}
}  // namespace

TEST_CASE("link loads on a path of 4 nodes: 3, 4, 3 units per direction, u = 5/6") {
  for (auto r : {metrics::Routing::split, metrics::Routing::ecmp, metrics::Routing::single}) {
    const auto L = metrics::link_loads(path(4), r);
    CHECK(L.physical_arcs == 6);
    CHECK(L.max == doctest::Approx(4));
    CHECK(L.mean == doctest::Approx(10.0 / 3));
    CHECK(L.u == doctest::Approx(5.0 / 6));
    CHECK(L.total == doctest::Approx(20));  // the sum of distances over ordered pairs
  }
}

TEST_CASE("link loads: split and ecmp differ where path counts differ, and conserve traffic") {
  // 0 -> {1, 2} -> 3 -> 4 and 2 -> 5 -> 4: from 0 to 4 there are two paths via 2 and one via 1.
  GraphBuilder b(6, false);
  for (auto [u, v] : std::vector<std::pair<node_id, node_id>>{{0, 1}, {0, 2}, {1, 3}, {2, 3}, {3, 4}, {2, 5}, {5, 4}})
    b.add_link(u, v);
  const Graph g = b.finish();
  const auto d = metrics::distance_distribution(g);
  double sum = 0;
  for (std::size_t t = 0; t < d.histogram.size(); ++t) sum += double(t * d.histogram[t]);
  for (auto r : {metrics::Routing::split, metrics::Routing::ecmp, metrics::Routing::single})
    CHECK(metrics::link_loads(g, r).total == doctest::Approx(sum));
  // Arc 0->1 carries (0,1) whole, half of (0,3) and half of (2,1) in both routings. Of (0,4) it gets
  // a third when split over the three paths, a half when node 0 splits evenly between its next hops;
  // of (5,1) a third of three paths, or a half (at 5) of a half (at 2).
  const auto nb = g.out_neighbors(0);
  const auto arc01 = static_cast<std::size_t>(std::find(nb.begin(), nb.end(), node_id{1}) - nb.begin());
  CHECK(metrics::link_loads(g, metrics::Routing::split).arc_load[arc01] ==
        doctest::Approx(1 + 0.5 + 0.5 + 1.0 / 3 + 1.0 / 3));
  CHECK(metrics::link_loads(g, metrics::Routing::ecmp).arc_load[arc01] == doctest::Approx(1 + 0.5 + 0.5 + 0.5 + 0.25));
}

TEST_CASE("link loads count multiplicity as capacity, and do not depend on the thread count") {
  const Graph g = gen::make_grid({2, 5}, true);  // a size-2 dimension: links of multiplicity 2
  const auto one = metrics::link_loads(g, metrics::Routing::split, 1);
  const auto two = metrics::link_loads(g, metrics::Routing::split, 2);
  CHECK(one.arc_load == two.arc_load);
  CHECK(one.physical_arcs == 2 * 20);  // 5 doubled links and 10 single ones, both directions
  const auto d = metrics::distance_distribution(g);
  double sum = 0;
  for (std::size_t t = 0; t < d.histogram.size(); ++t) sum += double(t * d.histogram[t]);
  CHECK(one.total == doctest::Approx(sum));
}

TEST_CASE("demi-PN: u = (2q²+q+1)/(2q(q+1)) for every routing (shortest paths are unique)") {
  for (int q : {2, 3, 5}) {
    CAPTURE(q);
    const Graph g = family("demipn", {{"q", std::to_string(q)}});
    const double want = (2.0 * q * q + q + 1) / (2.0 * q * (q + 1));
    for (auto r : {metrics::Routing::split, metrics::Routing::ecmp, metrics::Routing::single})
      CHECK(metrics::link_loads(g, r).u == doctest::Approx(want));
  }
}

TEST_CASE("bisection bounds meet on tori and hypercubes") {
  const Graph h = gen::make_hypercube(6);
  CHECK(metrics::bisection_upper_bound(h).cut == 32);
  CHECK(metrics::bisection_flow_lower_bound(64, metrics::link_loads(h, metrics::Routing::split).max) == 32);
  const Graph t = gen::make_grid({4, 6}, true);
  const auto up = metrics::bisection_upper_bound(t);
  CHECK(up.cut == 8);
  CHECK(std::count(up.side.begin(), up.side.end(), 1) == 12);
  CHECK(metrics::cut_size(t, up.side) == 8);
  CHECK(metrics::bisection_flow_lower_bound(24, metrics::link_loads(t, metrics::Routing::split).max) == 8);
  // Odd N: halves of 4 and 5.
  const auto odd = metrics::bisection_upper_bound(path(9));
  CHECK(odd.cut == 1);
  CHECK(std::count(odd.side.begin(), odd.side.end(), 1) >= 4);
  CHECK(std::count(odd.side.begin(), odd.side.end(), 1) <= 5);
}

TEST_CASE("Moore bounds: Petersen and Hoffman-Singleton are Moore graphs") {
  CHECK(metrics::moore_bound(3, 2) == 10);
  CHECK(metrics::moore_bound(7, 2) == 50);
  CHECK(metrics::moore_bound(2, 3) == 7);
  CHECK(metrics::moore_mean_distance_bound(10, 3) == doctest::Approx(5.0 / 3));
  CHECK(metrics::moore_mean_distance_bound(50, 7) == doctest::Approx((7 + 2 * 42) / 49.0));
  const auto hs = metrics::distance_distribution(family("slimfly", {{"q", "5"}}));
  CHECK(hs.mean_distinct == doctest::Approx(metrics::moore_mean_distance_bound(50, 7)));
}

TEST_CASE("terminal figures and subscription (Projective Networks §3)") {
  const auto t = metrics::terminal_figures(100, 10, 2.0, 0.8);
  CHECK(t.delta0 == doctest::Approx(4.0));
  CHECK(t.radix == doctest::Approx(14.0));
  CHECK(t.terminals == doctest::Approx(400.0));
  CHECK(t.kbar_over_u == doctest::Approx(2.5));
  CHECK(metrics::subscription(4.0, 10, 2.0, 0.8) == doctest::Approx(1.0));
  CHECK(metrics::cr_w(0.5, 0.5, 6, 12, 512) == doctest::Approx(1.0));
}

TEST_CASE("orbits from Traces and nauty give the exact distribution") {
  const Graph mesh = gen::make_grid({7, 9}, false);
  const auto orbits = metrics::automorphism_orbits(mesh);
  CHECK(orbits.representative.size() == 4 * 5);
  CHECK(std::accumulate(orbits.size.begin(), orbits.size.end(), std::uint64_t{0}) == 63);
  metrics::DistanceMethodOptions opt;
  opt.method = metrics::DistanceMethod::orbits;
  const auto by_orbits = metrics::compute_distances(mesh, opt);
  const auto by_bfs = metrics::distance_distribution(mesh);
  CHECK(by_orbits.method == "orbits");
  CHECK(by_orbits.stats.histogram == by_bfs.histogram);
  CHECK(by_orbits.stats.radius == by_bfs.radius);

  GraphBuilder b(5, true);
  for (node_id v = 0; v < 5; ++v) b.add_link(v, (v + 1) % 5);
  const auto cyc = metrics::automorphism_orbits(b.finish());
  CHECK(cyc.method == "nauty");
  CHECK(cyc.vertex_transitive());
}

TEST_CASE("automatic: orbits from Traces are used when there are fewer than N/4 of them") {
  for (node_id k : {2u, 4u, 5u, 8u}) {
    CAPTURE(k);
    const Graph g = ring_of_copies(k);
    metrics::DistanceMethodOptions opt;
    opt.auto_orbits_above = 0;
    const auto r = metrics::compute_distances(g, opt);
    REQUIRE(r.orbits.has_value());
    CHECK(r.orbits->representative.size() == 40);
    CHECK(r.method == (k > 4 ? "orbits" : "bfs"));
    CHECK(r.stats.histogram == metrics::distance_distribution(g).histogram);
    CHECK(r.vertex_transitive == false);
  }
}

TEST_CASE("link loads from one BFS per orbit equal the loads from every node") {
  GraphBuilder cycle(7, true);
  for (node_id v = 0; v < 7; ++v) cycle.add_link(v, (v + 1) % 7);
  const std::vector<std::pair<std::string, Graph>> graphs = {
      {"torus 6x6x4", gen::make_grid({6, 6, 4}, true)},
      {"mesh 5x7", gen::make_grid({5, 7}, false)},
      {"torus 2x5 (multiplicity 2)", gen::make_grid({2, 5}, true)},
      {"HDN(2x3x5, 1, (2)) (multiplicity 2)", family("hdn", {{"base", "2x3x5"}, {"levels", "1"}, {"supernodes", "0"}})},
      {"demipn 3", family("demipn", {{"q", "3"}})},
      {"slimfly 5", family("slimfly", {{"q", "5"}})},
      {"5 copies of an asymmetric graph", ring_of_copies(5)},
      {"asymmetric graph", ring_of_copies(1)},
      {"kautz 2,3 (directed)", family("kautz", {{"degree", "2"}, {"length", "3"}})},
      {"directed 7-cycle", cycle.finish()}};
  for (const auto& [name, g] : graphs) {
    const auto orbits = metrics::automorphism_orbits(g);
    for (auto routing : {metrics::Routing::split, metrics::Routing::ecmp}) {
      CAPTURE(name);
      CAPTURE(metrics::routing_name(routing));
      REQUIRE(metrics::loads_by_symmetry_possible(g, routing));
      const auto all = metrics::link_loads(g, routing);
      const auto one = metrics::link_loads_by_symmetry(g, routing, orbits.generators, 1);
      const auto two = metrics::link_loads_by_symmetry(g, routing, orbits.generators, 2);
      CHECK(one.orbits == orbits.representative.size());
      CHECK(one.arc_load == two.arc_load);
      double worst = 0;
      for (std::size_t a = 0; a < all.arc_load.size(); ++a)
        worst = std::max(worst, std::abs(one.arc_load[a] - all.arc_load[a]) / all.arc_load[a]);
      CHECK(worst < 1e-12);
      CHECK(one.u == doctest::Approx(all.u).epsilon(1e-12));
      CHECK(one.total == doctest::Approx(all.total).epsilon(1e-12));
    }
  }
}

TEST_CASE("link loads by symmetry: refused where they do not apply, and a wrong generator is caught") {
  const Graph torus = gen::make_grid({4, 6}, true);
  CHECK_FALSE(metrics::loads_by_symmetry_possible(torus, metrics::Routing::single));
  GraphBuilder loop(3, false);
  loop.add_link(0, 0);
  loop.add_link(0, 1);
  loop.add_link(1, 2);
  CHECK_FALSE(metrics::loads_by_symmetry_possible(loop.finish(), metrics::Routing::split));
  CHECK_THROWS_AS(metrics::link_loads_by_symmetry(torus, metrics::Routing::single, {}), UsageError);
  const Graph p = path(4);
  CHECK_THROWS_AS(metrics::link_loads_by_symmetry(p, metrics::Routing::split, {{1, 0, 2, 3}}), InputError);
  CHECK_THROWS_AS(metrics::link_loads_by_symmetry(p, metrics::Routing::split, {{0, 0, 2, 3}}), InputError);
  CHECK_THROWS_AS(metrics::link_loads_by_symmetry(p, metrics::Routing::split, {{0, 1, 2}}), InputError);
  // A generator that does not preserve multiplicity is left out (0 <-> 2 on 0 =2= 1 - 2).
  GraphBuilder heavy(3, false);
  heavy.add_link(0, 1, {.multiplicity = 2});
  heavy.add_link(1, 2);
  const Graph h = heavy.finish();
  const auto left_out = metrics::link_loads_by_symmetry(h, metrics::Routing::split, {{2, 1, 0}});
  CHECK(left_out.orbits == 3);
  CHECK(left_out.arc_load == metrics::link_loads(h, metrics::Routing::split).arc_load);
  // No generators: every node is its own orbit, and the loads are the plain ones.
  const auto plain = metrics::link_loads(p, metrics::Routing::split);
  const auto trivial = metrics::link_loads_by_symmetry(p, metrics::Routing::split, {});
  CHECK(trivial.orbits == 4);
  CHECK(trivial.arc_load == plain.arc_load);
}

TEST_CASE("a wrong symmetry hint is caught and the answer stays exact") {
  // A torus file whose links were edited: the family's hint (vertex-transitive) no longer holds.
  const Graph torus = gen::make_grid({6, 6}, true);
  GraphBuilder b(36, false);
  for (link_id l = 1; l < torus.num_links(); ++l) b.add_link(torus.source(l), torus.target(l));
  b.meta.family = "torus";
  b.meta.parameters = nlohmann::json{{"dims", {6, 6}}};
  const Graph edited = b.finish();
  const auto r = metrics::compute_distances(edited, {});
  CHECK_FALSE(r.hint_rejected.empty());
  CHECK(r.stats.histogram == metrics::distance_distribution(edited).histogram);
  // The intact graph uses the hint.
  Graph intact = gen::make_grid({6, 6}, true);
  intact.meta.family = "torus";
  intact.meta.parameters = nlohmann::json{{"dims", {6, 6}}};
  const auto ok = metrics::compute_distances(intact, {});
  CHECK(ok.method == "orbits");
  CHECK(ok.hint_rejected.empty());
  CHECK(ok.stats.histogram == metrics::distance_distribution(intact).histogram);
}

TEST_CASE("sampling: an estimate whose interval holds the exact value, the whole graph gives it exactly") {
  const Graph mesh = gen::make_grid({20, 30}, false);
  const auto exact = metrics::distance_distribution(mesh);
  metrics::DistanceMethodOptions opt;
  opt.method = metrics::DistanceMethod::sample;
  opt.sample = 60;
  opt.seed = 7;
  const auto est = metrics::compute_distances(mesh, opt);
  REQUIRE(est.estimate);
  CHECK(est.estimate->sources == 60);
  CHECK(std::abs(est.estimate->mean_distinct - exact.mean_distinct) <= est.estimate->mean_distinct_ci95);
  CHECK(est.estimate->mean_distinct_ci95 > 0);
  opt.sample = 600;
  const auto all = metrics::compute_distances(mesh, opt);
  CHECK(all.estimate->mean_distinct == doctest::Approx(exact.mean_distinct));
  CHECK(all.estimate->mean_distinct_ci95 == doctest::Approx(0.0));
  CHECK(all.stats.histogram == exact.histogram);
}

TEST_CASE("bipartite") {
  CHECK(metrics::summarize(gen::make_grid({4, 6}, true)).bipartite);
  CHECK_FALSE(metrics::summarize(gen::make_grid({5}, true)).bipartite);
  CHECK(metrics::summarize(family("pn", {{"q", "3"}})).bipartite);
}

TEST_CASE("summary: connected, components and bipartite, undirected and directed") {
  // Two triangles, a path 6-7-8 and an isolated node 9: four components, not bipartite (the triangles).
  GraphBuilder parts(10, false);
  for (const node_id v : {node_id{0}, node_id{3}}) {
    parts.add_link(v, v + 1);
    parts.add_link(v + 1, v + 2);
    parts.add_link(v + 2, v);
  }
  parts.add_link(6, 7);
  parts.add_link(7, 8);
  const auto s = metrics::summarize(parts.finish());
  CHECK_FALSE(s.connected);
  CHECK(s.components == 4);
  CHECK(s.strong_components == 4);
  CHECK_FALSE(s.bipartite);
  // A path is connected and bipartite.
  GraphBuilder path(4, false);
  for (node_id v = 0; v + 1 < 4; ++v) path.add_link(v, v + 1);
  const auto p = metrics::summarize(path.finish());
  CHECK(p.connected);
  CHECK(p.components == 1);
  CHECK(p.bipartite);
  // A directed path: one weak component, not strongly connected; a directed 4-cycle is strongly connected.
  GraphBuilder arrows(4, true), cycle(4, true);
  for (node_id v = 0; v + 1 < 4; ++v) arrows.add_link(v, v + 1);
  for (node_id v = 0; v < 4; ++v) cycle.add_link(v, (v + 1) % 4);
  const auto a = metrics::summarize(arrows.finish());
  CHECK_FALSE(a.connected);
  CHECK(a.components == 1);
  CHECK(a.strong_components == 4);
  const auto c = metrics::summarize(cycle.finish());
  CHECK(c.connected);
  CHECK(c.components == 1);
  CHECK(c.bipartite);
}
