// toposim run's engine: the closed-form zero-load latency, delivery of every packet exactly once,
// the instrumented buffer / credit / channel checks under saturation, the same output for 1 and 2
// threads, and deadlock: refused by the dependency check, reported at run time, avoided by VC classes.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <string>

#include "fixtures.hpp"
#include "sim/network/huge_pages_internal.hpp"
#include "sim/network/route_cache_internal.hpp"
#include "sim/network/sim_internal.hpp"
#include "sim/network/value_counts_internal.hpp"
#include "topo/errors.hpp"
#include "topo/gen/registry.hpp"
#include "topo/sim/network_sim.hpp"

using namespace topo;
using topo::test::family;
using topo::test::quick_sim;
using topo::test::ring_tornado_one_vc;

TEST_CASE("sim: zero-load latency is hops x router delay + link latencies + serialisation") {
  const auto g = family("mesh", {{"dims", "4x4"}});
  sim::SimOptions base = quick_sim();
  base.link_latency.assign(1, '3');
  for (std::uint32_t F : {1u, 4u})
    for (std::uint32_t d : {0u, 1u, 2u}) {
      auto o = base;
      o.packet_size = F;
      o.routing_delay = d;
      o.rate = 0.002 * F;
      o.sample_period = 2000;
      const sim::Simulator s(g, o);
      const auto p = s.run(o.rate, 5);
      CAPTURE(F);
      CAPTURE(d);
      REQUIRE(p.measured > 20);
      // Every packet's latency is at least the closed form of its own path (checked inside for each
      // packet); at this load nearly every packet meets it exactly.
      CHECK(p.queueing.p50 == 0);
      CHECK(p.queueing.mean < 0.1);
      // The mean over the measured packets against the closed form of the mean path: per hop
      // d + 1 + 1 + 1 router cycles and 3 link cycles, plus 2 terminal channels and F - 1.
      const double closed = 2 + (p.hops_mean + 1) * (d + 3) + 3 * p.hops_mean + (F - 1);
      CHECK(p.packet_latency.mean - p.queueing.mean == doctest::Approx(closed).epsilon(1e-9));
      CHECK(p.hops_mean > 1.5);
    }
}

TEST_CASE("sim: --injection-channel two-cycles adds exactly one cycle to the zero-load latency") {
  // BookSim2's terminal writes a flit into its injection channel after the channels read their inputs for the
  // cycle, so its router routes the head two cycles after it was sent: one cycle more than ours on every packet.
  const auto g = family("mesh", {{"dims", "4x4"}});
  auto ours = quick_sim();
  ours.rate = 0.002;
  ours.sample_period = 2000;
  auto booksim = ours;
  booksim.injection_channel = "two-cycles";
  for (std::uint32_t h : {0u, 1u, 6u})
    CHECK(sim::zero_load_latency(booksim, h, 2 * h) == sim::zero_load_latency(ours, h, 2 * h) + 1);
  const sim::Simulator a(g, ours), b(g, booksim);
  CHECK(b.setup().zero_load_latency == a.setup().zero_load_latency + 1);
  // The engine does the same: at this load the same packets, each a cycle later, network latency included.
  const auto p = a.run(ours.rate, 5), q = b.run(booksim.rate, 5);
  REQUIRE(p.measured > 20);
  CHECK(q.measured == p.measured);
  CHECK(q.hops_mean == p.hops_mean);
  CHECK(q.packet_latency.mean == doctest::Approx(p.packet_latency.mean + 1).epsilon(1e-12));
  CHECK(q.network_latency.mean == doctest::Approx(p.network_latency.mean + 1).epsilon(1e-12));
  CHECK(q.queueing.mean == p.queueing.mean);
}

TEST_CASE("sim: zero-load latency of a single link with latency classes and multiplicity") {
  // Two routers, one link of multiplicity 2 of class "global" (latency 7): every packet to the other
  // router takes 2 + 2 * 4 + 7 cycles.
  GraphBuilder b(2, false);
  const auto cls = b.class_id("global");
  LinkAttrs a;
  a.multiplicity = 2;
  a.cls = cls;
  b.add_link(0, 1, a);
  const auto g = b.finish();
  auto o = quick_sim();
  o.link_latency = "1,global=7";
  o.traffic = "bit-complement";
  o.rate = 0.01;
  const sim::Simulator s(g, o);
  CHECK(s.setup().channels == 4);          // two lanes each way
  CHECK(sim::simulated_channels(g) == 4);  // and the memory estimate counts them
  const auto p = s.run(o.rate, 3);
  REQUIRE(p.measured > 0);
  CHECK(p.packet_latency.p50 == 2 + 2 * 4 + 7);
  CHECK(p.packet_latency.max == 2 + 2 * 4 + 7);
  CHECK(p.hops_mean == 1);
}

TEST_CASE("sim: batch mode delivers every packet exactly once") {
  const auto g = family("torus", {{"dims", "4x4"}});
  for (const char* flow : {"wormhole", "vct"}) {
    auto o = quick_sim();
    o.messages = 5;
    o.packet_size = 4;
    o.flow = flow;
    const sim::Simulator s(g, o);
    const auto p = s.run(0, 9);
    CAPTURE(flow);
    CHECK(p.injected == 16 * 5);
    CHECK(p.delivered == 16 * 5);
    CHECK(p.measured == 16 * 5);
    CHECK(p.drained);
    CHECK_FALSE(p.deadlock);
    // Every terminal sends and receives 5 packets of 4 flits.
    CHECK(p.accepted_min * double(p.cycles) == doctest::Approx(20));
  }
}

TEST_CASE("sim: saturated networks never overflow a buffer, a credit count or a channel") {
  // The engine throws on any violation; these runs push every configuration past saturation.
  struct Case {
    std::string fam;
    std::map<std::string, std::string> params;
    std::string algo, traffic, flow;
    std::uint32_t F, vcs, buffer;
    double speedup;
    std::uint32_t T;
  };
  const std::vector<Case> cases = {
      {"mesh", {{"dims", "4x4"}}, "dor", "uniform", "wormhole", 4, 2, 2, 1, 1},
      {"torus", {{"dims", "4x4"}}, "dor", "transpose", "vct", 3, 4, 3, 2, 1},
      {"torus", {{"dims", "5"}}, "shortest", "tornado", "wormhole", 5, 6, 4, 1, 2},
      {"hypercube", {{"dim", "4"}}, "valiant", "bit-complement", "wormhole", 2, 8, 4, 1.5, 1},
      {"complete", {{"nodes", "6"}}, "shortest", "uniform", "vct", 2, 2, 2, 1, 3},
  };
  for (const auto& c : cases) {
    CAPTURE(c.fam);
    CAPTURE(c.algo);
    const auto g = family(c.fam, c.params);
    auto o = quick_sim();
    o.algo = c.algo;
    o.traffic = c.traffic;
    o.flow = c.flow;
    o.packet_size = c.F;
    o.vcs = c.vcs;
    o.buffer = c.buffer;
    o.speedup = c.speedup;
    o.terminals_per_router = c.T;
    o.max_samples = 3;        // the VC classes are the simulator's choice: none, dateline or hop
    o.latency_threshold = 0;  // the whole method, saturated
    const sim::Simulator s(g, o);
    sim::PointResult p;
    REQUIRE_NOTHROW(p = s.run(1.0, 2));
    CHECK_FALSE(p.deadlock);
    CHECK(p.link_util_max <= 1.0);
    CHECK(p.accepted_mean <= 1.0);
    CHECK(p.vc_occupancy_max <= c.buffer);
    CHECK(p.delivered <= p.injected);
    CHECK(p.accepted_mean > 0.05);
  }
}

TEST_CASE("sim: the same seed gives the same output with 1 and 2 threads") {
  const auto g = family("torus", {{"dims", "4x4"}});
  for (const char* algo : {"dor", "minimal-adaptive", "ugal"}) {
    auto o = quick_sim();
    o.algo = algo;
    o.vcs = 8;
    o.packet_size = 2;
    o.threads = 1;
    const sim::Simulator one(g, o);
    o.threads = 2;
    const sim::Simulator two(g, o);
    CAPTURE(algo);
    const auto a = sim::point_json(one.run(0.3, 11));
    const auto b = sim::point_json(two.run(0.3, 11));
    CHECK(a == b);
    CHECK(a != sim::point_json(one.run(0.3, 12)));
  }
}

TEST_CASE("sim: a ring with minimal routing and one VC is refused, deadlocks when allowed, runs with VC classes") {
  const auto g = family("ring", {{"nodes", "8"}});
  auto o = ring_tornado_one_vc();
  try {
    sim::Simulator s(g, o);
    FAIL("the dependency check let a cyclic routing through");
  } catch (const InputError& e) {
    CHECK(std::string(e.what()).find("cycle of 8 channels") != std::string::npos);
  }
  o.allow_deadlock = true;
  const sim::Simulator s(g, o);
  const auto p = s.run(1.0, 1);
  REQUIRE(p.deadlock);
  CHECK(p.deadlock->stuck_packets > 0);
  CHECK(p.deadlock->channels.size() >= 8);
  CHECK_FALSE(p.stable);
  // The same ring and load with dateline or hop classes runs clean.
  for (const char* scheme : {"dateline", "hop"}) {
    auto c = o;
    c.allow_deadlock = false;
    c.vc_classes = scheme;
    c.vcs = 4;
    const sim::Simulator ok(g, c);
    const auto q = ok.run(1.0, 1);
    CAPTURE(scheme);
    CHECK_FALSE(q.deadlock);
    CHECK(q.accepted_mean > 0.05);
  }
  // Left to choose, the simulator picks the dateline on the ring.
  auto d = o;
  d.allow_deadlock = false;
  d.vc_classes.clear();
  d.vcs = 2;
  d.algo = "dor";
  CHECK(sim::Simulator(g, d).setup().vc_classes == "dateline");
  // Left to choose with one VC, which no scheme but none fits, --allow-deadlock runs it without classes and shows
  // the deadlock, under uniform traffic too (where the choice's own check is reused: the routing must not keep the
  // classes of the last scheme tried).
  for (const char* traffic : {"tornado", "uniform"}) {
    auto n = o;
    n.vc_classes.clear();
    n.traffic = traffic;
    CAPTURE(traffic);
    const sim::Simulator none(g, n);
    CHECK(none.setup().vc_classes == "none");
    const auto q = none.run(1.0, 1);
    CHECK(q.deadlock);
    CHECK_FALSE(q.stable);
  }
}

TEST_CASE("sim: warm-up converges below saturation and the saturation search states its criterion") {
  const auto g = family("mesh", {{"dims", "4x4"}});
  auto o = quick_sim();
  const sim::Simulator s(g, o);
  const auto low = s.run(0.1, 4);
  CHECK(low.converged);
  CHECK(low.stable);
  CHECK(low.accepted_mean == doctest::Approx(low.offered).epsilon(0.1));
  CHECK(low.jain > 0.9);
  const auto sat = sim::find_saturation(s, 4, 0.02);
  CHECK(sat.criterion.find("0.97") != std::string::npos);
  // A 4x4 mesh under uniform traffic with DOR: the busiest bisection channel carries the rate itself
  // (N r / 4 flits per cycle over k = 4 channels each way), so 1.0 bounds saturation from above.
  CHECK(sat.rate > 0.2);
  CHECK(sat.rate < 1.0);
}

TEST_CASE("sim: stable is false above saturation (BookSim2's latency test), true below") {
  // 4x4 mesh, DOR, uniform: saturation is below 1.0 (see above); at 1.0 the source queues grow and the
  // mean latency with waiting packets at their age passes 500 cycles within the first windows.
  const auto g = family("mesh", {{"dims", "4x4"}});
  const sim::Simulator s(g, quick_sim());
  const auto low = s.run(0.1, 4);
  CHECK(low.stable);
  CHECK_FALSE(low.latency_exceeded);
  const auto high = s.run(1.0, 4);
  CHECK(high.latency_exceeded);
  CHECK_FALSE(high.stable);
  CHECK_FALSE(high.drained);
  // Figures of the sample windows it ran are still reported: accepted well below offered.
  CHECK(high.accepted_mean > 0.2);
  CHECK(high.accepted_mean < 0.9 * high.offered);
  // Without the test, the saturated run converges (every window delivers at the same rate) and is
  // stable by the other conditions alone: the test is what marks it.
  auto o = quick_sim();
  o.latency_threshold = 0;
  const auto untested = sim::Simulator(g, o).run(1.0, 4);
  CHECK_FALSE(untested.latency_exceeded);
}

TEST_CASE("sim: a fractional speedup alternates the flits an input port may send") {
  sim::Network n;
  n.S = 1.5;
  std::vector<std::uint32_t> got;
  for (std::uint64_t c = 0; c < 6; ++c) got.push_back(n.speedup_at(c));
  CHECK(got == std::vector<std::uint32_t>{1, 2, 1, 2, 1, 2});
  n.S = 1.7;  // BookSim2's dragonflyconfig
  std::uint32_t sum = 0;
  for (std::uint64_t c = 0; c < 1000; ++c) sum += n.speedup_at(c);
  CHECK(sum == 1700);
  n.S = 2;
  for (std::uint64_t c = 0; c < 1000; ++c) CHECK(n.speedup_at(c) == 2);
  // Accepted load past saturation grows with the speedup (4x4 mesh, 2 VCs: head-of-line blocking).
  const auto g = family("mesh", {{"dims", "4x4"}});
  std::vector<double> acc;
  for (double S : {1.0, 1.5, 2.0}) {
    auto o = quick_sim();
    o.vcs = 2;
    o.speedup = S;
    o.latency_threshold = 0;
    acc.push_back(sim::Simulator(g, o).run(1.0, 6).accepted_mean);
  }
  CAPTURE(acc[0]);
  CAPTURE(acc[1]);
  CAPTURE(acc[2]);
  CHECK(acc[0] < acc[1] * 1.01);
  CHECK(acc[1] < acc[2] * 1.01);
}

TEST_CASE("sim: indirect networks put terminals on their endpoints only, the family's own number by default") {
  struct Case {
    std::string fam;
    std::map<std::string, std::string> params;
    std::uint64_t routers, endpoints;
    std::uint32_t per_endpoint;  // the family's: fat tree 1 (terminals are nodes), MLFM n - 1, OFT q + 1
  };
  const std::vector<Case> cases = {
      {"fattree", {{"arity", "4"}, {"levels", "2"}}, 16 + 2 * 4, 16, 1},
      {"mlfm", {{"n", "4"}}, 12 + 6, 12, 3},
      {"oft", {{"q", "2"}}, 21, 14, 3},
  };
  for (const auto& c : cases) {
    CAPTURE(c.fam);
    const auto g = family(c.fam, c.params);
    REQUIRE(g.num_nodes() == c.routers);
    REQUIRE(g.meta.endpoints.size() == c.endpoints);
    auto o = quick_sim();
    o.messages = 3;
    const sim::Simulator s(g, o);
    CHECK(s.setup().terminals_per_router == c.per_endpoint);
    CHECK(s.setup().terminals == c.endpoints * c.per_endpoint);
    // Batch: every terminal sends 3 packets and receives 3; routers without terminals inject nothing.
    const auto p = s.run(0, 2);
    CHECK(p.injected == 3 * c.endpoints * c.per_endpoint);
    CHECK(p.delivered == p.injected);
    CHECK(p.drained);
    // An explicit count applies to the endpoints alone too.
    o.terminals_per_router = 2;
    CHECK(sim::Simulator(g, o).setup().terminals == 2 * c.endpoints);
  }
  // A direct network keeps one terminal per router by default.
  CHECK(sim::Simulator(family("mesh", {{"dims", "3x3"}}), quick_sim()).setup().terminals == 9);
  // Patterns from router to router need terminals on both ends.
  auto o = quick_sim();
  o.traffic = "tornado";
  CHECK_THROWS_AS(sim::Simulator(family("mlfm", {{"n", "4"}}), o), InputError);
}

TEST_CASE("sim: BookSim2's partition classes: a run that wraps uses class 1 throughout, and a ring runs clean") {
  const auto g = family("torus", {{"dims", "8"}});
  const auto vcc = sim::make_vc_classes("partition", g, 4, 1);
  CHECK(vcc->classes(4) == 2);
  auto classes = [&](std::vector<node_id> nodes) {
    route::Path p;
    p.nodes = std::move(nodes);
    p.arcs.resize(p.nodes.size() - 1);  // of_path reads the nodes
    std::vector<std::uint8_t> c;
    vcc->of_path(p, c);
    return c;
  };
  CHECK(classes({6, 7, 0, 1}) == std::vector<std::uint8_t>{1, 1, 1});  // crosses 7 -> 0
  CHECK(classes({1, 2, 3}) == std::vector<std::uint8_t>{0, 0});
  CHECK(classes({1, 0, 7}) == std::vector<std::uint8_t>{1, 1});  // crosses 0 -> 7 the other way
  auto o = quick_sim();
  o.algo = "dor";
  o.vc_classes = "partition";
  o.vcs = 2;
  o.traffic = "tornado";
  const sim::Simulator s(g, o);  // the dependency check passes
  const auto p = s.run(0.1, 3);  // tornado loads every channel 3 x the rate
  CHECK_FALSE(p.deadlock);
  CHECK(p.stable);
  // With one VC (a single class for both partitions) the same routing is refused.
  o.vc_classes = "none";
  o.vcs = 1;
  CHECK_THROWS_AS(sim::Simulator(g, o), InputError);
}

TEST_CASE("sim: minimal-adaptive on a dragonfly takes escape VCs by hops left, and runs saturated without deadlock") {
  // Shortest routes on a dragonfly chain local and global channels around the groups: one escape VC is
  // refused (cycle), so the simulator picks escape-hop: diameter 3, escape VCs 0..2 and adaptive VC 3.
  const auto g = family("dragonfly", {{"h", "2"}});
  const auto vcc = sim::make_vc_classes("escape-hop", g, 4, 1);
  CHECK(vcc->classes(4) == 4);
  CHECK(vcc->range(1, 4) == std::pair<std::uint32_t, std::uint32_t>{1, 2});
  CHECK(vcc->range(3, 6) == std::pair<std::uint32_t, std::uint32_t>{3, 6});
  route::Path p;
  p.nodes = {0, 1, 2};
  p.arcs.resize(2);
  std::vector<std::uint8_t> c;
  vcc->of_path(p, c);
  CHECK(c == std::vector<std::uint8_t>{1, 2});  // 2 hops left, then 1: classes 3 - 2 and 3 - 1
  CHECK_THROWS_AS(sim::make_vc_classes("escape-hop", g, 3, 1), UsageError);
  auto o = quick_sim();
  o.algo = "minimal-adaptive";
  o.vcs = 4;
  o.packet_size = 4;
  o.buffer = 4;
  o.max_samples = 3;
  o.latency_threshold = 0;
  const sim::Simulator s(g, o);
  CHECK(s.setup().vc_classes == "escape-hop");
  sim::PointResult r;
  REQUIRE_NOTHROW(r = s.run(1.0, 5));
  CHECK_FALSE(r.deadlock);
  CHECK(r.accepted_mean > 0.3);
  CHECK(r.vc_occupancy_max <= 4);
  // Batch mode: every packet delivered exactly once.
  o.messages = 6;
  const auto b = sim::Simulator(g, o).run(0, 7);
  CHECK(b.injected == 36 * 2 * 6);  // 36 routers with the dragonfly's own h = 2 terminals each
  CHECK(b.delivered == b.injected);
  CHECK(b.drained);
  // Escape VCs on the one-VC scheme are refused with the cycle, and escape-hop named as a way out.
  o.vc_classes = "escape";
  try {
    sim::Simulator refused(g, o);
    FAIL("one escape VC on a dragonfly passed the dependency check");
  } catch (const InputError& e) {
    CHECK(std::string(e.what()).find("escape-hop") != std::string::npos);
  }
}

TEST_CASE("sim: minimal-adaptive takes the fastest of the minimal-hop next hops at zero load") {
  // A square 0-1-3-2-0 whose link 0-1 takes 10 cycles, the others 1. Under bit-complement every router sends
  // two hops to the router opposite, over a side of 2 link cycles or one of 11; router 0 (and 3) lists the slow
  // next hop first, which free buffers alone would pick. Weighed by latency, every packet takes 2 link cycles.
  GraphBuilder b(4, false);
  LinkAttrs slow;
  slow.cls = b.class_id("slow");
  b.add_link(0, 1, slow);
  b.add_link(0, 2);
  b.add_link(1, 3);
  b.add_link(2, 3);
  const auto g = b.finish();
  auto o = quick_sim();
  o.algo = "minimal-adaptive";
  o.link_latency = "1,slow=10";
  o.traffic = "bit-complement";
  o.sample_period = 2000;
  const sim::Simulator s(g, o);  // the dependency check passes
  CHECK_FALSE(s.setup().vc_classes.empty());
  const auto p = s.run(0.01, 3);
  REQUIRE(p.measured > 20);
  CHECK(p.hops_mean == 2);
  // Latency less queueing is the mean zero-load latency of the packets' own paths.
  CHECK(p.packet_latency.mean - p.queueing.mean == doctest::Approx(sim::zero_load_latency(o, 2, 2)).epsilon(1e-12));
  // The latency table is in the memory estimate (4 bytes per pair of routers) only when latencies may differ.
  const auto table = [&](const sim::SimOptions& x) {
    for (const auto& [part, bytes] : sim::simulation_memory(4, 4, false, 8, 4, x, 1).parts)
      if (part == "latency table") return bytes;
    return std::uint64_t{0};
  };
  CHECK(table(o) == 4 * 4 * sizeof(std::uint32_t));
  auto same = o;
  same.link_latency = "3";
  CHECK(table(same) == 0);
  same.link_latency = "1,slow=10";
  same.algo = "dal";
  CHECK(table(same) == 0);
}

namespace {

/// Hops of every node to t, breadth-first over the in-neighbours.
std::vector<int> bfs_hops_to(const Graph& g, node_id t) {
  std::vector<int> d(g.num_nodes(), -1);
  std::vector<node_id> q{t};
  d[t] = 0;
  for (std::size_t h = 0; h < q.size(); ++h)
    for (node_id w : g.in_neighbors(q[h]))
      if (d[w] < 0) {
        d[w] = d[q[h]] + 1;
        q.push_back(w);
      }
  return d;
}

/// Oracle: the least link latency over every minimal-hop path from s to t, enumerated (not a table).
std::uint64_t fastest_minimal(const Graph& g, const std::vector<std::uint32_t>& lat, const std::vector<int>& hops_to_t,
                              node_id s) {
  if (hops_to_t[s] == 0) return 0;
  std::uint64_t best = ~std::uint64_t{0};
  const auto nb = g.out_neighbors(s);
  for (std::size_t i = 0; i < nb.size(); ++i)
    if (hops_to_t[nb[i]] + 1 == hops_to_t[s])
      best = std::min(best, lat[g.arc_offset(s) + i] + fastest_minimal(g, lat, hops_to_t, nb[i]));
  return best;
}

}  // namespace

TEST_CASE("sim: minimal-adaptive on a dragonfly with local and global latencies takes the fastest minimal paths") {
  // Unweighed, minimal-adaptive takes global-global hops (200 link cycles) or global-global-local ones (210)
  // where local-global (110) or local-global-local (120) are as short in hops: the mean of this run was 128.5
  // cycles. The bound: the mean over all pairs of routers (uniform traffic
  // over terminals, the source's own router included) of the zero-load latency of the fastest minimal-hop path,
  // found by enumerating them, plus 2 % for the sample of pairs and the little queueing at 0.01.
  const auto g = family("dragonfly", {{"h", "2"}});
  auto o = quick_sim();
  o.algo = "minimal-adaptive";
  o.vcs = 4;
  o.link_latency = "local=10,global=100";
  o.sample_period = 1000;
  const auto lat = sim::arc_latencies(g, o.link_latency);
  const node_id N = g.num_nodes();
  double sum = 0;
  for (node_id t = 0; t < N; ++t) {
    const auto d = bfs_hops_to(g, t);
    for (node_id s = 0; s < N; ++s)
      sum += sim::zero_load_latency(o, std::uint32_t(d[s]), fastest_minimal(g, lat, d, s));
  }
  const double fastest = sum / (double(N) * N);
  const sim::Simulator sim(g, o);
  const auto p = sim.run(0.01, 1);
  REQUIRE(p.stable);
  REQUIRE(p.measured > 1000);
  CAPTURE(fastest);
  CHECK(fastest == doctest::Approx(120.39).epsilon(1e-3));
  CHECK(p.packet_latency.mean <= 1.02 * fastest);
  CHECK(p.packet_latency.mean >= fastest - 3);
  // The setup's zero-load latency is that of the fastest minimal paths too, over its sample of the traffic
  // (the latencies of a shortest-hop path would give 136.0 with these options on the command line).
  CHECK(sim.setup().zero_load_latency == doctest::Approx(fastest).epsilon(0.02));
}

TEST_CASE("sim: one VC carries back-to-back packets at a flit per cycle") {
  // Two routers, one link, each terminal sends to the other over one VC of 8 flits. With --routing-delay 0
  // (BookSim2's dragonflyconfig) the next head takes the output VC its predecessor's tail leaves in the same
  // cycle, so the link carries the offered 0.9 flits per cycle, 1- and 2-flit packets alike. With
  // --vc-reallocation next-cycle (VC allocation before switch allocation, BookSim2's order) the VC is granted
  // again a cycle after the tail left: F-flit packets pass at F / (F + 1). With a routing delay d the next head
  // waits d cycles for its route once it reaches the front of the VC: 1-flit packets then pass at 1 / (1 + d).
  GraphBuilder b(2, false);
  b.add_link(0, 1);
  const auto g = b.finish();
  for (std::uint32_t F : {1u, 2u}) {
    auto o = quick_sim();
    o.vcs = 1;
    o.routing_delay = 0;
    o.packet_size = F;
    o.traffic = "bit-complement";
    const auto p = sim::Simulator(g, o).run(0.9, 1);
    CAPTURE(F);
    CHECK(p.stable);
    CHECK(p.accepted_mean == doctest::Approx(0.9).epsilon(0.03));
    o.vc_reallocation = "next-cycle";
    CHECK(sim::Simulator(g, o).run(0.9, 1).accepted_mean == doctest::Approx(F / (F + 1.0)).epsilon(0.03));
  }
  auto o = quick_sim();
  o.vcs = 1;
  o.traffic = "bit-complement";
  CHECK(sim::Simulator(g, o).run(0.9, 1).accepted_mean == doctest::Approx(0.5).epsilon(0.03));
  // --next-head next-cycle (BookSim2's iq_router): the next head's route computation starts the cycle after the
  // tail left, a cycle more per packet: 1 / (2 + d).
  o.next_head = "next-cycle";
  CHECK(sim::Simulator(g, o).run(0.9, 1).accepted_mean == doctest::Approx(1 / 3.0).epsilon(0.03));
}

TEST_CASE("sim: the dependency check keeps the routes that drew nothing for the engines, and only those") {
  const auto g = family("torus", {{"dims", "4x4"}});
  auto o = quick_sim();
  o.vcs = 8;
  const auto net = sim::build_network(g, o);
  const auto dest = route::terminal_destinations("uniform", {g, net.term_off}, {.seed = 1});
  const auto packed = [](const sim::SourceRoute& r) {
    std::vector<std::uint64_t> v;
    for (std::size_t h = 0; h < r.path.hops(); ++h) v.push_back(sim::route_hop(r.path.arcs[h], r.classes[h]));
    return v;
  };
  const auto no_occupancy = [](std::uint64_t) { return 0.0; };
  for (const std::string algo : {"dor", "valiant"}) {
    CAPTURE(algo);
    const auto r = sim::make_sim_routing({g, net, o, algo, "hop"});
    sim::SimSetup setup;
    sim::RouteCache known;
    CHECK(sim::dependency_cycle(net, *r, *dest, o, setup, known).empty());
    std::uint64_t found = 0;
    for (node_id s = 0; s < net.routers; ++s)
      for (node_id t = 0; t < net.routers; ++t) {
        std::uint32_t hops = 0;
        const auto* kept = known.find(s, t, hops);
        if (!kept) continue;
        ++found;
        sim::SourceRoute at_source;
        route::Rng rng(99);
        r->at_source(at_source, s, t, rng, no_occupancy);
        CHECK(std::vector<std::uint64_t>(kept, kept + hops) == packed(at_source));
      }
    // dor draws nothing: every pair of distinct routers; valiant draws its intermediate router: none.
    CHECK(found == (algo == "dor" ? 16 * 15 : 0));
  }
}

TEST_CASE("sim: routes of 8 bytes a hop give the same run as routes of 4") {
  // Networks below 2^24 arcs keep a packet's route in 4 bytes a hop; the 8-byte layout of larger ones is
  // forced here. A 40-ring under dor has routes of 0 to 20 hops: packets move between size classes.
  const auto g = family("ring", {{"nodes", "40"}});
  auto o = quick_sim();
  o.vcs = 2;
  auto net = sim::build_network(g, o);
  REQUIRE(net.narrow_routes);
  const auto dest = route::terminal_destinations("uniform", {g, net.term_off}, {.seed = 1});
  const auto r = sim::make_sim_routing({g, net, o, "dor", "dateline"});
  sim::SimSetup setup;
  sim::RouteCache known;
  REQUIRE(sim::dependency_cycle(net, *r, *dest, o, setup, known).empty());
  const auto inj = sim::make_injection(o);
  const auto narrow = sim::simulate_point(net, *r, known, *dest, *inj, o, 0.04, 5, {});
  net.narrow_routes = false;
  const auto wide = sim::simulate_point(net, *r, known, *dest, *inj, o, 0.04, 5, {});
  CHECK(narrow.measured > 1000);
  CHECK(narrow.hop_histogram.size() == 21);  // 0 to 20 hops
  CHECK(wide.injected == narrow.injected);
  CHECK(wide.delivered == narrow.delivered);
  CHECK(wide.cycles == narrow.cycles);
  CHECK(wide.packet_latency.mean == narrow.packet_latency.mean);
  CHECK(wide.hop_histogram == narrow.hop_histogram);
}

TEST_CASE("sim: huge-page arrays and the packet arena give what was asked for") {
  // assign_huge above its threshold (a fresh block advised before it is filled) and below it.
  std::vector<std::uint64_t> big{1, 2, 3}, small;
  const std::size_t n = sim::huge_pages_from / sizeof(std::uint64_t) + 5;
  sim::assign_huge(big, n, std::uint64_t{7});
  REQUIRE(big.size() == n);
  CHECK(std::count(big.begin(), big.end(), std::uint64_t{7}) == std::ptrdiff_t(n));
  sim::assign_huge(small, 3, std::uint64_t{9});
  CHECK(small == std::vector<std::uint64_t>{9, 9, 9});
  // The arena: aligned blocks that do not overlap, across a chunk's end and for a block larger than a chunk.
  sim::HugePageArena arena;
  std::vector<std::pair<std::uintptr_t, std::size_t>> blocks;
  for (const std::size_t bytes : {std::size_t{192}, std::size_t{320}, std::size_t{40} << 20, std::size_t{128}}) {
    for (int i = 0; i < 3; ++i) {
      auto* p = static_cast<unsigned char*>(arena.take(bytes, 64));
      CHECK(reinterpret_cast<std::uintptr_t>(p) % 64 == 0);
      p[0] = p[bytes - 1] = 1;  // writable at both ends
      blocks.emplace_back(reinterpret_cast<std::uintptr_t>(p), bytes);
    }
  }
  std::sort(blocks.begin(), blocks.end());
  for (std::size_t i = 1; i < blocks.size(); ++i) CHECK(blocks[i - 1].first + blocks[i - 1].second <= blocks[i].first);
}

TEST_CASE("sim: the measures for large networks change nothing in a run") {
  // On networks larger than the cache (SimOptions::large_above) the engine prefetches and takes packets
  // from arenas; here on a small one, with wormhole packets of 3 flits on 2 threads, against the same run
  // without.
  const auto g = family("torus", {{"dims", "6x6x6"}});
  auto o = quick_sim();
  o.packet_size = 3;
  o.threads = 2;
  const sim::Simulator plain(g, o);
  o.large_above = 0;
  const sim::Simulator ahead(g, o);
  for (const double rate : {0.1, 0.6}) {
    CAPTURE(rate);
    const auto a = plain.run(rate, 3), b = ahead.run(rate, 3);
    CHECK(a.measured > 1000);
    CHECK(b.injected == a.injected);
    CHECK(b.delivered == a.delivered);
    CHECK(b.cycles == a.cycles);
    CHECK(b.packet_latency.mean == a.packet_latency.mean);
    CHECK(b.packet_latency.max == a.packet_latency.max);
    CHECK(b.hop_histogram == a.hop_histogram);
    CHECK(b.link_util_max == a.link_util_max);
    CHECK(b.flits_in_flight_peak == a.flits_in_flight_peak);
    CHECK(b.busy_ports_peak == a.busy_ports_peak);
  }
}

TEST_CASE("sim: input VC state from the pool for the busy ports only changes nothing in a run") {
  // With pool_above 0 every port takes its VCs' state from the pool while busy and gives it back when idle;
  // deep buffers (slots past the first two), a batch, a deadlock and 2 threads give the same as without.
  const auto g = family("torus", {{"dims", "6x6"}});
  auto o = quick_sim();
  o.packet_size = 4;
  o.buffer = 6;
  o.threads = 2;
  auto pooled = o;
  pooled.pool_above = 0;
  for (const std::uint32_t messages : {0u, 5u}) {
    o.messages = pooled.messages = messages;
    const auto a = sim::Simulator(g, o).run(0.7, 9), b = sim::Simulator(g, pooled).run(0.7, 9);
    CAPTURE(messages);
    CHECK(a.delivered >= (messages ? 180u : 1000u));  // a batch: 5 messages of each of 36 terminals
    CHECK(b.delivered == a.delivered);
    CHECK(b.cycles == a.cycles);
    CHECK(b.packet_latency.mean == a.packet_latency.mean);
    CHECK(b.vc_occupancy_max == a.vc_occupancy_max);
    CHECK(b.flits_in_flight_peak == a.flits_in_flight_peak);
    CHECK(b.busy_ports_peak == a.busy_ports_peak);
    CHECK(b.busy_vcs_peak == a.busy_vcs_peak);
    // 36 routers of 4 network ports and a terminal's: busy ports are some of the 180, and fewer than the flits
    // (4-flit packets: a busy port holds a flit, or an output VC for a packet whose next flits come).
    CHECK(a.busy_ports_peak > 0);
    CHECK(a.busy_ports_peak <= 180);
    CHECK(a.busy_vcs_peak >= a.busy_ports_peak);
    CHECK(a.busy_vcs_peak <= 180 * o.vcs);
  }
  const auto ring = family("ring", {{"nodes", "8"}});
  auto d = ring_tornado_one_vc();
  d.buffer = 3;  // a slot past the two in a VC's own cache line
  d.allow_deadlock = true;
  auto dp = d;
  dp.pool_above = 0;
  const auto a = sim::Simulator(ring, d).run(1.0, 1), b = sim::Simulator(ring, dp).run(1.0, 1);
  REQUIRE(a.deadlock);
  REQUIRE(b.deadlock);
  CHECK(b.deadlock->cycle == a.deadlock->cycle);
  CHECK(b.deadlock->stuck_packets == a.deadlock->stuck_packets);
  REQUIRE(b.deadlock->channels.size() == a.deadlock->channels.size());
  for (std::size_t i = 0; i < a.deadlock->channels.size(); ++i) {
    CHECK(b.deadlock->channels[i].from == a.deadlock->channels[i].from);
    CHECK(b.deadlock->channels[i].flits == a.deadlock->channels[i].flits);
  }
}

TEST_CASE("sim: the peak flits in flight and busy ports and VCs of a batch") {
  // One single-flit message per terminal, each terminal's first cycle: all 64 are in the network after cycle 0
  // (a hop takes more than a cycle), and a VC is busy only while it holds a flit, so busy ports <= busy VCs <= 64.
  const auto g = family("mesh", {{"dims", "8x8"}});
  auto o = quick_sim();
  o.messages = 1;
  o.pool_above = 0;
  const auto p = sim::Simulator(g, o).run(1.0, 3);
  CHECK(p.delivered == 64);
  CHECK(p.flits_in_flight_peak == 64);
  CHECK(p.busy_ports_peak > 0);
  CHECK(p.busy_vcs_peak >= p.busy_ports_peak);
  CHECK(p.busy_vcs_peak <= 64);
  // The estimate's network state counts at most the workload's packets as busy ports and VCs: what the run used
  // and the packets, within the fixed part.
  const auto n = sim::build_network(g, o);
  auto shape = sim::engine_shape(n, false, o.pool_above);
  REQUIRE(shape.pooled);
  const double fixed = sim::engine_fixed_bytes(shape), port = sim::busy_port_bytes(shape);
  const double vc = sim::busy_vc_bytes(shape);
  CHECK(port == o.vcs * 4);                              // a block of entry numbers
  CHECK(vc == 64 + (o.buffer - 2) * sizeof(sim::Flit));  // an entry: a VC's state and first two slots, and the rest
  const auto e = sim::simulation_memory(g.num_nodes(), g.num_links(), g.directed(), sim::simulated_channels(g),
                                        n.terminals(), o, 1);
  double state = 0;
  for (const auto& [part, bytes] : e.parts)
    if (part == "network state") state = double(bytes);
  CHECK(state >= fixed + double(p.busy_ports_peak) * port + double(p.busy_vcs_peak) * vc);
  const double on_channels = 64 * (sim::flit_in_flight_bytes() + 8);  // a flit and a credit per message
  CHECK(state == doctest::Approx(fixed + 64 * (port + vc) + 64 * sim::packet_bytes(g.num_arcs(), o.vcs, n.terminals()) +
                                 on_channels)
                     .epsilon(0.02));
}

TEST_CASE("sim: a full route cache is no longer looked in when it seldom has the route") {
  // 2000 routers: a hash map. Routes of 2^12 hops: 64 fill it (2^18 hops).
  sim::RouteCache cache(2000);
  const std::vector<std::uint64_t> route(std::size_t{1} << 12, sim::route_hop(7, 1));
  for (node_id t = 1; t <= 65; ++t) cache.store(0, t, route);  // the 65th finds no room
  std::uint32_t hops = 0;
  REQUIRE(cache.lookup(0, 1, hops) != nullptr);
  CHECK(hops == route.size());
  CHECK(cache.lookup(0, 65, hops) == nullptr);
  // 1 hit in 2 lookups: still looked in after 4096 of them.
  for (int i = 0; i < 2048; ++i) {
    cache.lookup(0, 2, hops);
    cache.lookup(1, 2, hops);
  }
  CHECK(cache.lookup(0, 3, hops) != nullptr);
  // Then 30,000 misses: fewer than 1 in 8 found, so it stops looking; find still answers.
  for (int i = 0; i < 30000; ++i) cache.lookup(1, 2, hops);
  CHECK(cache.lookup(0, 3, hops) == nullptr);
  CHECK(cache.find(0, 3, hops) != nullptr);
}

TEST_CASE("sim: a head flit counts the routers it leaves, in the packet from Flit::hop_max on") {
  sim::Packet p;
  const std::uint64_t next = sim::route_hop((std::uint64_t{1} << 38) - 1, 254);  // the largest source-route hop
  auto f = sim::Flit::head(&p, 0, next);
  CHECK(f.seq() == 0);
  CHECK(f.next() == next);
  CHECK(sim::Flit::body(&p, 7).seq() == 7);
  CHECK(sim::Flit::head(&p, 0, sim::Flit::ask).next() == sim::Flit::ask);
  // Across hop_max: the flit's count stops there and the packet's goes on, without a gap.
  f = sim::Flit::head(&p, sim::Flit::hop_max - 2, next);
  for (std::uint32_t left = sim::Flit::hop_max - 1; left < sim::Flit::hop_max + 3; ++left) {
    CAPTURE(left);
    CHECK(sim::count_router_left(f) == left);
    f = sim::Flit::head(&p, left, next);
    CHECK(f.hop() == std::min(left, sim::Flit::hop_max));
    CHECK(sim::routers_left(f) == left);
    CHECK(f.next() == next);
    CHECK(f.seq() == 0);
  }
}

TEST_CASE("sim: a link of more parallel channels than a router takes is refused when the network is built") {
  // An arc's lane count takes 2 bytes: a link of 70000 channels (more than 2 bytes hold) is refused by its
  // routers' input VCs, counted in full, not built with its count cut short. 1 VC: 70000 ports and a terminal's.
  GraphBuilder b(2, false);
  LinkAttrs a;
  a.multiplicity = 70000;
  b.add_link(0, 1, a);
  const auto g = b.finish();
  sim::SimOptions o;
  o.vcs = 1;
  CHECK_THROWS_WITH_AS(sim::build_network(g, o),
                       "router 0 has 70001 input ports of 1 VCs: the simulator takes at most 32768 input VCs a router",
                       InputError);
}

TEST_CASE("sim: a block's network keeps the channels its routers send on, and those they receive on after them") {
  // A CLEX router receives from routers all over the network: the entries of a block's received channels would be
  // spread over the whole table. A torus with a link of two lanes and a self-loop, and a CLEX, in three blocks.
  GraphBuilder b(6, false);
  for (node_id v = 0; v < 6; ++v) b.add_link(v, (v + 1) % 6);
  b.add_link(1, 4, {.multiplicity = 2});
  b.add_link(3, 3);
  for (const auto& g : {b.finish(), family("clex", {{"clique", "3"}, {"levels", "3"}})}) {
    sim::SimOptions o;
    const auto whole = sim::build_network(g, o);
    CHECK(whole.received.empty());
    CHECK(whole.chans.size() == whole.channel_count);
    for (unsigned k = 0; k < 3; ++k) {
      const auto lo = sim::block_first(whole.routers, k, 3), hi = sim::block_first(whole.routers, k + 1, 3);
      const auto part = sim::build_network(g, o, lo, hi);
      REQUIRE(part.channel_count == whole.channel_count);
      const auto own = [&](node_id r) { return r >= lo && r < hi; };
      const auto same = [](const sim::Channel& x, const sim::Channel& y) {
        return x.src == y.src && x.dst == y.dst && x.out_port == y.out_port && x.in_port == y.in_port && x.arc == y.arc;
      };
      std::uint64_t received = 0;
      for (std::uint32_t c = 0; c < whole.channel_count; ++c) {
        const auto& ch = whole.chans[c];
        CAPTURE(c);
        if (own(ch.src)) {  // its own routers' and their terminals': at their ids
          CHECK(same(part.chans[c], ch));
          CHECK(part.received_channel(c) == c);
        } else if (own(ch.dst)) {  // received from another block's router: past channel_count, in id order
          const auto at = part.received_channel(c);
          CHECK(at == part.channel_count + received++);
          CHECK(same(part.chans[at], ch));
          CHECK(part.in_chan[ch.in_port] == at);
          CHECK(part.chans[c].src == 0);  // its entry at its id is left untouched
          CHECK(part.chans[c].dst == 0);
        }
      }
      CHECK(part.received.size() == received);
      CHECK(received > 0);
    }
  }
}

TEST_CASE("sim: packet blocks come in four sizes a doubling, up to any route") {
  // 8 entries (every route of a 4-level CLEX), then 10, 12, 14, 16, 20, ...: a block wastes at most a fifth.
  const std::vector<std::uint64_t> first{8, 10, 12, 14, 16, 20, 24, 28, 32, 40, 48, 56, 64};
  for (std::uint32_t c = 0; c < first.size(); ++c) CHECK(sim::Packet::room(c) == first[c]);
  for (std::uint32_t c = 1; c < sim::Packet::size_classes; ++c) {
    CAPTURE(c);
    CHECK(sim::Packet::room(c) > sim::Packet::room(c - 1));
    CHECK(5 * (sim::Packet::room(c) - sim::Packet::room(c - 1)) <= sim::Packet::room(c));
  }
  // Room for a route of 2^32 - 1 hops and its last entry.
  CHECK(sim::Packet::room(sim::Packet::size_classes - 1) >= std::uint64_t{1} << 32);
}

TEST_CASE("sim: a source route ends where it first reaches its destination") {
  // A Valiant path to 3 through intermediate 4 that passes 3 on the way: the packet leaves at hop 2.
  route::Path p{{0, 1, 3, 4, 3}, {10, 11, 12, 13}};
  CHECK(sim::route_to(p, 3) == 2);
  CHECK(sim::route_to(p, 4) == 3);
  CHECK(sim::route_to(p, 0) == 0);
  CHECK(sim::route_to(p, 9) == 4);              // not on it: the whole path
  CHECK((sim::route_eject(5) & 0xFF) == 0xFF);  // a class no VC scheme has
  CHECK((sim::route_eject(5) >> 8) == 5);
}

namespace {

/// A part of the memory estimate of one point on g (network n), from the counts alone.
double estimate_part(const Graph& g, const sim::Network& n, const sim::SimOptions& o, const std::string& name) {
  const auto e = sim::simulation_memory(g.num_nodes(), g.num_links(), g.directed(), sim::simulated_channels(g),
                                        n.terminals(), o, 1);
  for (const auto& [part, bytes] : e.parts)
    if (part == name) return double(bytes);
  return 0;
}

}  // namespace

TEST_CASE("sim: an open-loop run checks the pool's entries as it takes them, with its packets") {
  // The estimate of a pooled open-loop run holds no VC entries (their number follows the traffic); the run counts
  // the blocks and entries it took with the packets' heap against SimOptions::packet_memory, and stops past it.
  const auto g = family("torus", {{"dims", "6x6"}});
  auto o = quick_sim();
  o.pool_above = 0;
  const auto n = sim::build_network(g, o);
  auto shape = sim::engine_shape(n, false, o.pool_above);
  REQUIRE(shape.pooled);
  // With 1 MiB for what grows, the run passes with entries of 160 bytes (a VC's 64 bytes and 6 more slots of a
  // flit each) and stops with entries of 16,032 bytes (998 more slots): 66 busy VCs take more. The packets and
  // the heap are the same in both.
  o.rate = 0.3;
  o.packet_memory = 1 << 20;
  CHECK(sim::busy_vc_bytes(shape) == 64 + 6 * sizeof(sim::Flit));
  const auto p = sim::Simulator(g, o).run(o.rate, 3);
  CHECK(p.busy_vcs_peak > 66);
  o.buffer = 1000;
  shape = sim::engine_shape(sim::build_network(g, o), false, o.pool_above);
  CHECK(sim::busy_vc_bytes(shape) == 64 + 998 * sizeof(sim::Flit));
  const double state = estimate_part(g, n, o, "network state"), fixed = sim::engine_fixed_bytes(shape);
  CHECK(state >= fixed);
  CHECK(state < fixed + sim::busy_vc_bytes(shape));  // not even one entry
  CHECK_THROWS_AS(sim::Simulator(g, o).run(o.rate, 3), MemoryLimitError);
}

TEST_CASE("sim: a batch keeps in memory the packets being sent, not the whole workload") {
  // 1000 messages per terminal on the 8x8 mesh, 2 VCs of 1 flit: the flits in the network never exceed the
  // buffers (credits), so the estimate counts a record for each buffered flit and two per terminal, and a
  // 4-byte destination per message, not 64,000 records.
  const auto g = family("mesh", {{"dims", "8x8"}});
  auto o = quick_sim();
  o.messages = 1000;
  o.vcs = 2;
  o.buffer = 1;
  o.packet_memory = 4 << 20;  // the 64,000 records would take 9 MiB; what the estimate holds does not count
  const auto p = sim::Simulator(g, o).run(1.0, 3);
  CHECK(p.delivered == 64000);
  const auto n = sim::build_network(g, o);
  const double in_vcs = double(n.in_off.back()) * o.vcs;  // 224 network ports and 64 injection ports, 2 VCs each
  CHECK(in_vcs == 576);
  CHECK(double(p.flits_in_flight_peak) <= in_vcs * o.buffer + 64);
  const auto shape = sim::engine_shape(n, false, o.pool_above);
  const double fixed = sim::engine_fixed_bytes(shape) + double(n.in_off.back()) * sim::busy_port_bytes(shape);
  const double on_channels = in_vcs * o.buffer * (sim::flit_in_flight_bytes() + 8);  // a flit and a credit a slot
  CHECK(estimate_part(g, n, o, "network state") ==
        doctest::Approx(fixed + 64000 * 4 + (in_vcs + 128) * sim::packet_bytes(g.num_arcs(), o.vcs, n.terminals()) +
                        on_channels)
            .epsilon(0.01));
}

TEST_CASE("sim: the memory estimate's router state is within 1% of what an engine allocates") {
  // bytes_per_router and the estimate made before the network is built both come from engine_state_bytes;
  // the estimate's shape, from counts alone (one point), is at least the network's and within 1% of it (it
  // bounds the bit-set words).
  for (const auto& [name, dims] :
       {std::pair{"mesh", "8x8"}, std::pair{"torus", "8x8x8x8"}, std::pair{"torus", "5x7"}}) {
    CAPTURE(dims);
    const auto g = family(name, {{"dims", dims}});
    const sim::SimOptions o;
    const auto n = sim::build_network(g, o);
    const double exact = sim::engine_state_bytes(sim::engine_shape(n, false, o.pool_above));
    const double state = estimate_part(g, n, o, "network state");
    CHECK(state >= exact);
    CHECK(state == doctest::Approx(exact).epsilon(0.01));
    // And the per-VC buffers alone are most of it.
    CHECK(exact > double(n.in_off.back()) * o.vcs * o.buffer * sizeof(sim::Flit));
  }
}

TEST_CASE("sim: the memory estimate's network is at least the tables build_network allocates") {
  // The channel, port, arc and terminal tables, by their capacities, against the estimate's "network" part from
  // the counts (with a link's lanes: CLEX's swap links of capacity 4 are 4 channels each way, 32 self-loops none).
  const auto bytes = [](const auto& v) { return double(v.capacity() * sizeof(v[0])); };
  for (const auto& g : {family("mesh", {{"dims", "8x8"}}), family("torus", {{"dims", "5x7x3"}}),
                        family("clex", {{"clique", "4"}, {"levels", "3"}, {"links", "swap"}})}) {
    CAPTURE(g.meta.family);
    const sim::SimOptions o;
    const auto n = sim::build_network(g, o);
    const auto fixed = [](const auto& v) { return double(v.size() * sizeof(v[0])); };  // a ZeroedArray's
    const double tables = fixed(n.chans) + bytes(n.in_off) + bytes(n.out_off) + fixed(n.in_chan) + fixed(n.out_chan) +
                          fixed(n.arc_port) + bytes(n.arc_lanes) + bytes(n.arc_latency) + bytes(n.term_off) +
                          bytes(n.term_router);
    const double network = estimate_part(g, n, o, "network");
    CHECK(network >= tables);
    CHECK(network <= 1.25 * tables);  // and the per-router scratch of the build beside them
  }
}

TEST_CASE("sim: a router of more than 32768 input VCs is refused when the network is built") {
  // The engine's round-robin pointers over a router's input VCs take 15 bits. K_129: 128 network ports and a
  // terminal's, 129 x 254 = 32,766 VCs fit; 129 x 255 = 32,895 do not.
  const auto g = family("complete", {{"nodes", "129"}});
  sim::SimOptions o;
  o.vcs = 254;
  CHECK(sim::build_network(g, o).in_off[1] == 129);
  o.vcs = 255;
  CHECK_THROWS_WITH_AS(sim::build_network(g, o),
                       "router 0 has 129 input ports of 255 VCs: the simulator takes at most 32768 input VCs a router",
                       InputError);
}

TEST_CASE("sim: latency quantiles are the ranks of the sorted values, counted in a table or listed") {
  // Values below 2^16 are counted by value, larger ones listed; both give the ceil(f n)-th smallest, as a
  // sort does, and counts split in two (two threads) and merged give the same.
  Rng rng(7);
  const auto draw = [&](std::uint32_t below) { return std::uint32_t(rng.below(below)); };
  for (const std::uint32_t spread : {1u, 50u, 1000u, 70000u, 4000000000u}) {
    for (const std::size_t n : {std::size_t{1}, std::size_t{2}, std::size_t{99}, std::size_t{1000}}) {
      CAPTURE(spread);
      CAPTURE(n);
      std::vector<std::uint32_t> v(n);
      for (auto& x : v) x = 20 + draw(spread);
      sim::ValueCounts all, first, second;
      for (std::size_t i = 0; i < n; ++i) {
        all.add(v[i]);
        (i % 3 ? first : second).add(v[i]);
      }
      first.merge(second);
      auto sorted = v;
      std::sort(sorted.begin(), sorted.end());
      const auto nth = [&](double f) { return double(sorted[std::size_t(std::ceil(f * double(n))) - 1]); };
      double sum = 0;
      for (auto x : sorted) sum += x;
      for (const auto* c : {&all, &first}) {
        const auto q = c->quantiles();
        CHECK(c->size() == n);
        CHECK(q.p50 == nth(0.5));
        CHECK(q.p99 == nth(0.99));
        CHECK(q.max == double(sorted.back()));
        CHECK(q.mean == sum / double(n));
      }
    }
  }
}
