#pragma once
// The choices of a CLEX run named on the command line (registries: name, help, value), and the presentation
// of its results: JSON, a text table, and CSV, rendered from ClexResult and ClexAllToAllResult.
#include <cstdint>
#include <iosfwd>
#include <nlohmann/json_fwd.hpp>
#include <string>
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

/// The format a CLEX run is written in.
enum class ClexFormat { text, json, csv };
/// One run of a range of seeds, as a text that whichever rank ran it sends to the one that writes: its JSON
/// object (with its "seed"), its per-level rows after a seed column, or its text tables.
std::string clex_seed_run(ClexFormat format, const ClexOptions& o, const ClexResult& r);
/// The runs of seeds first, first + 1, ... (clex_seed_run's texts, in seed order) as one document. JSON: `head`
/// (the provenance, the seed range) with "runs", the array of the runs' objects; CSV: one header with a leading
/// seed column; text: each run's tables after a "seed S" line.
void write_clex_seed_runs(std::ostream& out, ClexFormat format, std::uint64_t first,
                          const std::vector<std::string>& runs, const nlohmann::json& head);

/// All-to-all by flooding trees as JSON, as a table for people, and as CSV (one row per kind of tree).
nlohmann::json clex_alltoall_json(const ClexAllToAllResult& r);
void write_clex_alltoall_text(std::ostream& out, const ClexAllToAllResult& r);
void write_clex_alltoall_csv(std::ostream& out, const ClexAllToAllResult& r);

}  // namespace topo::sim
