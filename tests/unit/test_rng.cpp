// topo::Rng (topo/rng.hpp): the published outputs of splitmix64 and xoshiro256**, and our bounded, real and
// shuffle draws: fixed for a seed, in range, unbiased.
#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <map>
#include <numeric>
#include <random>
#include <vector>

#include "topo/rng.hpp"

using namespace topo;

namespace {

// Pearson's statistic of `counts` against equal expected counts.
double chi_square(const std::vector<std::uint64_t>& counts) {
  const double total = double(std::accumulate(counts.begin(), counts.end(), std::uint64_t{0}));
  const double expected = total / double(counts.size());
  double x = 0;
  for (auto c : counts) x += (double(c) - expected) * (double(c) - expected) / expected;
  return x;
}

}  // namespace

TEST_CASE("rng: splitmix64 gives the reference outputs (seed 1234567)") {
  // The first five outputs of splitmix64.c started at 1234567 (also Rosetta Code's "Splitmix64" task).
  std::uint64_t state = 1234567;
  for (std::uint64_t e : {6457827717110365317ull, 3203168211198807973ull, 9817491932198370423ull,
                          4593380528125082431ull, 16408922859458223821ull})
    CHECK(splitmix64(state) == e);
  std::uint64_t again = 1234567;
  CHECK(mix64(1234567) == splitmix64(again));
  CHECK(stream_seed(5, 9) == mix64(5 ^ mix64(9)));
}

TEST_CASE("rng: xoshiro256** gives the reference outputs from the state {1, 2, 3, 4}") {
  // xoshiro256starstar.c's first ten outputs from this state (the known answers of rand_xoshiro and others).
  auto rng = Rng::from_state({1, 2, 3, 4});
  for (std::uint64_t e :
       {11520ull, 0ull, 1509978240ull, 1215971899390074240ull, 1216172134540287360ull, 607988272756665600ull,
        16172922978634559625ull, 8476171486693032832ull, 10595114339597558777ull, 2904607092377533576ull})
    CHECK(rng() == e);
}

TEST_CASE("rng: a seed gives the state of splitmix64's next four outputs, and fixed first draws") {
  CHECK(Rng(1234567) == Rng::from_state({6457827717110365317ull, 3203168211198807973ull, 9817491932198370423ull,
                                         4593380528125082431ull}));
  Rng rng(42);
  for (std::uint64_t e :
       {1546998764402558742ull, 6990951692964543102ull, 12544586762248559009ull, 17057574109182124193ull})
    CHECK(rng() == e);
  // Values from a transcription of the reference code and of below() into Python, independent of this file.
  Rng b(42);
  const std::uint64_t bounds[] = {1, 2, 3, 10, 1000, (1ull << 32) + 1, (1ull << 63) + 5, ~std::uint64_t{0}};
  const std::uint64_t draws[] = {0, 0, 2, 9, 991, 3306005809ull, 6633989454467100380ull, 15679888225317814406ull};
  for (std::size_t i = 0; i < 8; ++i) CHECK(b.below(bounds[i]) == draws[i]);
  Rng c(42);
  CHECK(c.uniform() == double(1546998764402558742ull >> 11) * 0x1.0p-53);
  Rng d(42);
  std::vector<int> v(10);
  std::iota(v.begin(), v.end(), 0);
  d.shuffle(v.data(), v.size());
  CHECK(v == std::vector<int>{9, 1, 4, 2, 8, 7, 6, 5, 3, 0});
}

TEST_CASE("rng: a generator equals an earlier copy of itself only while it draws nothing") {
  Rng a(7);
  const Rng start = a;
  CHECK(a == start);
  (void)a.below(1);  // below(1) still draws
  CHECK(a != start);
  a.seed(7);
  CHECK(a == start);
  CHECK(Rng(7) != Rng(8));
}

TEST_CASE("rng: below(n) stays below n and is unbiased over a small range") {
  Rng rng(2024);
  for (std::uint64_t n : {1ull, 2ull, 3ull, 7ull, 1000ull, (1ull << 32) - 1, (1ull << 32) + 3, (1ull << 63) + 1, ~0ull})
    for (int i = 0; i < 2000; ++i) REQUIRE(rng.below(n) < n);
  // 6 cells, 60000 draws: the chi-square statistic (5 degrees of freedom) exceeds 30 with probability 1.5e-5.
  std::vector<std::uint64_t> counts(6, 0);
  for (int i = 0; i < 60000; ++i) ++counts[rng.below(6)];
  CHECK(chi_square(counts) < 30);
  // n = 3 * 2^62 rejects a quarter of the draws (2^64 mod n = 2^62); the thirds of its range stay even.
  const std::uint64_t n = 3ull << 62;
  std::vector<std::uint64_t> thirds(3, 0);
  for (int i = 0; i < 30000; ++i) ++thirds[rng.below(n) >> 62];
  CHECK(chi_square(thirds) < 25);
}

TEST_CASE("rng: uniform() is at least 0, below 1, with mean 1/2") {
  Rng rng(3);
  double sum = 0;
  for (int i = 0; i < 100000; ++i) {
    const double u = rng.uniform();
    REQUIRE(u >= 0);
    REQUIRE(u < 1);
    sum += u;
  }
  // The mean of 10^5 uniforms has standard deviation 0.00091: 6 of them apart.
  CHECK(std::abs(sum / 100000 - 0.5) < 0.0055);
}

TEST_CASE("rng: shuffle gives a permutation, each of the six orders of three about equally often") {
  Rng rng(11);
  std::vector<std::uint32_t> v(1000);
  std::iota(v.begin(), v.end(), 0u);
  rng.shuffle(v.data(), v.size());
  auto sorted = v;
  std::sort(sorted.begin(), sorted.end());
  for (std::uint32_t i = 0; i < 1000; ++i) REQUIRE(sorted[i] == i);
  CHECK_FALSE(std::is_sorted(v.begin(), v.end()));
  std::map<std::array<int, 3>, std::uint64_t> seen;
  for (int i = 0; i < 60000; ++i) {
    std::array<int, 3> a{0, 1, 2};
    rng.shuffle(a.data(), a.size());
    ++seen[a];
  }
  REQUIRE(seen.size() == 6);
  std::vector<std::uint64_t> counts;
  for (const auto& [order, c] : seen) counts.push_back(c);
  CHECK(chi_square(counts) < 30);
  rng.shuffle(v.data(), 0);  // empty and single ranges are left alone
  rng.shuffle(v.data(), 1);
}

#if defined(__GLIBCXX__) && _GLIBCXX_RELEASE >= 11
TEST_CASE("rng: below(n) draws what libstdc++'s uniform_int_distribution draws from the same 64 bits") {
  // The header's claim: code moved from std::uniform_int_distribution to below() keeps its stream under GCC.
  struct Bits {
    using result_type = std::uint64_t;
    static constexpr result_type min() { return 0; }
    static constexpr result_type max() { return ~result_type{0}; }
    Rng& rng;
    result_type operator()() { return rng(); }
  };
  Rng a(99), b(99);
  Bits bits{b};
  for (std::uint64_t n : {1ull, 2ull, 6ull, 1000ull, (1ull << 40) + 7, (1ull << 63) + 1})
    for (int i = 0; i < 200; ++i) REQUIRE(a.below(n) == std::uniform_int_distribution<std::uint64_t>(0, n - 1)(bits));
}
#endif
