// toposim run's non-minimal routing as BookSim2 runs it: Valiant by the graph's own minimal routing with a VC
// class per phase (and ring part on tori), UGAL on the dragonfly with 3 VCs, the default scheme independent of
// the traffic, and the figures of unstable and deadlocked points.
#include <doctest/doctest.h>
#include <fmt/format.h>

#include <map>
#include <string>

#include "fixtures.hpp"
#include "sim/network/sim_internal.hpp"
#include "topo/errors.hpp"
#include "topo/gen/registry.hpp"
#include "topo/route/route.hpp"
#include "topo/sim/network_sim.hpp"

using namespace topo;
using topo::test::family;
using topo::test::quick_sim;

TEST_CASE("valiant: the graph's own minimal routing in both phases, the phase boundary on the path") {
  const auto g = family("torus", {{"dims", "8x8"}});
  CHECK(route::valiant_inner(g, {}) == "dor");
  route::RouterOptions ro;
  ro.algo = "valiant";
  const auto r = route::make_router(g, ro);
  route::RouterOptions dor_o;
  dor_o.algo = "dor";
  const auto dor = route::make_router(g, dor_o);
  route::Rng rng(3);
  for (int i = 0; i < 200; ++i) {
    const node_id s = node_id(i % 64), t = node_id((i * 37 + 5) % 64);
    const auto p = r->route(s, t, rng);
    if (s == t) continue;
    REQUIRE(p.last_phase <= p.hops());
    // Each phase is the DOR route between its ends.
    const node_id mid = p.nodes[p.last_phase];
    route::Rng none(0);
    CHECK(dor->route(s, mid, none).nodes ==
          std::vector<node_id>(p.nodes.begin(), p.nodes.begin() + std::ptrdiff_t(p.last_phase) + 1));
    CHECK(dor->route(mid, t, none).nodes ==
          std::vector<node_id>(p.nodes.begin() + std::ptrdiff_t(p.last_phase), p.nodes.end()));
  }
  CHECK(route::valiant_inner(family("slimfly", {{"q", "5"}}), {}) == "shortest");
}

TEST_CASE("valiant on a dragonfly: a random intermediate group, at most local-global-local-global-local") {
  const auto g = family("dragonfly", {{"h", "2"}});  // 9 groups of 4 routers
  CHECK(route::valiant_inner(g, {}) == "dragonfly");
  route::RouterOptions ro;
  ro.algo = "valiant";
  const auto r = route::make_router(g, ro);
  route::Rng rng(7);
  const auto global = g.find_class("global");
  REQUIRE(global != no_class);
  std::size_t two_globals = 0;
  for (int i = 0; i < 500; ++i) {
    const node_id s = node_id(i % 36), t = node_id((i * 13 + 7) % 36);
    if (s == t) continue;
    const auto p = r->route(s, t, rng);
    REQUIRE(p.hops() <= 5);
    std::size_t globals = 0;
    for (auto a : p.arcs) globals += g.link_class(g.arc_link(a)) == global;
    CHECK(globals <= 2);
    two_globals += globals == 2;
    if (p.last_phase > 0)
      CHECK(g.link_class(g.arc_link(p.arcs[p.last_phase - 1])) == global);  // arrived by a global link
  }
  CHECK(two_globals > 250);  // most intermediate groups are neither the source's nor the target's (7 of 9)
}

TEST_CASE("vc classes: valiant splits by ring part, then by phase, as BookSim2's valiant_torus") {
  const auto g = family("torus", {{"dims", "8x8"}});
  const auto vcc = sim::make_vc_classes("valiant", g, 4, 1);
  CHECK(vcc->classes(4) == 4);
  CHECK(vcc->range(0, 4) == std::pair<std::uint32_t, std::uint32_t>{0, 1});
  CHECK(vcc->range(3, 8) == std::pair<std::uint32_t, std::uint32_t>{6, 8});  // 8 VCs: 2 per class
  CHECK_THROWS_AS(sim::make_vc_classes("valiant", g, 2, 1), UsageError);
  // Row 0: 0 -> 7 crosses the wrap-around (one hop, 0-7), then 7 -> 6 does not: phase 0 in ring part 1, phase 1 in 0.
  route::Path p;
  p.nodes = {0, 7, 6};
  p.arcs = {0, 0};
  p.last_phase = 1;
  std::vector<std::uint8_t> c;
  vcc->of_path(p, c);
  CHECK(c == std::vector<std::uint8_t>{2, 1});
  // On a mesh: the phases only.
  CHECK(sim::make_vc_classes("valiant", family("mesh", {{"dims", "4x4"}}), 2, 1)->classes(2) == 2);
}

// Valiant's bound under uniform traffic on the 8x8 torus is half DOR's: 0.4 flits per terminal per cycle (DOR's max
// channel load is 1.25 per unit of injection). The model reaches 0.65 of DOR's bound (saturation 0.517,
// bench/RESULTS.md) and Valiant's 0.26 with 4 VCs, one per class; 0.3 with 16.
TEST_CASE(
    "sim: Valiant on an 8x8 torus with 4 VCs is deadlock-free and carries 0.25 under uniform traffic, 0.3 with "
    "random ties") {
  const auto g = family("torus", {{"dims", "8x8"}});
  auto o = quick_sim();
  o.algo = "valiant";
  o.vcs = 4;
  const sim::Simulator s(g, o);
  CHECK(s.setup().vc_classes == "valiant");
  CHECK(s.setup().vcs_per_class == std::vector<std::uint32_t>{1, 1, 1, 1});
  const auto p = s.run(0.25, 1);
  CHECK_FALSE(p.deadlock);
  CHECK(p.stable);
  CHECK(p.accepted_mean >= 0.97 * 0.25);
  // With BookSim2's tie rule (--random-ties: a phase at offset 4 of 8 goes either way round) both directions of a
  // ring share the load, the bound rises from 0.4 to 0.5, and Valiant carries 0.3 (saturation 0.304 with 1-cycle
  // links by bench/booksim.py's criterion, against 0.258 with ties the positive way).
  auto ties = o;
  ties.random_ties = true;
  const auto tied = sim::Simulator(g, ties).run(0.3, 1);
  CHECK_FALSE(tied.deadlock);
  CHECK(tied.stable);
  CHECK(tied.accepted_mean >= 0.97 * 0.3);
  // Above saturation it runs on without deadlock, at most the bound.
  const auto q = s.run(0.6, 1);
  CHECK_FALSE(q.deadlock);
  CHECK(q.accepted_mean > 0.2);
  CHECK(q.accepted_mean < 0.4);
  // The same scheme whatever the traffic.
  for (const char* t : {"transpose", "tornado", "bit-complement"}) {
    auto x = o;
    x.traffic = t;
    CAPTURE(t);
    CHECK(sim::Simulator(g, x).setup().vc_classes == "valiant");
  }
}

TEST_CASE("valiant on a megafly: a random intermediate group, at most up-global-down-up-global-down") {
  // 9 groups of 2 leaves and 4 spines; the leaves (role 0) are the endpoints.
  const auto g = family("megafly", {{"leaves", "2"}, {"spines", "4"}, {"global", "2"}, {"terminals", "2"}});
  REQUIRE(g.num_nodes() == 54);
  CHECK(route::valiant_inner(g, {}) == "megafly");
  route::RouterOptions ro;
  ro.algo = "valiant";
  const auto r = route::make_router(g, ro);
  route::Rng rng(7);
  const auto global = g.find_class("global");
  REQUIRE(global != no_class);
  const auto group = [&](node_id v) { return g.coords(v)[0]; };
  std::vector<node_id> leaves;
  for (node_id v = 0; v < g.num_nodes(); ++v)
    if (g.coords(v)[1] == 0) leaves.push_back(v);
  REQUIRE(leaves.size() == 18);
  std::size_t two_globals = 0, pairs = 0;
  for (auto s : leaves)
    for (auto t : leaves) {
      if (s == t) continue;
      const auto p = r->route(s, t, rng);
      ++pairs;
      CHECK(p.nodes.back() == t);
      REQUIRE(p.hops() <= 6);
      std::size_t globals = 0;
      for (auto a : p.arcs) globals += g.link_class(g.arc_link(a)) == global;
      CHECK(globals <= 2);
      two_globals += globals == 2;
      if (p.last_phase > 0) {
        CHECK(globals == 2);  // the intermediate group is neither the source's nor the target's
        const auto mid = group(p.nodes[p.last_phase]);
        CHECK(mid != group(s));
        CHECK(mid != group(t));
        CHECK(g.link_class(g.arc_link(p.arcs[p.last_phase - 1])) == global);  // arrived by a global link
      }
    }
  CHECK(pairs == 306);
  CHECK(two_globals > 306 / 2);  // 7 of 9 intermediate groups for a pair in two groups
}

TEST_CASE("sim: Valiant and UGAL on a megafly run with their default VCs, the dragonfly classes") {
  const auto g = family("megafly", {{"leaves", "2"}, {"spines", "4"}, {"global", "2"}, {"terminals", "2"}});
  for (const std::string algo : {"valiant", "ugal", "ugal-g"}) {
    CAPTURE(algo);
    auto o = quick_sim();
    o.algo = algo;
    o.sample_period = 500;
    o.max_samples = 4;
    const sim::Simulator s(g, o);
    CHECK(s.setup().vc_classes == "dragonfly");  // 3 classes of the default 4 VCs, no dependency cycle
    CHECK(s.setup().classes == 3);
    const auto p = s.run(0.05, 1);
    CHECK_FALSE(p.deadlock);
    CHECK(p.stable);
    CHECK(p.hops_mean <= 6.0);
  }
}

TEST_CASE(
    "sim: minimal-adaptive on a megafly runs with escape-hop and a VC more than the diameter, which a refusal names") {
  // Its escape routes start at any router, spines too, and are the megafly routing's shortest paths; their classes
  // by hops left need one escape VC per hop of the diameter (4 here, 5 on the second).
  for (const auto& [spines, diameter] : {std::pair{"2", 4u}, std::pair{"4", 5u}}) {
    CAPTURE(spines);
    const auto g = family("megafly", {{"leaves", "2"}, {"spines", spines}, {"global", "3"}, {"terminals", "2"}});
    auto o = quick_sim();
    o.algo = "minimal-adaptive";
    o.sample_period = 500;
    o.max_samples = 4;
    const auto needs = fmt::format(
        "--algo minimal-adaptive needs --vcs {} or more on this graph (for --vc-classes escape-hop)", diameter + 1);
    CHECK_THROWS_WITH_AS(sim::Simulator(g, o), doctest::Contains(needs.c_str()), InputError);
    o.vcs = diameter + 1;
    const sim::Simulator s(g, o);
    CHECK(s.setup().vc_classes == "escape-hop");
    const auto p = s.run(0.1, 1);
    CHECK_FALSE(p.deadlock);
    CHECK(p.stable);
    CHECK(p.hops_mean <= 3.0);  // minimal between leaves
  }
}

TEST_CASE(
    "sim: PolarStar and Bundlefly take star-product routes with a VC per hop, 3 VCs, as their authors' simulator") {
  for (const auto& g : {family("polarstar", {{"q", "3"}, {"supernode", "iq"}, {"supernode-degree", "3"}}),
                        family("bundlefly", {{"q", "3"}, {"supernode-degree", "2"}})}) {
    CAPTURE(g.meta.family);
    auto o = quick_sim();
    o.algo = "";  // the family's own
    o.vcs = 3;
    o.sample_period = 500;
    o.max_samples = 4;
    const sim::Simulator s(g, o);
    CHECK(s.setup().algo == "star-product");
    CHECK(s.setup().vc_classes == "hop");  // a VC per hop of the diameter 3
    const auto p = s.run(0.1, 1);
    CHECK_FALSE(p.deadlock);
    CHECK(p.stable);
    CHECK(p.hops_mean <= 3.0);
    // Valiant and UGAL: two star-product routes, 6 hops, 6 VCs by hop (SST Merlin's polarstar takes 6).
    for (const std::string algo : {"valiant", "ugal"}) {
      CAPTURE(algo);
      auto v = o;
      v.algo = algo;
      CHECK_THROWS_AS(sim::Simulator(g, v), UsageError);  // 3 VCs cannot hold a 6-hop route's classes
      v.vcs = 6;
      const sim::Simulator sv(g, v);
      CHECK(sv.setup().vc_classes == "hop");
      CHECK_FALSE(sv.run(0.1, 1).deadlock);
    }
  }
}

TEST_CASE("sim: UGAL on a dragonfly with 3 VCs passes the dependency check and takes Valiant paths under load only") {
  const auto g = family("dragonfly", {{"h", "2"}});
  auto o = quick_sim();
  o.algo = "ugal";
  o.vcs = 3;
  o.buffer = 32;  // the threshold of 30 flits means something only with room for more (BookSim2's have 256)
  o.sample_period = 1000;
  o.max_samples = 10;
  const sim::Simulator s(g, o);
  CHECK(s.setup().vc_classes == "dragonfly");
  CHECK(s.setup().terminals_per_router == 2);  // the dragonfly's own h
  // Zero load: every queue is below the threshold, so every packet goes the minimal way (at most 3 hops).
  const auto low = s.run(0.01, 1);
  CHECK(low.stable);
  CHECK(low.hops_mean <= 3.0);
  CHECK(low.hop_histogram.size() <= 4);
  // Adversarial traffic: group-shift sends a whole group to the next, over one global link; UGAL spreads it.
  auto adv = o;
  adv.traffic = "group-shift";
  const sim::Simulator u(g, adv);
  adv.algo = "dragonfly";
  const sim::Simulator m(g, adv);
  const auto pu = u.run(0.1, 1), pm = m.run(0.1, 1);
  CHECK_FALSE(pu.deadlock);
  CHECK(pu.stable);
  CHECK_FALSE(pm.stable);  // one global link per pair of groups: minimal routing saturates near 1/16
  CHECK(pu.accepted_mean > 1.5 * pm.accepted_mean);
  CHECK(pu.hops_mean > 3.0);
  // Two VCs cannot hold a Valiant route's classes: refused with what it needs.
  o.vcs = 2;
  CHECK_THROWS_AS(sim::Simulator(g, o), UsageError);
}

TEST_CASE("sim: an unstable point has no latency figures, and a network that does not move is a deadlock") {
  const auto g = family("ring", {{"nodes", "16"}});
  auto o = quick_sim();
  o.vcs = 1;
  o.vc_classes = "none";
  o.allow_deadlock = true;
  o.deadlock_cycles = 1500;
  const sim::Simulator s(g, o);
  const auto p = s.run(0.9, 1);
  REQUIRE(p.deadlock);
  CHECK_FALSE(p.converged);
  CHECK_FALSE(p.stable);
  CHECK(p.deadlock->channels.size() >= 16);
  const auto j = sim::point_json(p);
  CHECK(j["latency"]["packet"].is_null());
  CHECK(j["hops"]["mean"].is_null());
  CHECK(j["latency"]["unit"] == "cycles");
  CHECK(sim::csv_row(p).find(",,,,,,,false,false") != std::string::npos);
  // Without --vc-classes, --allow-deadlock runs the routing without classes when no scheme fits one VC.
  auto d = o;
  d.vc_classes.clear();
  d.algo = "valiant";
  CHECK(sim::Simulator(g, d).setup().vc_classes == "none");
  d.allow_deadlock = false;
  CHECK_THROWS_AS(sim::Simulator(g, d), UsageError);
}

TEST_CASE("sim: every routing runs with its defaults on every family it fits") {
  // The default VCs (4) and the scheme chosen for them: a routing that fits the graph is never refused for
  // want of a deadlock-free scheme, and a short run delivers packets without deadlock.
  const std::vector<std::pair<std::string, std::map<std::string, std::string>>> nets = {
      {"torus", {{"dims", "4x4"}}},
      {"mesh", {{"dims", "4x4"}}},
      {"hypercube", {{"dim", "4"}}},
      {"dragonfly", {{"h", "2"}}},
      {"megafly", {{"leaves", "2"}, {"spines", "2"}, {"global", "2"}, {"terminals", "2"}}},
      {"slimfly", {{"q", "5"}}},
      {"ring", {{"nodes", "8"}}},
      {"random-regular", {{"nodes", "16"}, {"degree", "3"}, {"seed", "1"}}}};
  for (const auto& [name, params] : nets) {
    const auto g = family(name, params);
    for (const auto& algo : sim::routing_names()) {
      if (algo == "table") continue;  // needs a file of routes
      auto o = quick_sim();
      o.algo = algo;
      o.sample_period = 200;
      o.max_samples = 3;
      CAPTURE(name);
      CAPTURE(algo);
      std::unique_ptr<sim::Simulator> s;
      try {
        s = std::make_unique<sim::Simulator>(g, o);
      } catch (const InputError& e) {
        // A family-structure routing on another family, or a routing the graph does not fit. Only on a graph
        // without structure may 4 VCs be too few (Valiant by shortest paths needs twice the diameter), or for
        // PAR on Slim Fly (a local hop and then a Valiant route: 5 hops, --vcs 5 with hop classes), or for
        // minimal-adaptive on a megafly (its escape routing turns down-up at spines, and escape-hop needs a VC
        // more than the diameter 4), and the refusal then says what each scheme needs.
        const std::string what = e.what();
        if (what.find("cycle") != std::string::npos) {
          CHECK((name == "random-regular" || (name == "slimfly" && algo == "par") ||
                 (name == "megafly" && algo == "minimal-adaptive")));
          CHECK(what.find("needs --vcs") != std::string::npos);
        }
        continue;
      } catch (const UsageError& e) {
        // DAL on the 4-cube, a Hamming graph K_2^4: an escape VC per dimension and one adaptive.
        CHECK((name == "hypercube" && algo == "dal"));
        CHECK(std::string(e.what()).find("escape-hop needs --vcs 5") != std::string::npos);
        continue;
      }
      const auto p = s->run(0.05, 1);
      CHECK_FALSE(p.deadlock);
      CHECK(p.delivered > 0);
    }
  }
}
