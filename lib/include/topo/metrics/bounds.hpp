#pragma once
// Degree/diameter bounds (Projective Networks §2) and the cost figures derived from distances and
// link utilisation (Projective Networks §3 and §7, dissertation Table 2, HDN Table 3).
#include <cstdint>
#include <optional>

namespace topo::metrics {

/// Moore bound: the most nodes a graph of maximum degree `degree` and diameter `diameter` can have,
/// 1 + Δ·Σ_{i<k}(Δ−1)^i = (Δ(Δ−1)^k − 2)/(Δ − 2). As a double: it overflows integers quickly.
double moore_bound(std::uint64_t degree, std::uint64_t diameter);

/// Generalized Moore bound: the least mean distance over distinct pairs that N nodes of maximum
/// degree Δ can have (levels filled as in a Moore tree: Δ at distance 1, Δ(Δ−1)^(i−1) at distance i).
double moore_mean_distance_bound(std::uint64_t nodes, std::uint64_t degree);

/// Terminal-side figures of a direct network under uniform traffic (Projective Networks §3):
/// with k̄ the mean distance over distinct pairs, u the link utilisation and Δ the maximum degree,
/// Δ0 = Δ·u/k̄ terminals per router saturate the links, R = Δ + Δ0, T = N·Δ0.
struct TerminalFigures {
  double kbar_over_u = 0;
  double delta0 = 0;     // terminals per router at full subscription
  double radix = 0;      // R = Δ + Δ0
  double terminals = 0;  // T = N·Δ0
};
TerminalFigures terminal_figures(std::uint64_t nodes, std::uint64_t degree, double kbar, double u);

/// The same for an indirect network whose `endpoints` routers alone send and receive: with one unit
/// between every ordered pair of endpoints the busiest arc carries `max_arc_load`, so each endpoint
/// saturates it at Δ0 = (endpoints − 1)/max_arc_load terminals; R = Δ + Δ0 (Δ among the endpoints),
/// T = endpoints·Δ0. For a regular direct network this equals Δ·u/k̄.
TerminalFigures endpoint_terminal_figures(std::uint64_t endpoints, std::uint64_t degree, double kbar, double u,
                                          double max_arc_load);

/// Subscription for a chosen number of terminals per router: Δ0·k̄/(Δ·u) (1 = balanced).
double subscription(double terminals_per_router, std::uint64_t degree, double kbar, double u);

/// Per-node cost C = c_i + c_t·k̄/u + c_r·(1 + k̄/u)/R, with prices of the interface (c_i), of a
/// link (c_t) and of a router (c_r) (doc/definitions.md §4).
double cost_per_node(double c_i, double c_t, double c_r, double kbar, double u, double radix);

/// CR_w = (w1·degree + w2·diameter)/log2 N (HDN Table 3).
double cr_w(double w1, double w2, double degree, double diameter, std::uint64_t nodes);

}  // namespace topo::metrics
