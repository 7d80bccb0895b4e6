// Traffic pattern bit-reverse: node id with its address bits in reverse order (2^b nodes), as in BookSim.
#include <fmt/format.h>

#include "route_internal.hpp"
#include "topo/errors.hpp"
#include "topo/route/traffic.hpp"

namespace topo::route {

TrafficPattern traffic_bit_reverse() {
  return {.name = "bit-reverse",
          .help = "node id with its address bits reversed (2^b nodes)",
          .pairs = [](const Graph& g, const TrafficOptions&) {
            const unsigned b = address_bits(g, "bit-reverse");
            std::vector<Pair> out;
            for (node_id s = 0; s < g.num_nodes(); ++s) {
              node_id t = 0;
              for (unsigned i = 0; i < b; ++i) t |= ((s >> i) & 1u) << (b - 1 - i);
              if (t != s) out.emplace_back(s, t);
            }
            return out;
          }};
}

}  // namespace topo::route
