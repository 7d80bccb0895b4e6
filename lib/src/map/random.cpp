// A uniformly random mapping per restart; the best of the restarts is kept.
#include "method_internal.hpp"

namespace topo::map {

Method method_random() {
  return {.name = "random",
          .help = "a uniformly random mapping per restart, the best kept",
          .run = [](const Restart& r) { return RestartResult{random_mapping(r.demand.n, r.rng)}; }};
}

}  // namespace topo::map
