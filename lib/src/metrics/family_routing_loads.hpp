#pragma once
// Link loads under a family's own routing algorithm (topostat --routing family).
#include <functional>
#include <memory>
#include <span>
#include <string>

#include "topo/metrics/link_loads.hpp"
#include "topo/route/route.hpp"

namespace topo::metrics {

struct FamilyRouter {
  std::string name;  // toporoute's --algo name
  std::unique_ptr<route::Router> router;
};

/// The first of toporoute's algorithms that is made for this graph's family (one that refuses graphs
/// without family metadata and accepts this one); InputError when there is none.
FamilyRouter family_router(const Graph& g);

/// One unit between every ordered pair of endpoints (every node when `endpoints` is empty) along the
/// family router's path; LinkLoads::mean_hops is the mean path length. Identical for any number of threads
/// and of processes (`ranks` share the sources; every rank must make the call).
LinkLoads family_routing_loads(const Graph& g, std::span<const node_id> endpoints, int threads,
                               const std::function<void(double)>& progress, parallel::Ranks& ranks);

}  // namespace topo::metrics
