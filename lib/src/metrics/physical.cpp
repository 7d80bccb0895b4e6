#include "topo/metrics/physical.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>

namespace topo::metrics {

std::vector<LengthGroup> link_lengths(const Graph& g) {
  std::vector<LengthGroup> out;
  if (g.pos_dims() == 0) return out;
  std::map<std::string, LengthGroup> groups;
  auto add = [&](const std::string& name, double len, std::uint32_t m) {
    auto& gr = groups[name];
    gr.name = name;
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
    add("all", len, m);
    if (g.link_class(l) != no_class) add(fmt::format("class {}", g.link_class_name(l)), len, m);
    if (g.level(l) != no_value8) add(fmt::format("level {}", g.level(l)), len, m);
  }
  for (auto& [name, gr] : groups) {
    gr.mean = gr.links ? gr.total / double(gr.links) : 0;
    out.push_back(gr);
  }
  std::stable_partition(out.begin(), out.end(), [](const auto& x) { return x.name == "all"; });
  return out;
}

}  // namespace topo::metrics
