#pragma once
// Traffic patterns (doc/definitions.md §5): the (source, target) pairs to route, sized from the graph.
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "topo/graph.hpp"
#include "topo/memory.hpp"

namespace topo::route {

using Pair = std::pair<node_id, node_id>;

struct TrafficOptions {
  std::uint64_t seed = 1;  // uniform, permutation, group-shift
  node_id hotspot = 0;     // hotspot: the node (over terminals: the terminal) everybody sends to
};

/// Terminals as the simulator numbers them, router by router: router v carries terminals
/// first[v] .. first[v + 1] - 1 (first has one entry more than the graph has nodes).
struct TerminalLayout {
  const Graph& graph;
  std::span<const std::uint64_t> first;
  std::uint64_t terminals() const { return first.back(); }
  std::uint32_t on(node_id v) const { return std::uint32_t(first[v + 1] - first[v]); }
};

/// A destination terminal for every packet of a source terminal (lib/src/route/terminal_traffic_internal.hpp).
class TerminalDestinations;

/// A traffic pattern as --traffic names it, for toporoute (pairs of nodes) and, where it has that form, for
/// toposim run (a destination terminal per packet). Patterns are registered in lib/src/route/traffic_list.hpp:
/// adding one is a file lib/src/route/traffic_NAME.cpp and one line there.
struct TrafficPattern {
  std::string name;
  std::string help;  // one line
  /// At most how many pairs `pairs` gives on the graph, computed without them (for the memory estimate).
  /// Null: one per node.
  std::uint64_t (*count)(const Graph&) = nullptr;
  /// The pairs, sources in increasing order, source = target left out; InputError when the graph does not fit.
  std::function<std::vector<Pair>(const Graph&, const TrafficOptions&)> pairs;
  /// Over terminals, for the simulator: one line of help and the destinations; both empty when the pattern has
  /// no such form (all-to-all).
  std::string terminal_help;
  std::function<std::unique_ptr<TerminalDestinations>(const TerminalLayout&, const TrafficOptions&)> destinations;
  /// Every ordered pair of distinct nodes once: split routing over them is metrics::link_loads' (O(N·M)).
  bool every_pair = false;
  /// Every destination equally likely: the traffic the simulator picks its default VC scheme under.
  bool uniform_random = false;
  /// Its destinations are --hotspot (TrafficOptions::hotspot): what a caller must check or map.
  bool takes_hotspot = false;
};

/// Every pattern, in the order of toporoute's --help.
const std::vector<TrafficPattern>& traffic_patterns();
/// The pattern of that name; UsageError listing the known names when there is none.
const TrafficPattern& find_traffic(std::string_view name);
std::vector<std::string> traffic_names();
/// The pattern marked uniform_random.
const TrafficPattern& uniform_random_traffic();
/// The patterns that have a form over terminals (toposim run's --traffic), in the same order, and their help
/// as one line ("name: help; name: help").
std::vector<std::string> terminal_traffic_names();
std::string terminal_traffic_help();

/// The pairs of a pattern, sources in increasing order; pairs with source = target are left out.
/// InputError when the pattern does not fit the graph (transpose needs N = 4^h, bit-complement N = 2^b).
std::vector<Pair> traffic_pairs(const Graph& g, std::string_view pattern, const TrafficOptions& o = {});

/// At most how many pairs traffic_pairs gives, without making them.
std::uint64_t traffic_pair_count(const Graph& g, std::string_view pattern);

/// What toporoute allocates to route `pairs` pairs on g with algorithm `algo` (man/toporoute.1, MEMORY): the
/// graph, the pairs, the router's cache of distances (Algorithm::cache_bytes, for min(pairs, N) targets), with
/// `loads` a load per arc (and, with `split`, the shortest-path counts kept per source and per target: up to
/// one array of distances and path counts per node for each of min(pairs, N) sources and targets).
MemoryEstimate routing_memory(const Graph& g, std::string_view algo, std::uint64_t pairs, bool loads, bool split);

}  // namespace topo::route
