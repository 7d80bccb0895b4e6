// Traffic pattern shuffle: the perfect shuffle, node id rotated left by one bit (2^b nodes), as in BookSim;
// over terminals, the terminal id.
#include "route_internal.hpp"
#include "terminal_traffic_internal.hpp"
#include "topo/route/traffic.hpp"

namespace topo::route {

namespace {

std::uint64_t rotate_left(std::uint64_t s, unsigned b) {  // b >= 1
  return ((s << 1) | (s >> (b - 1))) & ((std::uint64_t{1} << b) - 1);
}

}  // namespace

TrafficPattern traffic_shuffle() {
  return {.name = "shuffle",
          .help = "perfect shuffle: node id rotated left by one bit (2^b nodes)",
          .pairs = [](const Graph& g, const TrafficOptions&) { return bit_pairs(g, "shuffle", rotate_left); },
          .terminal_help = "rotate the terminal address left by one bit",
          .destinations = [](const TerminalLayout& t,
                             const TrafficOptions&) { return terminal_bit_map(t, "shuffle", rotate_left); }};
}

}  // namespace topo::route
