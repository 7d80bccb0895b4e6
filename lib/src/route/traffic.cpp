// The traffic pattern registry. Bit patterns act on node ids (the usual convention of BookSim and
// CAMINOS); tornado acts per dimension on grids and on node ids otherwise.
#include "topo/route/traffic.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <bit>

#include "registry_internal.hpp"
#include "route_internal.hpp"
#include "topo/errors.hpp"
#include "topo/route/route.hpp"

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

std::uint64_t traffic_pair_count(const Graph& g, std::string_view pattern) {
  const auto& t = find_traffic(pattern);
  return t.count ? t.count(g) : g.num_nodes();
}

MemoryEstimate routing_memory(const Graph& g, std::string_view algo, std::uint64_t pairs, bool loads, bool split) {
  const std::uint64_t n = g.num_nodes();
  MemoryEstimate e;
  e.add("graph", graph_memory(n, g.num_links(), g.directed()));
  e.add("pairs", pairs > ~std::uint64_t{0} / sizeof(Pair) ? ~std::uint64_t{0} : pairs * sizeof(Pair));
  if (const auto& a = find_algorithm(algo); a.cache_bytes) e.add("router cache", a.cache_bytes(g, std::min(pairs, n)));
  if (loads) e.add("link loads", 2 * sizeof(double) * g.num_arcs());  // the counts and the result
  if (loads && split) {
    const double ends = double(std::min(pairs, n));  // distinct sources, and as many targets
    const double bytes = 2 * ends * double(n) * (sizeof(std::uint32_t) + sizeof(double));
    e.add("path counts", bytes >= 1.8e19 ? ~std::uint64_t{0} : std::uint64_t(bytes));
  }
  return e;
}

unsigned address_bits(const Graph& g, std::string_view pattern) {
  const std::uint64_t n = g.num_nodes();
  if (n == 0 || !std::has_single_bit(n))
    throw InputError(fmt::format("--traffic {} needs a power-of-two number of nodes, got {}", pattern, n));
  return unsigned(std::countr_zero(n));
}

}  // namespace topo::route
