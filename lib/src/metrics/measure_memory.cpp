// The memory estimate of measure() (man/topostat.1, MEMORY), kept next to the arrays it counts:
// distance.cpp's SweepState, link_loads.cpp's partial sums and searches (load_kernel.hpp's sweepers), bisection.cpp's
// METIS call.
#include <algorithm>
#include <thread>

#include "bfs_level.hpp"
#include "load_kernel.hpp"
#include "topo/metrics/measure.hpp"
#include "topo/metrics/path_diversity.hpp"

namespace topo::metrics {

MemoryEstimate measure_memory(std::uint64_t nodes, std::uint64_t links, bool directed, bool family,
                              const MeasureOptions& o) {
  const std::uint64_t threads =
      o.threads > 0 ? std::uint64_t(o.threads) : std::max(1u, std::thread::hardware_concurrency());
  const std::uint64_t arcs = directed ? links : 2 * links;
  const double n = double(nodes), a = double(arcs);
  auto bytes = [](double b) { return b >= 1.8e19 ? ~std::uint64_t{0} : std::uint64_t(b); };
  MemoryEstimate e;
  e.add("graph", graph_memory(nodes, links, directed));
  // Per thread: the current and next bit sets (bfs::wide_words words per node at most), the nearest
  // source's distance and the order (4 + 4), the active bitmap; per source: eccentricity and sums (20).
  const double sweep = n * (2.0 * 8 * bfs::wide_words + 8 + 0.125);
  e.add("distances", bytes(double(threads) * sweep + 20 * n));
  const bool loads_possible = a * n <= o.auto_loads_work || (family && a <= o.auto_loads_work);
  if (nodes > 1 && (o.utilization == When::yes || (o.utilization == When::automatic && loads_possible))) {
    // Per arc: the exact sum (16), the neighbour words (3 at most); the out-lists padded to
    // loads::arc_block (and the in-lists of a directed graph): node and multiplicity (4 + 8 each, per arc
    // and one more per node at most). Per thread: its part (8 per arc) and its split sweeper, more than a
    // single search needs.
    const double padded = a + n;
    const double sweeper = double(SplitLoadSweeper::bytes(nodes, arcs + nodes));
    e.add("link loads", bytes(19 * a + 24 * padded + double(threads) * (8 * a + sweeper)));
  }
  if (nodes > 1 && (o.bisection == When::yes || (o.bisection == When::automatic && nodes <= o.auto_bisection_nodes)))
    e.add("bisection", bytes(48 * (n + a)));  // METIS's graph, its coarser copies and the partitions
  if (o.paths) e.add("paths", path_diversity_memory(nodes, arcs, threads, o.paths_sampled_pairs));
  if (o.throughput && nodes > 1) {
    // The routers with terminals are not known before the graph is read: every node is counted.
    ThroughputOptions to;
    to.method = o.throughput_method;
    const bool lp = throughput_uses_lp(to, throughput_lp_sources(directed, n), a);
    e.add("throughput", throughput_memory(nodes, arcs, std::min<std::uint64_t>(nodes, to.permutation_max_routers), lp));
  }
  return e;
}

}  // namespace topo::metrics
