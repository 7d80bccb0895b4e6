#pragma once
// `topomap --demand -`: the demand matrix from standard input.
#include "topo/map/problem.hpp"

namespace topo::cli {

/// Reads a demand from standard input, in the format its first lines show: Matrix Market
/// ("%%MatrixMarket"), Harwell-Boeing (a type such as RSA on line 3) or an edge list. Errors name "<stdin>".
map::Demand read_demand_stdin(map::Weights wt);

}  // namespace topo::cli
