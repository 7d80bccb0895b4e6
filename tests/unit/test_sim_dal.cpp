// toposim run's DAL on HyperX and Hamming graphs (Ahn et al., SC 2009, §4): deadlock-free on its escape VCs,
// minimal at zero load, and above dimension-order routing under adversarial traffic.
#include <doctest/doctest.h>

#include <string>

#include "fixtures.hpp"
#include "topo/errors.hpp"
#include "topo/sim/network_sim.hpp"

using namespace topo;
using test::family;
using test::quick_sim;

TEST_CASE(
    "sim: DAL passes the dependency check on 4x4 and 3x3x3 HyperX and a Hamming graph, and delivers every packet") {
  for (const auto& g : {family("hyperx", {{"widths", "4x4"}, {"terminals", "2"}}),
                        family("hyperx", {{"widths", "3x3x3"}, {"terminals", "2"}}),
                        family("hamming", {{"side", "3"}, {"dims", "3"}})}) {
    CAPTURE(g.meta.family);
    CAPTURE(g.num_nodes());
    auto o = quick_sim();
    o.algo = "dal";
    const sim::Simulator s(g, o);  // the default 4 VCs: escape-hop, an escape VC per dimension and one adaptive
    CHECK(s.setup().vc_classes == "escape-hop");
    CHECK(s.setup().classes == (g.num_nodes() == 16 ? 3u : 4u));
    CHECK(s.setup().dependency_routes > 0);
    const auto p = s.run(0.2, 1);
    CHECK_FALSE(p.deadlock);
    CHECK(p.stable);
    CHECK(p.hops_mean <= 2.0 * g.coord_dims());  // at most a deroute and a minimal hop per dimension
    // Batch mode: every terminal's 4 packets arrive.
    auto b = o;
    b.messages = 4;
    const auto q = sim::Simulator(g, b).run(0, 1);
    CHECK_FALSE(q.deadlock);
    CHECK(q.delivered == q.injected);
    CHECK(q.delivered == 4 * sim::Simulator(g, b).setup().terminals);
  }
  // Not a HyperX: refused with what it needs.
  auto o = quick_sim();
  o.algo = "dal";
  CHECK_THROWS_WITH_AS(sim::Simulator(family("torus", {{"dims", "4x4"}}), o),
                       doctest::Contains("--algo dal needs a HyperX or Hamming graph"), InputError);
}

TEST_CASE("sim: DAL takes the minimal hops at zero load and carries more than DOR under tornado") {
  const auto g = family("hyperx", {{"widths", "4x4"}, {"terminals", "4"}});
  auto o = quick_sim();
  o.sample_period = 1000;
  o.samples = 3;
  o.max_samples = 20;
  auto run = [&](const std::string& algo, const std::string& traffic, double rate) {
    auto x = o;
    x.algo = algo;
    x.traffic = traffic;
    return sim::Simulator(g, x).run(rate, 1);
  };
  // Nearly no load: no output is ever a VC's buffer fuller than another, so no packet leaves a minimal path.
  const auto dal0 = run("dal", "uniform", 0.002), dor0 = run("hyperx", "uniform", 0.002);
  CHECK(dal0.stable);
  CHECK(dal0.hops_mean == doctest::Approx(dor0.hops_mean).epsilon(1e-12));
  CHECK(dal0.hops_mean == doctest::Approx(1.5).epsilon(0.02));  // 2 x 3/4: a dimension differs with probability 3/4
  // Tornado: a router's 4 terminals send to one router, over one dimension-order path whose first link takes 4 x
  // the rate: DOR carries 0.25 at most. DAL spreads the load over the other routers of each dimension (measured:
  // DOR 0.250 accepted of 0.3 offered and unstable, DAL 0.2999 and stable, 2.68 hops).
  const auto dal = run("dal", "tornado", 0.3), dor = run("hyperx", "tornado", 0.3);
  CHECK_FALSE(dor.stable);
  CHECK(dor.accepted_mean < 0.26);
  CHECK(dal.stable);
  CHECK_FALSE(dal.deadlock);
  CHECK(dal.accepted_mean > 0.29);
  CHECK(dal.hops_mean > dor.hops_mean);  // the deroutes
}
