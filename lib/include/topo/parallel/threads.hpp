#pragma once
// How many threads topostat's distances, link loads and throughput get (measure(), check_classes): the ones asked
// for (0: every core), but one when the work is too small to pay for the others. OpenMP's idle threads spin for a
// while after each parallel part (libgomp's default wait policy): on 662_bus a second thread cost 16 ms of CPU
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

/// How many source·arcs of link-load searches one source·arc of the throughput's rounds of shortest-path trees
/// weighs: between the rounds GLPK's simplex runs alone while OpenMP's idle thread spins, so two threads pay only
/// from 2^14 routers·arcs. Whole process, one thread against two: torus 6×6 (5,184) 12.4 against 15.2 ms,
/// dragonfly h = 2 (6,480) 18.2 against 23.9 ms, Slim Fly q = 5 (17,500) 218 against 227 ms, random regular 64/8
/// (32,768) 688 against 630 ms.
inline constexpr std::uint64_t throughput_work_per_source_arc = 1024;

/// The threads for the throughput of `work` routers with terminals times arcs when `threads` are asked for.
inline int threads_for_throughput(std::uint64_t work, int threads) {
  return threads_for(work * throughput_work_per_source_arc, threads);
}

}  // namespace topo::parallel
