// The UGAL variants of toposim run on a dragonfly: UGAL-G (global queues, Kim et al. 2008) and PAR
// (progressive adaptive routing, Jiang et al. 2009) next to UGAL-L and minimal routing.
#include <doctest/doctest.h>

#include <string>

#include "fixtures.hpp"
#include "sim/network/sim_internal.hpp"
#include "topo/errors.hpp"
#include "topo/route/route.hpp"
#include "topo/sim/network_sim.hpp"

using namespace topo;
using topo::test::family;
using topo::test::quick_sim;

namespace {

sim::SimOptions dragonfly_sim(const std::string& algo) {
  auto o = quick_sim();
  o.algo = algo;
  o.buffer = 32;  // room above the threshold of 30 flits (BookSim2's buffers have 256)
  o.sample_period = 1000;
  o.max_samples = 10;
  return o;
}

}  // namespace

TEST_CASE("sim: UGAL-G and PAR pass the dependency check with their default VCs on a dragonfly") {
  const auto g = family("dragonfly", {{"h", "2"}});  // 9 groups of 4 routers
  const sim::Simulator ug(g, dragonfly_sim("ugal-g"));
  CHECK(ug.setup().vc_classes == "dragonfly");
  CHECK(ug.setup().vcs_per_class == std::vector<std::uint32_t>{1, 1, 2});
  const sim::Simulator par(g, dragonfly_sim("par"));
  CHECK(par.setup().vc_classes == "dragonfly-par");
  CHECK(par.setup().vcs_per_class == std::vector<std::uint32_t>{1, 1, 1, 1});
  CHECK(par.setup().dependency_routes > 0);
  // A re-evaluated route takes two local hops in the source group: with dragonfly's 3 classes they share one and
  // the dependency graph has a cycle.
  auto o = dragonfly_sim("par");
  o.vc_classes = "dragonfly";
  CHECK_THROWS_WITH_AS(sim::Simulator(g, o), doctest::Contains("can deadlock"), InputError);
  // dragonfly-par needs its 4 VCs, and global links.
  o.vc_classes = "dragonfly-par";
  o.vcs = 3;
  CHECK_THROWS_AS(sim::Simulator(g, o), UsageError);
  CHECK_THROWS_AS(sim::Simulator(family("torus", {{"dims", "4x4"}}), dragonfly_sim("ugal-g")), InputError);
}

TEST_CASE("sim: UGAL-G reads the queue of the global channel where it is, UGAL-L only its own router's") {
  const auto g = family("dragonfly", {{"h", "2"}});
  auto o = dragonfly_sim("ugal");
  const auto net = sim::build_network(g, o);
  const auto local = sim::make_sim_routing({g, net, o, "ugal", "dragonfly"});
  const auto global = sim::make_sim_routing({g, net, o, "ugal-g", "dragonfly"});
  const auto par = sim::make_sim_routing({g, net, o, "par", "dragonfly-par"});
  CHECK(global->global_queues());
  CHECK_FALSE(local->global_queues());
  route::RouterOptions ro;
  ro.algo = "dragonfly";
  const auto min = route::make_router(g, ro);
  // Router 0 to router 35 (group 0 to group 8): local, global, local; the global link is at another router of
  // group 0, and its queue is long (100 flits), every other queue empty.
  route::Rng none(0);
  const auto m = min->route(0, 35, none);
  REQUIRE(m.hops() == 3);
  const std::uint64_t congested = m.arcs[1];
  const auto occupancy = [&](std::uint64_t arc) { return arc == congested ? 100.0 : 0.0; };
  int local_valiant = 0, global_valiant = 0;
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    sim::SourceRoute a, b;
    route::Rng r1(seed), r2(seed);
    local->at_source(a, 0, 35, r1, occupancy);
    global->at_source(b, 0, 35, r2, occupancy);
    local_valiant += a.path.nodes != m.nodes;
    if (b.path.nodes != m.nodes) {
      ++global_valiant;
      CHECK(std::find(b.path.arcs.begin(), b.path.arcs.end(), congested) == b.path.arcs.end());
    }
    CHECK(b.classes.size() == b.path.hops());
  }
  CHECK(local_valiant == 0);    // the source router's queues are all empty
  CHECK(global_valiant >= 15);  // Valiant unless its random intermediate group is reached over the same link
  // PAR: UGAL-L at the source takes the minimal path and asks to be looked at again at router m.nodes[1]; there
  // the minimal output is the congested one, so the packet turns to a Valiant path from there.
  sim::SourceRoute p;
  route::Rng r3(1);
  par->at_source(p, 0, 35, r3, occupancy);
  CHECK(p.path.nodes == m.nodes);
  CHECK(p.reroute_hops >= 6);
  CHECK(p.classes == std::vector<std::uint8_t>{0, 1, 2});
  const sim::SimRouting::Reroute at{0, m.nodes[1], 35, {m.arcs[0], m.arcs[1]}, std::uint32_t(m.hops() - 1)};
  sim::SourceRoute q;
  REQUIRE(par->reevaluate(q, at, r3, occupancy));
  CHECK(q.path.nodes.front() == 0);
  CHECK(q.path.arcs.front() == m.arcs[0]);
  CHECK(q.path.nodes.back() == 35);
  CHECK(q.path.hops() <= p.reroute_hops);
  REQUIRE(q.classes.size() >= 2);
  CHECK(q.classes[0] == 0);
  CHECK(q.classes[1] == 1);  // the second local hop of the source group has a class of its own
  // An empty queue there: the minimal route stays.
  CHECK_FALSE(par->reevaluate(q, at, r3, [](std::uint64_t) { return 0.0; }));
}

// Kim et al. (ISCA 2008, Fig. 9): under adversarial traffic minimal routing saturates at 1/h of a group's
// global bandwidth, the UGAL variants near Valiant's half; under uniform traffic at low load they take the
// minimal path.
TEST_CASE("sim: UGAL-G and PAR beat minimal routing under group-shift and match it at zero load") {
  const auto g = family("dragonfly", {{"h", "2"}});
  auto adv = dragonfly_sim("dragonfly");
  adv.traffic = "group-shift";
  const double min_sat = sim::find_saturation(sim::Simulator(g, adv), 1, 0.02).rate;
  CHECK(min_sat < 0.1);
  // At twice that, MIN is far past saturation; the UGAL variants carry the load (their latency there, a queue
  // of about --ugal-threshold flits before they turn to Valiant, is above the search's 3 x zero-load criterion).
  const double rate = 2 * min_sat;
  CHECK(sim::Simulator(g, adv).run(rate, 1).accepted_mean < 0.75 * rate);
  for (const char* algo : {"ugal-g", "par"}) {
    CAPTURE(algo);
    auto o = adv;
    o.algo = algo;
    const auto p = sim::Simulator(g, o).run(rate, 1);
    CHECK(p.stable);
    CHECK(p.accepted_mean >= 0.97 * rate);
  }
  const auto uni = dragonfly_sim("dragonfly");
  const auto zero = sim::Simulator(g, uni).run(0.01, 1);
  REQUIRE(zero.stable);
  for (const char* algo : {"ugal-g", "par"}) {
    CAPTURE(algo);
    auto o = uni;
    o.algo = algo;
    const auto p = sim::Simulator(g, o).run(0.01, 1);
    REQUIRE(p.stable);
    CHECK(p.packet_latency.mean <= 1.03 * zero.packet_latency.mean);
    CHECK(p.hops_mean <= 1.02 * zero.hops_mean);
  }
}

TEST_CASE("sim: UGAL-G and PAR give the same output on 1 and 2 threads") {
  const auto g = family("dragonfly", {{"h", "2"}});
  for (const char* algo : {"ugal-g", "par"}) {
    CAPTURE(algo);
    auto o = dragonfly_sim(algo);
    o.traffic = "group-shift";
    o.large_above = 0;  // the large-network paths too
    const sim::Simulator s(g, o);
    const auto one = s.run(0.15, 3, {}, 1), two = s.run(0.15, 3, {}, 2);
    CHECK(sim::point_json(one).dump() == sim::point_json(two).dump());
    o.pool_above = 0;  // and the input VC state of the busy ports only, which the queue measures read
    const auto pooled = sim::Simulator(g, o).run(0.15, 3, {}, 2);
    CHECK(sim::point_json(pooled).dump() == sim::point_json(one).dump());
    CHECK(one.delivered > 0);
  }
}

// A queue of credits in use counts the flits on a long link and the credits on their way back: about
// 2 x 100 x 0.3 on a 100-cycle global link at 0.3 flits a cycle, against a few on a 10-cycle local one. PAR's
// second decision compares the two, and with credits turns packets to Valiant paths in a network that is far
// from congested; with the flits waiting at the router (the default) it stays minimal, as MIN's hops.
TEST_CASE("sim: PAR under uniform traffic stays minimal with the waiting queue, not with credits in use") {
  const auto g = family("dragonfly", {{"h", "2"}});
  auto o = dragonfly_sim("dragonfly");
  o.buffer = 256;
  o.link_latency = "local=10,global=100";
  o.sample_period = 2000;
  const auto min = sim::Simulator(g, o).run(0.3, 1);
  REQUIRE(min.stable);
  o.algo = "par";
  const auto waiting = sim::Simulator(g, o).run(0.3, 1);
  o.ugal_queue = "credits";
  const auto credits = sim::Simulator(g, o).run(0.3, 1);
  REQUIRE(waiting.stable);
  REQUIRE(credits.stable);
  CHECK(waiting.hops_mean <= 1.02 * min.hops_mean);
  CHECK(waiting.packet_latency.mean <= 1.05 * min.packet_latency.mean);
  CHECK(credits.hops_mean >= 1.2 * min.hops_mean);
  o.ugal_queue = "length";
  CHECK_THROWS_AS(sim::Simulator(g, o), UsageError);
}

TEST_CASE("sim: a UGAL routing's queue snapshots are in the engine's bytes per router") {
  const auto g = family("dragonfly", {{"h", "2"}});
  const auto o = dragonfly_sim("ugal-g");
  const auto n = sim::build_network(g, o);
  const double snapshots = double(n.in_off.back() + n.out_off.back()) * sizeof(std::uint32_t);
  CHECK(sim::engine_state_bytes(sim::engine_shape(n, true, o.pool_above)) -
            sim::engine_state_bytes(sim::engine_shape(n, false, o.pool_above)) ==
        doctest::Approx(snapshots));
  const double ugal = double(sim::Simulator(g, o).setup().bytes_per_router);
  const double min = double(sim::Simulator(g, dragonfly_sim("dragonfly")).setup().bytes_per_router);
  CHECK(ugal - min == doctest::Approx(snapshots / n.routers).epsilon(0.01));
}

TEST_CASE("sim: --ugal-rule weighs the queues by BookSim2's dragonfly rule or by the paths' hops") {
  const sim::UgalDecision dragonfly{sim::UgalRule::dragonfly, "dragonfly", 30};
  const sim::UgalDecision hops{sim::UgalRule::hop_weighted, "hop-weighted", 2};
  // q_min 40 over 3 hops against q_val 10 over 6: 40 <= 2 x 10 + 30, minimal; 3 x 40 = 120 > 6 x 10 + 2, Valiant.
  CHECK_FALSE(dragonfly.valiant(40, 3, 10, 6));
  CHECK(hops.valiant(40, 3, 10, 6));
  // q_min 60 over 1 hop against q_val 10 over 6: 60 > 50, Valiant; 60 <= 62, minimal.
  CHECK(dragonfly.valiant(60, 1, 10, 6));
  CHECK_FALSE(hops.valiant(60, 1, 10, 6));
  CHECK_FALSE(hops.valiant(20, 3, 10, 6));  // 60 <= 62: ties and the threshold go to the minimal path
  CHECK(hops.valiant(21, 3, 10, 6));        // 63 > 62

  // The defaults: dragonfly (30 flits) on a dragonfly, hop-weighted (2 flits) elsewhere; both options override.
  const auto df = family("dragonfly", {{"h", "2"}});
  const auto torus = family("torus", {{"dims", "4x4"}});
  auto o = dragonfly_sim("ugal");
  CHECK(sim::ugal_decision(df, o).name == "dragonfly");
  CHECK(sim::ugal_decision(df, o).threshold == 30);
  CHECK(sim::ugal_decision(torus, o).name == "hop-weighted");
  CHECK(sim::ugal_decision(torus, o).threshold == 2);
  o.ugal_rule = "hop-weighted";
  CHECK(sim::ugal_decision(df, o).rule == sim::UgalRule::hop_weighted);
  CHECK(sim::ugal_decision(df, o).threshold == 2);
  o.ugal_threshold = 7;
  CHECK(sim::ugal_decision(df, o).threshold == 7);
  const sim::Simulator run(df, o);
  CHECK(run.setup().ugal_rule == "hop-weighted");
  CHECK(run.setup().ugal_threshold == 7);
  o.ugal_rule = "weighted";
  CHECK_THROWS_AS(sim::Simulator(df, o), UsageError);

  // UGAL-L from router 0 to router 35 of the dragonfly (3 minimal hops): the minimal path's first queue holds 40
  // flits, every other 10. The dragonfly rule keeps the minimal path; the hop-weighted one takes the Valiant path
  // drawn, whose first queue is 10 (h_val x 10 + 2 < 120 for every Valiant path of at most 11 hops), or keeps the
  // minimal path when the Valiant one leaves over the same channel (h_val x 40 + 2 > 120).
  o = dragonfly_sim("ugal");
  const auto net = sim::build_network(df, o);
  const auto by_dragonfly = sim::make_sim_routing({df, net, o, "ugal", "dragonfly"});
  o.ugal_rule = "hop-weighted";
  const auto by_hops = sim::make_sim_routing({df, net, o, "ugal", "dragonfly"});
  route::RouterOptions ro;
  ro.algo = "dragonfly";
  const auto min = route::make_router(df, ro);
  ro.algo = "valiant";
  const auto val = route::make_router(df, ro);
  route::Rng none(0);
  const auto m = min->route(0, 35, none);
  REQUIRE(m.hops() == 3);
  const auto occupancy = [&](std::uint64_t arc) { return arc == m.arcs[0] ? 40.0 : 10.0; };
  int valiant = 0;
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    sim::SourceRoute a, b;
    route::Rng r1(seed), r2(seed), r3(seed);
    by_dragonfly->at_source(a, 0, 35, r1, occupancy);
    by_hops->at_source(b, 0, 35, r2, occupancy);
    CHECK(a.path.nodes == m.nodes);
    min->route(0, 35, r3);  // the draws of the routing: the minimal path, then the Valiant one
    const auto v = val->route(0, 35, r3);
    REQUIRE(v.hops() <= 11);
    const bool expect_valiant = v.hops() > 0 && v.arcs[0] != m.arcs[0];
    CHECK(b.path.nodes == (expect_valiant ? v.nodes : m.nodes));
    valiant += expect_valiant;
  }
  CHECK(valiant >= 15);
}
