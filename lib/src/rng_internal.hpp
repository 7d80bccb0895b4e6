#pragma once
// The random numbers of the simulators and of the traffic patterns over terminals: xoshiro256** seeded
// through splitmix64. Fully specified here, so that a seed gives the same run on every platform and
// standard library.
#include <array>
#include <cstddef>
#include <cstdint>
#include <utility>

namespace topo::detail {

inline std::uint64_t splitmix(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

inline std::uint64_t hash(std::uint64_t x) {
  return splitmix(x);
}

// xoshiro256** (Blackman & Vigna): 32 bytes of state, so every terminal of toposim run can own one. It is a
// UniformRandomBitGenerator, for the standard distributions.
class Rng {
 public:
  using result_type = std::uint64_t;
  explicit Rng(std::uint64_t seed = 1) {
    for (auto& w : s_) w = splitmix(seed);
  }
  std::uint64_t next() {
    const std::uint64_t result = rotl(s_[1] * 5, 7) * 9, t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }
  static constexpr result_type min() { return 0; }
  static constexpr result_type max() { return ~result_type{0}; }
  result_type operator()() { return next(); }
  /// A uniform double in [0, 1).
  double uniform() { return double(next() >> 11) * 0x1.0p-53; }
  // The modulo bias is below n / 2^64: irrelevant for n < 2^32.
  std::uint32_t below(std::uint64_t n) { return static_cast<std::uint32_t>(next() % n); }
  template <class T>
  void shuffle(T* b, std::size_t n) {
    for (std::size_t i = n; i > 1; --i) std::swap(b[i - 1], b[below(i)]);
  }

 private:
  static std::uint64_t rotl(std::uint64_t x, int r) { return (x << r) | (x >> (64 - r)); }
  std::array<std::uint64_t, 4> s_{};
};

}  // namespace topo::detail
