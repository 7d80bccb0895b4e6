// Traffic pattern nearest-neighbour: every node to each of its neighbours; over terminals, every packet to
// the same terminal of a random neighbouring router.
#include <fmt/format.h>

#include <algorithm>

#include "route_internal.hpp"
#include "terminal_traffic_internal.hpp"
#include "topo/errors.hpp"
#include "topo/route/traffic.hpp"

namespace topo::route {

namespace {

std::uint64_t pair_count(const Graph& g) {
  return g.num_arcs();  // at most one per arc
}

/// The neighbours of s, sorted, each once, s itself left out.
std::vector<node_id> neighbours(const Graph& g, node_id s) {
  std::vector<node_id> nb(g.out_neighbors(s).begin(), g.out_neighbors(s).end());
  std::sort(nb.begin(), nb.end());
  nb.erase(std::unique(nb.begin(), nb.end()), nb.end());
  std::erase(nb, s);
  return nb;
}

}  // namespace

TrafficPattern traffic_nearest_neighbour() {
  return {.name = "nearest-neighbour",
          .help = "every node to each of its neighbours",
          .count = pair_count,
          .pairs =
              [](const Graph& g, const TrafficOptions&) {
                std::vector<Pair> out;
                for (node_id s = 0; s < g.num_nodes(); ++s)
                  for (node_id t : neighbours(g, s)) out.emplace_back(s, t);
                return out;
              },
          .terminal_help = "the same terminal of a random neighbouring router",
          .destinations =
              [](const TerminalLayout& t, const TrafficOptions&) {
                std::vector<std::vector<std::uint64_t>> to(t.terminals());
                for (node_id v = 0; v < t.graph.num_nodes(); ++v) {
                  const auto nb = neighbours(t.graph, v);
                  if (nb.empty())
                    throw InputError(fmt::format("--traffic nearest-neighbour: node {} has no neighbour", v));
                  for (auto w : nb) {
                    require_same_terminals(t, "nearest-neighbour", v, w);
                    for (std::uint32_t k = 0; k < t.on(v); ++k) to[t.first[v] + k].push_back(t.first[w] + k);
                  }
                }
                return std::make_unique<AmongDestinations>(std::move(to));
              }};
}

}  // namespace topo::route
