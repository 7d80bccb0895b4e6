#include "topo/metrics/physical.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <string>

namespace topo::metrics {

std::vector<LengthGroup> link_lengths(const Graph& g) {
  std::vector<LengthGroup> out;
  if (g.pos_dims() == 0) return out;
  // Sums by class id and by level first (no per-link names: CLEX has 10^8 links), named at the end.
  LengthGroup all;
  std::vector<LengthGroup> by_class(g.class_names().size()), by_level(std::size_t{no_value8} + 1);
  auto add = [](LengthGroup& gr, double len, std::uint32_t m) {
    gr.links += m;
    gr.total += len * m;
    gr.max = std::max(gr.max, len);
  };
  for (link_id l = 0; l < g.num_links(); ++l) {
    const auto a = g.pos(g.source(l)), b = g.pos(g.target(l));
    double s = 0;
    for (unsigned k = 0; k < g.pos_dims(); ++k) s += (a[k] - b[k]) * (a[k] - b[k]);
    const double len = std::sqrt(s);
    const auto m = g.multiplicity(l);
    add(all, len, m);
    if (g.link_class(l) != no_class) add(by_class[g.link_class(l)], len, m);
    if (g.level(l) != no_value8) add(by_level[g.level(l)], len, m);
  }
  if (all.links == 0) return out;
  // "all" first, then the other groups in name order.
  std::map<std::string, LengthGroup> named;
  for (std::size_t c = 0; c < by_class.size(); ++c)
    if (by_class[c].links) named[fmt::format("class {}", g.class_names()[c])] = by_class[c];
  for (std::size_t level = 0; level < by_level.size(); ++level)
    if (by_level[level].links) named[fmt::format("level {}", level)] = by_level[level];
  all.name = "all";
  out.push_back(all);
  for (auto& [name, gr] : named) {
    gr.name = name;
    out.push_back(gr);
  }
  for (auto& gr : out) gr.mean = gr.links ? gr.total / double(gr.links) : 0;
  return out;
}

}  // namespace topo::metrics
