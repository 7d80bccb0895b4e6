#pragma once
// The generator of one routing decision, seeded from a 64-bit draw of the terminal's or router's own
// generator (engine_internal.hpp). Most routings never draw (dor, shortest without --random-ties, dragonfly
// minimal), and a decision that drew nothing has a result that does not depend on the seed, which the
// route caches keep; the generator's state tells which.
#include <cstdint>

#include "topo/rng.hpp"

namespace topo::sim {

class RouteRng {
 public:
  /// Runs the decision; false when it drew nothing (its result does not depend on the seed).
  template <class Decide>
  bool run(std::uint64_t seed, Decide&& decide) {
    rng_.seed(seed);
    const Rng start = rng_;
    decide(rng_);
    return rng_ != start;
  }

 private:
  Rng rng_;
};

}  // namespace topo::sim
