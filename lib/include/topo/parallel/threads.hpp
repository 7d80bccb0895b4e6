#pragma once
// How many threads topostat's distances and link loads get (measure()): the ones asked for (0: every
// core), but one when the work is too small to pay for the others. OpenMP's idle threads spin for a while
// after each parallel part (libgomp's default wait policy): on 662_bus a second thread cost 16 ms of CPU
// per run, more than the loads themselves. The library's own functions run the threads they are given.
#include <omp.h>

#include <cstdint>

namespace topo::parallel {

/// Work, in source·arcs of link-load searches (searches times the arcs each reads), below which one thread does
/// it all. Exact link loads, whole process, one thread against two: random regular 1000/8 (8·10^6) 13.8 ms on
/// either, Slim Fly q = 19 (1.5·10^7) 9.7 against 12.0, random regular 2000/8 (3.2·10^7) 29.6 against 22.3.
inline constexpr std::uint64_t small_work = std::uint64_t{1} << 24;

/// The threads for `work` source·arcs when `threads` are asked for (0: all cores).
inline int threads_for(std::uint64_t work, int threads) {
  if (work < small_work) return 1;
  return threads > 0 ? threads : omp_get_max_threads();
}

}  // namespace topo::parallel
