#pragma once
// The barrier that the simulator's threads meet at twice per simulated cycle. A cycle of a small network
// takes microseconds, so a thread first spins for a few microseconds; then it sleeps on the atomic (a
// futex), so that a thread whose partner has lost its core to another process does not burn its own
// core spinning. (OpenMP's barrier spins for milliseconds: on a busy machine `toposim run -j 2` on a
// 264-router dragonfly took 55 CPU seconds instead of 0.7.)
#include <atomic>
#include <cstdint>

namespace topo::sim {

class CycleBarrier {
 public:
  explicit CycleBarrier(unsigned threads) : threads_(threads) {}

  /// Waits until all the threads have arrived; the last one to arrive runs `last()` first, alone (the
  /// others are still waiting), so what it writes is seen by every thread after the barrier. One thread
  /// just runs `last()`.
  template <class Last>
  void arrive_and_wait(Last&& last) {
    if (threads_ == 1) {  // alone: no atomics (they cost more than a small network's cycle)
      last();
      return;
    }
    const std::uint32_t generation = generation_.load(std::memory_order_acquire);
    if (arrived_.fetch_add(1, std::memory_order_acq_rel) + 1 == threads_) {
      last();
      arrived_.store(0, std::memory_order_relaxed);
      generation_.store(generation + 1, std::memory_order_release);
      generation_.notify_all();
      return;
    }
    for (unsigned spin = 0; spin < spin_limit; ++spin) {
      if (generation_.load(std::memory_order_acquire) != generation) return;
#if defined(__x86_64__) || defined(__i386__)
      __builtin_ia32_pause();
#endif
    }
    while (generation_.load(std::memory_order_acquire) == generation)
      generation_.wait(generation, std::memory_order_acquire);
  }

 private:
  static constexpr unsigned spin_limit = 2000;  // a pause is about 10-40 ns: 20-80 µs
  const unsigned threads_;
  alignas(64) std::atomic<std::uint32_t> arrived_{0};     // written by every arrival
  alignas(64) std::atomic<std::uint32_t> generation_{0};  // read by the waiting threads
};

}  // namespace topo::sim
