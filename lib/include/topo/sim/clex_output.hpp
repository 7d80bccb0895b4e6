#pragma once
// The choices of a CLEX run named on the command line (registries: name, help, value), and the presentation
// of its results: JSON, a text table, and CSV, rendered from ClexResult and ClexAllToAllResult.
#include <iosfwd>
#include <nlohmann/json.hpp>
#include <string_view>
#include <vector>

#include "topo/registry.hpp"
#include "topo/sim/clex.hpp"

namespace topo::sim {

/// The values of the ClexOptions choices, as --traffic, --destinations, --copies, --copy-cap and --spread name them.
const std::vector<topo::Choice<ClexTraffic>>& clex_traffics();
const std::vector<topo::Choice<ClexWorkload>>& clex_workloads();
const std::vector<topo::Choice<ClexCopyRounding>>& clex_copy_roundings();
const std::vector<topo::Choice<ClexCopyCap>>& clex_copy_caps();
const std::vector<topo::Choice<ClexSpread>>& clex_spreads();

/// A run of A(L) as JSON: its size, options, per-level table, A(1) phases, torus comparison and memory.
nlohmann::json clex_json(const ClexOptions& o, const ClexResult& r);
/// The run for people: the per-level table (CLEX Tables I-IV), A(1)'s phases, the torus comparison, memory.
void write_clex_text(std::ostream& out, const ClexOptions& o, const ClexResult& r);
/// The CSV header of the per-level table (without a seed column).
std::string_view clex_csv_header();
/// The per-level table's rows, each after `prefix` ("S," for a seed column).
void write_clex_csv_rows(std::ostream& out, const ClexResult& r, std::string_view prefix = "");

/// All-to-all by flooding trees as JSON, as a table for people, and as CSV (one row per kind of tree).
nlohmann::json clex_alltoall_json(const ClexAllToAllResult& r);
void write_clex_alltoall_text(std::ostream& out, const ClexAllToAllResult& r);
void write_clex_alltoall_csv(std::ostream& out, const ClexAllToAllResult& r);

}  // namespace topo::sim
