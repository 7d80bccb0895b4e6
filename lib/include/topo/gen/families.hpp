#pragma once
// Builders for families whose graphs other modules construct directly (without the registry).
#include <cstdint>
#include <string>
#include <vector>

#include "topo/graph.hpp"

namespace topo::gen {

/// Torus (wrap = true) or mesh over mixed-radix dimensions; the first dimension varies fastest
/// in the node id. A torus dimension of size 2 is one link of multiplicity 2.
Graph make_grid(const std::vector<std::int64_t>& dims, bool wrap);
Graph make_hypercube(unsigned dim);
Graph make_complete(std::uint64_t n);
/// Complete multipartite graph with parts of the given sizes, numbered part by part; node coordinates are
/// [part, index in part] and every link has the class `link_class`.
Graph make_complete_multipartite(const std::vector<std::uint64_t>& parts, const std::string& link_class);
/// CLEX C(1/levels, levels) with clique size k (doc/definitions.md §3.4): node (v1,…,vL) has id v1 + v2·k + …
/// (v1 fastest). full: directed, k links per upper level; swap: undirected, one link of capacity k.
Graph make_clex(std::uint64_t k, unsigned levels, bool swap);

/// Exponents e of the powers ξ^e that form Slim Fly's X0 (doc/definitions.md §3.6); X1 = ξ·X0. Shared with slimfly
/// routing.
std::vector<std::uint64_t> slimfly_x0_exponents(std::uint64_t q);

}  // namespace topo::gen
