#include "topo/metrics/bounds.hpp"

#include <cmath>

namespace topo::metrics {

double moore_bound(std::uint64_t degree, std::uint64_t diameter) {
  if (degree == 0) return 1;
  if (degree == 1) return diameter >= 1 ? 2 : 1;
  if (degree == 2) return 1 + 2.0 * double(diameter);
  const double d = double(degree);
  return (d * std::pow(d - 1, double(diameter)) - 2) / (d - 2);
}

double moore_mean_distance_bound(std::uint64_t nodes, std::uint64_t degree) {
  if (nodes < 2 || degree == 0) return 0;
  double left = double(nodes - 1), sum = 0, level_size = double(degree);
  for (std::uint64_t dist = 1; left > 0; ++dist) {
    const double here = std::min(left, level_size);
    sum += here * double(dist);
    left -= here;
    if (degree == 1 && left > 0) return INFINITY;  // a degree-1 graph reaches one node
    level_size *= double(degree - 1);              // a Moore tree: each node of the last level adds Δ−1
  }
  return sum / double(nodes - 1);
}

TerminalFigures terminal_figures(std::uint64_t nodes, std::uint64_t degree, double kbar, double u) {
  TerminalFigures t;
  if (kbar <= 0 || u <= 0) return t;
  t.kbar_over_u = kbar / u;
  t.delta0 = double(degree) * u / kbar;
  t.radix = double(degree) + t.delta0;
  t.terminals = double(nodes) * t.delta0;
  return t;
}

TerminalFigures endpoint_terminal_figures(std::uint64_t endpoints, std::uint64_t degree, double kbar, double u,
                                          double max_arc_load) {
  TerminalFigures t;
  if (kbar <= 0 || u <= 0 || max_arc_load <= 0 || endpoints < 2) return t;
  t.kbar_over_u = kbar / u;
  t.delta0 = double(endpoints - 1) / max_arc_load;
  t.radix = double(degree) + t.delta0;
  t.terminals = double(endpoints) * t.delta0;
  return t;
}

double subscription(double terminals_per_router, std::uint64_t degree, double kbar, double u) {
  return degree && u > 0 ? terminals_per_router * kbar / (double(degree) * u) : 0;
}

double cost_per_node(double c_i, double c_t, double c_r, double kbar, double u, double radix) {
  return c_i + c_t * kbar / u + c_r * (1 + kbar / u) / radix;
}

double cr_w(double w1, double w2, double degree, double diameter, std::uint64_t nodes) {
  return (w1 * degree + w2 * diameter) / std::log2(double(nodes));
}

}  // namespace topo::metrics
