// Traffic pattern hotspot: every node sends to --hotspot.
#include <fmt/format.h>

#include "route_internal.hpp"
#include "topo/errors.hpp"
#include "topo/route/traffic.hpp"

namespace topo::route {

TrafficPattern traffic_hotspot() {
  return {.name = "hotspot",
          .help = "every node sends to --hotspot",
          .pairs = [](const Graph& g, [[maybe_unused]] const TrafficOptions& o) {
            [[maybe_unused]] const node_id n = g.num_nodes();
            std::vector<Pair> out;
            if (o.hotspot >= n) throw InputError(fmt::format("--hotspot {}: the graph has {} nodes", o.hotspot, n));
            for (node_id s = 0; s < n; ++s)
              if (s != o.hotspot) out.emplace_back(s, o.hotspot);
            return out;
          }};
}

}  // namespace topo::route
