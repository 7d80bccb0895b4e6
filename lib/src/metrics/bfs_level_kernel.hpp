#pragma once
// The body of the bfs::level_pass_* functions, for bit sets of Words 64-bit words per node held in
// vectors of Lanes words. Included only by the bfs_level_*.cpp files, each compiled for its own
// instruction set: only builtins and intrinsics are used here, so that no inline function compiled with
// wide instructions is shared with (and possibly picked by the linker for) the rest of the program.
#include "bfs_level.hpp"

#if defined(__AVX512VPOPCNTDQ__)
#include <immintrin.h>
#endif

namespace topo::metrics::bfs {
namespace {

template <unsigned Lanes>
struct VectorOf {
  typedef std::uint64_t type __attribute__((vector_size(Lanes * 8), may_alias));
};

template <class Vec>
bool all_zero(Vec x) {
  std::uint64_t any = 0;
  for (unsigned k = 0; k < sizeof(Vec) / 8; ++k) any |= x[k];
  return any == 0;
}

/// Sums the set bits of many vectors: per lane with AVX-512 VPOPCNTDQ (one instruction per vector); on
/// x86-64 without POPCNT (the portable kernel), where GCC calls a library function for each word's
/// popcount, in bit-sliced counters (plane b holds bit b of a counter per bit position: a few vector
/// operations per add), counted at the end; otherwise one popcount per word.
template <unsigned Lanes>
struct BitCounter {
  using Vec = typename VectorOf<Lanes>::type;
#if defined(__AVX512VPOPCNTDQ__)
  static_assert(Lanes == 8);
  Vec lanes{};
  void add(Vec x) {
    lanes += reinterpret_cast<Vec>(_mm512_popcnt_epi64(reinterpret_cast<__m512i>(x)));
  }
  std::uint64_t total() const {
    std::uint64_t sum = 0;
    for (unsigned k = 0; k < Lanes; ++k) sum += lanes[k];
    return sum;
  }
#elif defined(__x86_64__) && !defined(__POPCNT__)
  static constexpr unsigned planes = 16;
  Vec plane[planes] = {};
  std::uint32_t added = 0;
  std::uint64_t sum = 0;
  void add(Vec x) {
    for (unsigned b = 0; b < planes && !all_zero(x); ++b) {
      const Vec carry = plane[b] & x;
      plane[b] ^= x;
      x = carry;
    }
    if (++added == (1u << planes) - 1) flush();  // before any counter can overflow
  }
  void flush() {
    for (unsigned b = 0; b < planes; ++b) {
      for (unsigned k = 0; k < Lanes; ++k) sum += static_cast<std::uint64_t>(__builtin_popcountll(plane[b][k])) << b;
      plane[b] = Vec{};
    }
    added = 0;
  }
  std::uint64_t total() {
    flush();
    return sum;
  }
#else
  std::uint64_t sum = 0;
  void add(Vec x) {
    for (unsigned k = 0; k < Lanes; ++k) sum += static_cast<std::uint64_t>(__builtin_popcountll(x[k]));
  }
  std::uint64_t total() const {
    return sum;
  }
#endif
};

/// Counts, per source, the nodes whose new bits include it. The counters are bit-sliced (plane b
/// holds bit b of every source's counter), so adding a node costs a few vector operations rather than
/// one update per set bit.
template <unsigned Lanes, unsigned Words>
struct SourceCounter {
  using Vec = typename VectorOf<Lanes>::type;
  static constexpr unsigned chunks = Words / Lanes, planes = 16;
  Vec plane[planes][chunks] = {};
  std::uint32_t added = 0;
  std::uint64_t count[64 * Words] = {};

  void add(const Vec* bits) {
    Vec carry[chunks];
    for (unsigned c = 0; c < chunks; ++c) carry[c] = bits[c];
    for (auto& bit_plane : plane) {
      Vec any{};
      for (unsigned c = 0; c < chunks; ++c) {
        const Vec t = bit_plane[c] & carry[c];
        bit_plane[c] ^= carry[c];
        carry[c] = t;
        any |= t;
      }
      if (all_zero(any)) break;
    }
    if (++added == (1u << planes) - 1) flush();  // before any counter can overflow
  }
  /// Moves the planes into `count`.
  void flush() {
    for (unsigned b = 0; b < planes; ++b)
      for (unsigned c = 0; c < chunks; ++c) {
        for (unsigned k = 0; k < Lanes; ++k)
          for (std::uint64_t m = plane[b][c][k]; m; m &= m - 1)
            count[(c * Lanes + k) * 64 + static_cast<unsigned>(__builtin_ctzll(m))] += std::uint64_t{1} << b;
        plane[b][c] = Vec{};
      }
    added = 0;
  }
};

/// next(v) = cur(v) | OR of cur(u) over in-neighbours u, for every active v. This is a BFS step without
/// a frontier set: a source that reached u by level - 2 has reached v by level - 1 already.
template <unsigned Lanes, unsigned Words, bool Weighted>
void level_pass(LevelPass& p) {
  using Vec = typename VectorOf<Lanes>::type;
  constexpr unsigned chunks = Words / Lanes;
  static_assert(chunks * Lanes == Words);
  const Vec* cur = reinterpret_cast<const Vec*>(p.cur);
  Vec* next = reinterpret_cast<Vec*>(p.next);
  Vec full[chunks], reached[chunks];
  for (unsigned c = 0; c < chunks; ++c) {
    reached[c] = Vec{};
    for (unsigned k = 0; k < Lanes; ++k) full[c][k] = p.full[c * Lanes + k];
  }
  BitCounter<Lanes> counter;               // unweighted: pairs found
  SourceCounter<Lanes, Words> per_source;  // weighted: nodes reached per source
  for (std::size_t word = 0; word < p.active_words; ++word)
    for (std::uint64_t m = p.active[word]; m; m &= m - 1) {
      const std::size_t v = word * 64 + static_cast<unsigned>(__builtin_ctzll(m));
      Vec seen[chunks], now[chunks];
      for (unsigned c = 0; c < chunks; ++c) seen[c] = now[c] = cur[v * chunks + c];
      for (std::uint64_t e = p.offsets[v]; e < p.offsets[v + 1]; ++e) {
        const Vec* u = cur + std::size_t{p.adjacency[e]} * chunks;
        for (unsigned c = 0; c < chunks; ++c) now[c] |= u[c];
      }
      Vec missing{}, fresh[chunks];
      for (unsigned c = 0; c < chunks; ++c) {
        next[v * chunks + c] = now[c];
        fresh[c] = now[c] & ~seen[c];
        reached[c] |= fresh[c];
        missing |= now[c] ^ full[c];
        if constexpr (!Weighted) counter.add(fresh[c]);
      }
      if constexpr (Weighted) per_source.add(fresh);
      if (all_zero(missing)) p.active[word] &= ~(std::uint64_t{1} << (v % 64));
    }
  if constexpr (Weighted) {
    per_source.flush();
    p.pairs = 0;
    for (std::size_t i = 0; i < 64 * Words; ++i)
      if (const std::uint64_t nodes = per_source.count[i]) {
        p.pairs += p.weights[i] * nodes;
        p.distance_sum[i] += p.level * nodes;
        p.reached_count[i] += nodes;
      }
  } else {
    p.pairs = counter.total();
  }
  for (unsigned c = 0; c < chunks; ++c)
    for (unsigned k = 0; k < Lanes; ++k) p.reached[c * Lanes + k] = reached[c][k];
}

template <unsigned Lanes, unsigned Words>
void level_pass_any(LevelPass& p) {
  if (p.weights)
    level_pass<Lanes, Words, true>(p);
  else
    level_pass<Lanes, Words, false>(p);
}

}  // namespace
}  // namespace topo::metrics::bfs
