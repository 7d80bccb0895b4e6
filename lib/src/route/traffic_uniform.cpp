// Traffic pattern uniform: one message per node to a uniformly random other node (seeded); over terminals,
// a uniformly random terminal for every packet, the source included, as in BookSim2.

#include "route_internal.hpp"
#include "terminal_traffic_internal.hpp"
#include "topo/errors.hpp"
#include "topo/route/traffic.hpp"

namespace topo::route {

namespace {

class AnyTerminal final : public TerminalDestinations {
 public:
  explicit AnyTerminal(std::uint64_t n) : n_(n) {}
  std::uint64_t pick(std::uint64_t, Rng& rng) const override { return rng.below(n_); }
  std::vector<std::uint64_t> fixed(std::uint64_t) const override { return {}; }

 private:
  std::uint64_t n_;
};

}  // namespace

TrafficPattern traffic_uniform() {
  return {.name = "uniform",
          .help = "one message per node to a uniformly random other node (seeded)",
          .pairs =
              [](const Graph& g, const TrafficOptions& o) {
                const node_id n = g.num_nodes();
                std::vector<Pair> out;
                if (n < 2) throw InputError("--traffic uniform needs at least two nodes");
                Rng rng(o.seed);
                for (node_id s = 0; s < n; ++s) {
                  auto t = node_id(rng.below(n - 1));
                  out.emplace_back(s, t >= s ? t + 1 : t);
                }
                return out;
              },
          .terminal_help = "a uniformly random terminal for every packet (the source included, as in BookSim2)",
          .destinations = [](const TerminalLayout& t,
                             const TrafficOptions&) { return std::make_unique<AnyTerminal>(t.terminals()); },
          .uniform_random = true};
}

}  // namespace topo::route
