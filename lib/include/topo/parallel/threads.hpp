#pragma once
// How many threads topostat's distances and link loads get (measure()): the ones asked for (0: every
// core), but one when the work is too small to pay for the others. OpenMP's idle threads spin for a while
// after each parallel part (libgomp's default wait policy): on 662_bus a second thread cost 16 ms of CPU
// per run, more than the loads themselves. The library's own functions run the threads they are given.
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
