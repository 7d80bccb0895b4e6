// Simulated annealing over swaps (dissertation §3.3.3, Pseudocode 5).
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

#include "map_internal.hpp"
#include "method_internal.hpp"
#include "topo/errors.hpp"

namespace topo::map {

namespace {

// Simulated annealing over swaps (dissertation Pseudocode 5) with a geometric schedule whose end points
// come from the instance: T0 accepts a typical uphill move with probability 1/2, T_end accepts the
// smallest sampled uphill move with probability 1/1000.
RestartResult anneal(const Demand& d, const Supply& s, std::uint32_t tasks, Mapping start, Rng& rng,
                     const Budget& budget, const Graph* net, const std::function<void(double)>& progress) {
  const auto n = d.n;
  SwapEvaluator ev(d, s, std::move(start));
  auto pick_b = [&](std::uint32_t a) -> std::uint32_t {
    // Half the moves are local when the network is known: a goes next to one of its partners.
    if (net && !d.dense && d.off[a + 1] > d.off[a] && (rng() & 1)) {
      const auto h = d.adj[d.off[a] + uniform(rng, static_cast<std::uint32_t>(d.off[a + 1] - d.off[a]))];
      const auto nb = net->out_neighbors(ev.mapping()[h]);
      if (!nb.empty()) return ev.task_at(nb[uniform(rng, static_cast<std::uint32_t>(nb.size()))]);
    }
    return uniform(rng, n);
  };
  double up_sum = 0, up_min = std::numeric_limits<double>::infinity();
  int ups = 0;
  for (int k = 0; k < 1000; ++k) {
    const auto a = uniform(rng, tasks), b = pick_b(a);
    const double x = ev.delta(a, b);
    if (x > 0) {
      up_sum += x;
      up_min = std::min(up_min, x);
      ++ups;
    }
  }
  RestartResult r;
  r.cost = ev.cost();
  r.m = ev.mapping();
  if (ups == 0) return r;  // no uphill move found: every sampled swap is free; nothing to anneal
  const double t0 = (up_sum / ups) / std::log(2.0);
  const double t1 = std::min(t0, up_min / std::log(1000.0));
  // The schedule runs in cycles of about cycle_len proposals, each reheating to a third of T0 and cooling
  // again from the current state: one long cooling gets stuck as easily as a short one.
  const double cycle_len = std::max(2e5, 2000.0 * n);
  double cycles = 1;
  bool cycles_set = false;
  double temp = t0;
  bool best_pending = false;
  std::uint64_t k = 0;
  for (; !budget.done(k); ++k) {
    if ((k & 1023) == 0) {
      const double f = budget.fraction(k);
      if (f >= 1) break;
      if (!cycles_set && (budget.iterations || f >= 0.02)) {
        const double total = budget.timed ? double(k) / f : double(budget.iterations);
        cycles = std::clamp(std::floor(total / cycle_len), 1.0, 1000.0);
        cycles_set = true;
      }
      const double cf = f * cycles, c = std::floor(cf);
      const double hi = c == 0 ? t0 : std::max(t1, t0 / 3);
      temp = hi * std::pow(t1 / hi, cf - c);
      if (progress && (k & 0xFFFFF) == 0) progress(f);
    }
    const auto a = uniform(rng, tasks), b = pick_b(a);
    if (a == b) continue;
    const double x = ev.delta(a, b);
    if (x <= 0 || rng.uniform() < std::exp(-x / temp)) {
      if (x > 0 && best_pending) {  // leaving the best state seen: keep a copy
        r.m = ev.mapping();
        best_pending = false;
      }
      ev.apply(a, b, x);
      if (ev.cost() < r.cost - 1e-9 * std::fabs(r.cost)) {
        r.cost = ev.cost();
        best_pending = true;
      }
    }
  }
  if (best_pending) r.m = ev.mapping();
  r.cost = evaluate(d, s, r.m);  // exact, free of accumulated rounding
  r.iterations = k;
  return r;
}

}  // namespace

Method method_anneal() {
  return {.name = "anneal",
          .help = "simulated annealing over swaps (dissertation Pseudocode 5); the default",
          .default_iterations =
              [](const Demand& d, std::uint32_t n) {
                return std::uint64_t(std::max(2e5, 2e7 / std::max(1.0, d.dense ? double(n) / 16 : 1.0)));
              },
          .run =
              [](const Restart& r) {
                // Restart 0 starts from the better of ROMap and greedy growth; the others from random mappings.
                const auto n = r.demand.n;
                Mapping start = identity_mapping(n);
                if (r.index == 0) {
                  auto g = greedy_mapping(r.demand, r.supply, r.tasks);
                  if (evaluate(r.demand, r.supply, g) < r.identity_cost) start = std::move(g);
                } else {
                  start = random_mapping(n, r.rng);
                }
                return anneal(r.demand, r.supply, r.tasks, std::move(start), r.rng, r.budget, r.network, r.progress);
              }};
}

}  // namespace topo::map
