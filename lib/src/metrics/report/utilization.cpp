// Link utilisation u under uniform traffic and what it gives: k̄/u, the balanced Δ0, T and R, the figures for a
// given Δ0 (subscription), and the cost per node.
#include "section.hpp"

namespace topo::metrics::report {

namespace {

bool has_loads(const View& v) {
  return v.r.loads && v.f.costs.kbar_over_u;
}

void json(const View& v, nlohmann::json& j) {
  const auto& c = v.f.costs;
  const bool indirect = v.f.indirect;
  if (has_loads(v)) {
    const auto& L = *v.r.loads;
    auto& u = j["link_utilization"] = {{"routing", routing_name(L.routing)},
                                       {"u", L.u},
                                       {"mean_arc_load", L.mean},
                                       {"max_arc_load", L.max},
                                       {"physical_arcs", L.physical_arcs},
                                       {"formula", "u = mean arc load / max arc load, uniform all-to-all traffic"}};
    if (L.orbits) u["orbits"] = L.orbits;
    if (L.routing == Routing::family) {
      u["algorithm"] = L.algorithm;
      u["mean_hops"] = L.mean_hops;
    }
  }
  if (c.routed_kbar) j["costs"]["kbar"] = {{"value", *c.routed_kbar}, {"from", c.routed_kbar_from}};
  if (c.kbar_over_u) j["costs"]["kbar_over_u"] = *c.kbar_over_u;
  if (c.balanced) {
    auto& costs = j["costs"];
    costs["terminals_per_router"] = {{"value", c.balanced->terminals_per_router.value},
                                     {"formula", indirect ? "Δ0 = (endpoints − 1)/max arc load" : "Δ0 = Δ·u/k̄"}};
    costs["radix"] = {{"value", c.balanced->radix.value}, {"formula", "R = Δ + Δ0"}};
    costs["terminals"] = {{"value", c.balanced->terminals.value},
                          {"formula", indirect ? "T = endpoints·Δ0" : "T = N·Δ0"}};
  }
  if (c.given) {
    auto count = [](const Count& x) {
      return x.whole() ? nlohmann::json(std::int64_t(x.value)) : nlohmann::json(x.value);
    };
    j["costs"]["given"] = {{"terminals_per_router", count(c.given->terminals_per_router)},
                           {"terminals", count(c.given->terminals)},
                           {"radix", count(c.given->radix)},
                           {"formula", "T = N·Δ0, R = Δ + Δ0 for the given Δ0"}};
  }
  if (c.subscription)
    j["costs"]["subscription"] = {{"terminals_per_router", *v.inputs.terminals_per_router},
                                  {"value", *c.subscription},
                                  {"formula", indirect ? "given Δ0 / balanced Δ0" : "Δ0·k̄/(Δ·u)"}};
  if (c.cost_per_node)
    j["costs"]["cost_per_node"] = {
        {"value", *c.cost_per_node}, {"prices", v.inputs.prices}, {"formula", "c_i + c_t·k̄/u + c_r·(1 + k̄/u)/R"}};
}

void text(const View& v, TextTable& t) {
  const auto& c = v.f.costs;
  // A count that may be fractional: whole numbers without decimals.
  auto count = [](const Count& x) {
    return x.whole() ? fmt::format("{}", std::int64_t(x.value)) : fmt::format("{:.4f}", x.value);
  };
  if (has_loads(v)) {
    const auto& L = *v.r.loads;
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
                                       v.f.indirect ? "(endpoints - 1)/max arc load" : "degree·u/kbar"));
  } else if (c.given) {
    t.heading("Terminals");
  }
  if (c.given) {
    t.row("given D0", count(c.given->terminals_per_router) + "  (--terminals-per-router)");
    t.row("radix R", count(c.given->radix) + fmt::format("  (degree + D0, degree {})", v.f.degree_max));
    t.row("terminals T", count(c.given->terminals) + (v.f.indirect ? "  (endpoints·D0)" : "  (N·D0)"));
  }
  if (c.subscription)
    t.row("subscription",
          fmt::format("{:.4f}  (D0 = {}; 1 = balanced)", *c.subscription, count(c.given->terminals_per_router)));
  if (c.cost_per_node) t.row("cost per node", fmt::format("{:.4f}", *c.cost_per_node));
}

void csv(const View& v, CsvRows& t) {
  const auto& c = v.f.costs;
  if (has_loads(v)) {
    const auto& L = *v.r.loads;
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
}

}  // namespace

Section section_utilization() {
  return {"utilization", json, text, csv};
}

}  // namespace topo::metrics::report
