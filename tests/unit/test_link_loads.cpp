// The batched split-routing link loads (lib/src/metrics/load_kernel.cpp: several sources per sweep, one
// vector lane each) against the textbook algorithm, one source at a time, on graphs that exercise every
// path of the kernels: multiplicities, parallel links, self-loops, endpoints, directed and disconnected.
#include <doctest/doctest.h>
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>

#include "fixtures.hpp"
#include "metrics/load_kernel.hpp"
#include "topo/gen/families.hpp"
#include "topo/gen/registry.hpp"
#include "topo/metrics/link_loads.hpp"
#include "topo/metrics/measure.hpp"
#include "topo/rng.hpp"

using namespace topo;
using topo::test::family;

namespace {

/// Brandes' accumulation from each source in turn: path counts sigma by BFS, then dependencies delta
/// from the farthest node back; arc v->x (multiplicity m) carries sigma[v]/sigma[x] * (demand(x) + delta[x])
/// per unit of capacity. Only the pairs of `endpoints` (every node when empty) exchange traffic.
std::vector<double> reference_loads(const Graph& g, std::span<const node_id> endpoints) {
  const node_id n = g.num_nodes();
  std::vector<char> target(n, endpoints.empty() ? 1 : 0);
  for (node_id v : endpoints) target[v] = 1;
  std::vector<double> load(g.num_arcs(), 0.0);
  for (node_id s = 0; s < n; ++s) {
    if (!target[s]) continue;
    std::vector<std::int64_t> dist(n, -1);
    std::vector<double> sigma(n, 0), delta(n, 0);
    std::vector<node_id> order{s};
    dist[s] = 0;
    sigma[s] = 1;
    for (std::size_t h = 0; h < order.size(); ++h) {
      const node_id v = order[h];
      for (std::size_t i = 0; i < g.out_neighbors(v).size(); ++i) {
        const node_id x = g.out_neighbors(v)[i];
        if (dist[x] < 0) {
          dist[x] = dist[v] + 1;
          order.push_back(x);
        }
        if (dist[x] == dist[v] + 1) sigma[x] += sigma[v] * g.multiplicity(g.out_links(v)[i]);
      }
    }
    for (std::size_t h = order.size(); h-- > 0;) {
      const node_id v = order[h];
      for (std::size_t i = 0; i < g.out_neighbors(v).size(); ++i) {
        const node_id x = g.out_neighbors(v)[i];
        if (dist[x] != dist[v] + 1) continue;
        const double m = g.multiplicity(g.out_links(v)[i]);
        const double flow = sigma[v] * m / sigma[x] * (target[x] + delta[x]);
        load[g.arc_offset(v) + i] += flow / m;
        delta[v] += flow;
      }
    }
  }
  return load;
}

/// Largest difference relative to max(1, |want|).
double worst_difference(const std::vector<double>& got, const std::vector<double>& want) {
  REQUIRE(got.size() == want.size());
  double worst = 0;
  for (std::size_t a = 0; a < got.size(); ++a)
    worst = std::max(worst, std::abs(got[a] - want[a]) / std::max(1.0, std::abs(want[a])));
  return worst;
}

/// The loads from every instruction set's kernel this CPU runs, all sources once.
std::vector<std::pair<std::string, std::vector<double>>> loads_by_kernel(const Graph& g,
                                                                         std::span<const node_id> endpoints) {
  std::vector<node_id> sources(endpoints.begin(), endpoints.end());
  if (sources.empty())
    for (node_id v = 0; v < g.num_nodes(); ++v) sources.push_back(v);
  std::vector<double> weight(sources.size(), 1.0);
  metrics::order_sources_for_sweeps(g, sources, weight);
  std::vector<std::pair<std::string, metrics::loads::LoadKernel>> passes;
  for (const auto& kernel : metrics::kernels())
    if (metrics::kernel_supported(kernel.id))
      passes.emplace_back(kernel.name, metrics::SplitLoadGraph(g, {}, kernel.id).kernel);
  // The portable passes in SSE encoding too: a CPU with AVX runs them VEX-encoded.
  passes.emplace_back("portable, SSE encoding", metrics::loads::load_kernel_portable());
  std::vector<std::pair<std::string, std::vector<double>>> out;
  // Each also with the look-ahead prefetches that a graph larger than the caches gets.
  for (const auto& [kernel_name, kernel] : passes)
    for (bool prefetch : {false, true}) {
      const std::string name = prefetch ? kernel_name + ", prefetching" : kernel_name;
      metrics::SplitLoadGraph lg(g, endpoints);
      lg.kernel = kernel;
      lg.prefetch = prefetch;
      metrics::SplitLoadSweeper sweeper(lg);
      std::vector<double> load(g.num_arcs(), 0.0);
      for (std::size_t i = 0; i < sources.size(); i += metrics::loads::lanes) {
        const std::size_t len = std::min<std::size_t>(metrics::loads::lanes, sources.size() - i);
        sweeper.add(std::span(sources).subspan(i, len), std::span(weight).subspan(i, len));
      }
      sweeper.take_loads(load);
      out.emplace_back(name, std::move(load));
    }
  return out;
}

void check_against_reference(const Graph& g, std::span<const node_id> endpoints = {}) {
  const auto want = reference_loads(g, endpoints);
  for (int threads : {1, 2}) {
    CAPTURE(threads);
    CHECK(worst_difference(metrics::link_loads(g, metrics::Routing::split, threads, {}, endpoints).arc_load, want) <
          1e-12);
  }
  // Every kernel does the same operations in the same order in each lane: the same loads, bit for bit,
  // from the sweeps alone and from link_loads with the kernel forced.
  const auto by_kernel = loads_by_kernel(g, endpoints);
  REQUIRE(by_kernel.front().first == "portable");
  const auto forced = [&](metrics::Kernel k) {
    return metrics::link_loads(g, metrics::Routing::split, 2, {}, endpoints, nullptr, k).arc_load;
  };
  const auto portable = forced(metrics::Kernel::portable);
  CHECK(worst_difference(portable, want) < 1e-12);
  for (const auto& [kernel, load] : by_kernel) {
    CAPTURE(kernel);
    CHECK(worst_difference(load, want) < 1e-12);
    CHECK(load == by_kernel.front().second);
    if (kernel.find(',') == std::string::npos) CHECK(forced(metrics::parse_kernel(kernel)) == portable);
  }
}

/// A random graph on n nodes with each pair linked with probability p.
Graph random_graph(node_id n, double p, bool directed, unsigned seed) {
  Rng rng(seed);
  GraphBuilder b(n, directed);
  for (node_id u = 0; u < n; ++u)
    for (node_id v = directed ? 0 : u + 1; v < n; ++v)
      if (u != v && rng.uniform() < p) b.add_link(u, v);
  return b.finish();
}

}  // namespace

TEST_CASE("batched split loads equal one-source-at-a-time Brandes: random regular, torus, long paths") {
  check_against_reference(family("random-regular", {{"nodes", "300"}, {"degree", "6"}, {"seed", "3"}}));
  check_against_reference(family("torus", {{"dims", "6x5x4"}}));
  check_against_reference(gen::make_grid({90}, false));  // 89 levels: every lane at its own distance
}

TEST_CASE("batched split loads: a banded pattern, whose neighbours are read as words of a bit set") {
  // Like a stiffness matrix's pattern: each node linked to some of the nodes within 40 ids.
  Rng rng(5);
  GraphBuilder b(400, false);
  for (node_id u = 0; u < 400; ++u)
    for (node_id v = u + 1; v < std::min<node_id>(400, u + 41); ++v)
      if (rng() & 1) b.add_link(u, v);
  const Graph g = b.finish();
  REQUIRE_FALSE(metrics::SplitLoadGraph(g, {}).neighbour_word_offsets.empty());
  check_against_reference(g);
  REQUIRE(metrics::SplitLoadGraph(family("torus", {{"dims", "6x5x4"}}), {}).neighbour_word_offsets.empty());
}

TEST_CASE("batched split loads: multiplicities, parallel links and self-loops") {
  GraphBuilder b(70, false);
  const auto red = b.class_id("red"), blue = b.class_id("blue");
  Rng rng(11);
  for (node_id u = 0; u < 70; ++u) {
    b.add_link(u, (u + 1) % 70, LinkAttrs{.multiplicity = 1 + u % 3, .cls = red});
    b.add_link(u, static_cast<node_id>(rng.below(70)), LinkAttrs{.multiplicity = 1, .cls = blue});
    if (u % 7 == 0) b.add_link(u, (u + 1) % 70, LinkAttrs{.multiplicity = 2, .cls = blue});  // parallel link
    if (u % 23 == 0) b.add_link(u, u, LinkAttrs{.multiplicity = 1, .cls = blue});            // self-loop
  }
  const Graph g = b.finish();
  REQUIRE(g.multigraph());
  REQUIRE(g.has_multiplicity());
  REQUIRE(g.has_self_loops());
  check_against_reference(g);
}

TEST_CASE("batched split loads: traffic between endpoints only") {
  const Graph g = family("random-regular", {{"nodes", "240"}, {"degree", "4"}, {"seed", "2"}});
  std::vector<node_id> endpoints;
  for (node_id v = 0; v < g.num_nodes(); v += 3) endpoints.push_back(v);
  check_against_reference(g, endpoints);
}

TEST_CASE("batched split loads: directed and disconnected graphs") {
  const Graph directed = random_graph(150, 0.03, true, 7);
  REQUIRE(directed.directed());
  check_against_reference(directed);
  // Two random components and isolated nodes: most pairs unreachable.
  GraphBuilder b(130, false);
  const Graph a = random_graph(60, 0.08, false, 4), c = random_graph(60, 0.06, false, 5);
  for (link_id l = 0; l < a.num_links(); ++l) b.add_link(a.source(l), a.target(l));
  for (link_id l = 0; l < c.num_links(); ++l) b.add_link(60 + c.source(l), 60 + c.target(l));
  check_against_reference(b.finish());
}

namespace {

/// Preferential attachment: each new node links to `m` earlier ones chosen in proportion to their degree (a
/// Barabási–Albert graph: a few hubs), directed from the new node when `directed`.
Graph preferential_attachment(node_id n, unsigned m, bool directed, unsigned seed) {
  Rng rng(seed);
  GraphBuilder b(n, directed);
  std::vector<node_id> ends;  // each link's two ends: a node as often as its degree
  for (node_id v = 1; v < n; ++v) {
    std::vector<node_id> picked;
    for (unsigned k = 0; k < m && picked.size() < v; ++k) {
      node_id u = ends.empty() ? 0 : ends[rng.below(ends.size())];
      while (std::find(picked.begin(), picked.end(), u) != picked.end()) u = static_cast<node_id>(rng.below(v));
      picked.push_back(u);
    }
    for (node_id u : picked) {
      b.add_link(v, u);
      ends.push_back(u);
      ends.push_back(v);
    }
  }
  return b.finish();
}

}  // namespace

TEST_CASE("batched split loads: graphs with hubs, whose sweeps group a hub's leaves") {
  const Graph g = preferential_attachment(400, 2, false, 9);
  std::size_t most = 0;
  for (node_id v = 0; v < g.num_nodes(); ++v) most = std::max(most, g.out_neighbors(v).size());
  REQUIRE(double(most) >= 8.0 * double(g.num_arcs()) / g.num_nodes());  // sweep_groups.cpp's hubs
  check_against_reference(g);
  std::vector<node_id> endpoints;
  for (node_id v = 0; v < g.num_nodes(); v += 2) endpoints.push_back(v);
  check_against_reference(g, endpoints);
  check_against_reference(preferential_attachment(300, 2, true, 10));
  // The sources come back reordered, each once, with its weight.
  for (const Graph& h : {g, family("torus", {{"dims", "6x5"}})}) {
    std::vector<node_id> sources(endpoints.begin(), endpoints.end());
    if (h.num_nodes() != g.num_nodes()) sources.assign({0, 3, 7, 11, 12, 29});
    std::vector<double> weight;
    for (node_id s : sources) weight.push_back(1.0 + s);
    auto reordered = sources;
    auto moved = weight;
    metrics::order_sources_for_sweeps(h, reordered, moved);
    REQUIRE(reordered.size() == sources.size());
    for (std::size_t i = 0; i < reordered.size(); ++i) CHECK(moved[i] == 1.0 + reordered[i]);
    std::sort(reordered.begin(), reordered.end());
    CHECK(reordered == sources);
  }
}

TEST_CASE("batched split loads do not depend on the thread count, bit for bit") {
  const Graph g = family("random-regular", {{"nodes", "500"}, {"degree", "8"}, {"seed", "1"}});
  const auto one = metrics::link_loads(g, metrics::Routing::split, 1);
  CHECK(one.arc_load == metrics::link_loads(g, metrics::Routing::split, 2).arc_load);
  CHECK(one.arc_load == metrics::link_loads(g, metrics::Routing::split, 3).arc_load);
}

TEST_CASE("the estimate printed before a long link-load run is the chosen kernel's") {
  const Graph g = family("random-regular", {{"nodes", "300"}, {"degree", "6"}, {"seed", "3"}});
  const auto notice_with = [&](metrics::Kernel k) {
    metrics::MeasureOptions o;
    o.kernel = k;
    o.threads = 1;
    o.bisection = metrics::When::no;
    o.notice_seconds = 0;  // always say it
    std::string said;
    o.notice = [&](const std::string& line) { said += line; };
    (void)metrics::measure(g, o);
    return said;
  };
  for (const auto& k : metrics::kernels()) {
    if (!metrics::kernel_supported(k.id)) continue;
    CAPTURE(k.name);
    const double seconds = 300.0 * 1800 / metrics::load_work_per_thread_second(k.id);
    CHECK(notice_with(k.id) ==
          fmt::format("exact link loads: 300 searches over 1800 arcs, about {:.0f} s on 1 thread (--utilization no "
                      "skips them)",
                      seconds));
  }
  CHECK(metrics::load_work_per_thread_second(metrics::Kernel::portable) <
        metrics::load_work_per_thread_second(metrics::Kernel::avx2));
  CHECK(metrics::load_work_per_thread_second(metrics::Kernel::avx2) <
        metrics::load_work_per_thread_second(metrics::Kernel::avx512));
  CHECK(metrics::load_work_per_thread_second(metrics::Kernel::best) ==
        metrics::load_work_per_thread_second(metrics::resolve_kernel(metrics::Kernel::best)));
}
