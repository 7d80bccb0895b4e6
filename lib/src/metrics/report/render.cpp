// The report in each format: the sections (section_list.hpp) in order, then, in the text, the distance
// distribution.
#include <fmt/ostream.h>

#include <ostream>

#include "section.hpp"
#include "topo/metrics/report_output.hpp"

namespace topo::metrics {

nlohmann::json report_json(const Graph& g, const Report& r, const CostInputs& inputs) {
  const Figures f = derive(g, r, inputs);
  const report::View v{g, r, inputs, f};
  nlohmann::json j;
  for (const auto& s : report::sections()) s.json(v, j);
  return j;
}

void write_report_text(std::ostream& out, const Graph& g, const Report& r, const CostInputs& inputs) {
  const Figures f = derive(g, r, inputs);
  const report::View v{g, r, inputs, f};
  report::TextTable t(out);
  for (const auto& s : report::sections()) s.text(v, t);
  fmt::print(out, "\nkbar, u, D0, CR_w and the Moore ratio are defined in topostat(1), DESCRIPTION.\n\n");
  write_histogram_text(out, r);
}

void write_report_csv(std::ostream& out, const Graph& g, const Report& r, const CostInputs& inputs) {
  const Figures f = derive(g, r, inputs);
  const report::View v{g, r, inputs, f};
  report::CsvRows t(out);
  for (const auto& s : report::sections()) s.csv(v, t);
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

void write_histogram_csv(std::ostream& out, const Report& r) {
  const auto& d = r.distances.stats;
  const double total = double(d.pairs_all + d.unreachable_pairs);
  fmt::print(out, "distance,ordered_pairs,fraction\n");
  for (std::size_t k = 0; k < d.histogram.size(); ++k)
    fmt::print(out, "{},{},{}\n", k, d.histogram[k], double(d.histogram[k]) / total);
  if (d.unreachable_pairs) fmt::print(out, "inf,{},{}\n", d.unreachable_pairs, double(d.unreachable_pairs) / total);
}

}  // namespace topo::metrics
