// Traffic pattern shuffle: the perfect shuffle, node id rotated left by one bit (2^b nodes), as in BookSim.
#include <fmt/format.h>

#include "route_internal.hpp"
#include "topo/errors.hpp"
#include "topo/route/traffic.hpp"

namespace topo::route {

TrafficPattern traffic_shuffle() {
  return {.name = "shuffle",
          .help = "perfect shuffle: node id rotated left by one bit (2^b nodes)",
          .pairs = [](const Graph& g, const TrafficOptions&) {
            const unsigned b = address_bits(g, "shuffle");
            std::vector<Pair> out;
            if (b == 0) return out;
            const node_id top = node_id{1} << (b - 1), mask = b == 32 ? ~node_id{0} : (node_id{1} << b) - 1;
            for (node_id s = 0; s < g.num_nodes(); ++s) {
              const node_id t = ((s << 1) & mask) | ((s & top) ? 1u : 0u);
              if (t != s) out.emplace_back(s, t);
            }
            return out;
          }};
}

}  // namespace topo::route
