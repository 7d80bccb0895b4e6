// solve(): independent restarts of a registered mapping method, spread over threads, the best kept.
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <omp.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <limits>

#include "method_internal.hpp"
#include "registry_internal.hpp"
#include "topo/errors.hpp"

namespace topo::map {

const std::vector<Method>& methods() {
  static const std::vector<Method> all = {
#define TOPO_METHOD(name) method_##name(),
#include "method_list.hpp"
#undef TOPO_METHOD
  };
  return all;
}

std::vector<std::string> method_names() {
  return detail::names_of(methods());
}

const Method& find_method(std::string_view name) {
  return detail::find_named(methods(), name, "method");
}

SolveResult solve(const Demand& d0, const Supply& s, const SolveOptions& o) {
  const auto N = s.size();
  if (d0.n > N) throw InputError(fmt::format("{} tasks but the network has only {} nodes", d0.n, N));
  const std::uint32_t tasks = d0.n;
  const Method& method = find_method(o.method);
  Demand d = d0.padded(N);
  if (method.prepare) method.prepare(d, s);
  const auto t_start = clock_type::now();
  SolveResult res;
  res.identity_cost = evaluate(d, s, identity_mapping(N));
  const unsigned R = std::max(1u, o.restarts);
  int threads = o.threads > 0 ? o.threads : omp_get_max_threads();
  if (s.kind() == Supply::Kind::rows) threads = 1;  // the row cache is not shared between threads
  threads = std::min<int>(threads, int(R));
  std::uint64_t iters = o.iterations;
  if (!iters && o.time_limit <= 0 && method.default_iterations) iters = method.default_iterations(d, N);
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
    const std::function<void(const std::string&)> note = r == 0 ? o.note : nullptr;
    RestartResult rr = method.run(Restart{d, s, tasks, r, res.identity_cost, o.network, rng, b, prog, note});
    if (rr.cost == std::numeric_limits<double>::infinity()) rr.cost = evaluate(d, s, rr.m);
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
