#pragma once
// What a topomap run found (a search) or scored (an evaluated mapping file), as typed figures;
// report_output.hpp renders them as text, JSON and CSV.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "topo/map/problem.hpp"

namespace topo::map {

struct SearchFigures {
  std::string method;
  std::uint64_t seed = 1;
  unsigned restarts = 1;
  unsigned best_restart = 0;
  std::uint64_t iterations = 0;  // summed over restarts
  double seconds = 0;
};

struct EvaluationFigures {
  std::string file;                   // the mapping file scored
  std::optional<double> stored_cost;  // the cost a QAPLIB .sln states
  bool matches_stored_cost = false;   // within 1e-9 relative
};

struct MappingReport {
  std::uint32_t tasks = 0, nodes = 0;
  std::optional<std::uint64_t> demand_pairs;  // a sparse demand's communicating pairs
  bool dense_demand = false;                  // QAPLIB's ordered-pair convention instead of unordered pairs
  std::string supply;                         // how the hop distances are held (supply_kind)
  std::optional<SearchFigures> search;
  std::optional<EvaluationFigures> evaluation;
  double cost = 0, identity_cost = 0;
  std::vector<std::uint32_t> mapping;  // node of each task

  /// cost / identity_cost; none when the identity costs nothing.
  std::optional<double> relative_to_identity() const;
};

/// How a supply matrix is held, in words: "dense uint8", "BFS rows on demand", ...
std::string supply_kind(const Supply& s);

/// The same figures of every kind of run, for a report: sizes, demand pairs and supply.
MappingReport report_for(const Demand& d, const Supply& s);

}  // namespace topo::map
