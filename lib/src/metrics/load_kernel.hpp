#pragma once
// Exact split-routing link loads by batched Brandes sweeps: loads::lanes sources per sweep, one vector
// lane each (load_pass.hpp), level-synchronous over the BFS levels of the sweep's sources.
#include <cstdint>
#include <span>
#include <vector>

#include "load_pass.hpp"
#include "topo/graph.hpp"
#include "topo/metrics/kernel.hpp"

namespace topo::metrics {

/// The graph as the sweeps read it, shared by every thread: CSR arrays, multiplicities per arc (when
/// some link has one above 1), and the nodes that receive traffic.
struct SplitLoadGraph {
  /// `targets`: the nodes that receive traffic (empty: every node); `instructions`: the kernel to run
  /// (UsageError when this CPU cannot).
  SplitLoadGraph(const Graph& g, std::span<const node_id> targets, Kernel instructions = Kernel::best);
  const Graph& graph;
  std::vector<std::uint64_t> out_offsets;
  // Out-arcs and (for a directed graph) in-arcs, each node's list padded to a multiple of
  // loads::arc_block with node n (load_pass.hpp); multiplicities likewise, empty when every link is single.
  std::vector<std::uint64_t> in_offsets, padded_out_offsets;
  std::vector<std::uint32_t> in_adjacency, padded_out_adjacency;
  std::vector<double> in_multiplicity, out_multiplicity;
  std::vector<char> demand;  // empty: every node receives traffic
  // Out-neighbours as (word, bits) of a node bit set (LoadPass), when a quarter of the arcs or fewer:
  // neighbours close in id (a banded matrix's pattern) share words.
  std::vector<std::uint64_t> neighbour_word_offsets, neighbour_bits;
  std::vector<std::uint32_t> neighbour_words;
  loads::LoadKernel kernel;
  /// Whether the passes prefetch a few nodes ahead: set by prefetch_when_vectors_outgrow_cache. Where the
  /// vectors fit the caches, prefetching costs more than it saves (Barabási–Albert 30000/4, two threads,
  /// AVX-512: 4.74 s without, 6.62 s with); random regular 100000/8 on two threads, whose 64 MB do not fit a 32 MiB
  /// L3, takes 121 s with it against 171 s (AVX2), 120 s against 156 s (AVX-512).
  bool prefetch = false;
  /// Sets `prefetch` when `threads` sweepers' vectors exceed this CPU's last-level cache.
  void prefetch_when_vectors_outgrow_cache(unsigned threads);
};

/// One thread's sweeps, with its per-node vectors, reused from sweep to sweep: after each, no node is
/// reached and the frontiers are 0; sigma_ keeps stale values, which the passes read only in the lanes
/// that reach a node at the level they work on.
class SplitLoadSweeper {
 public:
  explicit SplitLoadSweeper(const SplitLoadGraph& g);
  /// The bytes of one sweeper on a graph of `nodes` nodes whose padded out-lists hold `padded_arcs` arcs:
  /// per node its reached lanes, the lanes of sigma and two frontiers, and room for it in the found list
  /// once per lane (a node id and its lanes); two bits; per padded arc a load.
  static std::uint64_t bytes(std::uint64_t nodes, std::uint64_t padded_arcs);
  /// Adds weight[i] · the load of each arc under the traffic from sources[i] to every target, for the
  /// (at most loads::lanes) sources, per unit of capacity, to the sweeper's loads.
  void add(std::span<const node_id> sources, std::span<const double> weight);
  /// load[arc] += the loads added since the last call (arcs in Graph::out_links order); clears them.
  void take_loads(std::vector<double>& load);

  /// Brandes' first pass alone, for the (at most loads::lanes) sources, source i in lane i: the number of
  /// shortest paths from each to every node, read by found() and paths() until the next sweep.
  void count_paths(std::span<const node_id> sources);
  /// The last sweep's nodes, level by level (in id order within a level), each with the lanes that reach it
  /// at that level; the first `sources` of them are level 0, each source in its own lanes.
  struct Found {
    std::span<const std::uint32_t> nodes;
    std::span<const std::uint8_t> lanes;
    std::size_t sources;
  };
  Found found() const;
  /// σ from lane i's source to v, for v and i listed by found().
  double paths(node_id v, unsigned lane) const { return sigma_[v].x[lane]; }

 private:
  /// Seeds the sources and runs the forward passes (found_, found_lanes_, level_start_ and sigma_ filled, the
  /// frontiers cleared again); returns the passes' arguments for the backward passes.
  loads::LoadPass forward(std::span<const node_id> sources);
  /// Zeroes level `level`'s nodes in the frontier it was written to.
  void clear_frontier(std::size_t level);
  void use_frontiers(loads::LoadPass& pass, std::size_t in, std::size_t out);
  /// Leaves no node reached and the active set empty, for the next sweep.
  void forget_reached(const loads::LoadPass& pass);

  struct alignas(64) Lanes {
    double x[loads::lanes];
  };
  const SplitLoadGraph& g_;
  // Per node, and for the lists' padding node n (load_pass.hpp).
  std::vector<std::uint8_t> reached_;  // bit i: source i has reached the node (load_pass.hpp)
  std::vector<Lanes> sigma_;
  std::vector<Lanes> frontier_[2];  // level l's in frontier_[l % 2] (load_pass.hpp)
  // The nodes a level may reach (active_), and those the next level adds (next_): out-neighbours of the
  // nodes reached for the first time. One bit per node, padding node included.
  std::vector<std::uint64_t> active_, next_;
  std::vector<double> load_;               // per arc of the padded out-lists
  std::vector<std::uint32_t> found_;       // the sources, then the nodes reached at each level, level by level
  std::vector<std::uint8_t> found_lanes_;  // the lanes that reach found_[i] at its level
  std::vector<std::size_t> level_start_;   // found_ index where each level starts
};

/// The positions of `sources` in an order where each run of loads::lanes consecutive sources lies close
/// together: every node's shortest-path levels from them then span few BFS levels (the order given when a
/// source is listed twice).
std::vector<std::size_t> sweep_order(const Graph& g, const std::vector<node_id>& sources);
/// Reorders `sources` (and `weight` alike) as sweep_order puts them.
void order_sources_for_sweeps(const Graph& g, std::vector<node_id>& sources, std::vector<double>& weight);

}  // namespace topo::metrics
