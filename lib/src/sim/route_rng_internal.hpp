#pragma once
// The generator of one routing decision, seeded from a 64-bit draw of the terminal's or router's own
// generator (engine_internal.hpp). Seeding a route::Rng (mt19937_64) takes 312 dependent steps, more than
// most decisions cost, and most routings never draw (dor, shortest without --random-ties, dragonfly
// minimal). So a decision first runs on a generator in a fixed state; when the generator counted no draw
// the decision's result does not depend on the seed; otherwise the generator is seeded and the decision
// runs again. A decision must be repeatable: it writes only its
// outputs, which the second run overwrites. Once most decisions draw, the generator is seeded up front.
#include <cstdint>

#include "topo/route/route.hpp"

namespace topo::sim {

class RouteRng {
 public:
  /// Runs the decision; false when it is known to have drawn nothing (its result does not depend on the seed).
  template <class Decide>
  bool run(std::uint64_t seed, Decide&& decide) {
    if (eager_) {
      rng_.seed(seed);
      decide(rng_);
      return true;
    }
    ++calls_;
    const auto before = rng_.draws();
    bool drew = false;
    try {
      decide(rng_);
      drew = rng_.draws() != before;
    } catch (...) {
      if (rng_.draws() == before) throw;  // the error did not depend on the seed
      drew = true;
    }
    if (!drew) return false;
    ++drew_;
    eager_ = drew_ >= 64 && 2 * drew_ > calls_;
    rng_.seed(seed);
    try {
      decide(rng_);
    } catch (...) {
      rng_ = fixed_;
      throw;
    }
    rng_ = fixed_;
    return true;
  }

 private:
  route::Rng rng_, fixed_;
  std::uint64_t calls_ = 0, drew_ = 0;
  bool eager_ = false;
};

}  // namespace topo::sim
