#pragma once
// Everything topostat measures about one graph (doc/definitions.md §4), and its JSON form: the figures with the
// method behind each one. The tool decides what to measure and prints the result.
#include <cstdint>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <vector>

#include "topo/graph.hpp"
#include "topo/json_value.hpp"
#include "topo/metrics/bisection.hpp"
#include "topo/metrics/distance_method.hpp"
#include "topo/metrics/link_loads.hpp"
#include "topo/metrics/path_diversity.hpp"
#include "topo/metrics/physical.hpp"
#include "topo/metrics/summary.hpp"
#include "topo/metrics/throughput.hpp"

namespace topo::metrics {

struct Report {
  Summary summary;
  DistanceResult distances;
  std::optional<LinkLoads> loads;
  std::optional<BisectionUpper> bisection;
  std::optional<std::int64_t> structural_bisection;  // the family's formula
  std::optional<CoordinateCut> coordinate_cut;
  bool components_split_evenly = false;
  std::vector<node_id> endpoints;  // an indirect network's endpoints (distances are over their pairs)
  std::uint64_t endpoint_degree_max =
      0;  // Δ among the endpoints  // a balanced cut between whole components: bisection 0
  JsonValue formulas = JsonValue::object();  // the family's closed forms, if any
  std::vector<LengthGroup> lengths;
  std::optional<PathDiversity> paths;    // with MeasureOptions::paths
  std::optional<Throughput> throughput;  // with MeasureOptions::throughput
};

/// The user's figures the costs depend on.
struct CostInputs {
  std::vector<double> cr_weights{0.5, 0.5};    // w1, w2 of CR_w
  std::optional<double> terminals_per_router;  // Δ0 for the subscription figure
  std::vector<double> prices;                  // empty, or c_i, c_t, c_r for the cost per node
};

/// The closed forms the graph's family gives for these parameters ({} for an unknown family).
JsonValue family_formulas(const Graph& g);

}  // namespace topo::metrics
