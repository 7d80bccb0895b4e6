// Traffic pattern transpose: swap the two halves of the node id (4^h nodes); over terminals, of the
// terminal id.
#include <fmt/format.h>

#include "route_internal.hpp"
#include "terminal_traffic_internal.hpp"
#include "topo/errors.hpp"
#include "topo/route/traffic.hpp"

namespace topo::route {

namespace {

std::uint64_t transpose(std::uint64_t s, unsigned b) {
  const unsigned h = b / 2;
  return ((s & ((std::uint64_t{1} << h) - 1)) << h) | (s >> h);  // swap the two halves of the address
}

}  // namespace

TrafficPattern traffic_transpose() {
  return {.name = "transpose",
          .help = "swap the two halves of the node id (4^h nodes)",
          .pairs =
              [](const Graph& g, const TrafficOptions&) {
                if (address_bits(g, "transpose") % 2)
                  throw InputError(fmt::format(
                      "--traffic transpose needs 4^h nodes (an even number of address bits), got {}", g.num_nodes()));
                return bit_pairs(g, "transpose", transpose);
              },
          .terminal_help = "swap the two halves of the terminal address (4^h terminals)",
          .destinations =
              [](const TerminalLayout& t, const TrafficOptions&) {
                if (terminal_address_bits(t, "transpose") % 2)
                  throw InputError(fmt::format("--traffic transpose needs 4^h terminals, got {}", t.terminals()));
                return terminal_bit_map(t, "transpose", transpose);
              }};
}

}  // namespace topo::route
