#include <doctest/doctest.h>

#include <cmath>
#include <set>

#include "topo/errors.hpp"
#include "topo/gen/families.hpp"
#include "topo/metrics/distance.hpp"
#include "topo/rng.hpp"

using namespace topo;

TEST_CASE("ring distances match the closed form") {
  for (std::int64_t n : {1, 2, 3, 8, 9, 300}) {
    CAPTURE(n);
    const auto d = metrics::distance_distribution(gen::make_grid({n}, true));
    CHECK(d.diameter == std::uint32_t(n / 2));
    CHECK(d.radius == std::uint32_t(n / 2));
    const double nd = static_cast<double>(n);
    const double mean = n % 2 == 0 ? nd / 4 : (nd * nd - 1) / (4 * nd);
    CHECK(d.mean_all == doctest::Approx(mean));
    CHECK(d.unreachable_pairs == 0);
  }
}

TEST_CASE("hypercube: n/2 over all pairs, n 2^(n-1)/(2^n-1) over distinct pairs, binomial histogram") {
  const unsigned n = 10;
  const auto d = metrics::distance_distribution(gen::make_hypercube(n));
  CHECK(d.diameter == n);
  CHECK(d.mean_all == doctest::Approx(5.0));
  CHECK(d.std_all == doctest::Approx(std::sqrt(n / 4.0)));
  CHECK(d.mean_distinct == doctest::Approx(n * 512.0 / 1023.0));
  std::uint64_t binom = 1;
  for (unsigned k = 0; k <= n; ++k) {
    CHECK(d.histogram[k] == 1024 * binom);
    binom = binom * (n - k) / (k + 1);
  }
}

TEST_CASE("torus 8x8x8 and a mixed mesh") {
  const auto t = metrics::distance_distribution(gen::make_grid({8, 8, 8}, true));
  CHECK(t.mean_all == doctest::Approx(6.0));
  CHECK(t.diameter == 12);
  const auto m = metrics::distance_distribution(gen::make_grid({3, 5}, false));
  CHECK(m.diameter == 6);
  CHECK(m.mean_all == doctest::Approx(8.0 / 9 + 24.0 / 15));
  CHECK(m.radius == 3);
}

TEST_CASE("complete graph") {
  const auto d = metrics::distance_distribution(gen::make_complete(300));
  CHECK(d.histogram.size() == 2);
  CHECK(d.histogram[1] == 300 * 299);
  CHECK(d.mean_distinct == doctest::Approx(1.0));
  CHECK(d.std_distinct == doctest::Approx(0.0));
}

TEST_CASE("unreachable pairs are counted, not averaged") {
  GraphBuilder b(5, false);
  b.add_link(0, 1);
  b.add_link(1, 2);
  b.add_link(3, 4);
  const auto d = metrics::distance_distribution(b.finish());
  CHECK(d.unreachable_pairs == 12);
  CHECK_FALSE(d.diameter.has_value());
  CHECK(d.max_finite_distance == 2);
  CHECK(d.histogram == std::vector<std::uint64_t>{5, 6, 2});
  CHECK(d.mean_distinct == doctest::Approx(10.0 / 8));
}

TEST_CASE("directed distances follow link direction") {
  GraphBuilder b(4, true);
  for (node_id v = 0; v < 4; ++v) b.add_link(v, (v + 1) % 4);
  const auto d = metrics::distance_distribution(b.finish());
  CHECK(d.histogram == std::vector<std::uint64_t>{4, 4, 4, 4});
  CHECK(d.diameter == 3);
}

TEST_CASE("same result for one and two threads, and across batch boundaries") {
  const Graph g = gen::make_grid({7, 11, 9}, false);  // 693 nodes: two sweeps, the last partial
  metrics::DistanceOptions one, two;
  one.threads = 1;
  two.threads = 2;
  const auto a = metrics::distance_distribution(g, one), b = metrics::distance_distribution(g, two);
  CHECK(a.histogram == b.histogram);
  CHECK(a.eccentricity == b.eccentricity);
  CHECK(a.mean_all == doctest::Approx(48.0 / 21 + 120.0 / 33 + 80.0 / 27));
}

namespace {

/// Plain BFS from every node along out-links (no_node = unreachable): the reference for the
/// bit-parallel kernels.
std::vector<std::vector<node_id>> bfs_distances(const Graph& g) {
  std::vector<std::vector<node_id>> dist(g.num_nodes(), std::vector<node_id>(g.num_nodes(), no_node));
  for (node_id s = 0; s < g.num_nodes(); ++s) {
    std::vector<node_id> queue{s};
    dist[s][s] = 0;
    for (std::size_t head = 0; head < queue.size(); ++head)
      for (node_id u : g.out_neighbors(queue[head]))
        if (dist[s][u] == no_node) {
          dist[s][u] = dist[s][queue[head]] + 1;
          queue.push_back(u);
        }
  }
  return dist;
}

Graph random_graph(node_id n, unsigned links_per_node, bool directed, unsigned seed) {
  Rng rng(seed);
  GraphBuilder b(n, directed);
  std::set<std::pair<node_id, node_id>> seen;
  for (node_id v = 0; v + 40 < n; ++v)  // the last 40 nodes get no links of their own
    for (unsigned k = 0; k < links_per_node; ++k) {
      const auto u = node_id(rng.below(n));
      const auto key = directed ? std::pair(v, u) : std::pair(std::min(u, v), std::max(u, v));
      if (u != v && seen.insert(key).second) b.add_link(v, u);
    }
  return b.finish();
}

}  // namespace

TEST_CASE("every BFS kernel equals plain BFS: histogram, eccentricities, weighted per-source sums") {
  const std::vector<Graph> graphs = {gen::make_grid({7, 11, 9}, false), random_graph(700, 2, true, 7),
                                     random_graph(1100, 1, false, 8)};
  for (auto kernel : {metrics::Kernel::portable, metrics::Kernel::avx2, metrics::Kernel::avx512}) {
    if (!metrics::kernel_supported(kernel)) continue;
    for (const Graph& g : graphs) {
      CAPTURE(int(kernel));
      CAPTURE(g.num_nodes());
      const auto dist = bfs_distances(g);
      metrics::DistanceOptions opt;
      opt.kernel = kernel;
      opt.threads = 2;
      const auto d = metrics::distance_distribution(g, opt);
      std::vector<std::uint64_t> histogram(1, 0);
      std::uint64_t unreachable = 0;
      for (const auto& row : dist)
        for (node_id x : row) {
          if (x == no_node) {
            ++unreachable;
            continue;
          }
          if (histogram.size() <= x) histogram.resize(x + 1, 0);
          ++histogram[x];
        }
      CHECK(d.histogram == histogram);
      CHECK(d.unreachable_pairs == unreachable);
      REQUIRE(d.sources.size() == g.num_nodes());
      bool ecc_equal = true;
      for (std::size_t i = 0; i < d.sources.size(); ++i) {
        node_id ecc = 0;
        for (node_id x : dist[d.sources[i]])
          if (x != no_node) ecc = std::max(ecc, x);
        ecc_equal = ecc_equal && d.eccentricity[i] == ecc;
      }
      CHECK(ecc_equal);

      // Weighted sources 1, 2, 3, ...: every third node (wide sweeps of 512), 40 nodes (one narrow sweep
      // when the graph's diameter is below 40, else a sweep per source) and 3 nodes (a sweep each).
      for (node_id step : {3u, g.num_nodes() / 40, g.num_nodes() / 3}) {
        CAPTURE(step);
        std::vector<node_id> sources;
        std::vector<std::uint64_t> weights;
        for (node_id v = 0; v < g.num_nodes(); v += step) {
          sources.push_back(v);
          weights.push_back(sources.size());
        }
        const auto w = metrics::distance_distribution_from(g, sources, weights, opt);
        std::vector<std::uint64_t> weighted(1, 0);
        bool sums_equal = true;
        for (std::size_t i = 0; i < sources.size(); ++i) {
          std::uint64_t sum = 0, reached = 0;
          for (node_id x : dist[sources[i]])
            if (x != no_node) {
              if (weighted.size() <= x) weighted.resize(x + 1, 0);
              weighted[x] += weights[i];
              sum += x;
              ++reached;
            }
          sums_equal = sums_equal && w.sources[i] == sources[i] && w.source_distance_sum[i] == sum &&
                       w.source_reached[i] == reached;
        }
        CHECK(w.histogram == weighted);
        CHECK(sums_equal);
      }
    }
  }
}

TEST_CASE("kernels by name: each the CPU runs, else a usage error that names the choices") {
  CHECK(metrics::kernel_supported(metrics::Kernel::portable));
  CHECK(metrics::resolve_kernel(metrics::Kernel::portable) == metrics::Kernel::portable);
  CHECK(metrics::kernel_supported(metrics::resolve_kernel(metrics::Kernel::best)));
  CHECK(metrics::kernel_name(metrics::Kernel::best) ==
        metrics::kernel_name(metrics::resolve_kernel(metrics::Kernel::best)));
  for (const auto& k : metrics::kernels()) {
    CAPTURE(k.name);
    CHECK(metrics::kernel_name(k.id) == k.name);
    if (metrics::kernel_supported(k.id)) {
      CHECK(metrics::parse_kernel(k.name) == k.id);
    } else {
      CHECK_THROWS_WITH_AS(metrics::parse_kernel(k.name), doctest::Contains("which this CPU lacks"), UsageError);
    }
  }
  CHECK_THROWS_WITH_AS(metrics::parse_kernel("sse"), "unknown kernel \"sse\" (portable, avx2, avx512)", UsageError);
  CHECK_THROWS_AS(metrics::parse_kernel(""), UsageError);
}
