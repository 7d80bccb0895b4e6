#pragma once
// The body of the loads::load_kernel_* passes (load_pass.hpp), for vectors of `lanes` doubles. Included
// only by the load_pass_*.cpp files, each compiled for its own instruction set: only builtins are used
// here, so that no inline function compiled with wide instructions is shared with the rest.
#include <algorithm>
#include <cstdint>

#include "load_pass.hpp"

#if defined(__AVX512F__) && defined(__AVX512VL__) && defined(__AVX512DQ__)
#define TOPO_LOAD_PASS_AVX512 1
#endif
#if defined(__SSE2__)
#include <immintrin.h>
#endif

// The helpers below take and return vectors wider than the portable ABI's registers; they are internal
// to each translation unit and inlined, so the ABI note GCC gives for them does not apply.
#pragma GCC diagnostic ignored "-Wpsabi"
// GCC 12's AVX-512 intrinsics start from _mm512_undefined_pd() and draw a false -Wmaybe-uninitialized
// (GCC bug 105593). Clang has no such warning.
#if !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif

// Every kernel does the same floating-point operations in the same order in each lane, so that all give
// the same loads, bit for bit: a node's in-arcs (forward) or out-arcs (backward) are summed in two
// accumulators, the arcs at even positions of its list in one and the odd ones in the other (half the
// chain of dependent additions), added at the end; a term with multiplicity is a product, then a sum (no
// fused multiply-add: lib/CMakeLists.txt builds these files with -ffp-contract=off); an arc's load adds
// ((t0 + t4) + (t1 + t5)) + ((t2 + t6) + (t3 + t7)) over its lanes' terms t (the two halves of the lanes
// added first: one vector addition in every kernel).
namespace topo::metrics::loads {
namespace {

template <class V, class T>
[[gnu::always_inline]] inline V load(const T* p) {
  V x;
  __builtin_memcpy(&x, p, sizeof x);
  return x;
}
template <class V, class T>
[[gnu::always_inline]] inline void store(T* p, V x) {
  __builtin_memcpy(p, &x, sizeof x);
}

/// A node reached for the first time: its out-neighbours can be reached from the next level on.
[[gnu::always_inline]] inline void activate_out_neighbours(LoadPass& p, std::size_t v) {
  if (p.neighbour_word_offsets) {
    for (std::uint64_t k = p.neighbour_word_offsets[v], end = p.neighbour_word_offsets[v + 1]; k < end; ++k)
      p.next[p.neighbour_words[k]] |= p.neighbour_bits[k];
    return;
  }
  for (std::uint64_t a = p.out_offsets[v], end = p.out_offsets[v + 1]; a < end; ++a) {
    const std::uint32_t w = p.out_adjacency[a];
    p.next[w / 64] |= std::uint64_t{1} << (w % 64);
  }
}

/// v reached in the lanes `got` (maybe none) at this level: listed in found, with those lanes, when in
/// some, and its out-neighbours activated when for the first time (`first`: in no lane before).
[[gnu::always_inline]] inline void found(LoadPass& p, std::size_t v, unsigned got, bool first) {
  p.reached[v] = static_cast<std::uint8_t>(p.reached[v] | got);
  p.found[p.found_count] = static_cast<std::uint32_t>(v);  // found has room for one more
  p.found_lanes[p.found_count] = static_cast<std::uint8_t>(got);
  p.found_count += got != 0;
  if (got && first) activate_out_neighbours(p, v);
}

/// At most this many of a node's arcs are prefetched: a hub's thousands would only evict what the pass
/// uses next.
inline constexpr std::uint64_t prefetch_arcs = 16;
/// Asks for the lane vectors of v's arc heads in `vectors` ahead of their use: on a graph whose vectors
/// outgrow the caches, each is a miss to memory, and a pass that waits for them one node at a time
/// leaves the memory system idle.
[[gnu::always_inline]] inline void prefetch_heads(const double* vectors, const std::uint64_t* offsets,
                                                  const std::uint32_t* adjacency, std::size_t v) {
  const std::uint64_t begin = offsets[v], end = std::min(offsets[v + 1], begin + prefetch_arcs);
  for (std::uint64_t a = begin; a < end; ++a) __builtin_prefetch(vectors + std::size_t{adjacency[a]} * lanes);
}
/// Nodes ahead of the one a pass works on whose heads it prefetches.
inline constexpr std::size_t prefetch_distance = 4;

/// The forward pass's look-ahead: walks `active` prefetch_distance nodes ahead of the pass and prefetches
/// the in-arc tails' vectors of each node it passes. The pass clears only bits it has walked already.
class ActiveLookahead {
 public:
  explicit ActiveLookahead(const LoadPass& p)
      : p_(p), bits_(p.prefetch && p.active_words ? p.active[0] : 0), word_(p.prefetch ? 0 : p.active_words) {
    for (std::size_t i = 0; i < prefetch_distance; ++i) step();
  }
  /// One node further: called once per node the pass visits.
  [[gnu::always_inline]] void step() {
    while (!bits_) {
      if (++word_ >= p_.active_words) return;
      bits_ = p_.active[word_];
    }
    const std::size_t v = word_ * 64 + static_cast<unsigned>(__builtin_ctzll(bits_));
    bits_ &= bits_ - 1;
    if (p_.live_bits & ~p_.reached[v])  // as the pass: some live lane has not reached v
      prefetch_heads(p_.frontier_in, p_.in_offsets, p_.in_adjacency, v);
  }

 private:
  const LoadPass& p_;
  std::uint64_t bits_;
  std::size_t word_ = 0;
};

/// The backward pass's look-ahead, prefetch_distance nodes down its list from the k-th: that node's arc
/// heads' vectors, its arcs' loads and its sigma.
[[gnu::always_inline]] inline void prefetch_backward(const LoadPass& p, std::size_t k) {
  if (!p.prefetch || k + prefetch_distance >= p.node_count) return;
  const std::size_t v = p.nodes[k + prefetch_distance];
  prefetch_heads(p.frontier_in, p.out_offsets, p.out_adjacency, v);
  __builtin_prefetch(p.load + p.out_offsets[v], 1);
  __builtin_prefetch(p.sigma + v * lanes);
}

#if defined(TOPO_LOAD_PASS_AVX512)
// AVX-512: a lane comparison gives a mask register that selects the lanes of the additions directly.
static_assert(lanes == 8);

/// sigma(v) = sum of sigma(u) * multiplicity over in-arcs u->v with dist(u) = level - 1, in the lanes
/// that reach v at this level.
template <bool Multiplicity>
void forward(LoadPass& p) {
  const __mmask8 live = static_cast<__mmask8>(p.live_bits);
  ActiveLookahead ahead(p);
  for (std::size_t word = 0; word < p.active_words; ++word)
    for (std::uint64_t bits = p.active[word]; bits; bits &= bits - 1) {
      ahead.step();
      const std::size_t v = word * 64 + static_cast<unsigned>(__builtin_ctzll(bits));
      __mmask8 need = static_cast<__mmask8>(live & ~p.reached[v]);
      if (!need) {  // activated again by a neighbour, but already reached in every lane
        p.active[word] &= ~(std::uint64_t{1} << (v % 64));
        continue;
      }
      __m512d acc0 = _mm512_setzero_pd(), acc1 = _mm512_setzero_pd();
      const auto add = [&](__m512d& acc, std::uint64_t arc) {
        const __m512d su = _mm512_loadu_pd(p.frontier_in + std::size_t{p.in_adjacency[arc]} * 8);
        if constexpr (Multiplicity)
          acc = _mm512_add_pd(acc, _mm512_mul_pd(su, _mm512_set1_pd(p.in_multiplicity[arc])));
        else
          acc = _mm512_add_pd(acc, su);
      };
      static_assert(arc_block == 2);
      for (std::uint64_t e = p.in_offsets[v], end = p.in_offsets[v + 1]; e < end; e += 2) {
        add(acc0, e);
        add(acc1, e + 1);
      }
      const __m512d acc = _mm512_add_pd(acc0, acc1);
      const __mmask8 got = need & _mm512_cmp_pd_mask(acc, _mm512_setzero_pd(), _CMP_NEQ_OQ);
      // Without branches on got, which a graph whose lanes spread over levels mispredicts: masked
      // stores of no lane touch nothing (the frontier's vector is 0 outside got already).
      _mm512_mask_storeu_pd(p.sigma + v * 8, got, acc);
      _mm512_mask_storeu_pd(p.frontier_out + v * 8, got, acc);
      found(p, v, got, need == live);
      need = static_cast<__mmask8>(need & ~got);
      p.active[word] &= ~(std::uint64_t{need == 0} << (v % 64));
    }
}

/// The sums of the lanes of a and b, each in the order of every kernel:
/// ((t0 + t4) + (t1 + t5)) + ((t2 + t6) + (t3 + t7)).
[[gnu::always_inline]] inline __m128d sums2(__m512d a, __m512d b) {
  // The two halves of each arc's terms added: [a0+a4, a1+a5, a2+a6, a3+a7], and b's likewise.
  const __m256d fa = _mm256_add_pd(_mm512_castpd512_pd256(a), _mm512_extractf64x4_pd(a, 1));
  const __m256d fb = _mm256_add_pd(_mm512_castpd512_pd256(b), _mm512_extractf64x4_pd(b, 1));
  // [fa0+fa1, fb0+fb1, fa2+fa3, fb2+fb3]
  const __m256d pair = _mm256_add_pd(_mm256_unpacklo_pd(fa, fb), _mm256_unpackhi_pd(fa, fb));
  return _mm_add_pd(_mm256_castpd256_pd128(pair), _mm256_extractf128_pd(pair, 1));
}

/// At level: load(v->w) += sum of weight * sigma(v) * c(w) over the lanes at level on v and level + 1 on
/// w; then c(v) = demand(v) / sigma(v) + sum of c(w) * multiplicity over those arcs, into the frontier.
template <bool Multiplicity>
void backward(LoadPass& p) {
  const __m512d one = _mm512_set1_pd(1.0), weight = _mm512_loadu_pd(p.weight);
  for (std::size_t k = 0; k < p.node_count; ++k) {
    prefetch_backward(p, k);
    const std::size_t v = p.nodes[k];
    const __mmask8 at = p.node_lanes[k];
    const __m512d sv = _mm512_loadu_pd(p.sigma + v * 8), flow = _mm512_maskz_mul_pd(at, sv, weight);
    __m512d acc0 = _mm512_setzero_pd(), acc1 = _mm512_setzero_pd();
    // Arcs in pairs (the lists are padded): a vector of terms per arc, summed across lanes together.
    static_assert(arc_block == 2);
    for (std::uint64_t a = p.out_offsets[v], end = p.out_offsets[v + 1]; a < end; a += 2) {
      const __m512d c0 = _mm512_loadu_pd(p.frontier_in + std::size_t{p.out_adjacency[a]} * 8);
      const __m512d c1 = _mm512_loadu_pd(p.frontier_in + std::size_t{p.out_adjacency[a + 1]} * 8);
      if constexpr (Multiplicity) {
        acc0 = _mm512_add_pd(acc0, _mm512_mul_pd(c0, _mm512_set1_pd(p.out_multiplicity[a])));
        acc1 = _mm512_add_pd(acc1, _mm512_mul_pd(c1, _mm512_set1_pd(p.out_multiplicity[a + 1])));
      } else {
        acc0 = _mm512_add_pd(acc0, c0);
        acc1 = _mm512_add_pd(acc1, c1);
      }
      _mm_storeu_pd(p.load + a,
                    _mm_add_pd(_mm_loadu_pd(p.load + a), sums2(_mm512_mul_pd(flow, c0), _mm512_mul_pd(flow, c1))));
    }
    __m512d acc = _mm512_add_pd(acc0, acc1);
    if (!p.demand || p.demand[v]) acc = _mm512_add_pd(acc, _mm512_maskz_div_pd(at, one, sv));
    _mm512_storeu_pd(p.frontier_out + v * 8, _mm512_maskz_mov_pd(at, acc));
  }
}

#else
// Portable and AVX2: a node's eight lanes as `chunks` vectors of the widest doubles the instruction set
// has (2 or 4), each kept in a register. One 64-byte vector per node, as above, would not fit one: GCC
// 12 then keeps the accumulators in memory, written in halves and read whole, and every arc waits for a
// failed store-to-load forward (20 times slower than AVX-512 per arc, not 2). Lane masks are bits, as
// AVX-512's mask registers.
#if defined(__AVX2__)
constexpr unsigned width = 4;
#else
constexpr unsigned width = 2;
#endif
constexpr unsigned chunks = lanes / width;
typedef double Vn __attribute__((vector_size(width * 8)));
typedef std::int64_t Ln __attribute__((vector_size(width * 8)));
typedef double V2 __attribute__((vector_size(16)));

/// The lanes of a comparison of doubles (all ones or all zeros each) as bits 0..width-1.
[[gnu::always_inline]] inline unsigned chunk_bits(Ln m) {
#if defined(__AVX2__)
  return static_cast<unsigned>(_mm256_movemask_pd(reinterpret_cast<__m256d>(m)));
#elif defined(__SSE2__)
  return static_cast<unsigned>(_mm_movemask_pd(reinterpret_cast<__m128d>(m)));
#else
  unsigned bits = 0;
  for (unsigned k = 0; k < width; ++k) bits |= (m[k] != 0 ? 1u : 0u) << k;
  return bits;
#endif
}
/// Lanes c·width .. c·width + width - 1 of `bits` as a mask of doubles: from a table, since SSE2 has no
/// 64-bit comparison (GCC would compare lane by lane in general registers).
struct ChunkMasks {
  alignas(32) std::int64_t mask[1u << width][width];
  constexpr ChunkMasks() : mask{} {
    for (unsigned b = 0; b < (1u << width); ++b)
      for (unsigned k = 0; k < width; ++k) mask[b][k] = (b >> k & 1) ? -1 : 0;
  }
};
inline constexpr ChunkMasks chunk_masks{};
[[gnu::always_inline]] inline Ln chunk_mask(unsigned bits, unsigned c) {
  return load<Ln>(chunk_masks.mask[bits >> (c * width) & ((1u << width) - 1)]);
}
[[gnu::always_inline]] inline Vn keep(Ln mask, Vn x) {
  return reinterpret_cast<Vn>(mask & reinterpret_cast<Ln>(x));
}
[[gnu::always_inline]] inline Vn select(Ln mask, Vn yes, Vn no) {
  return reinterpret_cast<Vn>((mask & reinterpret_cast<Ln>(yes)) | (~mask & reinterpret_cast<Ln>(no)));
}
/// The sums of the lanes of two arcs' terms a and b, each in the order of every kernel:
/// ((t0 + t4) + (t1 + t5)) + ((t2 + t6) + (t3 + t7)).
[[gnu::always_inline]] inline V2 sums2(const Vn* a, const Vn* b) {
#if defined(__AVX2__)
  const Vn fa = a[0] + a[1], fb = b[0] + b[1];  // [t0+t4, t1+t5, t2+t6, t3+t7] of each arc
  // [fa0+fa1, fb0+fb1, fa2+fa3, fb2+fb3], then its two 128-bit halves added.
  const Vn pair = __builtin_shufflevector(fa, fb, 0, 4, 2, 6) + __builtin_shufflevector(fa, fb, 1, 5, 3, 7);
  return __builtin_shufflevector(pair, pair, 0, 1) + __builtin_shufflevector(pair, pair, 2, 3);
#else
  // Chunks of two lanes: [t0+t4, t1+t5] and [t2+t6, t3+t7] of each arc, each pair summed across.
  const Vn lo_a = a[0] + a[2], hi_a = a[1] + a[3], lo_b = b[0] + b[2], hi_b = b[1] + b[3];
  return (__builtin_shufflevector(lo_a, lo_b, 0, 2) + __builtin_shufflevector(lo_a, lo_b, 1, 3)) +
         (__builtin_shufflevector(hi_a, hi_b, 0, 2) + __builtin_shufflevector(hi_a, hi_b, 1, 3));
#endif
}

/// The lane vectors are 64-byte aligned (load_kernel.hpp's Lanes). Said to the compiler, it reads them into
/// the arithmetic directly (addpd with a memory operand): SSE code that loads into a register first writes
/// half of it, and some CPUs with AVX then wait for the register's previous value, load after load.
[[gnu::always_inline]] inline const double* aligned(const double* p) {
  return static_cast<const double*>(__builtin_assume_aligned(p, 64));
}

/// sigma(v) = sum of sigma(u) * multiplicity over in-arcs u->v with dist(u) = level - 1, in the lanes
/// that reach v at this level.
template <bool Multiplicity>
void forward(LoadPass& p) {
  const double* const frontier_in = aligned(p.frontier_in);
  const unsigned live = p.live_bits;
  ActiveLookahead ahead(p);
  for (std::size_t word = 0; word < p.active_words; ++word)
    for (std::uint64_t bits = p.active[word]; bits; bits &= bits - 1) {
      ahead.step();
      const std::size_t v = word * 64 + static_cast<unsigned>(__builtin_ctzll(bits));
      unsigned need = live & ~unsigned{p.reached[v]};
      if (!need) {  // activated again by a neighbour, but already reached in every lane
        p.active[word] &= ~(std::uint64_t{1} << (v % 64));
        continue;
      }
      Vn acc0[chunks] = {}, acc1[chunks] = {};
      const auto add = [&](Vn* acc, std::uint64_t arc) {
        const double* su = frontier_in + std::size_t{p.in_adjacency[arc]} * lanes;
        for (unsigned c = 0; c < chunks; ++c) {
          if constexpr (Multiplicity)
            acc[c] += load<Vn>(su + c * width) * p.in_multiplicity[arc];
          else
            acc[c] += load<Vn>(su + c * width);
        }
      };
      static_assert(arc_block == 2);
      for (std::uint64_t e = p.in_offsets[v], end = p.in_offsets[v + 1]; e < end; e += 2) {
        add(acc0, e);
        add(acc1, e + 1);
      }
      Vn acc[chunks];
      unsigned nonzero = 0;
      for (unsigned c = 0; c < chunks; ++c) {
        acc[c] = acc0[c] + acc1[c];
        nonzero |= chunk_bits(acc[c] != 0) << (c * width);
      }
      // The stores only where some lane is reached (without masked stores they would read sigma), the
      // rest without branches, as the AVX-512 pass.
      const unsigned got = need & nonzero;
      if (got) {
        for (unsigned c = 0; c < chunks; ++c) {
          const Ln mask = chunk_mask(got, c);
          double* sigma = p.sigma + v * lanes + c * width;
          store(sigma, select(mask, acc[c], load<Vn>(sigma)));
          store(p.frontier_out + v * lanes + c * width, keep(mask, acc[c]));
        }
      }
      found(p, v, got, need == live);
      need &= ~got;
      p.active[word] &= ~(std::uint64_t{need == 0} << (v % 64));
    }
}

/// At level: load(v->w) += sum of weight * sigma(v) * c(w) over the lanes at level on v and level + 1 on
/// w; then c(v) = demand(v) / sigma(v) + sum of c(w) * multiplicity over those arcs, into the frontier.
template <bool Multiplicity>
void backward(LoadPass& p) {
  const double* const frontier_in = aligned(p.frontier_in);
  Vn weight[chunks];
  for (unsigned c = 0; c < chunks; ++c) weight[c] = load<Vn>(p.weight + c * width);
  const Vn one = Vn{} + 1.0;
  for (std::size_t k = 0; k < p.node_count; ++k) {
    prefetch_backward(p, k);
    const std::size_t v = p.nodes[k];
    const unsigned at = p.node_lanes[k];
    Ln mask[chunks];
    Vn sv[chunks], flow[chunks];
    for (unsigned c = 0; c < chunks; ++c) {
      mask[c] = chunk_mask(at, c);
      sv[c] = load<Vn>(p.sigma + v * lanes + c * width);
      flow[c] = keep(mask[c], sv[c] * weight[c]);
    }
    Vn acc0[chunks] = {}, acc1[chunks] = {};
    // c(w) of an arc's head into its accumulator, and the arc's terms sigma(v) * weight * c(w).
    const auto arc = [&](Vn* acc, Vn* term, std::uint64_t a) {
      const double* cw = frontier_in + std::size_t{p.out_adjacency[a]} * lanes;
      for (unsigned c = 0; c < chunks; ++c) {
        const Vn x = load<Vn>(cw + c * width);
        term[c] = flow[c] * x;
        if constexpr (Multiplicity)
          acc[c] += x * p.out_multiplicity[a];
        else
          acc[c] += x;
      }
    };
    static_assert(arc_block == 2);
    for (std::uint64_t a = p.out_offsets[v], end = p.out_offsets[v + 1]; a < end; a += 2) {
      Vn t0[chunks], t1[chunks];
      arc(acc0, t0, a);
      arc(acc1, t1, a + 1);
      store(p.load + a, load<V2>(p.load + a) + sums2(t0, t1));
    }
    const bool demand = !p.demand || p.demand[v];
    for (unsigned c = 0; c < chunks; ++c) {
      Vn acc = acc0[c] + acc1[c];
      if (demand) acc += one / select(mask[c], sv[c], one);
      store(p.frontier_out + v * lanes + c * width, keep(mask[c], acc));
    }
  }
}

#endif

void forward_any(LoadPass& p) {
  if (p.in_multiplicity)
    forward<true>(p);
  else
    forward<false>(p);
}
void backward_any(LoadPass& p) {
  if (p.out_multiplicity)
    backward<true>(p);
  else
    backward<false>(p);
}

}  // namespace
}  // namespace topo::metrics::loads
