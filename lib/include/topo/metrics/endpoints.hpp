#pragma once
// Indirect networks: traffic flows only between the graph's endpoints (GraphMeta::endpoints, the routers
// that carry terminals or the terminals themselves), so distances and the terminal figures are taken
// over endpoint pairs (see topostat(1), INDIRECT NETWORKS).
#include <cstdint>
#include <span>

#include "topo/graph.hpp"
#include "topo/metrics/distance.hpp"

namespace topo::metrics {

/// Distances over ordered pairs of endpoints, one BFS from each endpoint through every node;
/// histogram[0] counts the endpoints, eccentricity is per endpoint over the other endpoints.
DistanceStats endpoint_distances(const Graph& g, std::span<const node_id> endpoints, const DistanceOptions& opt = {});

/// The largest degree among the endpoints (with multiplicity; out-degree when directed).
std::uint64_t endpoint_degree_max(const Graph& g, std::span<const node_id> endpoints);

}  // namespace topo::metrics
