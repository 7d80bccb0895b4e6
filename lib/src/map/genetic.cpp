// The dissertation's genetic algorithm (§3.3.3, Figure 3.29).
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

// The dissertation's genetic algorithm (Figure 3.29): keep the κ best of η, breed the rest by its crossover
// m* = [first ⌊p/2⌋ entries of m_a | C(m_b)], C(m_b) being the remaining nodes in the order m_b lists them;
// a random swap mutates each child.
RestartResult genetic(const Demand& d, const Supply& s, std::uint32_t tasks, Rng& rng, const Budget& budget,
                      const std::function<void(double)>& progress) {
  const auto n = d.n;
  const std::uint32_t eta = 40, kappa = 20;
  std::vector<std::pair<double, Mapping>> pop;
  pop.emplace_back(0, identity_mapping(n));
  while (pop.size() < eta) pop.emplace_back(0, random_mapping(n, rng));
  for (auto& [c, m] : pop) c = evaluate(d, s, m);
  auto by_cost = [](const auto& x, const auto& y) { return x.first < y.first; };
  std::stable_sort(pop.begin(), pop.end(), by_cost);
  std::vector<char> used(n);
  auto cross = [&](const Mapping& ma, const Mapping& mb) {
    Mapping c(n);
    std::fill(used.begin(), used.end(), 0);
    const std::uint32_t half = n / 2;
    for (std::uint32_t i = 0; i < half; ++i) {
      c[i] = ma[i];
      used[ma[i]] = 1;
    }
    std::uint32_t pos = half;
    for (std::uint32_t i = 0; i < n; ++i)
      if (!used[mb[i]]) c[pos++] = mb[i];
    const auto x = uniform(rng, tasks), y = uniform(rng, n);
    std::swap(c[x], c[y]);
    return c;
  };
  std::uint64_t gen = 0;
  for (; !budget.done(gen); ++gen) {
    if (budget.fraction(gen) >= 1) break;
    if (progress && (gen & 63) == 0 && gen) progress(budget.fraction(gen));
    for (std::uint32_t k = kappa; k + 1 < eta; k += 2) {
      const auto& ma = pop[uniform(rng, kappa)].second;
      const auto& mb = pop[uniform(rng, kappa)].second;
      auto c1 = cross(ma, mb), c2 = cross(mb, ma);
      pop[k].second = std::move(c1);
      pop[k + 1].second = std::move(c2);
    }
    for (std::uint32_t k = kappa; k < eta; ++k) pop[k].first = evaluate(d, s, pop[k].second);
    std::stable_sort(pop.begin(), pop.end(), by_cost);
  }
  RestartResult r;
  r.cost = pop[0].first;
  r.m = pop[0].second;
  r.iterations = gen;
  return r;
}

}  // namespace

Method method_genetic() {
  return {.name = "genetic",
          .help = "the dissertation's genetic algorithm (Figure 3.29 and its crossover)",
          .default_iterations =
              [](const Demand& d, std::uint32_t n) {
                const double work = d.dense ? double(n) * double(n) : double(d.adj.size());
                return std::uint64_t(std::clamp(2e8 / (20 * std::max(1.0, work)), 10.0, 10000.0));
              },
          .run = [](const Restart& r) { return genetic(r.demand, r.supply, r.tasks, r.rng, r.budget, r.progress); }};
}

}  // namespace topo::map
