#pragma once
// How many threads topostat's distances and link loads get (measure(), check_classes): the ones asked for (0: every
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

/// How many source·arcs of distance sweeps weigh as much as one of a link-load search: a sweep serves 512 sources
/// in one pass over the arcs per level (bfs_level.hpp), so it takes that much more to pay for a second thread;
/// two threads from 2^30 source·arcs. Random regular graphs of degree 8, whole process, on two threads against
/// one: 2000 nodes 9.7 ms against 3.4, 10000 nodes 18.3 against 18.8, 20000 nodes 42.8 against 61.8; the matrix
/// bcsstk13 10.2 against 7.1.
inline constexpr std::uint64_t distance_work_per_source_arc = 64;

/// The threads for distance sweeps of `work` source·arcs when `threads` are asked for (0: all cores).
inline int threads_for_distances(std::uint64_t work, int threads) {
  return threads_for(work / distance_work_per_source_arc, threads);
}

}  // namespace topo::parallel
