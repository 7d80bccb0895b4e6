#pragma once
// Shortest-path trees under arc lengths, and the demand a tree carries on each of its arcs: the step that both
// throughput methods repeat (Garg–Könemann routes along such trees, the LP's column generation prices with them).
#include <cstdint>
#include <vector>

#include "topo/graph.hpp"

namespace topo::metrics {

struct ShortestPathTree {
  std::vector<double> dist;               // infinity where not reached
  std::vector<std::uint64_t> parent_arc;  // the arc into each node; none (max) at the root and where not reached
  std::vector<node_id> order;             // reached nodes, nearest first
  // The search's queue, kept from call to call: a 4-ary heap of nodes by (dist, id), and each node's place in it.
  std::vector<node_id> heap;
  std::vector<std::uint32_t> heap_place;
};

/// Dijkstra from s under non-negative arc lengths (self-loops skipped); ties go to the first arc found. Nodes
/// are settled in increasing (dist, id).
void shortest_path_tree(const Graph& g, const std::vector<double>& length, node_id s, ShortestPathTree& t);

/// subtree[v] = Σ demand over v's subtree in t, so that the tree's arc into v carries subtree[v] when the root
/// sends demand[w] to every w it reaches (subtree is resized; 0 where the tree does not reach).
void subtree_demand(const ShortestPathTree& t, const Graph& g, const std::vector<double>& demand,
                    std::vector<double>& subtree);

}  // namespace topo::metrics
