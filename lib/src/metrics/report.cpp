#include "topo/metrics/report.hpp"

#include <fmt/format.h>

#include "topo/errors.hpp"
#include "topo/gen/description.hpp"
#include "topo/gen/registry.hpp"
#include "topo/metrics/figures.hpp"
#include "topo/metrics/report_output.hpp"

namespace topo::metrics {

namespace {

nlohmann::json opt_json(const std::optional<std::uint32_t>& x) {
  return x ? nlohmann::json(*x) : nlohmann::json();
}

}  // namespace

nlohmann::json family_formulas(const Graph& g) {
  const gen::Family* f = gen::family_of(g);
  if (!f) return nlohmann::json::object();
  try {
    return f->describe(gen::normalize_params(*f, g.meta.parameters)).formulas;
  } catch (const InputError&) {
    return nlohmann::json::object();
  }
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
  if (s.self_loops) j["self_loop_count"] = s.self_loop_count;
  j["degree"] = {{"min", s.degree_min}, {"max", s.degree_max}, {"mean", s.degree_mean}};
  if (s.directed) j["in_degree"] = {{"min", s.in_degree_min}, {"max", s.in_degree_max}};
  if (s.self_loops && !s.directed)
    j["ports"] = {{"min", s.port_min}, {"max", s.port_max}, {"convention", "a self-loop: two in the degree, one port"}};
  j["regular"] = s.regular;
  j["connected"] = s.connected;
  if (s.directed) {
    j["strong_components"] = s.strong_components;
    j["weak_components"] = s.components;
  } else {
    j["components"] = s.components;
  }
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

  const Figures f = derive(g, r, o);
  if (f.indirect)
    j["endpoints"] = {{"count", r.endpoints.size()},
                      {"degree_max", r.endpoint_degree_max},
                      {"carry",
                       "traffic flows between endpoints only: distances, u, Δ0, T, R and subscription "
                       "are over endpoint pairs"}};
  nlohmann::json bis = nlohmann::json::object();
  for (const auto& b : bisection_bounds())
    if (const auto& x = f.bisection.*b.figure) bis[b.name] = {{"links", x->links}, {"method", x->method}};
  if (!bis.empty()) j["bisection"] = bis;

  const auto& c = f.costs;
  nlohmann::json costs = nlohmann::json::object();
  if (c.network_cost) costs["network_cost"] = {{"value", *c.network_cost}, {"formula", "degree × diameter"}};
  if (c.cr_w)
    costs["cr_w"] = {{"value", *c.cr_w}, {"weights", o.cr_weights}, {"formula", "(w1·degree + w2·diameter)/log2 N"}};
  if (c.cr_w_formula_diameter)
    costs["cr_w_formula_diameter"] = {{"value", *c.cr_w_formula_diameter}, {"diameter", r.formulas["diameter"]}};
  if (r.loads && c.kbar_over_u) {
    const auto& L = *r.loads;
    j["link_utilization"] = {{"routing", routing_name(L.routing)},
                             {"u", L.u},
                             {"mean_arc_load", L.mean},
                             {"max_arc_load", L.max},
                             {"physical_arcs", L.physical_arcs},
                             {"formula", "u = mean arc load / max arc load, uniform all-to-all traffic"}};
    if (L.orbits) j["link_utilization"]["orbits"] = L.orbits;
    if (L.routing == Routing::family) {
      j["link_utilization"]["algorithm"] = L.algorithm;
      j["link_utilization"]["mean_hops"] = L.mean_hops;
    }
  }
  if (c.routed_kbar) costs["kbar"] = {{"value", *c.routed_kbar}, {"from", c.routed_kbar_from}};
  if (c.kbar_over_u) costs["kbar_over_u"] = *c.kbar_over_u;
  if (c.balanced) {
    costs["terminals_per_router"] = {{"value", c.balanced->terminals_per_router.value},
                                     {"formula", f.indirect ? "Δ0 = (endpoints − 1)/max arc load" : "Δ0 = Δ·u/k̄"}};
    costs["radix"] = {{"value", c.balanced->radix.value}, {"formula", "R = Δ + Δ0"}};
    costs["terminals"] = {{"value", c.balanced->terminals.value},
                          {"formula", f.indirect ? "T = endpoints·Δ0" : "T = N·Δ0"}};
  }
  if (c.given) {
    auto count = [](const Count& x) {
      return x.whole() ? nlohmann::json(std::int64_t(x.value)) : nlohmann::json(x.value);
    };
    costs["given"] = {{"terminals_per_router", count(c.given->terminals_per_router)},
                      {"terminals", count(c.given->terminals)},
                      {"radix", count(c.given->radix)},
                      {"formula", "T = N·Δ0, R = Δ + Δ0 for the given Δ0"}};
  }
  if (c.subscription)
    costs["subscription"] = {{"terminals_per_router", *o.terminals_per_router},
                             {"value", *c.subscription},
                             {"formula", f.indirect ? "given Δ0 / balanced Δ0" : "Δ0·k̄/(Δ·u)"}};
  if (c.cost_per_node)
    costs["cost_per_node"] = {
        {"value", *c.cost_per_node}, {"prices", o.prices}, {"formula", "c_i + c_t·k̄/u + c_r·(1 + k̄/u)/R"}};
  if (!costs.empty()) j["costs"] = costs;

  nlohmann::json bounds = nlohmann::json::object();
  if (f.bounds.moore)
    bounds["moore"] = {
        {"value", *f.bounds.moore}, {"ratio", *f.bounds.moore_ratio}, {"formula", "(Δ(Δ−1)^D − 2)/(Δ − 2)"}};
  if (f.bounds.moore_mean_distance)
    bounds["moore_mean_distance"] = {{"value", *f.bounds.moore_mean_distance}, {"ratio", *f.bounds.moore_kbar_ratio}};
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
