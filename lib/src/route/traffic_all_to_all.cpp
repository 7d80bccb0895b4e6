// Traffic pattern all-to-all: every ordered pair of distinct nodes.
#include <fmt/format.h>

#include "route_internal.hpp"
#include "topo/errors.hpp"
#include "topo/route/traffic.hpp"

namespace topo::route {

namespace {

std::uint64_t pair_count(const Graph& g) {
  return std::uint64_t(g.num_nodes()) * (g.num_nodes() ? g.num_nodes() - 1 : 0);  // N(N-1)
}

}  // namespace

TrafficPattern traffic_all_to_all() {
  return {.name = "all-to-all",
          .help = "every ordered pair of distinct nodes",
          .count = pair_count,
          .pairs =
              [](const Graph& g, const TrafficOptions&) {
                const node_id n = g.num_nodes();
                std::vector<Pair> out;
                out.reserve(std::size_t(n) * (n ? n - 1 : 0));
                for (node_id s = 0; s < n; ++s)
                  for (node_id t = 0; t < n; ++t)
                    if (s != t) out.emplace_back(s, t);
                return out;
              },
          // A packet stream has no all-to-all form: a terminal sends one destination at a time (uniform is
          // its random counterpart).
          .terminal_help = {},
          .destinations = nullptr,
          .every_pair = true};
}

}  // namespace topo::route
