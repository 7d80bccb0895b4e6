#pragma once
// What topostat measures and how: the "auto" policy (which distance method, whether link loads and
// bisection bounds are worth their cost, when symmetry pays) in one place, so that the tool only
// parses options and renders the Report.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "topo/graph.hpp"
#include "topo/memory.hpp"
#include "topo/metrics/kernel.hpp"
#include "topo/metrics/report.hpp"
#include "topo/metrics/throughput.hpp"
#include "topo/parallel/ranks.hpp"
#include "topo/registry.hpp"

namespace topo::metrics {

/// auto: when the work is within the limits below; yes: always; no: never.
enum class When { automatic, yes, no };
/// The settings of --bisection and --utilization.
const std::vector<Choice<When>>& when_choices();
When parse_when(const std::string& name);  // "auto", "yes", "no"; UsageError otherwise

struct MeasureOptions {
  DistanceMethod method = DistanceMethod::automatic;
  std::uint64_t sample = 0;  // sources of DistanceMethod::sample (a sample also turns automatic into sample)
  std::uint64_t seed = 1;
  When bisection = When::automatic;
  When utilization = When::automatic;
  Routing routing = Routing::split;
  int threads = 0;
  Kernel kernel = Kernel::best;  // instruction set of the distance and link-load sweeps (kernel_supported)
  /// Path diversity (path_diversity.hpp): shortest-path counts of every pair, edge-disjoint paths of every
  /// pair while nodes × arcs ≤ paths_exact_work, else of paths_sampled_pairs random pairs.
  bool paths = false;
  double paths_exact_work = 2e9;
  std::uint64_t paths_sampled_pairs = 1000;
  /// Throughput (throughput.hpp) under uniform traffic between terminals: terminals per endpoint router
  /// throughput_terminals_per_router, or the family's (gen::terminals_per_endpoint), or 1.
  bool throughput = false;
  ThroughputMethod throughput_method = ThroughputMethod::automatic;
  double throughput_epsilon = 0.05;
  std::optional<double> throughput_terminals_per_router;
  /// θ under this traffic instead of uniform, made once the graph is read (pattern_traffic, demand_traffic).
  std::function<GivenTraffic(const Graph&)> throughput_traffic;
  /// The job's processes, which share the distance sweeps and link-load searches; every rank gets the
  /// whole Report, the same as one process's (null: this process alone). Every rank must call measure.
  parallel::Ranks* ranks = nullptr;
  /// Work limits of the "auto" settings: what finishes in seconds on a laptop.
  double auto_loads_work = 4e9;  // link loads: searches (N, endpoints or orbits) times arcs
  std::uint64_t auto_bisection_nodes = 200000;
  /// Above this estimated time (seconds), `notice` says what is being computed and how to skip it.
  double notice_seconds = 5;
  /// Progress of a named stage ("distances", "link loads"): returns the callback for that stage.
  std::function<std::function<void(double)>(std::string_view stage)> progress;
  /// A one-line note for the user (the tool prints it on stderr).
  std::function<void(const std::string&)> notice;
};

/// Link-load searches per second and thread (source × arc units) of the batched split-routing sweeps with
/// that kernel (best: the one it resolves to), for the estimate printed before a long run only.
double load_work_per_thread_second(Kernel kernel);

/// Measures everything the options ask for: sizes, degrees, connectivity, distances (over the graph's
/// endpoints when it names them), link loads, bisection bounds, the family's formulas and link lengths.
Report measure(const Graph& g, const MeasureOptions& o);

/// What measure() allocates for a graph of that size, part by part (man/topostat.1, MEMORY): the graph; the
/// distance sweeps' two bit sets per thread (up to 512 sources at once, a bit each per node); the link loads
/// when the options would compute them (a double per arc in each of 9 partial sums, and each thread's search
/// state); METIS's graphs for the bisection bound; with o.paths, the path counts' BFS state per thread and the
/// flow network. `family`: the graph names a family, whose symmetry can make
/// the link loads of a large graph affordable (then they are counted up to auto_loads_work arcs).
MemoryEstimate measure_memory(std::uint64_t nodes, std::uint64_t links, bool directed, bool family,
                              const MeasureOptions& o);

}  // namespace topo::metrics
