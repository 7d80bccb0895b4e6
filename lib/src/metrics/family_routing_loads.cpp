// Link loads under the family's own routing (topostat --routing family): every ordered pair of endpoints
// sends one unit along the path the family's routing algorithm (as toporoute's --algo builds it) gives.
#include "family_routing_loads.hpp"

#include <fmt/format.h>
#include <omp.h>

#include <algorithm>
#include <atomic>
#include <numeric>

#include "exact_sum.hpp"
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
                               const std::function<void(double)>& progress, parallel::Ranks& ranks) {
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
  // Parts of at least 16 sources (at most 4096 parts) that depend on nothing but the sources, added exactly
  // (exact_sum.hpp): the loads do not depend on the number of threads or processes. Each rank routes its share.
  const std::size_t parts = std::clamp<std::size_t>(ends.size() / 16, 1, 4096);
  const auto share_of_rank = parallel::split_by_cost(std::vector<double>(parts, 1.0), ranks.size());
  const std::size_t mine_lo = share_of_rank[std::size_t(ranks.rank())],
                    mine_hi = share_of_rank[std::size_t(ranks.rank()) + 1];
  ExactSum sum(arcs);
  std::uint64_t hops = 0, pairs = 0;
  std::string failure;
  std::atomic<unsigned> finished{0};
#pragma omp parallel num_threads(threads > 0 ? threads : omp_get_max_threads()) reduction(+ : hops, pairs)
  {
    std::vector<double> part;
#pragma omp for schedule(dynamic, 1)
    for (std::size_t q = mine_lo; q < mine_hi; ++q) {
      const std::size_t lo = ends.size() * q / parts, hi = ends.size() * (q + 1) / parts;
      part.assign(arcs, 0.0);
      try {
        for (std::size_t i = lo; i < hi; ++i) {
          route::Rng rng(i + 1);  // the family routings are deterministic; the seed only fixes any tie-break
          for (node_id t : ends) {
            if (t == ends[i]) continue;
            const auto path = router->route(ends[i], t, rng);
            for (const auto a : path.arcs) part[a] += share[a];
            hops += path.arcs.size();
            ++pairs;
          }
        }
#pragma omp critical(topo_family_loads)
        sum.add(part);
      } catch (const Error& e) {
#pragma omp critical(topo_family_loads)
        if (failure.empty()) failure = e.what();
      }
      const auto f = ++finished;
      if (progress && omp_get_thread_num() == 0) progress(double(f) / double(mine_hi - mine_lo));
    }
  }
  if (!failure.empty()) throw InputError(fmt::format("--routing family ({}): {}", name, failure));
  LinkLoads out;
  out.routing = Routing::family;
  out.algorithm = name;
  out.arc_load = sum.total(ranks);
  std::uint64_t all_hops = hops, all_pairs = pairs;
  if (ranks.size() > 1) {  // the ranks' route counts, added on rank 0 and sent to every rank
    std::string mine;
    parallel::pack<std::uint64_t>(mine, std::vector<std::uint64_t>{hops, pairs});
    const auto all = ranks.gather(mine);
    std::vector<std::uint64_t> counts{0, 0};
    for (const auto& bytes : all) {
      std::size_t at = 0;
      const auto c = parallel::unpack<std::uint64_t>(bytes, at);
      counts[0] += c[0];
      counts[1] += c[1];
    }
    std::string both;
    if (ranks.rank() == 0) parallel::pack<std::uint64_t>(both, counts);
    ranks.broadcast(both);
    std::size_t at = 0;
    counts = parallel::unpack<std::uint64_t>(both, at);
    all_hops = counts[0];
    all_pairs = counts[1];
  }
  out.mean_hops = all_pairs ? double(all_hops) / double(all_pairs) : 0;
  summarize_arc_loads(g, out);
  return out;
}

}  // namespace topo::metrics
