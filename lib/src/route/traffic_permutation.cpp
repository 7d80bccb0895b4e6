// Traffic pattern permutation: a uniformly random permutation (seeded); fixed points send nothing. Over
// terminals, a random permutation of the terminals.
#include <numeric>

#include "route_internal.hpp"
#include "terminal_traffic_internal.hpp"
#include "topo/route/traffic.hpp"

namespace topo::route {

TrafficPattern traffic_permutation() {
  return {.name = "permutation",
          .help = "a uniformly random permutation (seeded); fixed points send nothing",
          .pairs =
              [](const Graph& g, const TrafficOptions& o) {
                const node_id n = g.num_nodes();
                std::vector<Pair> out;
                Rng rng(o.seed);
                std::vector<node_id> pi(n);
                std::iota(pi.begin(), pi.end(), node_id{0});
                rng.shuffle(pi.data(), pi.size());
                for (node_id s = 0; s < n; ++s)
                  if (pi[s] != s) out.emplace_back(s, pi[s]);
                return out;
              },
          .terminal_help = "a random permutation of the terminals, fixed by --seed",
          .destinations =
              [](const TerminalLayout& t, const TrafficOptions& o) {
                std::vector<std::uint64_t> pi(t.terminals());
                std::iota(pi.begin(), pi.end(), 0);
                Rng rng(o.seed);
                rng.shuffle(pi.data(), pi.size());
                return std::make_unique<FixedDestinations>(std::move(pi));
              }};
}

}  // namespace topo::route
