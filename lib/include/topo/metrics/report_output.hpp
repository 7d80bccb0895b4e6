#pragma once
// The presentation of a Report: JSON, a text table under headings, and CSV, all rendered from the
// same typed figures (figures.hpp).
#include <iosfwd>
#include <nlohmann/json_fwd.hpp>

#include "topo/metrics/report.hpp"

namespace topo::metrics {

/// The report as JSON: sizes, degrees, distances, symmetry, bisection bounds, link utilisation, costs,
/// Moore bounds and link lengths, each present only when it was measured.
nlohmann::json report_json(const Graph& g, const Report& r, const CostInputs& inputs);

/// The report for people: the figures grouped under headings, then the distance distribution.
void write_report_text(std::ostream& out, const Graph& g, const Report& r, const CostInputs& inputs);

/// The distance distribution as a table: distance, ordered pairs, fraction of all N² pairs.
void write_histogram_text(std::ostream& out, const Report& r);

/// The figures as CSV: a header "section,figure,value,note" and one row per figure (plain ASCII names).
void write_report_csv(std::ostream& out, const Graph& g, const Report& r, const CostInputs& inputs);

/// The distance distribution as CSV: "distance,ordered_pairs,fraction", unreachable pairs as "inf".
void write_histogram_csv(std::ostream& out, const Report& r);

}  // namespace topo::metrics
