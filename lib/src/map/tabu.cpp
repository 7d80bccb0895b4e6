// Robust tabu search (Taillard 1991) over swaps, on dense matrices.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <string>

#include "map_internal.hpp"
#include "method_internal.hpp"
#include "topo/errors.hpp"

namespace topo::map {

namespace {

// Robust tabu search (É. Taillard, Parallel Computing 17, 1991), dense form. delta[i][j] holds the cost
// change of swapping i and j, updated in O(1) for pairs disjoint from the last move.
RestartResult tabu(const Demand& d, const Supply& s, Mapping start, Rng& rng, const Budget& budget,
                   const std::function<void(double)>& progress, const std::function<void(const std::string&)>& note) {
  if (!d.dense) throw InputError("internal: tabu needs the dense demand");
  const auto n = d.n;
  RestartResult r;
  r.m = start;
  if (n < 2) {
    r.cost = evaluate(d, s, r.m);
    return r;
  }
  return detail::visit_rows(s, [&](auto row) {
    const double* A = d.a.data();
    auto a = [&](std::uint32_t i, std::uint32_t j) { return A[std::size_t(i) * n + j]; };
    auto b = [&](std::uint32_t i, std::uint32_t j) { return double(row(i)[j]); };
    Mapping p = std::move(start);
    SwapEvaluator ev(d, s, p);
    double cur = ev.cost();
    r.cost = cur;
    std::vector<double> delta(std::size_t(n) * n, 0);
    for (std::uint32_t i = 0; i < n; ++i)
      for (std::uint32_t j = i + 1; j < n; ++j) delta[std::size_t(i) * n + j] = ev.delta(i, j);
    std::vector<std::int64_t> tabu_until(std::size_t(n) * n, 0);  // [task][node]
    const double tenure = 8.0 * n;
    const std::int64_t aspiration = std::int64_t(n) * n * 5;
    std::uint64_t it = 0;
    const auto t0 = clock_type::now();
    for (; !budget.done(it); ++it) {
      if (progress && (it & 0xFFF) == 0 && it) progress(budget.fraction(it));
      if (note && it == 16 && budget.iterations) {  // an iteration is O(N²): say what a long run will cost
        const double per = std::chrono::duration<double>(clock_type::now() - t0).count() / 16;
        if (per * double(budget.iterations) > 2)
          note(
              fmt::format("tabu: {:.3g} ms per iteration on {} nodes, about {:.0f} s per restart of {} iterations "
                          "(--iterations or --time-limit to shorten)",
                          per * 1e3, n, per * double(budget.iterations), budget.iterations));
      }
      const std::int64_t now = std::int64_t(it) + 1;
      std::uint32_t ri = no_node, rj = no_node;
      double min_delta = std::numeric_limits<double>::infinity();
      bool already_aspired = false;
      for (std::uint32_t i = 0; i < n; ++i)
        for (std::uint32_t j = i + 1; j < n; ++j) {
          const double dl = delta[std::size_t(i) * n + j];
          const auto ti = tabu_until[std::size_t(i) * n + p[j]], tj = tabu_until[std::size_t(j) * n + p[i]];
          const bool authorized = ti < now || tj < now;
          const bool aspired = ti < now - aspiration || tj < now - aspiration || cur + dl < r.cost - 1e-9;
          if ((aspired && !already_aspired) || (aspired && already_aspired && dl < min_delta) ||
              (!aspired && !already_aspired && dl < min_delta && authorized)) {
            ri = i;
            rj = j;
            min_delta = dl;
            if (aspired) already_aspired = true;
          }
        }
      if (ri == no_node) continue;  // every move tabu: wait for tenures to expire
      std::swap(p[ri], p[rj]);
      cur += delta[std::size_t(ri) * n + rj];
      const double c1 = rng.uniform(), c2 = rng.uniform();
      tabu_until[std::size_t(ri) * n + p[rj]] = now + std::int64_t(c1 * c1 * c1 * tenure);
      tabu_until[std::size_t(rj) * n + p[ri]] = now + std::int64_t(c2 * c2 * c2 * tenure);
      if (cur < r.cost - 1e-9) {
        r.cost = cur;
        r.m = p;
      }
      // Update the deltas (Taillard's compute_delta_part for pairs disjoint from {ri, rj}).
      ev.apply(ri, rj, 0);
      for (std::uint32_t i = 0; i < n; ++i)
        for (std::uint32_t j = i + 1; j < n; ++j) {
          auto& dij = delta[std::size_t(i) * n + j];
          if (i != ri && i != rj && j != ri && j != rj) {
            dij += (a(ri, i) - a(ri, j) + a(rj, j) - a(rj, i)) *
                       (b(p[rj], p[i]) - b(p[rj], p[j]) + b(p[ri], p[j]) - b(p[ri], p[i])) +
                   (a(i, ri) - a(j, ri) + a(j, rj) - a(i, rj)) *
                       (b(p[i], p[rj]) - b(p[j], p[rj]) + b(p[j], p[ri]) - b(p[i], p[ri]));
          } else {
            dij = ev.delta(i, j);
          }
        }
    }
    r.cost = evaluate(d, s, r.m);
    r.iterations = it;
    return r;
  });
}

}  // namespace

Method method_tabu() {
  return {.name = "tabu",
          .help = "robust tabu search (Taillard 1991), dense O(N^2) per iteration; small instances",
          .default_iterations =
              [](const Demand&, std::uint32_t n) {
                return std::uint64_t(std::clamp(1.3e8 / (double(n) * double(n)), 100.0, 1e6));
              },
          .prepare =
              [](Demand& d, const Supply& s) {
                if (d.dense) return;
                if (s.kind() == Supply::Kind::rows)
                  throw InputError("tabu needs a dense supply matrix, not --supply rows");
                const std::uint64_t n = s.size();
                if (n * n * 16 > (1ull << 31))
                  throw InputError(fmt::format(
                      "tabu keeps two dense {}x{} matrices ({} bytes); use anneal for this size", n, n, n * n * 16));
                d = d.to_dense();
              },
          .run =
              [](const Restart& r) {
                const auto n = r.demand.n;
                return tabu(r.demand, r.supply, r.index == 0 ? identity_mapping(n) : random_mapping(n, r.rng), r.rng,
                            r.budget, r.progress, r.note);
              },
          .memory =
              [](const Demand& d, std::uint32_t nodes, unsigned concurrent) {
                const std::uint64_t nn = std::uint64_t(nodes) * nodes;
                return (d.dense ? 0 : 8 * nn) + concurrent * 16 * nn;  // to_dense; delta and tabu_until
              }};
}

}  // namespace topo::map
