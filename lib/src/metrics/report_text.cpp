// The text report: figures grouped under headings, each with how it was found, then the distance
// distribution. Rendered from the same typed figures as the JSON.
#include <fmt/format.h>
#include <fmt/ostream.h>

#include <ostream>

#include "topo/metrics/figures.hpp"
#include "topo/metrics/report_output.hpp"

namespace topo::metrics {

namespace {

std::string yes_no(bool b) {
  return b ? "yes" : "no";
}

std::string plural(std::uint64_t n, std::string_view what, std::string_view many) {
  return fmt::format("{} {}", n, n == 1 ? what : many);
}

/// A count that may be fractional: whole numbers without decimals.
std::string count(const Count& c) {
  return c.whole() ? fmt::format("{}", std::int64_t(c.value)) : fmt::format("{:.4f}", c.value);
}

/// A formula value from the family's JSON: integers as they are, numbers with 4 decimals.
std::string formula_value(const nlohmann::json& x) {
  if (x.is_null()) return "infinite";
  if (x.is_number_float()) return fmt::format("{:.4f}", x.get<double>());
  return x.dump();
}

class Table {
 public:
  explicit Table(std::ostream& out) : out_(out) {}
  /// A heading, after a blank line unless it opens the report.
  void heading(std::string_view name) { line(fmt::format("{}{}", started_ ? "\n" : "", name)); }
  /// A figure: its name in a column of 24, or followed by one space when longer.
  void row(std::string_view name, const std::string& value) {
    line(fmt::format("  {:<24}{}{}", name, name.size() >= 24 ? " " : "", value));
  }
  void line(const std::string& text) {
    fmt::print(out_, "{}\n", text);
    started_ = true;
  }

 private:
  std::ostream& out_;
  bool started_ = false;
};

}  // namespace

void write_report_text(std::ostream& out, const Graph& g, const Report& r, const CostInputs& inputs) {
  const Figures f = derive(g, r, inputs);
  const auto& s = r.summary;
  const auto& dr = r.distances;
  const auto& d = dr.stats;
  Table t(out);
  if (!g.meta.family.empty()) t.line(fmt::format("{:<26}{} {}", "graph", g.meta.family, g.meta.parameters->dump()));

  t.heading("Size and degree");
  t.row("nodes", fmt::format("{}", s.nodes));
  t.row("links", fmt::format("{}", s.links));
  if (s.link_records != s.links) t.row("distinct links", fmt::format("{}", s.link_records));
  t.row("directed", yes_no(s.directed) + (s.multigraph ? " (multigraph)" : ""));
  t.row(s.directed ? "out-degree" : "degree",
        fmt::format("min {}, max {}, mean {:.4f}", s.degree_min, s.degree_max, s.degree_mean));
  if (s.self_loops && !s.directed)
    t.row("ports", fmt::format("min {}, max {}  ({}, each counts twice in the degree and once as a port)", s.port_min,
                               s.port_max, plural(s.self_loop_count, "self-loop", "self-loops")));
  if (s.directed) t.row("in-degree", fmt::format("min {}, max {}", s.in_degree_min, s.in_degree_max));
  t.row("regular", yes_no(s.regular));

  t.heading("Connectivity and symmetry");
  if (s.directed) {
    t.row("strongly connected",
          fmt::format("{} ({})", yes_no(s.connected),
                      plural(s.strong_components, "strongly connected component", "strongly connected components")));
    t.row("weakly connected",
          fmt::format("{} ({})", yes_no(s.components == 1),
                      plural(s.components, "weakly connected component", "weakly connected components")));
  } else {
    t.row("connected", fmt::format("{} ({})", yes_no(s.connected), plural(s.components, "component", "components")));
  }
  t.row("bipartite", yes_no(s.bipartite));
  if (dr.orbits) {
    const auto classes = dr.orbits->representative.size();
    t.row("vertex-transitive",
          fmt::format("{} ({}, {})", dr.vertex_transitive ? yes_no(*dr.vertex_transitive) : "unknown",
                      plural(classes, "class", "classes"), dr.symmetry_source));
  }
  if (!dr.hint_rejected.empty()) t.row("symmetry hint", "rejected: " + dr.hint_rejected);

  t.heading("Distances");
  if (f.indirect)
    t.row("traffic between", fmt::format("{} endpoints of {} nodes (max endpoint degree {}); the figures below are "
                                         "over endpoint pairs",
                                         r.endpoints.size(), s.nodes, r.endpoint_degree_max));
  const auto& method = dr.method;
  t.row("distances by", method == "orbits" ? "BFS from one node per class (exact)"
                        : method == "sample"
                            ? fmt::format("BFS from {} random nodes (an estimate)", dr.estimate->sources)
                        : method == "endpoints" ? std::string("BFS from every endpoint (exact)")
                                                : std::string("BFS from every node (exact)"));
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

  if (!f.bisection.empty()) {
    t.heading("Bisection width");
    for (const auto& b : bisection_bounds())
      if (const auto& x = f.bisection.*b.figure)
        t.row(fmt::format("bisection {}", b.relation), fmt::format("{}  ({})", x->links, x->method));
  }

  const auto& c = f.costs;
  if (r.loads && c.kbar_over_u) {
    const auto& L = *r.loads;
    t.heading("Link utilisation and terminals (uniform traffic)");
    const std::string routing = L.routing == Routing::family ? "family routing: " + L.algorithm
                                                             : std::string(routing_name(L.routing)) + " routing";
    const std::string from = L.orbits ? ", from " + plural(L.orbits, "orbit", "orbits") : "";
    t.row("link utilisation u",
          fmt::format("{:.6f}  ({}{}; mean arc load {:.4f}, max {:.4f})", L.u, routing, from, L.mean, L.max));
    if (c.routed_kbar) t.row("kbar (routed)", fmt::format("{:.4f}  ({})", *c.routed_kbar, c.routed_kbar_from));
    t.row("kbar/u", fmt::format("{:.4f}  (kbar: {})", *c.kbar_over_u,
                                c.routed_kbar ? "mean route length" : "mean over distinct pairs"));
    if (c.balanced)
      t.row("balanced D0", fmt::format("{:.4f}  (terminals per router that saturate the links: {})",
                                       c.balanced->terminals_per_router.value,
                                       f.indirect ? "(endpoints - 1)/max arc load" : "degree·u/kbar"));
  } else if (c.given) {
    t.heading("Terminals");
  }
  if (c.given) {
    t.row("given D0", count(c.given->terminals_per_router) + "  (--terminals-per-router)");
    t.row("radix R", count(c.given->radix) + fmt::format("  (degree + D0, degree {})", f.degree_max));
    t.row("terminals T", count(c.given->terminals) + (f.indirect ? "  (endpoints·D0)" : "  (N·D0)"));
  }
  if (c.subscription)
    t.row("subscription",
          fmt::format("{:.4f}  (D0 = {}; 1 = balanced)", *c.subscription, count(c.given->terminals_per_router)));
  if (c.cost_per_node) t.row("cost per node", fmt::format("{:.4f}", *c.cost_per_node));

  if (c.network_cost || f.bounds.moore || f.bounds.moore_mean_distance) {
    t.heading("Cost and degree-diameter bounds");
    if (c.network_cost) t.row("network cost", fmt::format("{}  (degree × diameter)", *c.network_cost));
    if (c.cr_w) t.row("CR_w", fmt::format("{:.4f}  ((w1·degree + w2·diameter)/log2 N)", *c.cr_w));
    if (c.cr_w_formula_diameter)
      t.row("CR_w (formula diameter)",
            fmt::format("{:.4f}  (diameter {})", *c.cr_w_formula_diameter, formula_value(r.formulas["diameter"])));
    if (f.bounds.moore)
      t.row("Moore bound", fmt::format("{:.6g}  (N / bound = {:.4f})", *f.bounds.moore, *f.bounds.moore_ratio));
    if (f.bounds.moore_mean_distance)
      t.row("Moore bound on kbar",
            fmt::format("{:.4f}  (kbar / bound = {:.4f})", *f.bounds.moore_mean_distance, *f.bounds.moore_kbar_ratio));
  }
  if (!r.formulas.empty()) {
    t.heading("Family formulas");
    for (const auto& [k, v] : r.formulas.items()) t.row(k, formula_value(v));
  }
  if (!r.lengths.empty()) {
    t.heading("Link lengths");
    for (const auto& l : r.lengths)
      t.row(fmt::format("length {}", l.name),
            fmt::format("mean {:.4f}, max {:.4f}, total {:.4f} ({} links)", l.mean, l.max, l.total, l.links));
  }
  fmt::print(out, "\nkbar, u, D0, CR_w and the Moore ratio are defined in topostat(1), DESCRIPTION.\n");

  fmt::print(out, "\n");
  write_histogram_text(out, r);
}

void write_histogram_text(std::ostream& out, const Report& r) {
  const auto& d = r.distances.stats;
  const auto& h = d.histogram;
  const double total = double(d.pairs_all + d.unreachable_pairs);
  fmt::print(out, "{:>8}  {:>16}  {:>9}{}\n", "distance", "ordered pairs", "fraction",
             r.distances.method == "sample" ? "   (pairs from the sampled sources)" : "");
  for (std::size_t k = 0; k < h.size(); ++k)
    fmt::print(out, "{:>8}  {:>16}  {:>9.6f}\n", k, h[k], double(h[k]) / total);
  if (d.unreachable_pairs)
    fmt::print(out, "{:>8}  {:>16}  {:>9.6f}\n", "inf", d.unreachable_pairs, double(d.unreachable_pairs) / total);
}

}  // namespace topo::metrics
