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
  std::vector<double> in_multiplicity, out_multiplicity;  // empty when every link is single
  std::vector<char> demand;                               // empty: every node receives traffic
  // Out-neighbours as (word, bits) of a node bit set (LoadPass), when a quarter of the arcs or fewer:
  // neighbours close in id (a banded matrix's pattern) share words.
  std::vector<std::uint64_t> neighbour_word_offsets, neighbour_bits;
  std::vector<std::uint32_t> neighbour_words;
  loads::LoadKernel kernel;
};

/// One thread's sweeps, with its per-node vectors, reused from sweep to sweep: after each, the distances
/// are back to unreached and the frontiers to 0; sigma_ keeps stale values, which the passes read only in
/// lanes whose distance is set.
class SplitLoadSweeper {
 public:
  explicit SplitLoadSweeper(const SplitLoadGraph& g);
  /// load[arc] += weight[i] · the load of arc under the traffic from sources[i] to every target, for the
  /// (at most loads::lanes) sources; arcs in Graph::out_links order, per unit of capacity.
  void add(std::span<const node_id> sources, std::span<const double> weight, std::vector<double>& load);

 private:
  struct alignas(64) Lanes {
    double x[loads::lanes];
  };
  struct alignas(32) Distances {
    std::uint32_t d[loads::lanes];
  };
  const SplitLoadGraph& g_;
  std::vector<Distances> dist_;
  std::vector<Lanes> sigma_;
  std::vector<Lanes> frontier_[2];  // level l's in frontier_[l % 2] (load_pass.hpp)
  // The nodes a level may reach (active_), and those the next level adds (next_): out-neighbours of the
  // nodes reached for the first time. One bit per node.
  std::vector<std::uint64_t> active_, next_;
  std::vector<std::uint32_t> found_;      // the sources, then the nodes reached at each level, level by level
  std::vector<std::size_t> level_start_;  // found_ index where each level starts
};

/// Reorders `sources` (and `weight` alike) so that each run of loads::lanes consecutive sources lies close
/// together: every node's shortest-path levels from them then span few BFS levels.
void order_sources_for_sweeps(const Graph& g, std::vector<node_id>& sources, std::vector<double>& weight);

}  // namespace topo::metrics
