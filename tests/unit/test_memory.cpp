#include <doctest/doctest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "topo/errors.hpp"
#include "topo/gen/description.hpp"
#include "topo/gen/registry.hpp"
#include "topo/map/methods.hpp"
#include "topo/memory.hpp"
#include "topo/metrics/measure.hpp"
#include "topo/route/traffic.hpp"
#include "topo/sim/clex.hpp"
#include "topo/sim/network_sim.hpp"

using namespace topo;

namespace {

// The bytes a graph's arrays hold, from what it exposes: link columns, the adjacency of every arc (the
// target column serves as the out-adjacency of a directed graph), offsets, coordinates and positions.
std::uint64_t graph_bytes(const Graph& g) {
  const std::uint64_t n = g.num_nodes(), m = g.num_links(), arcs = g.num_arcs();
  std::uint64_t b = 8 * m + 4 * arcs + 8 * (n + 1);  // source, target; link ids; offsets
  if (g.directed())
    b += 8 * m + 8 * (n + 1);  // in-adjacency, in-links, in-offsets
  else
    b += 4 * arcs;  // out-adjacency
  if (g.has_multiplicity()) b += 4 * m;
  if (g.has_classes()) b += 2 * m;
  if (g.has_levels()) b += m;
  if (g.has_dims()) b += m;
  if (g.has_capacities()) b += 4 * m;
  b += n * (4 * g.coord_dims() + 8 * g.pos_dims());
  return b;
}

Graph build(const std::string& family, const std::map<std::string, std::string>& raw) {
  const auto& f = gen::find_family(family);
  return gen::generate(f, gen::parse_params(f, raw));
}

}  // namespace

TEST_CASE("parse_bytes reads bytes and K/M/G/T sizes and rejects anything else") {
  CHECK(parse_bytes("0") == 0u);
  CHECK(parse_bytes("1048576") == 1048576u);
  CHECK(parse_bytes("512K") == 512u * 1024);
  CHECK(parse_bytes("512k") == 512u * 1024);
  CHECK(parse_bytes("3M") == 3u << 20);
  CHECK(parse_bytes("1.5G") == 3ull << 29);
  CHECK(parse_bytes("2TiB") == 2ull << 40);
  CHECK(parse_bytes("16GB") == 16ull << 30);
  CHECK(parse_bytes("7B") == 7u);
  for (const char* bad : {"", "G", "-1", "1.5", "12Q", "1..5G", "1GG", "1 G", "1e3", "99999999999T", ".", "1Gx"})
    CHECK_MESSAGE(!parse_bytes(bad), bad);
}

TEST_CASE("format_bytes and size_argument round the way the message shows them") {
  CHECK(format_bytes(0) == "0 B");
  CHECK(format_bytes(1023) == "1023 B");
  CHECK(format_bytes(1536) == "1.5 KiB");
  CHECK(format_bytes(3ull << 30) == "3.0 GiB");
  CHECK(format_bytes(5ull << 40) == "5.0 TiB");
  CHECK(size_argument(1) == "1K");
  CHECK(size_argument(1024) == "1K");
  CHECK(size_argument(1025) == "2K");
  CHECK(size_argument((41ull << 30) + 1) == "42G");
  CHECK(size_argument(1023ull << 20) == "1023M");
  CHECK(size_argument(3ull << 40) == "3T");
  CHECK(size_argument((1ull << 30) + (30ull << 20)) == "1054M");  // 1.03 GiB: not rounded up to 2G
  for (std::uint64_t b : {1ull, 1000ull, 1ull << 20, 123456789ull, 5ull << 40})
    CHECK(*parse_bytes(size_argument(b)) >= b);
}

TEST_CASE("a budget refuses an estimate above its limit in one line naming the parts and the option") {
  MemoryEstimate e;
  e.add("graph", 3ull << 30).add("empty", 0).add("link loads", 38ull << 30);
  CHECK(e.parts.size() == 2);
  CHECK(e.total() == 41ull << 30);
  MemoryBudget{}.check(e);  // no limit
  MemoryBudget{41ull << 30, ""}.check(e);
  CHECK_THROWS_WITH_AS(MemoryBudget({19ull << 30, "80% of physical memory"}).check(e),
                       "this run needs about 41.0 GiB (graph 3.0 GiB, link loads 38.0 GiB) but --max-memory is "
                       "19.0 GiB (80% of physical memory); raise it with --max-memory 41G",
                       MemoryLimitError);
  MemoryEstimate huge;
  huge.add("a", ~std::uint64_t{0}).add("b", 5);
  CHECK(huge.total() == ~std::uint64_t{0});
  CHECK(physical_memory() > 0);
}

TEST_CASE("the graph estimate is within a factor of 1.5 of the arrays of generated graphs") {
  const std::vector<std::pair<std::string, std::map<std::string, std::string>>> cases = {
      {"torus", {{"dims", "16x16x16"}}},
      {"hypercube", {{"dim", "12"}}},
      {"random-regular", {{"nodes", "2000"}, {"degree", "7"}}},
      {"kautz", {{"degree", "3"}, {"length", "6"}}},  // directed
      {"fattree", {{"arity", "8"}, {"levels", "3"}}},
      {"slimfly", {{"q", "13"}}},
  };
  for (const auto& [family, raw] : cases) {
    const auto g = build(family, raw);
    const double estimate = double(graph_memory(g.num_nodes(), g.num_links(), g.directed()));
    const double actual = double(graph_bytes(g));
    INFO(family, ": estimate ", estimate, ", actual ", actual);
    CHECK(estimate <= 1.5 * actual);
    CHECK(actual <= 1.5 * estimate);
    // describe() counts links with multiplicity; the estimate from it is the one generate() checks.
    const auto& f = gen::find_family(family);
    const auto d = f.describe(gen::parse_params(f, raw));
    CHECK(d.links >= g.num_links());
  }
}

TEST_CASE("generate refuses an instance above the memory budget before building it") {
  const auto& f = gen::find_family("torus");
  gen::GenerateOptions opt;
  opt.memory = {1u << 20, ""};
  // 1000^3 would take 93 GiB to build: refused from describe() alone.
  try {
    gen::generate(f, gen::parse_params(f, {{"dims", "1000x1000x1000"}}), opt);
    FAIL("not refused");
  } catch (const InputError& e) {
    const std::string what = e.what();
    CHECK(what.rfind("this run needs about ", 0) == 0);
    CHECK(what.find("(graph ") != std::string::npos);
    CHECK(what.find("but --max-memory is 1.0 MiB; raise it with --max-memory ") != std::string::npos);
  }
  CHECK(gen::generate(f, gen::parse_params(f, {{"dims", "8x8"}}), opt).num_nodes() == 64);
  // A caller's estimate replaces the graph's.
  opt.estimate = [](std::uint64_t, std::uint64_t, bool) { return MemoryEstimate().add("everything", 2u << 20); };
  CHECK_THROWS_AS(gen::generate(f, gen::parse_params(f, {{"dims", "8x8"}}), opt), InputError);
}

TEST_CASE("topostat's estimate grows with the threads and leaves out what is not computed") {
  metrics::MeasureOptions o;
  o.threads = 1;
  const auto one = measure_memory(32768, 98304, false, true, o);
  o.threads = 4;
  const auto four = measure_memory(32768, 98304, false, true, o);
  CHECK(four.total() > one.total());
  CHECK(one.parts.front().first == "graph");
  auto has = [](const MemoryEstimate& e, const std::string& part) {
    for (const auto& [name, bytes] : e.parts)
      if (name == part) return true;
    return false;
  };
  CHECK(has(one, "link loads"));
  CHECK(has(one, "bisection"));
  o.utilization = metrics::When::no;
  o.bisection = metrics::When::no;
  const auto bare = measure_memory(32768, 98304, false, true, o);
  CHECK(!has(bare, "link loads"));
  CHECK(!has(bare, "bisection"));
  // Without a family, a graph this large gets no link loads under auto.
  o.utilization = metrics::When::automatic;
  CHECK(!has(measure_memory(2000000, 6000000, false, false, o), "link loads"));
  CHECK(has(measure_memory(2000000, 6000000, false, true, o), "link loads"));
}

TEST_CASE("the other tools' estimates count their quadratic arrays") {
  const auto g = build("torus", {{"dims", "16x16"}});
  CHECK(route::traffic_pair_count(g, "all-to-all") == 256u * 255);
  CHECK(route::traffic_pair_count(g, "nearest-neighbour") == g.num_arcs());
  CHECK(route::traffic_pair_count(g, "uniform") == 256u);
  const auto pairs = route::traffic_pairs(g, "nearest-neighbour");
  CHECK(pairs.size() <= route::traffic_pair_count(g, "nearest-neighbour"));
  const auto r = route::routing_memory(g, "dor", 256u * 255, true, false);
  CHECK(r.total() >= 256u * 255 * sizeof(route::Pair));
  // The shortest-path router keeps a row of distances per target.
  CHECK(route::routing_memory(g, "shortest", 256u * 255, true, false).total() >= r.total() + 256u * 256 * 4);

  map::Demand d;
  d.n = 100;
  d.off.assign(101, 0);
  const auto& tabu = map::find_method("tabu");
  const auto& anneal = map::find_method("anneal");
  const auto t = map::mapping_memory(d, 1000, 1, tabu, 2, &g);
  const auto a = map::mapping_memory(d, 1000, 1, anneal, 2, &g);
  CHECK(a.total() >= 1000u * 1000);       // the supply matrix
  CHECK(t.total() >= 1000u * 1000 * 41);  // and tabu's dense demand and two matrices per restart
  CHECK(map::Supply::dense_entry_bytes(g) == 1);

  sim::ClexOptions c;
  c.clique = 32;
  c.levels = 4;
  c.messages = 28;
  CHECK(sim::clex_memory(c).total() >= 32ull * 32 * 32 * 32 * 28 * 24);
  sim::SimOptions s;
  const auto one = sim::simulation_memory(256, 512, false, 1024, 256, s, 1);
  CHECK(sim::simulation_memory(256, 512, false, 1024, 256, s, 2).total() > one.total());
  s.messages = 100;
  CHECK(sim::simulation_memory(256, 512, false, 1024, 256, s, 1).total() > one.total() + 256 * 100 * 40);
}

TEST_CASE("the simulator's estimate counts a link's capacity and multiplicity as channels") {
  // CLEX's swap model: on 4^3 routers, 96 clique links and 48 swap links of capacity 4 between distinct
  // routers (and 32 self-loops, the redundant links, which carry nothing): 2 x (96 + 48 x 4) = 576
  // channels. Counting links, the estimate took 2 x 176 arcs.
  const auto swap = build("clex", {{"clique", "4"}, {"levels", "3"}, {"links", "swap"}});
  CHECK(swap.num_links() == 176);
  CHECK(sim::simulated_channels(swap) == 576);
  const sim::SimOptions s;
  const auto state = [&](std::uint64_t channels) {
    return sim::simulation_memory(64, swap.num_links(), false, channels, 64, s, 1).total();
  };
  // Every channel adds its V input VCs of B flits each (and more).
  CHECK(state(576) - state(2 * 176) >= (576u - 2 * 176) * s.vcs * s.buffer * 16);
}
