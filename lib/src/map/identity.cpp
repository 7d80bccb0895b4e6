// ROMap: task i on node i (the dissertation's reference mapping).
#include "method_internal.hpp"

namespace topo::map {

Method method_identity() {
  return {.name = "identity",
          .help = "ROMap: task i on node i (the dissertation's reference)",
          .randomized = false,
          .run = [](const Restart& r) { return RestartResult{identity_mapping(r.demand.n)}; }};
}

}  // namespace topo::map
