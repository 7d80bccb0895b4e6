// The report as CSV (RFC 4180): one row per figure with plain ASCII names, and the distance histogram.
// Rendered from the same typed figures as the JSON and the text.
#include <fmt/format.h>
#include <fmt/ostream.h>

#include <ostream>

#include "topo/io/csv.hpp"
#include "topo/metrics/figures.hpp"
#include "topo/metrics/report_output.hpp"

namespace topo::metrics {

namespace {

class Rows {
 public:
  explicit Rows(std::ostream& out) : out_(out) { fmt::print(out_, "section,figure,value,note\n"); }
  void row(std::string_view section, std::string_view figure, const std::string& value, const std::string& note = "") {
    fmt::print(out_, "{},{},{},{}\n", section, figure, io::csv_field(value), io::csv_field(note));
  }
  template <class T>
  void num(std::string_view section, std::string_view figure, const T& value, const std::string& note = "") {
    row(section, figure, fmt::format("{}", value), note);
  }

 private:
  std::ostream& out_;
};

std::string boolean(bool b) {
  return b ? "true" : "false";
}

}  // namespace

void write_report_csv(std::ostream& out, const Graph& g, const Report& r, const CostInputs& inputs) {
  const Figures f = derive(g, r, inputs);
  const auto& s = r.summary;
  const auto& dr = r.distances;
  const auto& d = dr.stats;
  Rows t(out);
  if (!g.meta.family.empty()) {
    t.row("graph", "family", g.meta.family);
    t.row("graph", "parameters", g.meta.parameters->dump());
  }
  t.num("size", "nodes", s.nodes);
  t.num("size", "links", s.links, "multiplicity counted");
  t.num("size", "distinct_links", s.link_records);
  t.row("size", "directed", boolean(s.directed));
  t.row("size", "multigraph", boolean(s.multigraph));
  t.num("size", "degree_min", s.degree_min, s.directed ? "out-degree" : "");
  t.num("size", "degree_max", s.degree_max, s.directed ? "out-degree" : "");
  t.num("size", "degree_mean", s.degree_mean, s.directed ? "out-degree" : "");
  if (s.directed) {
    t.num("size", "in_degree_min", s.in_degree_min);
    t.num("size", "in_degree_max", s.in_degree_max);
  }
  if (s.self_loops) t.num("size", "self_loops", s.self_loop_count, "a loop counts twice in the degree, once as a port");
  if (s.self_loops && !s.directed) {
    t.num("size", "ports_min", s.port_min);
    t.num("size", "ports_max", s.port_max);
  }
  t.row("size", "regular", boolean(s.regular));
  t.row("connectivity", "connected", boolean(s.connected), s.directed ? "strongly" : "");
  if (s.directed) {
    t.num("connectivity", "strong_components", s.strong_components);
    t.num("connectivity", "weak_components", s.components);
  } else {
    t.num("connectivity", "components", s.components);
  }
  t.row("connectivity", "bipartite", boolean(s.bipartite));
  if (dr.orbits) {
    t.row("symmetry", "vertex_transitive", dr.vertex_transitive ? boolean(*dr.vertex_transitive) : "unknown",
          dr.symmetry_source);
    t.num("symmetry", "classes", dr.orbits->representative.size());
  }
  t.row("distances", "method", dr.method);
  if (f.indirect) {
    t.num("distances", "endpoints", r.endpoints.size(), "traffic between endpoints only");
    t.num("distances", "endpoint_degree_max", r.endpoint_degree_max);
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
  for (const auto& b : bisection_bounds())
    if (const auto& x = f.bisection.*b.figure) t.num("bisection", b.name, x->links, x->method);
  const auto& c = f.costs;
  if (r.loads && c.kbar_over_u) {
    const auto& L = *r.loads;
    const std::string routing =
        L.routing == Routing::family ? "family: " + L.algorithm : std::string(routing_name(L.routing));
    t.num("utilization", "u", L.u, routing + " routing");
    t.num("utilization", "mean_arc_load", L.mean);
    t.num("utilization", "max_arc_load", L.max);
    if (c.routed_kbar) t.num("utilization", "kbar_routed", *c.routed_kbar, c.routed_kbar_from);
    t.num("terminals", "kbar_over_u", *c.kbar_over_u);
  }
  if (c.balanced) {
    t.num("terminals", "balanced_terminals_per_router", c.balanced->terminals_per_router.value);
    t.num("terminals", "balanced_radix", c.balanced->radix.value);
    t.num("terminals", "balanced_terminals", c.balanced->terminals.value);
  }
  if (c.given) {
    auto count = [](const Count& x) {
      return x.whole() ? fmt::format("{}", std::int64_t(x.value)) : fmt::format("{}", x.value);
    };
    t.row("terminals", "given_terminals_per_router", count(c.given->terminals_per_router));
    t.row("terminals", "given_radix", count(c.given->radix));
    t.row("terminals", "given_terminals", count(c.given->terminals));
  }
  if (c.subscription) t.num("terminals", "subscription", *c.subscription);
  if (c.cost_per_node) t.num("costs", "cost_per_node", *c.cost_per_node);
  if (c.network_cost) t.num("costs", "network_cost", *c.network_cost, "degree x diameter");
  if (c.cr_w) t.num("costs", "cr_w", *c.cr_w, "(w1*degree + w2*diameter)/log2 N");
  if (c.cr_w_formula_diameter) t.num("costs", "cr_w_formula_diameter", *c.cr_w_formula_diameter);
  if (f.bounds.moore) {
    t.num("bounds", "moore", *f.bounds.moore);
    t.num("bounds", "moore_ratio", *f.bounds.moore_ratio, "N / Moore bound");
  }
  if (f.bounds.moore_mean_distance) {
    t.num("bounds", "moore_mean_distance", *f.bounds.moore_mean_distance);
    t.num("bounds", "moore_kbar_ratio", *f.bounds.moore_kbar_ratio, "kbar / bound");
  }
  for (const auto& [k, v] : r.formulas.items()) t.row("formulas", k, v.is_string() ? v.get<std::string>() : v.dump());
  for (const auto& l : r.lengths) {
    std::string name = l.name;  // "class torus", "level 2", "all"
    for (char& ch : name)
      if (ch == ' ' || ch == ',') ch = '_';
    t.num("lengths", name + "_mean", l.mean);
    t.num("lengths", name + "_max", l.max);
    t.num("lengths", name + "_total", l.total, fmt::format("{} links", l.links));
  }
}

void write_histogram_csv(std::ostream& out, const Report& r) {
  const auto& d = r.distances.stats;
  const double total = double(d.pairs_all + d.unreachable_pairs);
  fmt::print(out, "distance,ordered_pairs,fraction\n");
  for (std::size_t k = 0; k < d.histogram.size(); ++k)
    fmt::print(out, "{},{},{}\n", k, d.histogram[k], double(d.histogram[k]) / total);
  if (d.unreachable_pairs) fmt::print(out, "inf,{},{}\n", d.unreachable_pairs, double(d.unreachable_pairs) / total);
}

}  // namespace topo::metrics
