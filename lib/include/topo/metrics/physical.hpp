#pragma once
// Physical link lengths from node positions (doc/definitions.md §4, physical).
#include <cstdint>
#include <string>
#include <vector>

#include "topo/graph.hpp"

namespace topo::metrics {

struct LengthGroup {
  std::string name;         // "class torus", "level 2", or "all"
  std::uint64_t links = 0;  // counting multiplicity
  double mean = 0, max = 0;
  double total = 0;  // cable length, multiplicity counted
};

/// Euclidean link lengths grouped by class and by level, plus all links; empty without positions.
std::vector<LengthGroup> link_lengths(const Graph& g);

}  // namespace topo::metrics
