// Everything a user picks by name, checked through its registry: every family builds its declared
// example as describe() says, with valid links and a symmetry hint that holds; every routing algorithm
// routes every pair of every family it fits with real links; every traffic pattern gives valid pairs;
// every mapping method returns a permutation. A new entry is tested by being registered.
#include <doctest/doctest.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <set>

#include "route/terminal_traffic_internal.hpp"
#include "topo/errors.hpp"
#include "topo/gen/description.hpp"
#include "topo/gen/registry.hpp"
#include "topo/map/methods.hpp"
#include "topo/map/problem.hpp"
#include "topo/metrics/symmetry.hpp"
#include "topo/route/route.hpp"
#include "topo/route/traffic.hpp"

using namespace topo;

namespace {

Graph example_of(const gen::Family& f) {
  return gen::generate(f, gen::parse_params(f, f.example));
}

/// The example graphs an algorithm fits: the families that offer what it needs (every family for
/// algorithms that route any graph).
std::vector<Graph> examples_for(const route::Algorithm& a) {
  std::vector<Graph> out;
  for (const auto& f : gen::families()) {
    if (!route::fits(f, a)) continue;
    auto g = example_of(f);
    bool connected = true;  // routing needs every target reachable
    for (node_id t = 0; t < g.num_nodes() && connected; t += std::max<node_id>(1, g.num_nodes() / 4))
      for (auto d : route::distances_to(g, t)) connected = connected && d != route::unreachable;
    if (connected) out.push_back(std::move(g));
  }
  return out;
}

}  // namespace

TEST_CASE("registries: every family builds its example as describe() says") {
  std::set<std::string> names;
  for (const auto& f : gen::families()) {
    CAPTURE(f.name);
    CHECK(names.insert(f.name).second);
    CHECK(!f.summary.empty());
    const auto p = gen::parse_params(f, f.example);
    const auto d = f.describe(p);
    const auto g = gen::generate(f, p);
    CHECK(g.num_nodes() == d.nodes);
    CHECK(g.total_multiplicity() == d.links);
    CHECK(g.directed() == d.directed);
    std::uint64_t dmin = ~std::uint64_t{0}, dmax = 0;
    for (node_id v = 0; v < g.num_nodes(); ++v) {
      dmin = std::min(dmin, g.out_degree(v));
      dmax = std::max(dmax, g.out_degree(v));
      for (auto w : g.out_neighbors(v)) CHECK(w < g.num_nodes());
    }
    CHECK(dmin == d.degree_min);
    CHECK(dmax == d.degree_max);
    CHECK(g.meta.family == f.name);
    if (f.symmetry) {
      const auto hint = metrics::check_classes(g, f.symmetry(p), 8, 1000, 1);
      CHECK_MESSAGE(hint.ok, hint.detail);
    }
    if (f.grid) {  // a grid's sizes multiply to the node count and match the coordinates
      const auto grid = f.grid(p);
      std::uint64_t n = 1;
      for (auto k : grid.sizes) n *= std::uint64_t(k);
      CHECK(n == g.num_nodes());
      CHECK(g.coord_dims() == grid.sizes.size());
      CHECK(grid.wrap.size() == grid.sizes.size());
    }
  }
}

TEST_CASE("registries: every routing algorithm routes every pair of the families it fits over real links") {
  for (const auto& a : route::algorithms()) {
    CAPTURE(a.name);
    CHECK(!a.help.empty());
    CHECK(&route::find_algorithm(a.name) == &a);
    const auto graphs = examples_for(a);
    CHECK(!graphs.empty());
    for (const auto& g : graphs) {
      CAPTURE(g.meta.family);
      route::RouterOptions o;
      o.algo = a.name;
      std::unique_ptr<route::Router> r;
      try {
        r = route::make_router(g, o);
      } catch (const InputError& e) {  // the one refusal allowed on a fitting family: updown on a directed graph
        CHECK_MESSAGE(g.directed(), e.what());
        continue;
      }
      route::Rng rng(3);
      for (node_id s = 0; s < g.num_nodes(); ++s)
        for (node_id t = 0; t < g.num_nodes(); ++t) {
          const auto path = r->route(s, t, rng);
          CHECK_NOTHROW(route::check_path(g, path, s, t));
        }
    }
  }
  CHECK_THROWS_AS(route::find_algorithm("dijkstra"), UsageError);
}

TEST_CASE("registries: an algorithm that needs a family refuses other graphs, naming the families that fit") {
  const auto& ring = gen::find_family("ring");
  const auto g = gen::generate(ring, gen::parse_params(ring, ring.example));
  route::RouterOptions o;
  o.algo = "hdn";
  try {
    (void)route::make_router(g, o);
    FAIL("hdn routed a ring");
  } catch (const InputError& e) {
    CHECK(std::string(e.what()) == "--algo hdn needs a graph of family hdn or rdn or dualcube, got ring");
  }
}

TEST_CASE("registries: every traffic pattern gives in-range pairs without self-pairs, sources in order") {
  const auto& torus = gen::find_family("torus");
  const auto g = gen::generate(torus, gen::parse_params(torus, {{"dims", "4x4"}}));  // 16 = 4^2 nodes
  for (const auto& t : route::traffic_patterns()) {
    CAPTURE(t.name);
    CHECK(!t.help.empty());
    const auto pairs = t.pairs(g, {});
    CHECK(!pairs.empty());
    for (std::size_t i = 0; i < pairs.size(); ++i) {
      CHECK(pairs[i].first < g.num_nodes());
      CHECK(pairs[i].second < g.num_nodes());
      CHECK(pairs[i].first != pairs[i].second);
      if (i) CHECK(pairs[i - 1].first <= pairs[i].first);
    }
  }
  CHECK_THROWS_AS(route::find_traffic("zipf"), UsageError);
}

TEST_CASE("registries: every traffic pattern's form over terminals picks in-range terminals, among its fixed ones") {
  const auto& torus = gen::find_family("torus");
  const auto g = gen::generate(torus, gen::parse_params(torus, {{"dims", "4x4"}}));
  std::vector<std::uint64_t> first(g.num_nodes() + 1);
  for (std::size_t v = 0; v < first.size(); ++v) first[v] = 4 * v;  // 4 terminals a router: 64 = 4^3
  const route::TerminalLayout layout{g, first};
  std::vector<std::string> with_form;
  for (const auto& t : route::traffic_patterns()) {
    CAPTURE(t.name);
    CHECK(t.terminal_help.empty() == !t.destinations);
    if (!t.destinations) continue;
    with_form.push_back(t.name);
    const auto d = route::terminal_destinations(t.name, layout, {.seed = 3, .hotspot = 5});
    route::Rng rng(7);
    for (std::uint64_t s = 0; s < layout.terminals(); ++s) {
      const auto fixed = d->fixed(s);
      for (int k = 0; k < 4; ++k) {
        const auto to = d->pick(s, rng);
        CHECK(to < layout.terminals());
        if (!fixed.empty()) CHECK(std::find(fixed.begin(), fixed.end(), to) != fixed.end());
      }
    }
  }
  CHECK(with_form == route::terminal_traffic_names());
  CHECK(std::find(with_form.begin(), with_form.end(), "all-to-all") == with_form.end());
  CHECK_THROWS_AS(route::terminal_destinations("all-to-all", layout, {}), UsageError);
}

TEST_CASE("registries: every mapping method returns a permutation of the nodes") {
  const auto& torus = gen::find_family("torus");
  const auto g = gen::generate(torus, gen::parse_params(torus, {{"dims", "4x4"}}));
  const auto s = map::Supply::from_graph(g, 1ull << 30, false);
  map::Demand d;  // dense (every method accepts it), task i talks to task i+5 with weight 1 + i % 3
  d.n = 16;
  d.dense = true;
  d.a.assign(256, 0);
  for (std::uint32_t i = 0; i < 16; ++i) d.a[i * 16 + (i + 5) % 16] = d.a[(i + 5) % 16 * 16 + i] = 1 + i % 3;
  for (const auto& m : map::methods()) {
    CAPTURE(m.name);
    CHECK(!m.help.empty());
    map::SolveOptions o;
    o.method = m.name;
    o.iterations = 200;
    o.restarts = 2;
    const auto r = map::solve(d, s, o);
    CHECK_NOTHROW(map::check_mapping(r.mapping, 16, 16, "result"));
    CHECK(r.cost == doctest::Approx(map::evaluate(d.padded(16), s, r.mapping)));
  }
  CHECK_THROWS_AS(map::find_method("quantum"), UsageError);
}
