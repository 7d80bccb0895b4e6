// Link loads under the family's own routing (topostat --routing family): every ordered pair of endpoints
// sends one unit along the path the family's routing algorithm (as toporoute's --algo builds it) gives.
#include "family_routing_loads.hpp"

#include <fmt/format.h>
#include <omp.h>

#include <atomic>
#include <numeric>

#include "topo/errors.hpp"
#include "topo/route/route.hpp"

namespace topo::metrics {

FamilyRouter family_router(const Graph& g) {
  // The family's own routing: the first registered algorithm made for its structure or grid.
  for (const auto& a : route::algorithms())
    if (a.needs != route::Algorithm::Needs::any_graph && route::fits(g, a)) {
      route::RouterOptions o;
      o.algo = a.name;
      return {a.name, route::make_router(g, o)};
    }
  throw InputError(
      fmt::format("--routing family: no routing algorithm of toporoute is made for {} (use split, ecmp or single)",
                  g.meta.family.empty() ? std::string("a graph without family metadata") : "family " + g.meta.family));
}

LinkLoads family_routing_loads(const Graph& g, std::span<const node_id> endpoints, int threads,
                               const std::function<void(double)>& progress) {
  auto chosen = family_router(g);
  const auto& name = chosen.name;
  const route::Router* router = chosen.router.get();
  std::vector<node_id> ends(endpoints.begin(), endpoints.end());
  if (ends.empty()) {
    ends.resize(g.num_nodes());
    std::iota(ends.begin(), ends.end(), node_id{0});
  }
  // A link of multiplicity m is m arcs sharing its load: per arc, 1/m of a unit per route.
  std::vector<double> share;
  for (node_id v = 0; v < g.num_nodes(); ++v)
    for (link_id l : g.out_links(v)) share.push_back(1.0 / g.multiplicity(l));
  const std::uint64_t arcs = share.size();
  // 8 partial sums over fixed ranges of sources, added in order: the result does not depend on threads.
  constexpr std::size_t parts = 8;
  std::vector<std::vector<double>> partial(parts);
  std::vector<std::uint64_t> hops(parts, 0), pairs(parts, 0);
  std::vector<std::string> failure(parts);
  std::atomic<unsigned> finished{0};
#pragma omp parallel for num_threads(threads > 0 ? threads : omp_get_max_threads()) schedule(dynamic, 1)
  for (std::size_t q = 0; q < parts; ++q) {
    const std::size_t lo = ends.size() * q / parts, hi = ends.size() * (q + 1) / parts;
    partial[q].assign(arcs, 0.0);
    route::Rng rng(q + 1);  // the family routings are deterministic; the seed only fixes any tie-break
    try {
      for (std::size_t i = lo; i < hi; ++i)
        for (node_id t : ends) {
          if (t == ends[i]) continue;
          const auto path = router->route(ends[i], t, rng);
          for (const auto a : path.arcs) partial[q][a] += share[a];
          hops[q] += path.arcs.size();
          ++pairs[q];
        }
    } catch (const Error& e) {
      failure[q] = e.what();
    }
    const auto f = ++finished;
    if (progress && omp_get_thread_num() == 0) progress(double(f) / parts);
  }
  for (const auto& f : failure)
    if (!f.empty()) throw InputError(fmt::format("--routing family ({}): {}", name, f));
  LinkLoads out;
  out.routing = Routing::family;
  out.algorithm = name;
  out.arc_load.assign(arcs, 0.0);
  for (const auto& part : partial)
    for (std::uint64_t a = 0; a < arcs; ++a) out.arc_load[a] += part[a];
  std::uint64_t all_hops = 0, all_pairs = 0;
  for (std::size_t q = 0; q < parts; ++q) {
    all_hops += hops[q];
    all_pairs += pairs[q];
  }
  out.mean_hops = all_pairs ? double(all_hops) / double(all_pairs) : 0;
  summarize_arc_loads(g, out);
  return out;
}

}  // namespace topo::metrics
