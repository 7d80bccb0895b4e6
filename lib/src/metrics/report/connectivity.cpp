// Connectivity and symmetry: components, bipartiteness, and the automorphism classes distances were computed from.
#include "section.hpp"

namespace topo::metrics::report {

namespace {

void json(const View& v, nlohmann::json& j) {
  const auto& s = v.r.summary;
  const auto& dr = v.r.distances;
  j["connected"] = s.connected;
  if (s.directed) {
    j["strong_components"] = s.strong_components;
    j["weak_components"] = s.components;
  } else {
    j["components"] = s.components;
  }
  j["bipartite"] = s.bipartite;
  if (dr.orbits) {
    j["symmetry"] = {
        {"source", dr.symmetry_source},
        {"classes", dr.orbits->representative.size()},
        {"vertex_transitive", dr.vertex_transitive ? nlohmann::json(*dr.vertex_transitive) : nlohmann::json()}};
    if (dr.orbits->method == "traces" || dr.orbits->method == "nauty")
      j["symmetry"]["group_order_log10"] = dr.orbits->group_size_log10;
  }
  if (!dr.hint_rejected.empty()) j["symmetry_hint_rejected"] = dr.hint_rejected;
}

void text(const View& v, TextTable& t) {
  const auto& s = v.r.summary;
  const auto& dr = v.r.distances;
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
}

void csv(const View& v, CsvRows& t) {
  const auto& s = v.r.summary;
  const auto& dr = v.r.distances;
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
}

}  // namespace

Section section_connectivity() {
  return {"connectivity", json, text, csv};
}

}  // namespace topo::metrics::report
