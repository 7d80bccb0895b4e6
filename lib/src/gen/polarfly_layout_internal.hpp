#pragma once
// PolarFly's modular layout (Lakhotia et al., SC 2022, "modular layout"), as the authors' reference code lays ER_q out
// (IntelLabs/PolarFly, topologies/topogen/BrownExtGenerator.py, layout_odd_q and layout_even_q).
#include <cstdint>
#include <vector>

#include "topo/graph.hpp"

namespace topo::gen {

/// The cluster of every node of ER_q (a demipn graph of that q):
///   - q odd: cluster 0 holds the q + 1 quadrics (absolute points, degree q), no two of them adjacent. The q
///     neighbours of the first quadric are the centres of clusters 1..q (in id order); cluster i is its centre and
///     the centre's q − 1 neighbours that are not quadrics: q routers each.
///   - q even: the q + 1 quadrics lie on one line, the polar of the vertex adjacent to all of them, which is
///     cluster 0 alone. Cluster i = 1..q + 1 is the i-th quadric (in id order), its centre, and its q − 1
///     neighbours other than that vertex: q routers each.
/// Either way a centre is adjacent to every other router of its cluster.
std::vector<std::uint32_t> polarfly_clusters(const Graph& er, std::uint64_t q);

/// The same graph with a fourth coordinate after the point's (x0, x1, x2): its cluster.
Graph with_polarfly_clusters(const Graph& er, std::uint64_t q);

}  // namespace topo::gen
