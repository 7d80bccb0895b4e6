#pragma once
// The body of the loads::load_kernel_* passes (load_pass.hpp), for vectors of `lanes` doubles. Included
// only by the load_pass_*.cpp files, each compiled for its own instruction set: only builtins are used
// here, so that no inline function compiled with wide instructions is shared with the rest.
#include "load_pass.hpp"

#if defined(__AVX512F__) && defined(__AVX512VL__) && defined(__AVX512DQ__)
#include <immintrin.h>
#define TOPO_LOAD_PASS_AVX512 1
#endif

// The helpers below take and return vectors wider than the portable ABI's registers; they are internal
// to each translation unit and inlined, so the ABI note GCC gives for them does not apply.
#pragma GCC diagnostic ignored "-Wpsabi"
// GCC 12's AVX-512 intrinsics start from _mm512_undefined_pd() and draw a false -Wmaybe-uninitialized
// (GCC bug 105593). Clang has no such warning.
#if !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif

namespace topo::metrics::loads {
namespace {

typedef double Vd __attribute__((vector_size(lanes * 8)));
typedef std::int64_t Vl __attribute__((vector_size(lanes * 8)));
typedef std::uint32_t Vu __attribute__((vector_size(lanes * 4)));
typedef std::int32_t Vm __attribute__((vector_size(lanes * 4)));

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
/// x where mask is set, else 0 (mask lanes are all ones or all zeros).
[[gnu::always_inline]] inline Vd keep(Vl mask, Vd x) {
  return reinterpret_cast<Vd>(mask & reinterpret_cast<Vl>(x));
}
[[gnu::always_inline]] inline Vd select(Vl mask, Vd yes, Vd no) {
  return reinterpret_cast<Vd>((mask & reinterpret_cast<Vl>(yes)) | (~mask & reinterpret_cast<Vl>(no)));
}
[[gnu::always_inline]] inline Vl wide(Vm mask) {
  return __builtin_convertvector(mask, Vl);
}
template <class V>
[[gnu::always_inline]] inline bool any(V x) {
  bool r = false;
  for (unsigned k = 0; k < lanes; ++k) r = r || x[k] != 0;
  return r;
}
[[gnu::always_inline]] inline double sum(Vd x) {
  static_assert(lanes == 8);
  const auto h = __builtin_shufflevector(x, x, 0, 1, 2, 3) + __builtin_shufflevector(x, x, 4, 5, 6, 7);
  const auto q = __builtin_shufflevector(h, h, 0, 1) + __builtin_shufflevector(h, h, 2, 3);
  return q[0] + q[1];
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

#if defined(TOPO_LOAD_PASS_AVX512)
// AVX-512: a lane comparison gives a mask register that selects the lanes of the additions directly;
// two accumulators halve the chain of dependent additions.
static_assert(lanes == 8);

[[gnu::always_inline]] inline __m256i distances(const LoadPass& p, std::size_t v) {
  return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p.dist + v * 8));
}

/// sigma(v) = sum of sigma(u) * multiplicity over in-arcs u->v with dist(u) = level - 1, in the lanes
/// that reach v at this level.
template <bool Multiplicity>
void forward(LoadPass& p) {
  const __m256i level = _mm256_set1_epi32(static_cast<int>(p.level)), none = _mm256_set1_epi32(-1);
  const __mmask8 live =
      _mm256_cmpneq_epi32_mask(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(p.live)), _mm256_setzero_si256());
  for (std::size_t word = 0; word < p.active_words; ++word)
    for (std::uint64_t bits = p.active[word]; bits; bits &= bits - 1) {
      const std::size_t v = word * 64 + static_cast<unsigned>(__builtin_ctzll(bits));
      __mmask8 need = _mm256_cmpeq_epi32_mask(distances(p, v), none) & live;
      if (!need) {  // activated again by a neighbour, but already reached in every lane
        p.active[word] &= ~(std::uint64_t{1} << (v % 64));
        continue;
      }
      __m512d acc0 = _mm512_setzero_pd(), acc1 = _mm512_setzero_pd();
      const auto add = [&](__m512d& acc, std::uint64_t arc) {
        const __m512d su = _mm512_loadu_pd(p.frontier_in + std::size_t{p.in_adjacency[arc]} * 8);
        if constexpr (Multiplicity)
          acc = _mm512_fmadd_pd(su, _mm512_set1_pd(p.in_multiplicity[arc]), acc);
        else
          acc = _mm512_add_pd(acc, su);
      };
      __m512d acc2 = _mm512_setzero_pd(), acc3 = _mm512_setzero_pd();
      std::uint64_t e = p.in_offsets[v];
      const std::uint64_t end = p.in_offsets[v + 1];
      for (; e + 3 < end; e += 4) {
        add(acc0, e);
        add(acc1, e + 1);
        add(acc2, e + 2);
        add(acc3, e + 3);
      }
      for (; e < end; ++e) add(acc0, e);
      const __m512d acc = _mm512_add_pd(_mm512_add_pd(acc0, acc1), _mm512_add_pd(acc2, acc3));
      const __mmask8 got = need & _mm512_cmp_pd_mask(acc, _mm512_setzero_pd(), _CMP_NEQ_OQ);
      if (got) {
        _mm256_mask_storeu_epi32(p.dist + v * 8, got, level);
        _mm512_mask_storeu_pd(p.sigma + v * 8, got, acc);
        _mm512_storeu_pd(p.frontier_out + v * 8, _mm512_maskz_mov_pd(got, acc));
        p.found[p.found_count++] = static_cast<std::uint32_t>(v);
        if (need == live) activate_out_neighbours(p, v);
        need = static_cast<__mmask8>(need & ~got);
      }
      if (!need) p.active[word] &= ~(std::uint64_t{1} << (v % 64));
    }
}

/// The sums of the lanes of x[0..7], in order: a transpose by shuffles, 21 operations for 8 sums.
[[gnu::always_inline]] inline __m512d sums8(const __m512d* x) {
  __m512d pair[4];
  for (unsigned i = 0; i < 4; ++i)
    pair[i] = _mm512_add_pd(_mm512_unpacklo_pd(x[2 * i], x[2 * i + 1]), _mm512_unpackhi_pd(x[2 * i], x[2 * i + 1]));
  __m512d quad[2];
  for (unsigned i = 0; i < 2; ++i)
    quad[i] = _mm512_add_pd(_mm512_shuffle_f64x2(pair[2 * i], pair[2 * i + 1], 0x88),
                            _mm512_shuffle_f64x2(pair[2 * i], pair[2 * i + 1], 0xdd));
  return _mm512_add_pd(_mm512_shuffle_f64x2(quad[0], quad[1], 0x88), _mm512_shuffle_f64x2(quad[0], quad[1], 0xdd));
}

/// At level: load(v->w) += sum of weight * sigma(v) * c(w) over the lanes at level on v and level + 1 on
/// w; then c(v) = demand(v) / sigma(v) + sum of c(w) * multiplicity over those arcs, into the frontier.
template <bool Multiplicity>
void backward(LoadPass& p) {
  const __m256i level = _mm256_set1_epi32(static_cast<int>(p.level));
  const __m512d one = _mm512_set1_pd(1.0), weight = _mm512_loadu_pd(p.weight);
  for (std::size_t k = 0; k < p.node_count; ++k) {
    const std::size_t v = p.nodes[k];
    const __mmask8 at = _mm256_cmpeq_epi32_mask(distances(p, v), level);
    const __m512d sv = _mm512_loadu_pd(p.sigma + v * 8), flow = _mm512_maskz_mul_pd(at, sv, weight);
    __m512d acc0 = _mm512_setzero_pd(), acc1 = _mm512_setzero_pd();
    // Arcs eight at a time: one vector of terms per arc, summed across lanes together.
    for (std::uint64_t a = p.out_offsets[v], end = p.out_offsets[v + 1]; a < end; a += 8) {
      const unsigned count = end - a < 8 ? static_cast<unsigned>(end - a) : 8;
      __m512d term[8];
      for (unsigned i = 0; i < 8; ++i) {
        term[i] = _mm512_setzero_pd();
        if (i < count) {
          const __m512d cw = _mm512_loadu_pd(p.frontier_in + std::size_t{p.out_adjacency[a + i]} * 8);
          term[i] = _mm512_mul_pd(flow, cw);
          __m512d& acc = i % 2 ? acc1 : acc0;
          if constexpr (Multiplicity)
            acc = _mm512_fmadd_pd(cw, _mm512_set1_pd(p.out_multiplicity[a + i]), acc);
          else
            acc = _mm512_add_pd(acc, cw);
        }
      }
      const __mmask8 arcs = static_cast<__mmask8>((1u << count) - 1);
      _mm512_mask_storeu_pd(p.load + a, arcs, _mm512_add_pd(_mm512_maskz_loadu_pd(arcs, p.load + a), sums8(term)));
    }
    __m512d acc = _mm512_add_pd(acc0, acc1);
    if (!p.demand || p.demand[v]) acc = _mm512_add_pd(acc, _mm512_maskz_div_pd(at, one, sv));
    _mm512_storeu_pd(p.frontier_out + v * 8, _mm512_maskz_mov_pd(at, acc));
  }
}

#else
/// sigma(v) = sum of sigma(u) * multiplicity over in-arcs u->v with dist(u) = level - 1, in the lanes
/// that reach v at this level.
template <bool Multiplicity>
void forward(LoadPass& p) {
  const Vu level = Vu{} + p.level;
  const Vm live = load<Vm>(p.live);
  for (std::size_t word = 0; word < p.active_words; ++word)
    for (std::uint64_t bits = p.active[word]; bits; bits &= bits - 1) {
      const std::size_t v = word * 64 + static_cast<unsigned>(__builtin_ctzll(bits));
      Vu dv = load<Vu>(p.dist + v * lanes);
      Vm need = (dv == unreached) & live;
      if (!any(need)) {  // activated again by a neighbour, but already reached in every lane
        p.active[word] &= ~(std::uint64_t{1} << (v % 64));
        continue;
      }
      Vd acc{};
      for (std::uint64_t e = p.in_offsets[v]; e < p.in_offsets[v + 1]; ++e) {
        Vd su = load<Vd>(p.frontier_in + std::size_t{p.in_adjacency[e]} * lanes);
        if constexpr (Multiplicity) su *= p.in_multiplicity[e];
        acc += su;
      }
      const Vl got = wide(need) & (acc != 0);
      if (any(got)) {
        const Vm got32 = __builtin_convertvector(got, Vm);
        const bool first = !any(need ^ live);
        dv = reinterpret_cast<Vu>((reinterpret_cast<Vm>(level) & got32) | (reinterpret_cast<Vm>(dv) & ~got32));
        store(p.dist + v * lanes, dv);
        store(p.sigma + v * lanes, select(got, acc, load<Vd>(p.sigma + v * lanes)));
        store(p.frontier_out + v * lanes, keep(got, acc));
        p.found[p.found_count++] = static_cast<std::uint32_t>(v);
        if (first) activate_out_neighbours(p, v);
        need &= ~got32;
      }
      if (!any(need)) p.active[word] &= ~(std::uint64_t{1} << (v % 64));
    }
}

/// At level: load(v->w) += sum of weight * sigma(v) * c(w) over the lanes at level on v and level + 1 on
/// w; then c(v) = demand(v) / sigma(v) + sum of c(w) * multiplicity over those arcs, into the frontier.
template <bool Multiplicity>
void backward(LoadPass& p) {
  const Vu level = Vu{} + p.level;
  const Vd one = Vd{} + 1.0, weight = load<Vd>(p.weight);
  for (std::size_t k = 0; k < p.node_count; ++k) {
    const std::size_t v = p.nodes[k];
    const Vl at = wide(load<Vu>(p.dist + v * lanes) == level);
    const Vd sv = load<Vd>(p.sigma + v * lanes), flow = keep(at, sv * weight);
    Vd acc{};
    for (std::uint64_t a = p.out_offsets[v]; a < p.out_offsets[v + 1]; ++a) {
      const Vd cw = load<Vd>(p.frontier_in + std::size_t{p.out_adjacency[a]} * lanes);
      p.load[a] += sum(flow * cw);
      if constexpr (Multiplicity)
        acc += cw * p.out_multiplicity[a];
      else
        acc += cw;
    }
    if (!p.demand || p.demand[v]) acc += one / select(at, sv, one);
    store(p.frontier_out + v * lanes, keep(at, acc));
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
