// Traffic pattern nearest-neighbour: every node to each of its neighbours.
#include <fmt/format.h>

#include <algorithm>

#include "route_internal.hpp"
#include "topo/errors.hpp"
#include "topo/route/traffic.hpp"

namespace topo::route {

namespace {

std::uint64_t pair_count(const Graph& g) {
  return g.num_arcs();  // at most one per arc
}

}  // namespace

TrafficPattern traffic_nearest_neighbour() {
  return {.name = "nearest-neighbour",
          .help = "every node to each of its neighbours",
          .count = pair_count,
          .pairs = [](const Graph& g, [[maybe_unused]] const TrafficOptions& o) {
            [[maybe_unused]] const node_id n = g.num_nodes();
            std::vector<Pair> out;
            for (node_id s = 0; s < n; ++s) {
              std::vector<node_id> nb(g.out_neighbors(s).begin(), g.out_neighbors(s).end());
              std::sort(nb.begin(), nb.end());
              nb.erase(std::unique(nb.begin(), nb.end()), nb.end());
              for (node_id t : nb)
                if (t != s) out.emplace_back(s, t);
            }
            return out;
          }};
}

}  // namespace topo::route
