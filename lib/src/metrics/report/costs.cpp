// Cost and the degree–diameter bounds: network cost (degree × diameter), CR_w, and the Moore bounds on N and k̄.
#include "section.hpp"

namespace topo::metrics::report {

namespace {

void json(const View& v, nlohmann::json& j) {
  const auto& c = v.f.costs;
  const auto& b = v.f.bounds;
  if (c.network_cost) j["costs"]["network_cost"] = {{"value", *c.network_cost}, {"formula", "degree × diameter"}};
  if (c.cr_w)
    j["costs"]["cr_w"] = {
        {"value", *c.cr_w}, {"weights", v.inputs.cr_weights}, {"formula", "(w1·degree + w2·diameter)/log2 N"}};
  if (c.cr_w_formula_diameter)
    j["costs"]["cr_w_formula_diameter"] = {{"value", *c.cr_w_formula_diameter},
                                           {"diameter", v.r.formulas->at("diameter")}};
  if (b.moore)
    j["bounds"]["moore"] = {{"value", *b.moore}, {"ratio", *b.moore_ratio}, {"formula", "(Δ(Δ−1)^D − 2)/(Δ − 2)"}};
  if (b.moore_mean_distance)
    j["bounds"]["moore_mean_distance"] = {{"value", *b.moore_mean_distance}, {"ratio", *b.moore_kbar_ratio}};
}

void text(const View& v, TextTable& t) {
  const auto& c = v.f.costs;
  const auto& b = v.f.bounds;
  if (!c.network_cost && !b.moore && !b.moore_mean_distance) return;
  t.heading("Cost and degree-diameter bounds");
  if (c.network_cost) t.row("network cost", fmt::format("{}  (degree × diameter)", *c.network_cost));
  if (c.cr_w) t.row("CR_w", fmt::format("{:.4f}  ((w1·degree + w2·diameter)/log2 N)", *c.cr_w));
  if (c.cr_w_formula_diameter)
    t.row("CR_w (formula diameter)",
          fmt::format("{:.4f}  (diameter {})", *c.cr_w_formula_diameter, formula_text(v.r.formulas->at("diameter"))));
  if (b.moore) t.row("Moore bound", fmt::format("{:.6g}  (N / bound = {:.4f})", *b.moore, *b.moore_ratio));
  if (b.moore_mean_distance)
    t.row("Moore bound on kbar",
          fmt::format("{:.4f}  (kbar / bound = {:.4f})", *b.moore_mean_distance, *b.moore_kbar_ratio));
}

void csv(const View& v, CsvRows& t) {
  const auto& c = v.f.costs;
  const auto& b = v.f.bounds;
  if (c.network_cost) t.num("costs", "network_cost", *c.network_cost, "degree x diameter");
  if (c.cr_w) t.num("costs", "cr_w", *c.cr_w, "(w1*degree + w2*diameter)/log2 N");
  if (c.cr_w_formula_diameter) t.num("costs", "cr_w_formula_diameter", *c.cr_w_formula_diameter);
  if (b.moore) {
    t.num("bounds", "moore", *b.moore);
    t.num("bounds", "moore_ratio", *b.moore_ratio, "N / Moore bound");
  }
  if (b.moore_mean_distance) {
    t.num("bounds", "moore_mean_distance", *b.moore_mean_distance);
    t.num("bounds", "moore_kbar_ratio", *b.moore_kbar_ratio, "kbar / bound");
  }
}

}  // namespace

Section section_costs() {
  return {"costs", json, text, csv};
}

}  // namespace topo::metrics::report
