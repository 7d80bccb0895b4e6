#include "topo/metrics/measure.hpp"

#include <fmt/format.h>

#include <nlohmann/json.hpp>
#include <thread>

#include "topo/errors.hpp"
#include "topo/gen/registry.hpp"
#include "topo/metrics/endpoints.hpp"
#include "topo/metrics/path_diversity.hpp"
#include "topo/parallel/threads.hpp"
#include "topo/registry.hpp"

namespace topo::metrics {

namespace {

bool wanted(When w, bool automatic) {
  return w == When::yes || (w == When::automatic && automatic);
}

std::function<void(double)> stage(const MeasureOptions& o, std::string_view name) {
  return o.progress ? o.progress(name) : std::function<void(double)>{};
}

/// The throughput options on g (endpoints: the indirect network's, or empty for every node).
ThroughputOptions throughput_options(const Graph& g, const std::vector<node_id>& endpoints, const MeasureOptions& o) {
  ThroughputOptions to;
  to.method = o.throughput_method;
  to.epsilon = o.throughput_epsilon;
  to.threads = o.threads;
  to.endpoints = endpoints;
  to.terminals_per_router = o.throughput_terminals_per_router.value_or(gen::terminals_per_endpoint(g).value_or(1));
  if (o.throughput_traffic) to.traffic = o.throughput_traffic(g);
  return to;
}

}  // namespace

const std::vector<Choice<When>>& when_choices() {
  static const std::vector<Choice<When>> list = {
      {When::automatic, "auto", "when the graph is small enough"},
      {When::yes, "yes", "always"},
      {When::no, "no", "never"},
  };
  return list;
}

When parse_when(const std::string& name) {
  return find_named(when_choices(), name, "setting").id;
}

double load_work_per_thread_second(Kernel kernel) {
  // Measured on random regular graphs of 20000 nodes, degree 8 (bench/kernels.sh, bench/RESULTS.md), and
  // rounded down towards the slower graphs (long paths: a sweep's lanes spread over many levels).
  switch (resolve_kernel(kernel)) {
    case Kernel::avx512:
      return 5e8;
    case Kernel::avx2:
      return 4e8;
    default:
      return 2e8;
  }
}

Report measure(const Graph& g, const MeasureOptions& o) {
  Report r;
  r.summary = summarize(g);
  std::uint64_t arcs = 0;
  for (node_id v = 0; v < g.num_nodes(); ++v) arcs += g.out_neighbors(v).size();
  {
    DistanceMethodOptions dopt;
    dopt.method = o.method;
    if (o.sample && dopt.method == DistanceMethod::automatic) dopt.method = DistanceMethod::sample;
    dopt.sample = o.sample;
    dopt.seed = o.seed;
    dopt.bfs.threads = parallel::threads_for_distances(std::uint64_t{g.num_nodes()} * arcs, o.threads);
    dopt.bfs.kernel = o.kernel;
    dopt.bfs.ranks = o.ranks;
    dopt.bfs.progress = stage(o, "distances");
    if (g.meta.endpoints.empty()) {
      r.distances = compute_distances(g, dopt);
    } else {  // an indirect network: pairs of endpoints only, by BFS from each endpoint
      if (dopt.method == DistanceMethod::orbits || dopt.method == DistanceMethod::sample) {
        std::string name;
        for (const auto& m : distance_methods())
          if (m.id == dopt.method) name = m.name;
        throw UsageError(fmt::format(
            "method \"{}\" does not apply to an indirect network ({} endpoints): its distances are exact, by BFS "
            "from every endpoint (method auto or bfs)",
            name, g.meta.endpoints.size()));
      }
      r.endpoints = g.meta.endpoints;
      r.endpoint_degree_max = endpoint_degree_max(g, r.endpoints);
      r.distances.stats = endpoint_distances(g, r.endpoints, dopt.bfs);
      r.distances.method = "endpoints";
    }
  }
  // Link loads: on a large graph from one BFS per orbit when its automorphism group makes that pay
  // (the generators come with orbits from Traces/nauty), else from every node (or endpoint).
  std::optional<Orbits> computed;
  const Orbits* group = nullptr;
  if (double(g.num_nodes()) * double(arcs) > o.auto_loads_work && o.utilization != When::no && r.endpoints.empty() &&
      loads_by_symmetry_possible(g, o.routing)) {
    const auto& known = r.distances.orbits;
    group = known && !known->generators.empty() ? &*known : &computed.emplace(automorphism_orbits(g));
  }
  const bool by_orbits = group && group->representative.size() * 2 < g.num_nodes();
  const double sources = double(by_orbits             ? group->representative.size()
                                : r.endpoints.empty() ? g.num_nodes()
                                                      : r.endpoints.size());
  const double work = sources * double(arcs);
  if (wanted(o.utilization, work <= o.auto_loads_work) && g.num_nodes() > 1) {
    const int threads = parallel::threads_for(static_cast<std::uint64_t>(work), o.threads);
    const double seconds = work / (load_work_per_thread_second(o.kernel) * threads);
    if (o.notice && seconds > o.notice_seconds)
      o.notice(fmt::format("exact link loads: {} searches over {} arcs, about {:.0f} s on {} thread{}{}", sources, arcs,
                           seconds, threads, threads == 1 ? "" : "s",
                           o.utilization == When::automatic ? " (--utilization no skips them)" : ""));
    r.loads = by_orbits ? link_loads_by_symmetry(g, o.routing, group->generators, threads, o.ranks, o.kernel)
                        : link_loads(g, o.routing, threads, stage(o, "link loads"), r.endpoints, o.ranks, o.kernel);
  }
  if (o.paths) {
    PathDiversityOptions po;
    po.threads = o.threads;
    po.seed = o.seed;
    po.endpoints = r.endpoints;
    // The classes the distances came from: automorphisms keep σ's distribution per source as well.
    if (r.distances.method == "orbits") po.classes = &*r.distances.orbits;
    po.distance_histogram = &r.distances.stats.histogram;
    po.exact_connectivity_work = o.paths_exact_work;
    po.sampled_pairs = o.paths_sampled_pairs;
    po.ranks = o.ranks;
    po.kernel = o.kernel;
    if (o.notice) {
      const unsigned threads = o.threads > 0 ? unsigned(o.threads) : std::max(1u, std::thread::hardware_concurrency());
      const auto plan = plan_path_diversity(g, po);
      const double seconds = path_diversity_seconds(plan, threads);
      if (seconds > o.notice_seconds)
        o.notice(fmt::format(
            "path diversity: {} path-count searches and {} max flows{} over {} arcs, about {:.0f} s on {} thread{}",
            plan.sources, plan.max_flows,
            plan.settled_flows
                ? fmt::format(" ({} more if the edge connectivity is below the least degree)", plan.settled_flows)
                : "",
            plan.arcs, seconds, threads, threads == 1 ? "" : "s"));
    }
    r.paths = path_diversity(g, po);
  }
  if (o.throughput) {
    ThroughputOptions to = throughput_options(g, r.endpoints, o);
    const double senders = to.endpoints.empty() ? double(g.num_nodes()) : double(to.endpoints.size());
    to.threads = parallel::threads_for_throughput(std::uint64_t(senders) * g.num_arcs(), o.threads);
    if (o.notice && to.method == ThroughputMethod::lp) {
      const ThroughputSenders lp = throughput_senders(g, to);
      if (!throughput_lp_fits(to, lp.lp_sources, double(g.num_arcs())))
        o.notice(
            fmt::format("throughput: an LP over {} source routers and {} arcs, which can take many minutes "
                        "unless the network is symmetric (--throughput-method approximation is faster)",
                        lp.routers, g.num_arcs()));
    }
    r.throughput = throughput(g, to);
  }
  if (wanted(o.bisection, g.num_nodes() <= o.auto_bisection_nodes) && g.num_nodes() > 1) {
    r.bisection = bisection_upper_bound(g, 8, o.seed);
    r.coordinate_cut = coordinate_cut(g);
  }
  if (r.summary.components > 1) r.components_split_evenly = components_split_evenly(g);
  r.formulas = family_formulas(g);
  if (r.formulas->contains("bisection") && r.formulas->at("bisection").is_number_integer())
    r.structural_bisection = r.formulas->at("bisection").get<std::int64_t>();
  r.lengths = link_lengths(g);
  return r;
}

}  // namespace topo::metrics
