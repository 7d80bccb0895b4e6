// Traffic pattern uniform: one message per node to a uniformly random other node (seeded).
#include <fmt/format.h>

#include <random>

#include "route_internal.hpp"
#include "topo/errors.hpp"
#include "topo/route/traffic.hpp"

namespace topo::route {

TrafficPattern traffic_uniform() {
  return {.name = "uniform",
          .help = "one message per node to a uniformly random other node (seeded)",
          .pairs = [](const Graph& g, [[maybe_unused]] const TrafficOptions& o) {
            [[maybe_unused]] const node_id n = g.num_nodes();
            std::vector<Pair> out;
            if (n < 2) throw InputError("--traffic uniform needs at least two nodes");
            Rng rng(o.seed);
            for (node_id s = 0; s < n; ++s) {
              auto t = node_id(std::uniform_int_distribution<std::uint64_t>(0, n - 2)(rng));
              out.emplace_back(s, t >= s ? t + 1 : t);
            }
            return out;
          }};
}

}  // namespace topo::route
