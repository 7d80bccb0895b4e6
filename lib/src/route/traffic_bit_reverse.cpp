// Traffic pattern bit-reverse: node id with its address bits in reverse order (2^b nodes), as in BookSim;
// over terminals, the terminal id.
#include "route_internal.hpp"
#include "terminal_traffic_internal.hpp"
#include "topo/route/traffic.hpp"

namespace topo::route {

namespace {

std::uint64_t reverse(std::uint64_t s, unsigned b) {
  std::uint64_t t = 0;
  for (unsigned i = 0; i < b; ++i) t |= ((s >> i) & 1) << (b - 1 - i);
  return t;
}

}  // namespace

TrafficPattern traffic_bit_reverse() {
  return {.name = "bit-reverse",
          .help = "node id with its address bits reversed (2^b nodes)",
          .pairs = [](const Graph& g, const TrafficOptions&) { return bit_pairs(g, "bit-reverse", reverse); },
          .terminal_help = "reverse the bits of the terminal address",
          .destinations = [](const TerminalLayout& t,
                             const TrafficOptions&) { return terminal_bit_map(t, "bit-reverse", reverse); }};
}

}  // namespace topo::route
