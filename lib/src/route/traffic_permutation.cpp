// Traffic pattern permutation: a uniformly random permutation (seeded); fixed points send nothing.
#include <fmt/format.h>

#include <numeric>
#include <random>

#include "route_internal.hpp"
#include "topo/errors.hpp"
#include "topo/route/traffic.hpp"

namespace topo::route {

TrafficPattern traffic_permutation() {
  return {.name = "permutation",
          .help = "a uniformly random permutation (seeded); fixed points send nothing",
          .pairs = [](const Graph& g, [[maybe_unused]] const TrafficOptions& o) {
            [[maybe_unused]] const node_id n = g.num_nodes();
            std::vector<Pair> out;
            Rng rng(o.seed);
            std::vector<node_id> pi(n);
            std::iota(pi.begin(), pi.end(), node_id{0});
            for (node_id i = n; i > 1; --i)  // Fisher–Yates
              std::swap(pi[i - 1], pi[std::uniform_int_distribution<std::uint64_t>(0, i - 1)(rng)]);
            for (node_id s = 0; s < n; ++s)
              if (pi[s] != s) out.emplace_back(s, pi[s]);
            return out;
          }};
}

}  // namespace topo::route
