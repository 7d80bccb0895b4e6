#pragma once
// What a set of routes does to the network (doc/definitions.md §5): per-link load and the link utilisation u,
// path lengths against BFS, and the channel dependency graph for a deadlock check.
#include <cstdint>
#include <map>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "topo/metrics/link_loads.hpp"
#include "topo/route/route.hpp"

namespace topo::route {

/// Per-arc loads with metrics::link_loads' conventions: arc = Graph::arc_offset order, a link of multiplicity m
/// is m parallel arcs sharing its load, self-loops are not counted in the mean.
class LoadCounter {
 public:
  explicit LoadCounter(const Graph& g);
  /// One unit along the path.
  void add(const Path& p, double units = 1);
  /// One unit from s to t split equally over all shortest paths (counting parallel links).
  void add_split(node_id s, node_id t);

  using Result = metrics::LinkLoads;  // arc_load per unit of capacity, mean, max, u, total
  Result result() const;
  /// Adds loads computed elsewhere with the same arc order (metrics::link_loads for all-to-all).
  void add_arc_loads(const std::vector<double>& arc_load);

 private:
  struct Counts {
    std::vector<std::uint32_t> dist;
    std::vector<double> sigma;
  };
  const Counts& forward(node_id s);
  const Counts& backward(node_id t);

  const Graph& g_;
  std::vector<double> load_;
  std::unordered_map<node_id, Counts> fwd_, bwd_;
};

/// Hop histogram and stretch (hops over BFS distance) of routed pairs.
class HopStats {
 public:
  explicit HopStats(const Graph& g) : g_(g) {}
  void add(node_id s, node_id t, std::size_t hops);

  std::map<std::size_t, std::uint64_t> histogram;
  std::uint64_t routes = 0;
  double hops_sum = 0;
  double stretch_sum = 0, stretch_max = 0;
  std::uint64_t stretch_pairs = 0;  // pairs with s != t
  std::uint64_t minimal = 0;        // routes as short as BFS

 private:
  const Graph& g_;
  node_id cached_source_ = no_node;
  std::vector<std::uint32_t> dist_;
};

/// The channel dependency graph (Dally & Seitz): channel a depends on channel b when some route
/// uses b right after a. A routing on it is deadlock-free (with one virtual channel) when it is acyclic.
class DependencyGraph {
 public:
  void add(const Path& p);
  /// A cycle of channels (arcs), empty when there is none.
  std::vector<std::uint64_t> find_cycle() const;
  std::uint64_t dependencies() const { return edges_.size(); }

 private:
  /// True when Kahn's algorithm over the channels removes every one (false also when the ids are too sparse for
  /// arrays of that size): over ids 0..max, or over the ids that occur when most do not.
  bool acyclic_dense() const;
  struct PairHash {
    std::size_t operator()(const std::pair<std::uint64_t, std::uint64_t>& e) const {
      return std::hash<std::uint64_t>()(e.first * 0x9E3779B97F4A7C15ull ^ e.second);
    }
  };
  std::unordered_set<std::pair<std::uint64_t, std::uint64_t>, PairHash> edges_;
};

}  // namespace topo::route
