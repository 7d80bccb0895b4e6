// Traffic pattern hotspot: every node sends to --hotspot; over terminals, every terminal to terminal --hotspot.
#include <fmt/format.h>

#include "route_internal.hpp"
#include "terminal_traffic_internal.hpp"
#include "topo/errors.hpp"
#include "topo/route/traffic.hpp"

namespace topo::route {

TrafficPattern traffic_hotspot() {
  return {.name = "hotspot",
          .help = "every node sends to --hotspot",
          .pairs =
              [](const Graph& g, const TrafficOptions& o) {
                const node_id n = g.num_nodes();
                std::vector<Pair> out;
                if (o.hotspot >= n) throw InputError(fmt::format("--hotspot {}: the graph has {} nodes", o.hotspot, n));
                for (node_id s = 0; s < n; ++s)
                  if (s != o.hotspot) out.emplace_back(s, o.hotspot);
                return out;
              },
          .terminal_help = "every terminal sends to terminal --hotspot",
          .destinations =
              [](const TerminalLayout& t, const TrafficOptions& o) {
                if (o.hotspot >= t.terminals())
                  throw InputError(fmt::format("--hotspot {}: the network has {} terminals", o.hotspot, t.terminals()));
                return std::make_unique<FixedDestinations>(std::vector<std::uint64_t>(t.terminals(), o.hotspot));
              },
          .takes_hotspot = true};
}

}  // namespace topo::route
