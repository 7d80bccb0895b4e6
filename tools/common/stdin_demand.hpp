#pragma once
// `--demand -` (topomap, topostat): the demand matrix from standard input.
#include "topo/map/problem.hpp"

namespace topo::cli {

/// Reads a demand from standard input, in the format its first lines show (map::read_demand of a stream).
/// Errors name "<stdin>"; a terminal on standard input is a usage error.
map::Demand read_demand_stdin(map::Weights wt, std::uint64_t task_limit = map::max_tasks);

}  // namespace topo::cli
