#pragma once
// The presentation of a RouteSummary: JSON, text for people and one CSV row, all from the same typed figures.
#include <iosfwd>
#include <nlohmann/json_fwd.hpp>

#include "topo/route/summary.hpp"

namespace topo::route {

/// The summary as JSON, with the graph's family, parameters and size.
nlohmann::json summary_json(const Graph& g, const RouteSummary& s);
/// The summary for people: algorithm, pairs, hops, stretch, loads with the heaviest arcs, hop histogram, deadlock.
void write_summary_text(std::ostream& out, const RouteSummary& s);
/// A header and one row, so that runs can be appended to one table.
void write_summary_csv(std::ostream& out, const RouteSummary& s);

}  // namespace topo::route
