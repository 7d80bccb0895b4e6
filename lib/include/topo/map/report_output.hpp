#pragma once
// The presentation of a MappingReport: JSON, the commented text header, and one CSV row.
#include <iosfwd>
#include <nlohmann/json_fwd.hpp>

#include "topo/map/report.hpp"

namespace topo::map {

/// The report as JSON, with the mapping.
nlohmann::json report_json(const MappingReport& r);
/// The report as '#' comment lines (the mapping itself is written by write_mapping).
void write_report_text(std::ostream& out, const MappingReport& r);
/// A header and one row (empty fields for figures a run does not have), so that runs can be appended to one table.
void write_report_csv(std::ostream& out, const MappingReport& r);

}  // namespace topo::map
