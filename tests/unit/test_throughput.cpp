// Throughput against closed forms: on an arc-transitive graph (ring, K_n, hypercube, torus k×k) uniform θ is
// Σ arc capacities over the demand-weighted sum of distances, θ = Δ/k̄ with one terminal per router; on a path
// the middle link limits θ; Garg–Könemann's bounds bracket the LP's θ; TUB of the antipodal permutation; the
// Hungarian method against every permutation of small matrices.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>

#include "fixtures.hpp"
#include "topo/metrics/throughput.hpp"

using namespace topo;
using namespace topo::metrics;
using topo::test::family;

namespace {

Throughput measure_throughput(const Graph& g, ThroughputMethod method, double terminals_per_router = 1) {
  ThroughputOptions o;
  o.method = method;
  o.terminals_per_router = terminals_per_router;
  o.threads = 1;
  return throughput(g, o);
}

/// LP: θ exactly (to the simplex's tolerance); Garg–Könemann: bounds around it within 1 − ε.
void check_theta(const Graph& g, double theta, double terminals_per_router = 1) {
  const auto lp = measure_throughput(g, ThroughputMethod::lp, terminals_per_router);
  CHECK(lp.method == "lp");
  CHECK(lp.uniform.exact);
  CHECK(lp.uniform.lower == doctest::Approx(theta).epsilon(1e-9));
  const auto gk = measure_throughput(g, ThroughputMethod::approximation, terminals_per_router);
  CHECK(gk.method == "garg-konemann");
  CHECK_FALSE(gk.uniform.exact);
  CHECK(gk.uniform.lower <= theta * (1 + 1e-9));
  CHECK(gk.uniform.upper >= theta * (1 - 1e-9));
  CHECK(gk.uniform.lower >= (1 - gk.uniform.epsilon) * gk.uniform.upper);
}

}  // namespace

TEST_CASE("throughput: arc-transitive graphs carry uniform traffic at Δ/k̄") {
  // Ring C_n: Σ of distances from a node n²/4 (n even) or (n² − 1)/4 (n odd), over n − 1 others.
  for (unsigned n : {5u, 8u, 9u}) {
    const double sum = n % 2 ? (n * n - 1) / 4.0 : n * n / 4.0;
    check_theta(family("ring", {{"nodes", std::to_string(n)}}), 2 * (n - 1) / sum);
  }
  check_theta(family("complete", {{"nodes", "6"}}), 5);  // k̄ = 1
  // Hypercube Q_d: Σ of distances d·2^(d−1) over 2^d − 1 others.
  for (unsigned d : {3u, 4u})
    check_theta(family("hypercube", {{"dim", std::to_string(d)}}), (std::pow(2, d) - 1) / std::pow(2, d - 1));
  // Torus 4×4: Σ of distances 2·4·(0 + 1 + 2 + 1) = 32 over 15 others, degree 4.
  check_theta(family("torus", {{"dims", "4x4"}}), 4 * 15 / 32.0);
}

TEST_CASE("throughput: a path is limited by its middle link") {
  // Path of 4 nodes: 2·2 ordered pairs cross the middle link each way, each demanding θ/3.
  check_theta(family("mesh", {{"dims", "4"}}), 0.75);
}

TEST_CASE("throughput: terminals per router") {
  // K_4 with 2 terminals per router: T = 8, a router pair demands θ·4/7 over its own link.
  check_theta(family("complete", {{"nodes", "4"}}), 7 / 4.0, 2);
  const auto t = measure_throughput(family("complete", {{"nodes", "4"}}), ThroughputMethod::lp, 2);
  CHECK(t.terminals == 8);
  CHECK(t.per_pair == doctest::Approx(4 / 7.0));
}

TEST_CASE("throughput: the automatic method is the LP while it fits") {
  ThroughputOptions o;
  const auto ring = family("ring", {{"nodes", "8"}});
  CHECK(resolve_throughput_method(ring, o) == ThroughputMethod::lp);
  o.lp_max_variables = 8 * 16 - 1;
  CHECK(resolve_throughput_method(ring, o) == ThroughputMethod::approximation);
}

TEST_CASE("throughput: TUB of the worst-case permutation") {
  // Ring of 8: antipodes, 4 hops each, 16 arcs: θ ≤ 16/32.
  auto t = measure_throughput(family("ring", {{"nodes", "8"}}), ThroughputMethod::lp);
  REQUIRE(t.permutation);
  CHECK(t.permutation->max_distance_sum == 32);
  CHECK(t.permutation->tub == doctest::Approx(0.5));
  // K_n: a derangement, n hops over n(n − 1) arcs: θ ≤ n − 1.
  t = measure_throughput(family("complete", {{"nodes", "5"}}), ThroughputMethod::lp);
  CHECK(t.permutation->tub == doctest::Approx(4));
  // Hypercube Q_4: the complements, d hops each over d·2^d arcs: θ ≤ 1.
  t = measure_throughput(family("hypercube", {{"dim", "4"}}), ThroughputMethod::lp);
  CHECK(t.permutation->max_distance_sum == 64);
  CHECK(t.permutation->tub == doctest::Approx(1));
}

TEST_CASE("throughput: the Hungarian method against every permutation") {
  std::mt19937 rng(7);
  for (int trial = 0; trial < 20; ++trial) {
    const std::size_t n = 1 + trial % 7;
    std::vector<std::vector<std::int64_t>> w(n, std::vector<std::int64_t>(n));
    for (auto& row : w)
      for (auto& x : row) x = std::int64_t(rng() % 21) - 5;
    std::vector<std::uint32_t> p(n);
    std::iota(p.begin(), p.end(), 0u);
    std::int64_t best = std::numeric_limits<std::int64_t>::min();
    do {
      std::int64_t s = 0;
      for (std::size_t i = 0; i < n; ++i) s += w[i][p[i]];
      best = std::max(best, s);
    } while (std::next_permutation(p.begin(), p.end()));
    const auto [total, to] = max_weight_assignment(w);
    CHECK(total == best);
    std::int64_t s = 0;
    for (std::size_t i = 0; i < n; ++i) s += w[i][to[i]];
    CHECK(s == total);
    auto sorted = to;
    std::sort(sorted.begin(), sorted.end());
    for (std::size_t i = 0; i < n; ++i) CHECK(sorted[i] == i);
  }
}

TEST_CASE("throughput: errors") {
  ThroughputOptions o;
  o.epsilon = 1;
  CHECK_THROWS_AS(throughput(family("ring", {{"nodes", "4"}}), o), UsageError);
  CHECK_THROWS_WITH_AS(parse_throughput_method("simplex"), doctest::Contains("unknown throughput method"), UsageError);
}
