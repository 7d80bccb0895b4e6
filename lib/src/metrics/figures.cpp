#include "topo/metrics/figures.hpp"

#include <fmt/format.h>

#include <cmath>
#include <nlohmann/json.hpp>

#include "topo/metrics/bounds.hpp"

namespace topo::metrics {

bool Count::whole() const {
  return value == std::floor(value) && std::abs(value) < 9e15;
}

// One line per bisection figure, in the order of every format.
const std::vector<BisectionBound>& bisection_bounds() {
  static const std::vector<BisectionBound> list = {
      {"upper_bound", "≤", &BisectionFigures::upper_bound},
      {"coordinate_cut", "≤", &BisectionFigures::coordinate_cut},
      {"lower_bound", "≥", &BisectionFigures::lower_bound},
      {"structural", "=", &BisectionFigures::structural},
      {"exact", "=", &BisectionFigures::exact},
  };
  return list;
}

bool BisectionFigures::empty() const {
  for (const auto& b : bisection_bounds())
    if (this->*b.figure) return false;
  return true;
}

Figures derive(const Graph& g, const Report& r, const CostInputs& o) {
  (void)g;
  const auto& s = r.summary;
  const auto& dr = r.distances;
  const auto& d = dr.stats;
  Figures f;
  // An indirect network: the traffic and the terminal figures are over its endpoints.
  f.indirect = !r.endpoints.empty();
  f.degree_max = f.indirect ? r.endpoint_degree_max : s.degree_max;
  const auto delta = f.degree_max;
  const std::uint64_t traffic_nodes = f.indirect ? r.endpoints.size() : s.nodes;

  auto& bis = f.bisection;
  if (r.bisection)
    bis.upper_bound = {r.bisection->cut, fmt::format("metis, best of {} runs, rebalanced", r.bisection->runs)};
  if (r.components_split_evenly) {
    bis.exact = {0, "whole components on each side: the graph is disconnected"};
  } else if (!s.connected && s.nodes > 1 && (r.loads || r.bisection)) {
    // The flow bound assumes every pair exchanges traffic; with unreachable pairs it does not hold.
    bis.lower_bound = {s.components == 1 ? 1u : 0u,
                       s.components == 1 ? "the underlying graph is connected (no flow bound: some pairs are "
                                           "unreachable)"
                                         : "trivial (no flow bound: some pairs are unreachable)"};
  } else if (r.loads && !f.indirect) {
    bis.lower_bound = {bisection_flow_lower_bound(s.nodes, r.loads->max),
                       fmt::format("flow: N²/4 units over max arc load ({} routing)", routing_name(r.loads->routing))};
  }
  if (r.structural_bisection) bis.structural = {std::uint64_t(*r.structural_bisection), "family formula"};
  if (r.coordinate_cut)
    bis.coordinate_cut = {r.coordinate_cut->cut,
                          fmt::format("straight cut across coordinate {} (an upper bound)", r.coordinate_cut->axis)};

  auto& c = f.costs;
  if (d.diameter && !dr.estimate && !f.indirect) {
    c.network_cost = delta * *d.diameter;
    if (s.nodes > 1) {
      const auto& w = o.cr_weights;
      c.cr_w = cr_w(w[0], w[1], double(delta), *d.diameter, s.nodes);
      if (r.formulas->contains("diameter") && r.formulas->at("diameter").is_number())
        c.cr_w_formula_diameter = cr_w(w[0], w[1], double(delta), r.formulas->at("diameter").get<double>(), s.nodes);
    }
  }
  // k̄ of the costs: graph distances, or the routes' mean length under the family's routing.
  const bool routed = r.loads && r.loads->routing == Routing::family;
  const double kbar = routed ? r.loads->mean_hops : d.mean_distinct;
  if (r.loads && kbar > 0) {
    const auto& L = *r.loads;
    if (routed) {
      c.routed_kbar = kbar;
      c.routed_kbar_from = fmt::format("mean route length under {} routing", L.algorithm);
    }
    const auto t = f.indirect ? endpoint_terminal_figures(traffic_nodes, delta, kbar, L.u, L.max)
                              : terminal_figures(s.nodes, delta, kbar, L.u);
    c.kbar_over_u = t.kbar_over_u;
    c.balanced = TerminalCounts{{t.delta0}, {t.terminals}, {t.radix}};
    if (o.terminals_per_router) {
      const double d0 = *o.terminals_per_router;
      c.subscription = f.indirect ? d0 / t.delta0 : subscription(d0, delta, kbar, L.u);
    }
    if (o.prices.size() == 3) {
      const double radix = double(delta) + (o.terminals_per_router ? *o.terminals_per_router : t.delta0);
      c.cost_per_node = cost_per_node(o.prices[0], o.prices[1], o.prices[2], kbar, L.u, radix);
    }
  }
  if (o.terminals_per_router) {
    const double d0 = *o.terminals_per_router;
    c.given = TerminalCounts{{d0}, {double(traffic_nodes) * d0}, {double(delta) + d0}};
  }

  auto& b = f.bounds;
  if (d.diameter && !dr.estimate && delta > 0 && !f.indirect) {
    b.moore = moore_bound(delta, *d.diameter);
    b.moore_ratio = double(s.nodes) / *b.moore;
  }
  if (delta > 0 && s.nodes > 1 && d.unreachable_pairs == 0 && !f.indirect) {
    b.moore_mean_distance = moore_mean_distance_bound(s.nodes, delta);
    b.moore_kbar_ratio = d.mean_distinct / *b.moore_mean_distance;
  }
  return f;
}

}  // namespace topo::metrics
