// Traffic pattern bit-complement: node id with every bit inverted (2^b nodes).
#include <fmt/format.h>

#include "route_internal.hpp"
#include "topo/errors.hpp"
#include "topo/route/traffic.hpp"

namespace topo::route {

TrafficPattern traffic_bit_complement() {
  return {.name = "bit-complement",
          .help = "node id with every bit inverted (2^b nodes)",
          .pairs = [](const Graph& g, [[maybe_unused]] const TrafficOptions& o) {
            [[maybe_unused]] const node_id n = g.num_nodes();
            std::vector<Pair> out;
            const unsigned b = address_bits(g, "bit-complement");
            const node_id mask = b == 32 ? ~node_id{0} : (node_id{1} << b) - 1;
            for (node_id s = 0; s < n; ++s)
              if ((~s & mask) != s) out.emplace_back(s, ~s & mask);
            return out;
          }};
}

}  // namespace topo::route
