// The traffic pattern registry. Bit patterns act on node ids (the usual convention of BookSim and
// CAMINOS); tornado acts per dimension on grids and on node ids otherwise.
#include "topo/route/traffic.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <bit>

#include "registry_internal.hpp"
#include "route_internal.hpp"
#include "topo/errors.hpp"

namespace topo::route {

const std::vector<TrafficPattern>& traffic_patterns() {
  static const std::vector<TrafficPattern> all = {
#define TOPO_TRAFFIC(name) traffic_##name(),
#include "traffic_list.hpp"
#undef TOPO_TRAFFIC
  };
  return all;
}

std::vector<std::string> traffic_names() {
  return detail::names_of(traffic_patterns());
}

const TrafficPattern& find_traffic(std::string_view name) {
  return detail::find_named(traffic_patterns(), name, "traffic pattern");
}

std::vector<Pair> traffic_pairs(const Graph& g, std::string_view pattern, const TrafficOptions& o) {
  return find_traffic(pattern).pairs(g, o);
}

unsigned address_bits(const Graph& g, std::string_view pattern) {
  const std::uint64_t n = g.num_nodes();
  if (n == 0 || !std::has_single_bit(n))
    throw InputError(fmt::format("--traffic {} needs a power-of-two number of nodes, got {}", pattern, n));
  return unsigned(std::countr_zero(n));
}

}  // namespace topo::route
