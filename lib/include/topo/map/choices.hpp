#pragma once
// The choices of topomap named on the command line, as registries (topo/registry.hpp): how a demand entry
// weighs, how the supply matrix is held, and the format a mapping is written in.
#include <vector>

#include "topo/map/problem.hpp"
#include "topo/registry.hpp"

namespace topo::map {

/// How the supply (distance) matrix is held: dense when it fits --max-supply-mb, always dense, or BFS rows.
enum class SupplyMode { automatic, dense, rows };

const std::vector<topo::Choice<Weights>>& weight_choices();
const std::vector<topo::Choice<SupplyMode>>& supply_modes();
/// "viem" is another name of plain (VieM writes that format).
const std::vector<topo::Choice<MappingFormat>>& mapping_formats();

}  // namespace topo::map
