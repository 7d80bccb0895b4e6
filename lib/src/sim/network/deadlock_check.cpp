// The dependency check before a run: toporoute's channel dependency graph (Dally & Seitz) over
// channels (arc, VC class) instead of arcs, built from the routes the traffic can take.
#include <algorithm>
#include <bit>
#include <vector>

#include "route_cache_internal.hpp"
#include "sim_internal.hpp"
#include "topo/route/analysis.hpp"

namespace topo::sim {

std::vector<std::pair<std::uint64_t, std::uint32_t>> dependency_cycle(const Network& n, const SimRouting& r,
                                                                      const Destinations& d, const SimOptions& o,
                                                                      SimSetup& setup, RouteCache& known) {
  // The router pairs the traffic has; a random pattern on many routers is sampled.
  // Kept sorted and without repeats (the routes below are taken in this order).
  constexpr std::uint64_t all_pairs_up_to = 256, sample = 1 << 16;
  std::vector<std::pair<node_id, node_id>> pairs;
  bool random = false;
  for (std::uint64_t s = 0; s < n.terminals(); ++s) {
    const auto to = d.fixed(s);
    if (to.empty()) {
      random = true;
      break;
    }
    for (auto t : to) pairs.emplace_back(n.router_of(s), n.router_of(t));
  }
  Rng rng(o.seed ^ 0x5DEECE66Dull);
  setup.dependency_check_sampled = false;
  if (random) {
    // Packets go to the routers with terminals (an indirect network's endpoints); a source route starts at one
    // too, while a per-hop routing's escape route may start at any router the packet has reached.
    std::vector<node_id> ends, all(n.routers);
    for (node_id v = 0; v < n.routers; ++v) {
      all[v] = v;
      if (n.terms(v) > 0) ends.push_back(v);
    }
    const auto& from = r.source_routed() ? ends : all;
    pairs.clear();
    if (n.routers <= all_pairs_up_to) {
      for (auto s : from)
        for (auto t : ends) pairs.emplace_back(s, t);
    } else {
      setup.dependency_check_sampled = true;
      pairs.reserve(sample);
      for (std::uint64_t i = 0; i < sample; ++i)
        pairs.emplace_back(from[rng.below(from.size())], ends[rng.below(ends.size())]);
    }
  }
  const std::uint64_t R = n.routers;
  if (pairs.size() > 4096 && R * R <= (std::uint64_t{1} << 26)) {  // a bit per pair, read in order
    std::vector<std::uint64_t> seen((R * R + 63) / 64, 0);
    for (const auto& [s, t] : pairs) seen[(s * R + t) / 64] |= std::uint64_t{1} << ((s * R + t) % 64);
    pairs.clear();
    for (std::size_t w = 0; w < seen.size(); ++w)
      for (auto bits = seen[w]; bits; bits &= bits - 1) {
        const auto x = w * 64 + std::size_t(std::countr_zero(bits));
        pairs.emplace_back(node_id(x / R), node_id(x % R));
      }
  } else {
    if (!std::is_sorted(pairs.begin(), pairs.end())) std::sort(pairs.begin(), pairs.end());  // all pairs: sorted
    pairs.erase(std::unique(pairs.begin(), pairs.end()), pairs.end());
  }
  const std::uint64_t k = r.class_vcs.size();
  route::Rng route_rng(o.seed);
  route::DependencyGraph deps;
  CheckedRoutes paths;
  route::Path channels;
  std::uint64_t routes = 0;
  // Random routings (valiant, ugal, random ties) take several routes per pair; a routing that gives
  // the first pairs the same route twice is taken to be deterministic and routes each pair once.
  std::uint64_t repeats =
      std::clamp<std::uint64_t>((std::uint64_t{1} << 18) / std::max<std::size_t>(1, pairs.size()), 1, 16);
  {
    std::size_t probed = 0;
    bool same = true;
    for (auto it = pairs.begin(); it != pairs.end() && probed < 64 && same; ++it) {
      if (it->first == it->second) continue;
      paths.clear();
      r.check_paths(it->first, it->second, route_rng, paths);
      r.check_paths(it->first, it->second, route_rng, paths);
      const auto half = paths.size() / 2;
      for (std::size_t i = 0; i < half; ++i) same = same && paths[i].path.arcs == paths[half + i].path.arcs;
      ++probed;
    }
    if (same) repeats = 1;
  }
  // The routes that drew nothing are the engines' routes too, when the routing is pure and every pair
  // is here.
  known = RouteCache(r.pure() && !setup.dependency_check_sampled ? n.routers : 0);
  std::vector<std::uint64_t> packed;
  for (const auto& [s, t] : pairs) {
    if (s == t) continue;
    paths.clear();
    const route::Rng before = route_rng;
    for (std::uint64_t i = 0; i < repeats; ++i) r.check_paths(s, t, route_rng, paths);
    if (route_rng == before && known.keeps_routes()) {
      pack_route(paths[0], t, packed);
      known.store(s, t, packed);
    }
    for (const auto& x : paths) {
      channels.arcs.resize(x.path.hops());
      for (std::size_t h = 0; h < x.path.hops(); ++h) channels.arcs[h] = x.path.arcs[h] * k + x.classes[h];
      deps.add(channels);
      ++routes;
    }
  }
  setup.dependency_routes = routes;
  std::vector<std::pair<std::uint64_t, std::uint32_t>> cycle;
  for (auto c : deps.find_cycle()) cycle.emplace_back(c / k, std::uint32_t(c % k));
  return cycle;
}

}  // namespace topo::sim
