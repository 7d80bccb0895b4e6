// Throughput: the traffic, the choice between the exact LP and Garg–Könemann, and TUB beside them.
#include "topo/metrics/throughput.hpp"

#include <fmt/format.h>

#include <cmath>
#include <numeric>

#include "topo/errors.hpp"

namespace topo::metrics {

const std::vector<Choice<ThroughputMethod>>& throughput_methods() {
  static const std::vector<Choice<ThroughputMethod>> list = {
      {ThroughputMethod::automatic, "auto", "the exact LP when it fits (symmetry counted), else Garg–Könemann"},
      {ThroughputMethod::lp, "lp", "the exact LP (column generation, GLPK's simplex)"},
      {ThroughputMethod::approximation, "approximation", "Garg–Könemann's certified bounds within a factor 1 − ε"},
  };
  return list;
}

ThroughputMethod parse_throughput_method(const std::string& name) {
  return find_named(throughput_methods(), name, "throughput method").id;
}

double UniformTraffic::per_pair() const {
  return terminals_per_router * terminals_per_router / (terminals() - 1);
}

double arc_capacity_sum(const Graph& g) {
  double sum = 0;
  for (std::uint64_t a = 0; a < g.num_arcs(); ++a)
    if (g.arc_tail(a) != g.arc_head(a)) sum += g.multiplicity(g.arc_link(a));
  return sum;
}

UniformTraffic uniform_traffic(const Graph& g, const ThroughputOptions& o) {
  UniformTraffic t;
  t.endpoints = o.endpoints;
  if (t.endpoints.empty()) {
    t.endpoints.resize(g.num_nodes());
    std::iota(t.endpoints.begin(), t.endpoints.end(), node_id{0});
  }
  t.terminals_per_router = o.terminals_per_router;
  return t;
}

double throughput_lp_sources(bool directed, double senders) {
  return directed ? senders : senders / 2;
}

ThroughputSenders throughput_senders(const Graph& g, const ThroughputOptions& o) {
  if (!o.traffic) {
    const double routers = o.endpoints.empty() ? double(g.num_nodes()) : double(o.endpoints.size());
    return {routers, throughput_lp_sources(g.directed(), routers)};
  }
  GivenThroughput figures;
  const RouterDemand d = normalised_demand(g, *o.traffic, o.endpoints, o.terminals_per_router, figures);
  const double routers = double(d.sources.size());
  return {routers, !g.directed() && d.symmetric() ? routers / 2 : routers};
}

bool throughput_lp_fits(const ThroughputOptions& o, double lp_sources, double arcs) {
  return lp_sources * arcs <= o.lp_max_source_arcs;
}

bool throughput_uses_lp(const ThroughputOptions& o, double lp_sources, double arcs) {
  return o.method == ThroughputMethod::lp ||
         (o.method == ThroughputMethod::automatic && throughput_lp_fits(o, lp_sources, arcs));
}

Throughput throughput(const Graph& g, const ThroughputOptions& o) {
  if (!(o.epsilon > 0 && o.epsilon < 1))
    throw UsageError(fmt::format("throughput: epsilon must be in (0, 1), got {}", o.epsilon));
  if (!(o.terminals_per_router > 0))
    throw UsageError(fmt::format("throughput: terminals per router must be positive, got {}", o.terminals_per_router));
  const UniformTraffic t = uniform_traffic(g, o);
  if (!o.traffic && t.terminals() < 2 - 1e-9)
    throw InputError(
        fmt::format("throughput: the graph has {} terminals; uniform traffic needs two or more", t.terminals()));
  if (!o.traffic && t.endpoints.size() < 2)
    throw InputError("throughput: one router has every terminal, so uniform traffic crosses no link");
  Throughput r;
  r.terminals_per_router = t.terminals_per_router;
  r.terminals = std::uint64_t(std::floor(t.terminals() + 1e-9));
  r.routers = t.endpoints.size();
  r.capacity = arc_capacity_sum(g);
  r.per_pair = t.per_pair();
  // The exact LP when it fits (after symmetry, for uniform traffic), else Garg–Könemann's bounds.
  const double arcs = double(g.num_arcs());
  auto solve = [&](const RouterDemand& d, bool uniform) {
    if (uniform && throughput_uses_lp(o, 1, arcs)) {
      const ThroughputSymmetry sym = throughput_symmetry(g, d.sources);
      if (throughput_uses_lp(o, sym.lp_sources(), arcs)) return throughput_lp(g, d, sym, o.threads);
    } else {  // a given traffic or the longest matching: the reversal when the demand is symmetric
      const ThroughputSymmetry sym = !g.directed() && d.symmetric() ? ThroughputSymmetry::reversal(g, d.sources)
                                                                    : ThroughputSymmetry::none(g, d.sources);
      if (throughput_uses_lp(o, sym.lp_sources(), arcs)) return throughput_lp(g, d, sym, o.threads);
    }
    return throughput_garg_konemann(g, d, o.epsilon, o.threads);
  };
  if (o.traffic) {
    GivenThroughput given;
    const RouterDemand d = normalised_demand(g, *o.traffic, o.endpoints, t.terminals_per_router, given);
    given.theta = solve(d, false);
    r.method = given.theta.exact ? "lp" : "garg-konemann";
    r.given = std::move(given);
  } else {
    r.uniform = solve(RouterDemand::of(t), true);
    r.method = r.uniform->exact ? "lp" : "garg-konemann";
  }
  if (t.endpoints.size() > o.permutation_max_routers)
    r.permutation_skipped = fmt::format("{} routers with terminals: the assignment is O(n³), run up to {}",
                                        t.endpoints.size(), o.permutation_max_routers);
  else
    r.permutation = permutation_bound(g, t);
  if (r.permutation && r.permutation->max_distance_sum > 0)
    r.permutation->longest_matching = solve(longest_matching_demand(t, *r.permutation), false);
  return r;
}

std::uint64_t throughput_memory(std::uint64_t nodes, std::uint64_t arcs, std::uint64_t routers, bool lp) {
  const double n = double(nodes), a = double(arcs), k = double(routers);
  // The LP: GLPK's rows (a capacity per arc, one per router pair), a few path columns per row of about ten
  // entries each, and the factorization of a sparse basis: 2 KB per row (random regular 100/8: 10,700 rows, the
  // whole process's peak 29 MB).
  const double lp_bytes = lp ? 2048 * (a + k * (k - 1)) : 0;
  // Garg–Könemann: capacity, length and flow per arc, a tree and the remaining demand per node and thread.
  const double approx_bytes = lp ? 0 : 24 * a + 64 * n * 4;
  // TUB: the distance matrix of the routers with terminals.
  const double tub = 8 * k * k;
  const double total = lp_bytes + approx_bytes + tub;
  return total >= 1.8e19 ? ~std::uint64_t{0} : std::uint64_t(total);
}

}  // namespace topo::metrics
