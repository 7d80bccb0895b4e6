#pragma once
// Choosing how to compute distances: BFS from every node, BFS from one node per orbit of the
// automorphism group (weighted by orbit size), or BFS from a random sample (an estimate).
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "topo/metrics/distance.hpp"
#include "topo/metrics/symmetry.hpp"

namespace topo::metrics {

enum class DistanceMethod {
  automatic,  // orbits when the family's symmetry checks out or the graph is large, else bfs
  orbits,     // one BFS per orbit: the family's classes if they check out, else nauty/Traces
  bfs,        // BFS from every node, never symmetry (for fair speed comparisons)
  sample,     // BFS from `sample` random nodes: an estimate with a confidence interval
};

/// A method topostat --method can name: registered once, in distance_method.cpp; the tool's choices,
/// help and errors come from this list.
struct DistanceMethodEntry {
  DistanceMethod id;
  std::string name;
  std::string help;  // one line
};
const std::vector<DistanceMethodEntry>& distance_methods();
/// UsageError listing the names when there is no such method.
DistanceMethod parse_distance_method(const std::string& name);

struct DistanceMethodOptions {
  DistanceMethod method = DistanceMethod::automatic;
  std::uint64_t sample = 0;                 // sources for DistanceMethod::sample
  std::uint64_t seed = 1;                   // for sampling and for checking class hints
  unsigned hint_samples = 4;                // members checked per class of a family hint
  unsigned hint_max_classes = 64;           // classes checked
  std::uint64_t auto_orbits_above = 20000;  // automatic: compute orbits with nauty/Traces above this many nodes
  DistanceOptions bfs;
};

/// An estimate from a sample of sources, with 95% confidence intervals over sources.
struct DistanceEstimate {
  std::uint64_t sources = 0;
  double mean_distinct = 0, mean_distinct_ci95 = 0;  // half-width
  double mean_all = 0, mean_all_ci95 = 0;
  std::uint32_t diameter_lower_bound = 0;
};

struct DistanceResult {
  DistanceStats stats;           // exact unless `estimate` is set
  std::string method;            // "bfs", "orbits", "sample"
  std::optional<Orbits> orbits;  // the classes used (method "orbits"), with where they came from
  std::string symmetry_source;   // "family (checked on N nodes)", "traces", "nauty"
  std::string hint_rejected;     // why the family's classes were not used, when they were offered
  /// Known when the classes are exact orbits (Traces/nauty), when there is one class, or when two
  /// classes have different sums of distances (then no automorphism maps one onto the other).
  std::optional<bool> vertex_transitive;
  std::optional<DistanceEstimate> estimate;
};

DistanceResult compute_distances(const Graph& g, const DistanceMethodOptions& opt);

}  // namespace topo::metrics
