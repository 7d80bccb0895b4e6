// Traffic pattern transpose: swap the two halves of the node id (4^h nodes).
#include <fmt/format.h>

#include "route_internal.hpp"
#include "topo/errors.hpp"
#include "topo/route/traffic.hpp"

namespace topo::route {

TrafficPattern traffic_transpose() {
  return {.name = "transpose",
          .help = "swap the two halves of the node id (4^h nodes)",
          .pairs = [](const Graph& g, [[maybe_unused]] const TrafficOptions& o) {
            [[maybe_unused]] const node_id n = g.num_nodes();
            std::vector<Pair> out;
            const unsigned b = address_bits(g, "transpose");
            if (b % 2)
              throw InputError(
                  fmt::format("--traffic transpose needs 4^h nodes (an even number of address bits), got {}", n));
            const unsigned h = b / 2;
            const node_id low = (node_id{1} << h) - 1;
            for (node_id s = 0; s < n; ++s) {
              const node_id t = ((s & low) << h) | (s >> h);  // swap the two halves of the address
              if (t != s) out.emplace_back(s, t);
            }
            return out;
          }};
}

}  // namespace topo::route
