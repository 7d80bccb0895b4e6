// The traffic pattern registry. Bit patterns act on node ids (the usual convention of BookSim and
// CAMINOS), and on terminal ids in their form for the simulator; tornado acts per dimension on grids and
// on node ids otherwise.
#include "topo/route/traffic.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <bit>

#include "route_internal.hpp"
#include "terminal_traffic_internal.hpp"
#include "topo/errors.hpp"
#include "topo/registry.hpp"
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
  return names_of(traffic_patterns());
}

const TrafficPattern& find_traffic(std::string_view name) {
  return find_named(traffic_patterns(), name, "traffic pattern");
}

const TrafficPattern& uniform_random_traffic() {
  static const TrafficPattern& u = *std::find_if(traffic_patterns().begin(), traffic_patterns().end(),
                                                 [](const auto& p) { return p.uniform_random; });
  return u;
}

std::vector<Pair> traffic_pairs(const Graph& g, std::string_view pattern, const TrafficOptions& o) {
  return find_traffic(pattern).pairs(g, o);
}

std::vector<std::string> terminal_traffic_names() {
  std::vector<std::string> names;
  for (const auto& p : traffic_patterns())
    if (p.destinations) names.push_back(p.name);
  return names;
}

std::string terminal_traffic_help() {
  std::string s;
  for (const auto& p : traffic_patterns())
    if (p.destinations) s += fmt::format("{}{}: {}", s.empty() ? "" : "; ", p.name, p.terminal_help);
  return s;
}

std::unique_ptr<TerminalDestinations> terminal_destinations(std::string_view pattern, const TerminalLayout& layout,
                                                            const TrafficOptions& o) {
  const auto& p = find_traffic(pattern);
  if (!p.destinations)
    throw UsageError(fmt::format("--traffic {} has no form over terminals for the simulator ({})", pattern,
                                 fmt::join(terminal_traffic_names(), ", ")));
  return p.destinations(layout, o);
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

std::vector<Pair> bit_pairs(const Graph& g, std::string_view pattern,
                            const std::function<std::uint64_t(std::uint64_t, unsigned)>& f) {
  const unsigned b = address_bits(g, pattern);
  std::vector<Pair> out;
  if (b == 0) return out;  // one node: nobody to send to
  for (node_id s = 0; s < g.num_nodes(); ++s)
    if (const auto t = node_id(f(s, b)); t != s) out.emplace_back(s, t);
  return out;
}

unsigned terminal_address_bits(const TerminalLayout& t, std::string_view pattern) {
  const std::uint64_t n = t.terminals();
  if (n < 2 || !std::has_single_bit(n))
    throw InputError(fmt::format("--traffic {} needs a power-of-two number of terminals, got {}", pattern, n));
  return unsigned(std::countr_zero(n));
}

std::unique_ptr<TerminalDestinations> terminal_bit_map(const TerminalLayout& t, std::string_view pattern,
                                                       const std::function<std::uint64_t(std::uint64_t, unsigned)>& f) {
  const unsigned b = terminal_address_bits(t, pattern);
  std::vector<std::uint64_t> to(t.terminals());
  for (std::uint64_t s = 0; s < to.size(); ++s) to[s] = f(s, b);
  return std::make_unique<FixedDestinations>(std::move(to));
}

void require_same_terminals(const TerminalLayout& t, std::string_view pattern, node_id s, node_id to) {
  if (t.on(s) != t.on(to))
    throw InputError(
        fmt::format("--traffic {} maps router {} onto router {}, which carry {} and {} terminals: it needs the "
                    "same terminals on every router",
                    pattern, s, to, t.on(s), t.on(to)));
}

}  // namespace topo::route
