#pragma once
// Pairs files (toporoute --pairs): one "SOURCE TARGET" line per route; '#' starts a comment.
#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include "topo/route/traffic.hpp"

namespace topo::route {

/// Reads the pairs of a graph with `nodes` nodes; ParseError naming the line of a malformed or
/// out-of-range pair.
std::vector<Pair> read_pairs(std::istream& in, const std::string& source, std::uint64_t nodes);

}  // namespace topo::route
