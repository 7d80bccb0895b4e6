// Traffic pattern bit-complement: node id with every bit inverted (2^b nodes); over terminals, the
// terminal id.
#include "route_internal.hpp"
#include "terminal_traffic_internal.hpp"
#include "topo/route/traffic.hpp"

namespace topo::route {

namespace {

std::uint64_t complement(std::uint64_t s, unsigned b) {
  return ~s & ((std::uint64_t{1} << b) - 1);
}

}  // namespace

TrafficPattern traffic_bit_complement() {
  return {.name = "bit-complement",
          .help = "node id with every bit inverted (2^b nodes)",
          .pairs = [](const Graph& g, const TrafficOptions&) { return bit_pairs(g, "bit-complement", complement); },
          .terminal_help = "complement every bit of the terminal address",
          .destinations = [](const TerminalLayout& t,
                             const TrafficOptions&) { return terminal_bit_map(t, "bit-complement", complement); }};
}

}  // namespace topo::route
