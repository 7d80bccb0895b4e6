#pragma once
// The figures derived from a Report (bisection bounds, link utilisation, terminal and cost figures,
// Moore bounds), typed, each with the method or formula behind it. The JSON, text and CSV renderers
// (report.hpp) all read these, so the three outputs cannot disagree.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "topo/metrics/report.hpp"

namespace topo::metrics {

/// One bisection figure with how it was found.
struct BisectionFigure {
  std::uint64_t links = 0;
  std::string method;
};

struct BisectionFigures {
  std::optional<BisectionFigure> upper_bound;     // METIS, rebalanced
  std::optional<BisectionFigure> coordinate_cut;  // a straight cut (an upper bound)
  std::optional<BisectionFigure> lower_bound;     // flow bound, or the trivial one on a disconnected graph
  std::optional<BisectionFigure> structural;      // the family's formula
  std::optional<BisectionFigure> exact;           // 0: whole components on each side
  bool empty() const;
};

/// The bisection figures as every format lists them, in this order: the JSON key and CSV figure `name`, and the
/// relation the text shows ("bisection ≤").
struct BisectionBound {
  const char* name;
  const char* relation;
  std::optional<BisectionFigure> BisectionFigures::*figure;
};
const std::vector<BisectionBound>& bisection_bounds();

/// A count that is whole when its inputs are (T and R for a whole Δ0), else fractional.
struct Count {
  double value = 0;
  bool whole() const;
};

struct TerminalCounts {
  Count terminals_per_router, terminals, radix;  // Δ0, T, R
};

struct CostFigures {
  std::optional<std::uint64_t> network_cost;  // degree × diameter
  std::optional<double> cr_w;
  std::optional<double> cr_w_formula_diameter;  // CR_w with the family's diameter formula
  std::optional<double> routed_kbar;            // --routing family: the routes' mean length
  std::string routed_kbar_from;
  std::optional<double> kbar_over_u;
  std::optional<TerminalCounts> balanced;  // Δ0 that saturates the links, fractional
  std::optional<TerminalCounts> given;     // for --terminals-per-router
  std::optional<double> subscription;
  std::optional<double> cost_per_node;
};

struct BoundFigures {
  std::optional<double> moore, moore_ratio;                     // N / Moore bound
  std::optional<double> moore_mean_distance, moore_kbar_ratio;  // kbar / generalized Moore bound
};

struct Figures {
  bool indirect = false;         // traffic between endpoints only
  std::uint64_t degree_max = 0;  // Δ of the terminal figures (among the endpoints when indirect)
  BisectionFigures bisection;
  CostFigures costs;
  BoundFigures bounds;
};

/// The derived figures; `inputs` are the user's Δ0, prices and CR_w weights.
Figures derive(const Graph& g, const Report& r, const CostInputs& inputs);

}  // namespace topo::metrics
