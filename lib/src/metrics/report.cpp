#include "topo/metrics/report.hpp"

#include <fmt/format.h>

#include "topo/errors.hpp"
#include "topo/gen/registry.hpp"
#include "topo/metrics/bounds.hpp"

namespace topo::metrics {

namespace {

nlohmann::json opt_json(const std::optional<std::uint32_t>& x) {
  return x ? nlohmann::json(*x) : nlohmann::json();
}

}  // namespace

nlohmann::json family_formulas(const Graph& g) {
  if (g.meta.family.empty()) return nlohmann::json::object();
  for (const auto& f : gen::families())
    if (f.name == g.meta.family) {
      try {
        return f.describe(gen::normalize_params(f, g.meta.parameters)).formulas;
      } catch (const InputError&) {
        return nlohmann::json::object();
      }
    }
  return nlohmann::json::object();
}

nlohmann::json report_json(const Graph& g, const Report& r, const CostInputs& o) {
  const auto& s = r.summary;
  const auto& d = r.distances.stats;
  nlohmann::json j;
  if (!g.meta.family.empty()) j["graph"] = {{"family", g.meta.family}, {"parameters", g.meta.parameters}};
  j["nodes"] = s.nodes;
  j["links"] = s.links;
  j["link_records"] = s.link_records;
  j["directed"] = s.directed;
  j["multigraph"] = s.multigraph;
  j["self_loops"] = s.self_loops;
  j["degree"] = {{"min", s.degree_min}, {"max", s.degree_max}, {"mean", s.degree_mean}};
  if (s.directed) j["in_degree"] = {{"min", s.in_degree_min}, {"max", s.in_degree_max}};
  j["regular"] = s.regular;
  j["connected"] = s.connected;
  j["components"] = s.components;
  j["bipartite"] = s.bipartite;
  const auto& dr = r.distances;
  j["distances"] = {
      {"method", dr.method},
      {"exact", !dr.estimate},
      {"histogram", d.histogram},
      {"diameter", dr.estimate ? nlohmann::json() : opt_json(d.diameter)},
      {"radius", dr.estimate ? nlohmann::json() : opt_json(d.radius)},
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
  if (dr.orbits) {
    j["symmetry"] = {
        {"source", dr.symmetry_source},
        {"classes", dr.orbits->representative.size()},
        {"vertex_transitive", dr.vertex_transitive ? nlohmann::json(*dr.vertex_transitive) : nlohmann::json()}};
    if (dr.orbits->method == "traces" || dr.orbits->method == "nauty")
      j["symmetry"]["group_order_log10"] = dr.orbits->group_size_log10;
  }
  if (!dr.hint_rejected.empty()) j["symmetry_hint_rejected"] = dr.hint_rejected;
  if (!r.formulas.empty()) j["formulas"] = r.formulas;

  const auto delta = s.degree_max;
  nlohmann::json bis = nlohmann::json::object();
  if (r.bisection)
    bis["upper_bound"] = {{"links", r.bisection->cut},
                          {"method", fmt::format("metis, best of {} runs, rebalanced", r.bisection->runs)}};
  if (r.loads) {
    const auto lb = bisection_flow_lower_bound(s.nodes, r.loads->max);
    bis["lower_bound"] = {
        {"links", lb},
        {"method", fmt::format("flow: N²/4 units over max arc load ({} routing)", routing_name(r.loads->routing))}};
  }
  if (r.structural_bisection) bis["structural"] = {{"links", *r.structural_bisection}, {"method", "family formula"}};
  if (r.coordinate_cut)
    bis["coordinate_cut"] = {
        {"links", r.coordinate_cut->cut},
        {"method", fmt::format("straight cut across coordinate {} (an upper bound)", r.coordinate_cut->axis)}};
  if (!bis.empty()) j["bisection"] = bis;

  nlohmann::json costs = nlohmann::json::object();
  if (d.diameter && !dr.estimate) {
    costs["network_cost"] = {{"value", delta * *d.diameter}, {"formula", "degree × diameter"}};
    if (s.nodes > 1) {
      const auto& w = o.cr_weights;
      costs["cr_w"] = {{"value", cr_w(w[0], w[1], double(delta), *d.diameter, s.nodes)},
                       {"weights", w},
                       {"formula", "(w1·degree + w2·diameter)/log2 N"}};
      if (r.formulas.contains("diameter") && r.formulas["diameter"].is_number())
        costs["cr_w_formula_diameter"] = {
            {"value", cr_w(w[0], w[1], double(delta), r.formulas["diameter"].get<double>(), s.nodes)},
            {"diameter", r.formulas["diameter"]}};
    }
  }
  if (r.loads && d.mean_distinct > 0) {
    const auto& L = *r.loads;
    const auto t = terminal_figures(s.nodes, delta, d.mean_distinct, L.u);
    j["link_utilization"] = {{"routing", routing_name(L.routing)},
                             {"u", L.u},
                             {"mean_arc_load", L.mean},
                             {"max_arc_load", L.max},
                             {"physical_arcs", L.physical_arcs},
                             {"formula", "u = mean arc load / max arc load, uniform all-to-all traffic"}};
    if (L.orbits) j["link_utilization"]["orbits"] = L.orbits;
    costs["kbar_over_u"] = t.kbar_over_u;
    costs["terminals_per_router"] = {{"value", t.delta0}, {"formula", "Δ0 = Δ·u/k̄"}};
    costs["radix"] = {{"value", t.radix}, {"formula", "R = Δ + Δ0"}};
    costs["terminals"] = {{"value", t.terminals}, {"formula", "T = N·Δ0"}};
    if (o.terminals_per_router) {
      const double d0 = *o.terminals_per_router;
      costs["subscription"] = {{"terminals_per_router", d0},
                               {"value", subscription(d0, delta, d.mean_distinct, L.u)},
                               {"formula", "Δ0·k̄/(Δ·u)"}};
    }
    if (o.prices.size() == 3) {
      const double radix = double(delta) + (o.terminals_per_router ? *o.terminals_per_router : t.delta0);
      costs["cost_per_node"] = {
          {"value", cost_per_node(o.prices[0], o.prices[1], o.prices[2], d.mean_distinct, L.u, radix)},
          {"prices", o.prices},
          {"formula", "c_i + c_t·k̄/u + c_r·(1 + k̄/u)/R"}};
    }
  }
  if (!costs.empty()) j["costs"] = costs;

  nlohmann::json bounds = nlohmann::json::object();
  if (d.diameter && !dr.estimate && delta > 0) {
    const double mb = moore_bound(delta, *d.diameter);
    bounds["moore"] = {{"value", mb}, {"ratio", double(s.nodes) / mb}, {"formula", "(Δ(Δ−1)^D − 2)/(Δ − 2)"}};
  }
  if (delta > 0 && s.nodes > 1 && d.unreachable_pairs == 0) {
    const double gm = moore_mean_distance_bound(s.nodes, delta);
    bounds["moore_mean_distance"] = {{"value", gm}, {"ratio", d.mean_distinct / gm}};
  }
  if (!bounds.empty()) j["bounds"] = bounds;

  if (!r.lengths.empty()) {
    nlohmann::json lens = nlohmann::json::array();
    for (const auto& l : r.lengths)
      lens.push_back({{"group", l.name}, {"links", l.links}, {"mean", l.mean}, {"max", l.max}, {"total", l.total}});
    j["link_lengths"] = lens;
  }
  return j;
}

}  // namespace topo::metrics
