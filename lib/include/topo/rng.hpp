#pragma once
// The library's one random number generator and its draws. Everything here is specified in this file (no
// std:: engine or distribution, whose outputs differ between standard libraries), so a seed gives the same
// run on every platform and standard library.
//
// Generator: xoshiro256** 1.0 (Blackman & Vigna, "Scrambled linear pseudorandom number generators", ACM TOMS
// 47(4), 2021; reference code prng.di.unimi.it/xoshiro256starstar.c), period 2^256 - 1, 32 bytes of state.
// Seeding: the four state words are the next four outputs of splitmix64 (Steele, Lea & Flood, OOPSLA 2014;
// prng.di.unimi.it/splitmix64.c) started at the seed, as the xoshiro authors recommend.
// Independent streams: stream i of a seed s (a restart, a thread, a rank, a packet source) is seeded with
// stream_seed(s, i) = mix64(s ^ mix64(i)), where mix64(x) is splitmix64's output from state x.
#include <array>
#include <cstddef>
#include <cstdint>
#include <utility>

namespace topo {

/// splitmix64: advances `state` by the golden-ratio increment and returns it mixed.
inline std::uint64_t splitmix64(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

/// splitmix64's output from state x: a bijection of the 64-bit words that scatters nearby inputs.
inline std::uint64_t mix64(std::uint64_t x) {
  return splitmix64(x);
}

/// The seed of stream `index` of `seed`.
inline std::uint64_t stream_seed(std::uint64_t seed, std::uint64_t index) {
  return mix64(seed ^ mix64(index));
}

/// xoshiro256** with our own bounded, real and shuffle draws. Not a standard UniformRandomBitGenerator on
/// purpose (no min() and max()): the standard distributions and std::shuffle would make the stream depend on
/// the standard library.
class Rng {
 public:
  explicit Rng(std::uint64_t s = 1) { seed(s); }
  void seed(std::uint64_t s) {
    for (auto& w : s_) w = splitmix64(s);
  }
  /// The generator in state `s` (not all zero), as the reference code is started: for known-answer tests.
  static Rng from_state(const std::array<std::uint64_t, 4>& s) {
    Rng r;
    r.s_ = s;
    return r;
  }

  /// The next 64 random bits.
  std::uint64_t operator()() {
    const std::uint64_t result = rotl(s_[1] * 5, 7) * 9, t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }

  /// Uniform in 0..n-1 (n >= 1), unbiased: Lemire's multiply-and-reject ("Fast random integer generation in
  /// an interval", ACM TOMS 29(1), 2019): the high word of x·n for a 64-bit draw x, drawing again while the
  /// low word falls below 2^64 mod n (probability below n / 2^64). It is the method of libstdc++'s
  /// uniform_int_distribution for 64-bit generators, so code moved here from that draw keeps its stream there.
  std::uint64_t below(std::uint64_t n) {
    __extension__ typedef unsigned __int128 Wide;
    Wide m = Wide((*this)()) * n;
    if (std::uint64_t(m) < n) {
      const std::uint64_t threshold = (0 - n) % n;
      while (std::uint64_t(m) < threshold) m = Wide((*this)()) * n;
    }
    return std::uint64_t(m >> 64);
  }

  /// Uniform in [0, 1): the top 53 bits of a draw, times 2^-53.
  double uniform() { return double((*this)() >> 11) * 0x1.0p-53; }

  /// A uniformly random order of b[0..n): Fisher–Yates (Durstenfeld) from the back, with below().
  template <class T>
  void shuffle(T* b, std::size_t n) {
    for (std::size_t i = n; i > 1; --i) std::swap(b[i - 1], b[below(i)]);
  }

  /// Equal states give equal futures. A generator equals a copy of itself taken earlier only when it drew
  /// nothing since: its period, 2^256 - 1, never comes round.
  bool operator==(const Rng&) const = default;

 private:
  static std::uint64_t rotl(std::uint64_t x, int r) { return (x << r) | (x >> (64 - r)); }
  std::array<std::uint64_t, 4> s_{};
};

}  // namespace topo
