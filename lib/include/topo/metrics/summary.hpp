#pragma once
// Sizes, degrees and connectivity of a graph (doc/definitions.md §4, first block).
#include <cstdint>

#include "topo/graph.hpp"

namespace topo::metrics {

struct Summary {
  std::uint64_t nodes = 0;
  std::uint64_t links = 0;         // counting multiplicity (physical links)
  std::uint64_t link_records = 0;  // distinct link records in the file
  bool directed = false;
  bool multigraph = false;
  bool self_loops = false;
  // The loop convention (topostat(1)): an undirected self-loop has two ends, so it counts twice in the
  // degree (as in networkx and igraph) but takes one port. Ports = degree − loops at the node.
  std::uint64_t self_loop_count = 0;             // with multiplicity
  std::uint64_t port_min = 0, port_max = 0;      // undirected graphs with self-loops only
  std::uint64_t degree_min = 0, degree_max = 0;  // out-degree when directed, with multiplicity
  double degree_mean = 0;
  std::uint64_t in_degree_min = 0, in_degree_max = 0;
  bool regular = false;                 // every in- and out-degree equal
  bool connected = false;               // strongly connected when directed
  std::uint64_t components = 0;         // weakly connected components (connected components when undirected)
  std::uint64_t strong_components = 0;  // strongly connected components (= components when undirected)
  bool bipartite = false;               // of the underlying undirected graph; self-loops make it false
};

Summary summarize(const Graph& g);

}  // namespace topo::metrics
