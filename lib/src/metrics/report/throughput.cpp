// Throughput (topostat --throughput): θ under uniform traffic over any routing (the exact LP, or Garg–Könemann's
// certified bounds), θ under the link loads' routing and 1/u beside it, and TUB for the worst-case permutation.
#include <cmath>

#include "section.hpp"

namespace topo::metrics::report {

namespace {

constexpr const char* units =
    "fraction of each terminal's injection bandwidth 1; a link carries its multiplicity "
    "in each direction";

/// Terminals per router: whole numbers without decimals.
std::string per_router(double x) {
  return x == std::floor(x) ? fmt::format("{}", std::int64_t(x)) : fmt::format("{:.4f}", x);
}

/// θ of the link loads' routing: every router pair's demand per_pair·θ over the most loaded arc's capacity.
std::optional<double> routed_theta(const View& v) {
  if (!v.r.loads || !v.r.throughput || !(v.r.loads->max > 0)) return std::nullopt;
  return 1 / (v.r.throughput->per_pair * v.r.loads->max);
}

std::string routing_text(const LinkLoads& L) {
  return L.routing == Routing::family ? "family routing: " + L.algorithm
                                      : std::string(routing_name(L.routing)) + " routing";
}

void json(const View& v, nlohmann::json& j) {
  if (!v.r.throughput) return;
  const auto& t = *v.r.throughput;
  const auto& b = t.uniform;
  auto& o = j["throughput"] = {{"units", units},
                               {"terminals", t.terminals},
                               {"terminals_per_router", t.terminals_per_router},
                               {"routers_with_terminals", t.routers},
                               {"arc_capacity", t.capacity}};
  auto& u = o["uniform"] = {{"method", t.method}, {"exact", b.exact}, {"lower", b.lower}, {"upper", b.upper}};
  if (b.exact) {
    u["theta"] = b.lower;
    u["lp_variables"] = b.columns;
    u["lp_constraints"] = b.rows;
  } else {
    u["epsilon"] = b.epsilon;
    u["phases"] = b.phases;
    u["shortest_path_trees"] = b.shortest_path_trees;
  }
  if (const auto routed = routed_theta(v)) {
    o["routed"] = {{"routing", routing_name(v.r.loads->routing)}, {"theta", *routed}, {"inverse_u", 1 / v.r.loads->u}};
    if (v.r.loads->routing == Routing::family) o["routed"]["algorithm"] = v.r.loads->algorithm;
  }
  if (t.permutation)
    o["worst_case_permutation"] = {{"tub", t.permutation->tub},
                                   {"max_distance_sum", t.permutation->max_distance_sum},
                                   {"formula", "TUB = arc capacity / (terminals per router · max assignment Σ dist)"}};
  else
    o["worst_case_permutation"] = {{"skipped", t.permutation_skipped}};
}

void text(const View& v, TextTable& t) {
  if (!v.r.throughput) return;
  const auto& h = *v.r.throughput;
  const auto& b = h.uniform;
  t.heading("Throughput (any routing)");
  t.row("units", fmt::format("θ is a {}", units));
  t.row("terminals", fmt::format("{} ({} per router with terminals, {} routers)", h.terminals,
                                 per_router(h.terminals_per_router), h.routers));
  if (b.exact) {
    t.row("uniform θ by", fmt::format("LP, GLPK simplex: {} variables, {} constraints (exact)", b.columns, b.rows));
    t.row("uniform θ", fmt::format("{:.6f}", b.lower));
  } else {
    t.row("uniform θ by", fmt::format("Garg–Könemann, ε = {}: {} phases, {} shortest-path trees (certified bounds)",
                                      b.epsilon, b.phases, b.shortest_path_trees));
    t.row("uniform θ", fmt::format("between {:.6f} and {:.6f}  (a feasible flow; a dual bound)", b.lower, b.upper));
  }
  if (const auto routed = routed_theta(v))
    t.row("uniform θ, routed",
          fmt::format("{:.6f}  ({}; 1/u = {:.4f})", *routed, routing_text(*v.r.loads), 1 / v.r.loads->u));
  if (h.permutation)
    t.row(
        "permutation θ at most",
        fmt::format("{:.6f}  (worst-case permutation: arc capacity {} / ({} per router · {} hops))", h.permutation->tub,
                    h.capacity, per_router(h.terminals_per_router), h.permutation->max_distance_sum));
  else
    t.row("permutation θ at most", "not computed: " + h.permutation_skipped);
}

void csv(const View& v, CsvRows& t) {
  if (!v.r.throughput) return;
  const auto& h = *v.r.throughput;
  const auto& b = h.uniform;
  t.num("throughput", "terminals", h.terminals);
  t.num("throughput", "terminals_per_router", h.terminals_per_router);
  t.num("throughput", "routers_with_terminals", h.routers);
  t.num("throughput", "arc_capacity", h.capacity, "multiplicity per direction");
  t.row("throughput", "uniform_method", h.method, b.exact ? "exact" : fmt::format("epsilon {}", b.epsilon));
  if (b.exact) {
    t.num("throughput", "uniform_theta", b.lower, units);
    t.num("throughput", "lp_variables", b.columns);
    t.num("throughput", "lp_constraints", b.rows);
  } else {
    t.num("throughput", "uniform_theta_lower", b.lower, "a feasible flow");
    t.num("throughput", "uniform_theta_upper", b.upper, "a dual bound");
    t.num("throughput", "phases", b.phases);
    t.num("throughput", "shortest_path_trees", b.shortest_path_trees);
  }
  if (const auto routed = routed_theta(v)) {
    t.num("throughput", "routed_theta", *routed, routing_text(*v.r.loads));
    t.num("throughput", "inverse_u", 1 / v.r.loads->u);
  }
  if (h.permutation) {
    t.num("throughput", "permutation_tub", h.permutation->tub, "worst-case permutation: an upper bound");
    t.num("throughput", "permutation_max_distance_sum", h.permutation->max_distance_sum, "hops");
  } else {
    t.row("throughput", "permutation_tub", "none", h.permutation_skipped);
  }
}

}  // namespace

Section section_throughput() {
  return {"throughput", json, text, csv};
}

}  // namespace topo::metrics::report
