#include "topo/metrics/distance.hpp"

#include <algorithm>
#include <atomic>
#include <bit>
#include <cmath>

#include <omp.h>

namespace topo::metrics {

namespace {

// Sources per sweep = 64 * kWords. Each node carries one bit per source in three bit sets
// (visited, frontier, next); one pass over the in-adjacency advances every source by one level.
constexpr unsigned kWords = 4;
struct Bits {
  std::uint64_t w[kWords];
};

/// One sweep: BFS from up to 64 * kWords consecutive sources at once. Adds the pairs found at each
/// distance to `histogram` and records each source's eccentricity.
void sweep(const Graph& g, node_id start, node_id bs, std::vector<Bits>& visited, std::vector<Bits>& frontier,
           std::vector<Bits>& next, std::vector<std::uint64_t>& histogram, std::vector<std::uint32_t>& ecc) {
  const node_id n = g.num_nodes();
  Bits full{};
  for (node_id i = 0; i < bs; ++i) full.w[i / 64] |= std::uint64_t{1} << (i % 64);
  std::fill(visited.begin(), visited.end(), Bits{});
  std::fill(frontier.begin(), frontier.end(), Bits{});
  for (node_id i = 0; i < bs; ++i) {
    frontier[start + i].w[i / 64] |= std::uint64_t{1} << (i % 64);
    visited[start + i] = frontier[start + i];
  }
  histogram[0] += bs;
  for (std::uint32_t level = 1;; ++level) {
    std::uint64_t count = 0;
    Bits reached{};
    for (node_id v = 0; v < n; ++v) {
      Bits vis = visited[v];
      bool done = true;
      for (unsigned k = 0; k < kWords; ++k) done = done && vis.w[k] == full.w[k];
      if (done) {  // every source of the sweep has reached v already
        next[v] = Bits{};
        continue;
      }
      Bits acc{};
      for (node_id u : g.in_neighbors(v))
        for (unsigned k = 0; k < kWords; ++k) acc.w[k] |= frontier[u].w[k];
      for (unsigned k = 0; k < kWords; ++k) {
        acc.w[k] &= ~vis.w[k];
        vis.w[k] |= acc.w[k];
        reached.w[k] |= acc.w[k];
        count += static_cast<std::uint64_t>(std::popcount(acc.w[k]));
      }
      next[v] = acc;
      visited[v] = vis;
    }
    if (count == 0) break;
    if (histogram.size() <= level) histogram.resize(level + 1, 0);
    histogram[level] += count;
    for (unsigned k = 0; k < kWords; ++k)
      for (std::uint64_t m = reached.w[k]; m; m &= m - 1)
        ecc[start + k * 64 + static_cast<node_id>(std::countr_zero(m))] = level;
    frontier.swap(next);
  }
}

}  // namespace

DistanceStats distance_distribution(const Graph& g, const DistanceOptions& opt) {
  const node_id n = g.num_nodes();
  DistanceStats s;
  s.histogram.assign(1, 0);
  s.eccentricity.assign(n, 0);
  constexpr node_id batch_size = 64 * kWords;
  const std::uint64_t batches = (std::uint64_t(n) + batch_size - 1) / batch_size;
  const int threads = static_cast<int>(
      std::min<std::uint64_t>(batches ? batches : 1, std::uint64_t(opt.threads > 0 ? opt.threads : omp_get_max_threads())));
  std::atomic<std::uint64_t> done{0};
  // Sweeps are independent: each thread runs whole sweeps with its own bit sets, so there is no
  // synchronisation inside a sweep, and integer histograms make the sum independent of the schedule.
#pragma omp parallel num_threads(threads)
  {
    std::vector<Bits> visited(n), frontier(n), next(n);
    std::vector<std::uint64_t> histogram(1, 0);
#pragma omp for schedule(dynamic, 1) nowait
    for (std::uint64_t b = 0; b < batches; ++b) {
      const auto start = static_cast<node_id>(b * batch_size);
      sweep(g, start, std::min<node_id>(batch_size, n - start), visited, frontier, next, histogram, s.eccentricity);
      const auto finished = ++done;
      if (opt.progress && omp_get_thread_num() == 0) opt.progress(double(finished) / double(batches));
    }
#pragma omp critical
    {
      if (s.histogram.size() < histogram.size()) s.histogram.resize(histogram.size(), 0);
      for (std::size_t d = 0; d < histogram.size(); ++d) s.histogram[d] += histogram[d];
    }
  }
  std::uint64_t reached_pairs = 0;
  for (auto c : s.histogram) reached_pairs += c;
  s.unreachable_pairs = std::uint64_t(n) * n - reached_pairs;
  finish_stats(s, n);
  return s;
}

void finish_stats(DistanceStats& s, std::uint64_t nodes) {
  long double sum = 0, sum2 = 0, pairs = 0;
  for (std::size_t d = 0; d < s.histogram.size(); ++d) {
    const long double c = static_cast<long double>(s.histogram[d]);
    sum += c * d;
    sum2 += c * d * d;
    pairs += c;
  }
  while (s.histogram.size() > 1 && s.histogram.back() == 0) s.histogram.pop_back();
  s.max_finite_distance = static_cast<std::uint32_t>(s.histogram.size() - 1);
  const long double self = s.histogram.empty() ? 0 : static_cast<long double>(s.histogram[0]);
  s.pairs_all = static_cast<std::uint64_t>(pairs);
  s.pairs_distinct = static_cast<std::uint64_t>(pairs - self);
  auto moments = [](long double m1, long double m2, long double k, double& mean, double& sd) {
    if (k <= 0) {
      mean = sd = 0;
      return;
    }
    const long double mu = m1 / k;
    mean = static_cast<double>(mu);
    sd = static_cast<double>(std::sqrt(std::max<long double>(0, m2 / k - mu * mu)));
  };
  moments(sum, sum2, pairs, s.mean_all, s.std_all);
  moments(sum, sum2, pairs - self, s.mean_distinct, s.std_distinct);
  if (s.unreachable_pairs == 0 && nodes > 0) {
    s.diameter = s.max_finite_distance;
    s.radius = s.eccentricity.empty() ? 0 : *std::min_element(s.eccentricity.begin(), s.eccentricity.end());
  } else {
    s.diameter.reset();
    s.radius.reset();
  }
}

}  // namespace topo::metrics
