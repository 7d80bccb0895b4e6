// solve(): independent restarts of a registered mapping method, spread over threads, the best kept.
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <omp.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <limits>

#include "method_internal.hpp"
#include "topo/errors.hpp"
#include "topo/parallel/ranks.hpp"
#include "topo/registry.hpp"

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
  return names_of(methods());
}

const Method& find_method(std::string_view name) {
  return find_named(methods(), name, "method");
}

namespace {

/// Every rank's best restart to rank 0, which keeps the best by (cost, restart) as one process does
/// and sends it back to every rank; iterations are summed. `ran`: this rank ran a restart.
void best_of_ranks(parallel::Ranks& ranks, bool ran, SolveResult& res) {
  std::string mine;
  const double cost[] = {ran ? res.cost : std::numeric_limits<double>::infinity()};
  const std::uint64_t counts[] = {ran, res.best_restart, res.iterations};
  parallel::pack<double>(mine, cost);
  parallel::pack<std::uint64_t>(mine, counts);
  parallel::pack<std::uint32_t>(mine, res.mapping);
  const auto all = ranks.gather(mine);
  std::string best = mine;
  if (ranks.rank() == 0) {
    std::uint64_t iterations = 0;
    double best_cost = 0;
    std::uint64_t best_restart = 0;
    bool any = false;
    for (const auto& b : all) {
      std::size_t at = 0;
      const double c = parallel::unpack<double>(b, at)[0];
      const auto n = parallel::unpack<std::uint64_t>(b, at);
      iterations += n[2];
      if (n[0] && (!any || c < best_cost || (c == best_cost && n[1] < best_restart))) {
        any = true;
        best_cost = c;
        best_restart = n[1];
        best = b;
      }
    }
    // The best rank's bytes with the iterations of all.
    std::size_t at = 0;
    parallel::unpack<double>(best, at);
    const std::size_t counts_at = at;
    auto n = parallel::unpack<std::uint64_t>(best, at);
    n[2] = iterations;
    best.replace(counts_at, at - counts_at, [&] {
      std::string b;
      parallel::pack<std::uint64_t>(b, n);
      return b;
    }());
  }
  ranks.broadcast(best);
  std::size_t at = 0;
  res.cost = parallel::unpack<double>(best, at)[0];
  const auto n = parallel::unpack<std::uint64_t>(best, at);
  res.best_restart = static_cast<unsigned>(n[1]);
  res.iterations = n[2];
  res.mapping = parallel::unpack<std::uint32_t>(best, at);
}

}  // namespace

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
  // With several processes, rank k runs restarts k, k+P, ... (interleaved, so that a time limit cuts
  // every rank alike); `mine` lists this process's.
  auto& ranks = o.ranks ? *o.ranks : parallel::single_process();
  std::vector<unsigned> mine;
  for (unsigned r = unsigned(ranks.rank()); r < R; r += unsigned(ranks.size())) mine.push_back(r);
  int threads = o.threads > 0 ? o.threads : omp_get_max_threads();
  if (s.kind() == Supply::Kind::rows) threads = 1;  // the row cache is not shared between threads
  threads = std::max(1, std::min<int>(threads, int(mine.size())));
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
  const auto count = static_cast<unsigned>(mine.size());
  const bool timed = o.time_limit > 0;
  const auto end = t_start + std::chrono::duration_cast<clock_type::duration>(
                                 std::chrono::duration<double>(timed ? o.time_limit : 0.0));
#pragma omp parallel num_threads(threads)
  {
    // Thread t runs this process's restarts t, t + T, t + 2T, ... one after another. Under a time limit
    // each of them gets an equal share of the time its thread has left, so that every thread searches
    // until the limit even when the restarts do not divide evenly among the threads.
    const auto T = static_cast<unsigned>(omp_get_num_threads());
    const auto t = static_cast<unsigned>(omp_get_thread_num());
    for (unsigned ri = t; ri < count; ri += T) {
      const auto r = mine[ri];
      Rng rng(stream_seed(o.seed, r));
      Budget b;
      b.iterations = iters;
      if (timed) {
        const unsigned left = (count - 1 - ri) / T + 1;  // this restart and the thread's later ones
        b.timed = true;
        b.deadline = b.start + std::max(end - b.start, clock_type::duration::zero()) / left;
      }
      std::function<void(double)> prog;
      if (o.progress && t == 0) prog = [&](double f) { o.progress((double(finished.load()) + f) / double(count)); };
      const std::function<void(const std::string&)> note = r == 0 ? o.note : nullptr;
      RestartResult rr = method.run(Restart{d, s, tasks, r, res.identity_cost, o.network, rng, b, prog, note});
      if (rr.cost == std::numeric_limits<double>::infinity()) rr.cost = evaluate(d, s, rr.m);
      out[r] = std::move(rr);
      const auto f = ++finished;
      if (o.progress && t == 0) o.progress(double(f) / double(count));
    }
  }
  unsigned best = mine.empty() ? 0 : mine[0];
  for (unsigned r : mine) {
    res.iterations += out[r].iterations;
    if (out[r].cost < out[best].cost) best = r;  // ties keep the lowest r
  }
  res.best_restart = best;
  res.cost = out[best].cost;
  res.mapping = std::move(out[best].m);
  if (ranks.size() > 1) best_of_ranks(ranks, !mine.empty(), res);
  res.seconds = std::chrono::duration<double>(clock_type::now() - t_start).count();
  return res;
}

}  // namespace topo::map
