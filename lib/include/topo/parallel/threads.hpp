#pragma once
// How many threads a computation gets: the ones asked for (0: every core), but one when the work is too
// small to pay for starting the others. OpenMP's idle threads also spin for a while after each parallel
// part (libgomp's default wait policy), which costs a small graph's run more than its work (662 nodes:
// 16 ms of CPU time against 2 ms).
#include <omp.h>

#include <cstdint>

namespace topo::parallel {

/// Work, in source·arcs (searches times the arcs each reads), below which one thread does it all.
inline constexpr std::uint64_t small_work = std::uint64_t{1} << 22;

/// The threads for `work` source·arcs when `threads` are asked for (0: all cores).
inline int threads_for(std::uint64_t work, int threads) {
  if (work < small_work) return 1;
  return threads > 0 ? threads : omp_get_max_threads();
}

}  // namespace topo::parallel
