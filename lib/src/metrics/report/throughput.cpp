// Throughput (topostat --throughput): θ under uniform traffic, or under a given traffic, over any routing (the
// exact LP, or Garg–Könemann's certified bounds), θ under the link loads' routing and 1/u beside the uniform θ, and
// for the worst-case permutation TUB above and the longest matching's θ below.
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
  if (!v.r.loads || !v.r.throughput || !v.r.throughput->uniform || !(v.r.loads->max > 0)) return std::nullopt;
  return 1 / (v.r.throughput->per_pair * v.r.loads->max);
}

std::string routing_text(const LinkLoads& L) {
  return L.routing == Routing::family ? "family routing: " + L.algorithm
                                      : std::string(routing_name(L.routing)) + " routing";
}

constexpr const char* normalisation =
    "scaled by one factor so that the busiest router's terminals send or receive 1 each at θ = 1";

nlohmann::json bounds_json(const ThroughputBounds& b) {
  nlohmann::json u = {
      {"method", b.exact ? "lp" : "garg-konemann"}, {"exact", b.exact}, {"lower", b.lower}, {"upper", b.upper}};
  if (b.exact) {
    u["theta"] = b.lower;
    u["lp_variables"] = b.columns;
    u["lp_constraints"] = b.rows;
    u["lp_rounds"] = b.phases;
    u["lp_source_routers"] = b.lp_sources;
    u["lp_arc_orbits"] = b.arc_classes;
    u["lp_unordered_pairs"] = b.unordered_pairs;
  } else {
    u["epsilon"] = b.epsilon;
    u["phases"] = b.phases;
    u["shortest_path_trees"] = b.shortest_path_trees;
  }
  return u;
}

/// "θ by" and "θ" rows of the text for one traffic.
void bounds_text(TextTable& t, const std::string& what, const ThroughputBounds& b) {
  if (b.exact) {
    std::string symmetry;
    if (b.arc_classes)
      symmetry = fmt::format("; {} (one per orbit), {}", plural(b.lp_sources, "source router", "source routers"),
                             plural(b.arc_classes, "arc orbit", "arc orbits"));
    else if (b.unordered_pairs)
      symmetry = "; a row per link and per unordered pair (each path stands for its reverse too)";
    t.row(what + " θ by",
          fmt::format("LP, GLPK simplex: {} in {}, {}{} (exact)", plural(b.columns - 1, "path", "paths"),
                      plural(b.phases, "round", "rounds"), plural(b.rows, "constraint", "constraints"), symmetry));
    t.row(what + " θ", fmt::format("{:.6f}", b.lower));
  } else {
    t.row(what + " θ by", fmt::format("Garg–Könemann, ε = {}: {} phases, {} shortest-path trees (certified bounds)",
                                      b.epsilon, b.phases, b.shortest_path_trees));
    t.row(what + " θ", fmt::format("between {:.6f} and {:.6f}  (a feasible flow; a dual bound)", b.lower, b.upper));
  }
}

/// CSV rows of one traffic: `prefix`theta (exact) or `prefix`theta_lower/upper with the method's figures.
void bounds_csv(CsvRows& t, const std::string& prefix, const ThroughputBounds& b) {
  if (b.exact) {
    t.num("throughput", prefix + "theta", b.lower, units);
    t.num("throughput", "lp_variables", b.columns);
    t.num("throughput", "lp_constraints", b.rows);
    t.num("throughput", "lp_rounds", b.phases);
    t.num("throughput", "lp_source_routers", b.lp_sources);
    t.num("throughput", "lp_arc_orbits", b.arc_classes);
    t.row("throughput", "lp_unordered_pairs", boolean(b.unordered_pairs));
  } else {
    t.num("throughput", prefix + "theta_lower", b.lower, "a feasible flow");
    t.num("throughput", prefix + "theta_upper", b.upper, "a dual bound");
    t.num("throughput", "phases", b.phases);
    t.num("throughput", "shortest_path_trees", b.shortest_path_trees);
  }
}

void json(const View& v, nlohmann::json& j) {
  if (!v.r.throughput) return;
  const auto& t = *v.r.throughput;
  auto& o = j["throughput"] = {{"units", units},
                               {"terminals", t.terminals},
                               {"terminals_per_router", t.terminals_per_router},
                               {"routers_with_terminals", t.routers},
                               {"arc_capacity", t.capacity}};
  if (t.uniform) o["uniform"] = bounds_json(*t.uniform);
  if (t.given) {
    auto& g = o["traffic"] = bounds_json(t.given->theta);
    g["name"] = t.given->name;
    g["router_pairs"] = t.given->pairs;
    g["busiest_router_sum"] = t.given->busiest;
    g["scale"] = t.given->scale;
    g["normalisation"] = normalisation;
  }
  if (const auto routed = routed_theta(v)) {
    o["routed"] = {{"routing", routing_name(v.r.loads->routing)}, {"theta", *routed}, {"inverse_u", 1 / v.r.loads->u}};
    if (v.r.loads->routing == Routing::family) o["routed"]["algorithm"] = v.r.loads->algorithm;
  }
  if (t.permutation) {
    o["worst_case_permutation"] = {{"tub", t.permutation->tub},
                                   {"max_distance_sum", t.permutation->max_distance_sum},
                                   {"formula", "TUB = arc capacity / (terminals per router · max assignment Σ dist)"}};
    if (t.permutation->longest_matching)
      o["worst_case_permutation"]["longest_matching"] = bounds_json(*t.permutation->longest_matching);
  } else
    o["worst_case_permutation"] = {{"skipped", t.permutation_skipped}};
}

void text(const View& v, TextTable& t) {
  if (!v.r.throughput) return;
  const auto& h = *v.r.throughput;
  t.heading("Throughput (any routing)");
  t.row("units", fmt::format("θ is a {}", units));
  t.row("terminals", fmt::format("{} ({} per router with terminals, {} routers)", h.terminals,
                                 per_router(h.terminals_per_router), h.routers));
  if (h.uniform) bounds_text(t, "uniform", *h.uniform);
  if (h.given) {
    t.row("traffic", fmt::format("{}: {} router pairs, the busiest router's sum {} scaled to {} per router",
                                 h.given->name, h.given->pairs, h.given->busiest, per_router(h.terminals_per_router)));
    bounds_text(t, "traffic", h.given->theta);
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
  if (h.permutation && h.permutation->longest_matching) {
    const auto& b = *h.permutation->longest_matching;
    if (b.exact)
      t.row("longest matching θ",
            fmt::format("{:.6f}  (the assignment's permutation; the worst case lies between)", b.lower));
    else
      t.row("longest matching θ",
            fmt::format("between {:.6f} and {:.6f}  (the assignment's permutation, Garg–Könemann)", b.lower, b.upper));
  }
}

void csv(const View& v, CsvRows& t) {
  if (!v.r.throughput) return;
  const auto& h = *v.r.throughput;
  t.num("throughput", "terminals", h.terminals);
  t.num("throughput", "terminals_per_router", h.terminals_per_router);
  t.num("throughput", "routers_with_terminals", h.routers);
  t.num("throughput", "arc_capacity", h.capacity, "multiplicity per direction");
  if (h.uniform) {
    const auto& b = *h.uniform;
    t.row("throughput", "uniform_method", h.method, b.exact ? "exact" : fmt::format("epsilon {}", b.epsilon));
    bounds_csv(t, "uniform_", b);
  }
  if (h.given) {
    const auto& b = h.given->theta;
    t.row("throughput", "traffic", h.given->name, normalisation);
    t.num("throughput", "traffic_router_pairs", h.given->pairs);
    t.num("throughput", "traffic_busiest_router_sum", h.given->busiest, "before normalisation");
    t.row("throughput", "traffic_method", h.method, b.exact ? "exact" : fmt::format("epsilon {}", b.epsilon));
    bounds_csv(t, "traffic_", b);
  }
  if (const auto routed = routed_theta(v)) {
    t.num("throughput", "routed_theta", *routed, routing_text(*v.r.loads));
    t.num("throughput", "inverse_u", 1 / v.r.loads->u);
  }
  if (h.permutation) {
    t.num("throughput", "permutation_tub", h.permutation->tub, "worst-case permutation: an upper bound");
    t.num("throughput", "permutation_max_distance_sum", h.permutation->max_distance_sum, "hops");
    if (const auto& b = h.permutation->longest_matching; b && b->exact) {
      t.num("throughput", "longest_matching_theta", b->lower, "the assignment's permutation: a lower bound");
    } else if (b) {
      t.num("throughput", "longest_matching_theta_lower", b->lower, "a feasible flow");
      t.num("throughput", "longest_matching_theta_upper", b->upper, "a dual bound");
    }
  } else {
    t.row("throughput", "permutation_tub", "none", h.permutation_skipped);
  }
}

}  // namespace

Section section_throughput() {
  return {"throughput", json, text, csv};
}

}  // namespace topo::metrics::report
