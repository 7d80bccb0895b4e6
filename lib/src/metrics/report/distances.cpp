// Distances: the method, diameter and radius, the mean distance over all and over distinct pairs (exact, or
// estimated with confidence intervals), unreachable pairs; for an indirect network, the endpoints they are over.
#include "section.hpp"

namespace topo::metrics::report {

namespace {

nlohmann::json optional_json(const std::optional<std::uint32_t>& x) {
  return x ? nlohmann::json(*x) : nlohmann::json();
}

std::string method_text(const DistanceResult& dr) {
  if (dr.method == "orbits") return "BFS from one node per class (exact)";
  if (dr.method == "sample") return fmt::format("BFS from {} random nodes (an estimate)", dr.estimate->sources);
  if (dr.method == "endpoints") return "BFS from every endpoint (exact)";
  return "BFS from every node (exact)";
}

void json(const View& v, nlohmann::json& j) {
  const auto& dr = v.r.distances;
  const auto& d = dr.stats;
  j["distances"] = {
      {"method", dr.method},
      {"exact", !dr.estimate},
      {"histogram", d.histogram},
      {"diameter", dr.estimate ? nlohmann::json() : optional_json(d.diameter)},
      {"radius", dr.estimate ? nlohmann::json() : optional_json(d.radius)},
      {"max_finite_distance", d.max_finite_distance},
      {"unreachable_pairs", d.unreachable_pairs},
      {"all_pairs", {{"pairs", d.pairs_all}, {"mean", d.mean_all}, {"std", d.std_all}}},
      {"distinct_pairs", {{"pairs", d.pairs_distinct}, {"mean", d.mean_distinct}, {"std", d.std_distinct}}},
  };
  if (dr.estimate) {
    const auto& e = *dr.estimate;
    j["distances"]["estimate"] = {
        {"sources", e.sources},   {"mean_distinct", e.mean_distinct}, {"mean_distinct_ci95", e.mean_distinct_ci95},
        {"mean_all", e.mean_all}, {"mean_all_ci95", e.mean_all_ci95}, {"diameter_lower_bound", e.diameter_lower_bound}};
  }
  if (v.f.indirect)
    j["endpoints"] = {{"count", v.r.endpoints.size()},
                      {"degree_max", v.r.endpoint_degree_max},
                      {"carry",
                       "traffic flows between endpoints only: distances, u, Δ0, T, R and subscription "
                       "are over endpoint pairs"}};
}

void text(const View& v, TextTable& t) {
  const auto& dr = v.r.distances;
  const auto& d = dr.stats;
  t.heading("Distances");
  if (v.f.indirect)
    t.row("traffic between", fmt::format("{} endpoints of {} nodes (max endpoint degree {}); the figures below are "
                                         "over endpoint pairs",
                                         v.r.endpoints.size(), v.r.summary.nodes, v.r.endpoint_degree_max));
  t.row("distances by", method_text(dr));
  if (dr.estimate) {
    const auto& e = *dr.estimate;
    t.row("diameter", fmt::format("at least {}", e.diameter_lower_bound));
    t.row("mean distance (est.)",
          fmt::format("{:.4f} ± {:.4f}  (95% CI; all ordered pairs, self included)", e.mean_all, e.mean_all_ci95));
    t.row("", fmt::format("{:.4f} ± {:.4f}  (95% CI; distinct pairs)", e.mean_distinct, e.mean_distinct_ci95));
  } else {
    t.row("diameter", d.diameter ? fmt::format("{}", *d.diameter) : "infinite");
    t.row("radius", d.radius ? fmt::format("{}", *d.radius) : "infinite");
    if (d.unreachable_pairs) t.row("largest finite dist.", fmt::format("{}", d.max_finite_distance));
    t.row("mean distance",
          fmt::format("{:.4f}  std {:.4f}  (all ordered pairs, self included)", d.mean_all, d.std_all));
    t.row("", fmt::format("{:.4f}  std {:.4f}  (distinct pairs: kbar)", d.mean_distinct, d.std_distinct));
  }
  t.row("unreachable pairs", fmt::format("{}", d.unreachable_pairs));
}

void csv(const View& v, CsvRows& t) {
  const auto& dr = v.r.distances;
  const auto& d = dr.stats;
  t.row("distances", "method", dr.method);
  if (v.f.indirect) {
    t.num("distances", "endpoints", v.r.endpoints.size(), "traffic between endpoints only");
    t.num("distances", "endpoint_degree_max", v.r.endpoint_degree_max);
  }
  if (dr.estimate) {
    const auto& e = *dr.estimate;
    t.num("distances", "sources", e.sources, "an estimate from random sources");
    t.num("distances", "diameter_lower_bound", e.diameter_lower_bound);
    t.num("distances", "mean_all", e.mean_all, fmt::format("95% CI half-width {}", e.mean_all_ci95));
    t.num("distances", "mean_distinct", e.mean_distinct, fmt::format("95% CI half-width {}", e.mean_distinct_ci95));
  } else {
    t.row("distances", "diameter", d.diameter ? fmt::format("{}", *d.diameter) : "inf");
    t.row("distances", "radius", d.radius ? fmt::format("{}", *d.radius) : "inf");
    t.num("distances", "max_finite_distance", d.max_finite_distance);
    t.num("distances", "mean_all", d.mean_all, "all ordered pairs, self included");
    t.num("distances", "std_all", d.std_all);
    t.num("distances", "mean_distinct", d.mean_distinct, "distinct pairs (kbar)");
    t.num("distances", "std_distinct", d.std_distinct);
  }
  t.num("distances", "unreachable_pairs", d.unreachable_pairs);
}

}  // namespace

Section section_distances() {
  return {"distances", json, text, csv};
}

}  // namespace topo::metrics::report
