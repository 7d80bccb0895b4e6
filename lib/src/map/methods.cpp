// Mapping heuristics: ROMap, random, greedy growth, simulated annealing (dissertation §3.3.3, Pseudocode 5),
// the genetic algorithm (dissertation Figure 3.29 and its crossover), and robust tabu search (Taillard 1991).
#include "topo/map/methods.hpp"

#include <fmt/format.h>
#include <omp.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <limits>
#include <numeric>
#include <random>

#include "map_internal.hpp"
#include "topo/errors.hpp"

namespace topo::map {

using clock_type = std::chrono::steady_clock;

Method parse_method(const std::string& name) {
  for (auto m : {Method::identity, Method::random, Method::greedy, Method::anneal, Method::genetic, Method::tabu})
    if (name == method_name(m)) return m;
  throw UsageError(fmt::format("unknown method '{}' (identity, random, greedy, anneal, genetic, tabu)", name));
}

const char* method_name(Method m) {
  switch (m) {
    case Method::identity:
      return "identity";
    case Method::random:
      return "random";
    case Method::greedy:
      return "greedy";
    case Method::anneal:
      return "anneal";
    case Method::genetic:
      return "genetic";
    case Method::tabu:
      return "tabu";
  }
  return "?";
}

// ---------------------------------------------------------------------------------------------------------
// Swap evaluation

SwapEvaluator::SwapEvaluator(const Demand& d, const Supply& s, Mapping m) : d_(d), s_(s), m_(std::move(m)) {
  if (d.n != s.size()) throw InputError("internal: the demand must be padded to the number of nodes");
  if (!d.dense && !s.symmetric()) throw InputError("a sparse demand needs a symmetric supply");
  inv_.assign(m_.size(), 0);
  for (std::uint32_t i = 0; i < m_.size(); ++i) inv_[m_[i]] = i;
  cost_ = evaluate(d, s, m_);
}

double SwapEvaluator::delta(std::uint32_t a, std::uint32_t b) const {
  if (a == b) return 0;
  const auto pa = m_[a], pb = m_[b];
  return detail::visit_rows(s_, [&](auto row) {
    if (!d_.dense) {
      // Only the pairs with one end in {a, b} change; S is symmetric, so S_{m(h),pa} = row(pa)[m(h)].
      const auto* ra = row(pa);
      const auto* rb = row(pb);
      double x = 0;
      for (auto k = d_.off[a]; k < d_.off[a + 1]; ++k) {
        const auto h = d_.adj[k];
        if (h != b) x += d_.w[k] * (double(rb[m_[h]]) - double(ra[m_[h]]));
      }
      for (auto k = d_.off[b]; k < d_.off[b + 1]; ++k) {
        const auto h = d_.adj[k];
        if (h != a) x += d_.w[k] * (double(ra[m_[h]]) - double(rb[m_[h]]));
      }
      return x;
    }
    // Dense, possibly asymmetric A and S (Taillard's RoTS compute_delta).
    const auto n = d_.n;
    const double* A = d_.a.data();
    auto Aij = [&](std::uint32_t i, std::uint32_t j) { return A[std::size_t(i) * n + j]; };
    const auto* ra = row(pa);
    const auto* rb = row(pb);
    double x = (Aij(a, a) - Aij(b, b)) * (double(rb[pb]) - double(ra[pa])) +
               (Aij(a, b) - Aij(b, a)) * (double(rb[pa]) - double(ra[pb]));
    const double* Aa = A + std::size_t(a) * n;
    const double* Ab = A + std::size_t(b) * n;
    if (s_.symmetric()) {
      for (std::uint32_t k = 0; k < n; ++k) {
        if (k == a || k == b) continue;
        const auto pk = m_[k];
        const double diff = double(rb[pk]) - double(ra[pk]);
        x += (Aij(k, a) - Aij(k, b) + Aa[k] - Ab[k]) * diff;
      }
    } else {
      for (std::uint32_t k = 0; k < n; ++k) {
        if (k == a || k == b) continue;
        const auto pk = m_[k];
        const auto* rk = row(pk);
        x += (Aij(k, a) - Aij(k, b)) * (double(rk[pb]) - double(rk[pa])) +
             (Aa[k] - Ab[k]) * (double(rb[pk]) - double(ra[pk]));
      }
    }
    return x;
  });
}

void SwapEvaluator::apply(std::uint32_t a, std::uint32_t b, double delta) {
  std::swap(m_[a], m_[b]);
  inv_[m_[a]] = a;
  inv_[m_[b]] = b;
  cost_ += delta;
}

// ---------------------------------------------------------------------------------------------------------

namespace {

struct Budget {
  std::uint64_t iterations = 0;  // 0 = time only
  clock_type::time_point deadline = clock_type::time_point::max();
  bool timed = false;
  clock_type::time_point start = clock_type::now();
  /// Fraction of the budget used after k iterations.
  double fraction(std::uint64_t k) const {
    double f = 0;
    if (iterations) f = double(k) / double(iterations);
    if (timed) {
      const double t = std::chrono::duration<double>(clock_type::now() - start).count() /
                       std::chrono::duration<double>(deadline - start).count();
      f = std::max(f, t);
    }
    return std::min(f, 1.0);
  }
  bool done(std::uint64_t k) const {
    if (iterations && k >= iterations) return true;
    return timed && (k & 255) == 0 && clock_type::now() >= deadline;
  }
};

struct RestartResult {
  Mapping m;
  double cost = std::numeric_limits<double>::infinity();
  std::uint64_t iterations = 0;
};

Mapping identity_mapping(std::uint32_t n) {
  Mapping m(n);
  std::iota(m.begin(), m.end(), 0u);
  return m;
}

std::uint32_t uniform(std::mt19937_64& rng, std::uint32_t n) {
  return static_cast<std::uint32_t>(std::uniform_int_distribution<std::uint64_t>(0, n - 1)(rng));
}

Mapping random_mapping(std::uint32_t n, std::mt19937_64& rng) {
  auto m = identity_mapping(n);
  for (std::uint32_t i = n; i > 1; --i) std::swap(m[i - 1], m[uniform(rng, i)]);
  return m;
}

// Greedy growth: tasks in BFS order of the demand graph from the heaviest task; each goes to the free
// node, among the nearest free nodes to its heaviest placed partner, that adds the least cost.
Mapping greedy_mapping(const Demand& d, const Supply& s, std::uint32_t tasks) {
  const auto n = d.n;
  Mapping m(n, no_node);
  std::vector<std::uint32_t> task_at(n, no_node);
  const Demand* sp = &d;
  Demand sparse_view;
  if (d.dense) {  // the communication graph of a dense demand: pairs with a_ij + a_ji != 0
    sparse_view.n = n;
    sparse_view.off.assign(std::size_t(n) + 1, 0);
    for (std::uint32_t i = 0; i < n; ++i) {
      for (std::uint32_t j = 0; j < n; ++j) {
        const double w = d.a[std::size_t(i) * n + j] + d.a[std::size_t(j) * n + i];
        if (i != j && w != 0) {
          sparse_view.adj.push_back(j);
          sparse_view.w.push_back(w);
        }
      }
      sparse_view.off[i + 1] = sparse_view.adj.size();
    }
    sp = &sparse_view;
  }
  const auto& g = *sp;
  std::vector<double> vol(n, 0);
  for (std::uint32_t i = 0; i < tasks; ++i)
    for (auto k = g.off[i]; k < g.off[i + 1]; ++k) vol[i] += g.w[k];
  std::vector<std::uint32_t> order;
  std::vector<char> seen(n, 0);
  std::vector<std::uint32_t> by_vol(tasks);
  std::iota(by_vol.begin(), by_vol.end(), 0u);
  std::stable_sort(by_vol.begin(), by_vol.end(), [&](auto x, auto y) { return vol[x] > vol[y]; });
  for (auto root : by_vol) {
    if (seen[root]) continue;
    seen[root] = 1;
    for (std::size_t h = order.size(), end = order.size() + 1; h < end; ++h) {
      if (h == order.size()) order.push_back(root);
      const auto u = order[h];
      for (auto k = g.off[u]; k < g.off[u + 1]; ++k)
        if (!seen[g.adj[k]] && g.adj[k] < tasks) {
          seen[g.adj[k]] = 1;
          order.push_back(g.adj[k]);
          ++end;
        }
    }
  }
  constexpr std::size_t kCandidates = 16;
  std::uint32_t cursor = 0;  // next free node in node order, for tasks with no placed partner
  std::vector<std::pair<double, std::uint32_t>> cand;
  detail::visit_rows(s, [&](auto row) {
    for (auto t : order) {
      std::uint32_t anchor = no_node;
      double best_w = -1;
      for (auto k = g.off[t]; k < g.off[t + 1]; ++k)
        if (m[g.adj[k]] != no_node && g.w[k] > best_w) {
          best_w = g.w[k];
          anchor = m[g.adj[k]];
        }
      std::uint32_t pick = no_node;
      if (anchor == no_node) {
        while (task_at[cursor] != no_node) ++cursor;
        pick = cursor;
      } else {
        cand.clear();
        const auto* ra = row(anchor);
        for (std::uint32_t v = 0; v < n; ++v)
          if (task_at[v] == no_node) cand.emplace_back(double(ra[v]), v);
        const auto keep = std::min(kCandidates, cand.size());
        std::partial_sort(cand.begin(), cand.begin() + std::ptrdiff_t(keep), cand.end());
        double best = std::numeric_limits<double>::infinity();
        for (std::size_t c = 0; c < keep; ++c) {
          const auto v = cand[c].second;
          const auto* rv = row(v);
          double x = 0;
          for (auto k = g.off[t]; k < g.off[t + 1]; ++k)
            if (m[g.adj[k]] != no_node) x += g.w[k] * double(rv[m[g.adj[k]]]);
          if (x < best) {
            best = x;
            pick = v;
          }
        }
      }
      m[t] = pick;
      task_at[pick] = t;
    }
    return 0;
  });
  std::uint32_t free_node = 0;
  for (std::uint32_t t = 0; t < n; ++t)
    if (m[t] == no_node) {
      while (task_at[free_node] != no_node) ++free_node;
      m[t] = free_node;
      task_at[free_node] = t;
    }
  return m;
}

// Simulated annealing over swaps (dissertation Pseudocode 5) with a geometric schedule whose end points
// come from the instance: T0 accepts a typical uphill move with probability 1/2, T_end accepts the
// smallest sampled uphill move with probability 1/1000.
RestartResult anneal(const Demand& d, const Supply& s, std::uint32_t tasks, Mapping start, std::mt19937_64& rng,
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
  std::uniform_real_distribution<double> u01(0, 1);
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
    if (x <= 0 || u01(rng) < std::exp(-x / temp)) {
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

// Robust tabu search (É. Taillard, Parallel Computing 17, 1991), dense form. delta[i][j] holds the cost
// change of swapping i and j, updated in O(1) for pairs disjoint from the last move.
RestartResult tabu(const Demand& d, const Supply& s, Mapping start, std::mt19937_64& rng, const Budget& budget,
                   const std::function<void(double)>& progress) {
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
    std::uniform_real_distribution<double> u01(0, 1);
    std::uint64_t it = 0;
    for (; !budget.done(it); ++it) {
      if (progress && (it & 0xFFF) == 0 && it) progress(budget.fraction(it));
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
      const double c1 = u01(rng), c2 = u01(rng);
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

// The dissertation's genetic algorithm (Figure 3.29): keep the κ best of η, breed the rest by its crossover
// m* = [first ⌊p/2⌋ entries of m_a | C(m_b)], C(m_b) being the remaining nodes in the order m_b lists them;
// a random swap mutates each child.
RestartResult genetic(const Demand& d, const Supply& s, std::uint32_t tasks, std::mt19937_64& rng, const Budget& budget,
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

SolveResult solve(const Demand& d0, const Supply& s, const SolveOptions& o) {
  const auto N = s.size();
  if (d0.n > N) throw InputError(fmt::format("{} tasks but the network has only {} nodes", d0.n, N));
  const std::uint32_t tasks = d0.n;
  Demand d = d0.padded(N);
  if (o.method == Method::tabu && !d.dense) {
    if (s.kind() == Supply::Kind::rows) throw InputError("tabu needs a dense supply matrix, not --supply rows");
    if (std::uint64_t(N) * N * 16 > (1ull << 31))
      throw InputError(fmt::format("tabu keeps two dense {}x{} matrices ({} bytes); use anneal for this size", N, N,
                                   std::uint64_t(N) * N * 16));
    d = d.to_dense();
  }
  const auto t_start = clock_type::now();
  SolveResult res;
  res.identity_cost = evaluate(d, s, identity_mapping(N));
  const unsigned R = std::max(1u, o.restarts);
  int threads = o.threads > 0 ? o.threads : omp_get_max_threads();
  if (s.kind() == Supply::Kind::rows) threads = 1;  // the row cache is not shared between threads
  threads = std::min<int>(threads, int(R));
  std::uint64_t iters = o.iterations;
  if (!iters && o.time_limit <= 0) {
    // Defaults sized to run for about a second per restart.
    const double n = double(N);
    switch (o.method) {
      case Method::anneal:
        iters = std::uint64_t(std::max(2e5, 2e7 / std::max(1.0, d.dense ? n / 16 : 1.0)));
        break;
      case Method::tabu:
        iters = std::uint64_t(std::clamp(1.3e8 / (n * n), 100.0, 1e6));
        break;
      case Method::genetic:
        iters = std::uint64_t(
            std::clamp(2e8 / (20 * std::max(1.0, double(d.dense ? n * n : double(d.adj.size())))), 10.0, 10000.0));
        break;
      default:
        break;
    }
  }
  if (tasks == 0 || N < 2) {  // nothing to search: every mapping costs the same
    res.mapping = identity_mapping(N);
    res.cost = res.identity_cost;
    res.seconds = std::chrono::duration<double>(clock_type::now() - t_start).count();
    return res;
  }
  std::vector<RestartResult> out(R);
  std::atomic<unsigned> finished{0};
  const double per_restart = o.time_limit > 0 ? o.time_limit * double(threads) / double(R) : 0;
#pragma omp parallel for num_threads(threads) schedule(dynamic, 1)
  for (int ri = 0; ri < int(R); ++ri) {
    const auto r = static_cast<unsigned>(ri);
    std::seed_seq seq{std::uint64_t(o.seed & 0xFFFFFFFF), std::uint64_t(o.seed >> 32), std::uint64_t(r)};
    std::mt19937_64 rng(seq);
    Budget b;
    b.iterations = iters;
    if (per_restart > 0) {
      b.timed = true;
      b.deadline =
          b.start + std::chrono::duration_cast<clock_type::duration>(std::chrono::duration<double>(per_restart));
    }
    std::function<void(double)> prog;
    if (o.progress && omp_get_thread_num() == 0)
      prog = [&](double f) { o.progress((double(finished.load()) + f) / double(R)); };
    RestartResult rr;
    switch (o.method) {
      case Method::identity:
        rr.m = identity_mapping(N);
        break;
      case Method::random:
        rr.m = random_mapping(N, rng);
        break;
      case Method::greedy:
        rr.m = greedy_mapping(d, s, tasks);
        break;
      case Method::anneal: {
        // Restart 0 starts from the better of ROMap and greedy growth; the others from random mappings.
        Mapping start = identity_mapping(N);
        if (r == 0) {
          auto g = greedy_mapping(d, s, tasks);
          if (evaluate(d, s, g) < res.identity_cost) start = std::move(g);
        } else {
          start = random_mapping(N, rng);
        }
        rr = anneal(d, s, tasks, std::move(start), rng, b, o.network, prog);
        break;
      }
      case Method::tabu:
        rr = tabu(d, s, r == 0 ? identity_mapping(N) : random_mapping(N, rng), rng, b, prog);
        break;
      case Method::genetic:
        rr = genetic(d, s, tasks, rng, b, prog);
        break;
    }
    if (rr.cost == std::numeric_limits<double>::infinity() || o.method == Method::identity ||
        o.method == Method::random || o.method == Method::greedy)
      rr.cost = evaluate(d, s, rr.m);
    out[r] = std::move(rr);
    const auto f = ++finished;
    if (o.progress && omp_get_thread_num() == 0) o.progress(double(f) / double(R));
  }
  unsigned best = 0;
  for (unsigned r = 0; r < R; ++r) {
    res.iterations += out[r].iterations;
    if (out[r].cost < out[best].cost) best = r;  // ties keep the lowest r
  }
  res.best_restart = best;
  res.cost = out[best].cost;
  res.mapping = std::move(out[best].m);
  res.seconds = std::chrono::duration<double>(clock_type::now() - t_start).count();
  return res;
}

}  // namespace topo::map
