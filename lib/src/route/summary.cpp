#include "topo/route/summary.hpp"

#include <algorithm>
#include <numeric>

namespace topo::route {

HopFigures summarize_hops(const HopStats& stats) {
  HopFigures h;
  h.histogram = stats.histogram;
  h.mean = stats.routes ? stats.hops_sum / double(stats.routes) : 0.0;
  if (stats.stretch_pairs) {
    h.stretch_mean = stats.stretch_sum / double(stats.stretch_pairs);
    h.stretch_max = stats.stretch_max;
  }
  h.minimal_routes = stats.minimal;
  h.stretch_pairs = stats.stretch_pairs;
  return h;
}

LoadFigures summarize_loads(const Graph& g, const metrics::LinkLoads& loads, std::string routing, std::size_t top) {
  LoadFigures f;
  f.routing = std::move(routing);
  const auto& load = loads.arc_load;
  std::vector<std::uint64_t> order(load.size());
  std::iota(order.begin(), order.end(), std::uint64_t{0});
  top = std::min(top, order.size());
  std::partial_sort(order.begin(), order.begin() + std::ptrdiff_t(top), order.end(),
                    [&](auto a, auto b) { return load[a] != load[b] ? load[a] > load[b] : a < b; });
  for (std::size_t i = 0; i < top; ++i) {
    const auto a = order[i];
    const node_id v = g.arc_tail(a);
    HeavyArc e{.source = v, .target = g.arc_head(a), .load = load[a], .link_class = {}};
    if (g.has_classes()) e.link_class = std::string(g.link_class_name(g.arc_link(a)));
    f.heaviest.push_back(std::move(e));
  }
  f.max = loads.max;
  f.mean = loads.mean;
  f.u = loads.u;
  f.total = loads.total;
  f.physical_arcs = loads.physical_arcs;
  return f;
}

DeadlockFigures summarize_deadlock(const Graph& g, const DependencyGraph& deps) {
  DeadlockFigures d;
  d.dependencies = deps.dependencies();
  for (auto a : deps.find_cycle()) d.cycle.emplace_back(g.arc_tail(a), g.arc_head(a));
  return d;
}

}  // namespace topo::route
