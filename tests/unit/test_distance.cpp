#include <doctest/doctest.h>

#include "topo/gen/families.hpp"
#include "topo/metrics/distance.hpp"

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
  const Graph g = gen::make_grid({7, 11, 9}, false);  // 693 nodes: three sweeps, the last partial
  metrics::DistanceOptions one, two;
  one.threads = 1;
  two.threads = 2;
  const auto a = metrics::distance_distribution(g, one), b = metrics::distance_distribution(g, two);
  CHECK(a.histogram == b.histogram);
  CHECK(a.eccentricity == b.eccentricity);
  CHECK(a.mean_all == doctest::Approx(48.0 / 21 + 120.0 / 33 + 80.0 / 27));
}
