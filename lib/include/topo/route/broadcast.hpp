#pragma once
// One-port broadcast schedules (doc/definitions.md §5): at every step each informed node sends to at most one
// neighbour. A generic schedule for any graph, and the HDN paper's Algorithm 2.
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "topo/graph.hpp"

namespace topo::route {

struct Send {
  node_id from, to;
};

struct BroadcastSchedule {
  node_id root = 0;
  std::vector<std::vector<Send>> steps;  // steps[i]: the sends of step i+1
  std::uint64_t lower_bound = 0;         // max(eccentricity of the root, ⌈log2 N⌉)
  std::uint64_t bound = 0;               // the algorithm's own bound (HDN Theorem 3), 0 when none
};

/// Generic schedule: a BFS tree from the root, every node serving its children in decreasing order of
/// the time their subtrees need (optimal for that tree). InputError when some node cannot be reached.
BroadcastSchedule broadcast_tree(const Graph& g, node_id root);

/// Checks a schedule: every send is along a link, from an informed node, at most one send per node and
/// step (one-port), nobody is informed twice, and every node is informed at the end. Throws Error.
void check_schedule(const Graph& g, const BroadcastSchedule& s);

/// A broadcast algorithm `toporoute broadcast --algo` can name: registered once, in broadcast.cpp; the
/// tool's choices, help and errors come from this list.
struct BroadcastAlgorithm {
  std::string name;
  std::string help;  // one line
  /// The schedule from `root`; InputError when the graph does not fit the algorithm.
  std::function<BroadcastSchedule(const Graph&, node_id root)> schedule;
};
const std::vector<BroadcastAlgorithm>& broadcast_algorithms();
/// The algorithm of that name; UsageError listing the known names when there is none.
const BroadcastAlgorithm& find_broadcast(std::string_view name);
std::vector<std::string> broadcast_names();

}  // namespace topo::route
