#include "topo/metrics/distance.hpp"

#include <omp.h>

#include <algorithm>
#include <atomic>
#include <bit>
#include <cmath>
#include <span>

namespace topo::metrics {

namespace {

// Sources per sweep = 64 * kWords. Each node carries one bit per source in three bit sets
// (visited, frontier, next); one pass over the in-adjacency advances every source by one level.
constexpr unsigned kWords = 4;
struct Bits {
  std::uint64_t w[kWords];
};

/// Groups the nodes into batches of at most `size` sources that lie close together (each batch grown
/// by BFS over unassigned nodes, in either link direction). Close sources keep every node's window of
/// active levels in a sweep short: from the nearest source's distance to the farthest one's.
std::vector<std::vector<node_id>> source_batches(const Graph& g, node_id size) {
  const node_id n = g.num_nodes();
  std::vector<std::vector<node_id>> batches;
  std::vector<char> assigned(n, 0);
  std::vector<node_id> queue;
  node_id scan = 0;
  while (true) {
    while (scan < n && assigned[scan]) ++scan;
    if (scan == n) break;
    std::vector<node_id> batch;
    queue.assign(1, scan);
    assigned[scan] = 1;
    for (std::size_t head = 0; head < queue.size() && batch.size() < size; ++head) {
      const node_id v = queue[head];
      batch.push_back(v);
      auto grow = [&](std::span<const node_id> nbrs) {
        for (node_id u : nbrs)
          if (!assigned[u] && queue.size() < size) {
            assigned[u] = 1;
            queue.push_back(u);
          }
      };
      grow(g.out_neighbors(v));
      if (g.directed()) grow(g.in_neighbors(v));
    }
    batches.push_back(std::move(batch));
  }
  return batches;
}

/// Bit sets and work lists of one thread, reused across its sweeps. Between sweeps every bit set is
/// zero, so a sweep clears only what it touched.
struct SweepState {
  explicit SweepState(node_id n) : visited(n), frontier(n), next(n), dmin(n, no_node), active((n + 63) / 64, 0) {}
  std::vector<Bits> visited, frontier, next;
  std::vector<node_id> dmin;  // distance from the nearest source of the sweep
  std::vector<node_id> order;
  std::vector<std::uint64_t> active;  // one bit per node being worked on
  std::vector<std::uint64_t> histogram = std::vector<std::uint64_t>(1, 0);
};

/// One sweep: BFS from up to 64 * kWords sources at once (bit i of every bit set belongs to
/// sources[i]). Adds the pairs found at each distance to the histogram, each pair weighted by its
/// source's weight (1 when `weights` is empty), and records each source's eccentricity.
void sweep(const Graph& g, std::span<const node_id> sources, std::span<const std::uint64_t> weights, SweepState& st,
           std::span<std::uint32_t> ecc, std::span<std::uint64_t> dist_sum, std::span<std::uint64_t> reached_count) {
  const auto bs = static_cast<node_id>(sources.size());
  Bits full{};
  for (node_id i = 0; i < bs; ++i) full.w[i / 64] |= std::uint64_t{1} << (i % 64);

  // Plain multi-source BFS: a node can gain bits only from level dmin on, so nodes enter the active
  // list in this order, level by level.
  st.order.assign(sources.begin(), sources.end());
  for (node_id s : sources) st.dmin[s] = 0;
  for (std::size_t head = 0; head < st.order.size(); ++head) {
    const node_id v = st.order[head];
    for (node_id u : g.out_neighbors(v))
      if (st.dmin[u] == no_node) {
        st.dmin[u] = st.dmin[v] + 1;
        st.order.push_back(u);
      }
  }
  for (node_id i = 0; i < bs; ++i) {
    st.frontier[sources[i]].w[i / 64] |= std::uint64_t{1} << (i % 64);
    st.visited[sources[i]] = st.frontier[sources[i]];
  }
  auto& histogram = st.histogram;
  std::uint64_t self = 0;
  for (node_id i = 0; i < bs; ++i) self += weights.empty() ? 1 : weights[i];
  histogram[0] += self;
  if (!weights.empty())
    for (node_id i = 0; i < bs; ++i) reached_count[i] = 1;

  // A node is worked on only between the level its nearest source reaches it and the level its
  // farthest one does: it enters the active set (a bitmap, walked in id order so that memory is read
  // in order) at level dmin and leaves it once every source has reached it. A node that left keeps
  // its last frontier bits; they are harmless, since its neighbours have seen those sources by then.
  auto& active = st.active;
  std::size_t entered = 0;
  for (std::uint32_t level = 1;; ++level) {
    for (; entered < st.order.size() && st.dmin[st.order[entered]] <= level; ++entered) {
      const node_id v = st.order[entered];
      active[v / 64] |= std::uint64_t{1} << (v % 64);
    }
    std::uint64_t count = 0;
    Bits reached{};
    for (std::size_t word = 0; word < active.size(); ++word) {
      for (std::uint64_t m = active[word]; m; m &= m - 1) {
        const auto v = static_cast<node_id>(word * 64 + static_cast<unsigned>(std::countr_zero(m)));
        Bits vis = st.visited[v];
        bool done = true;
        for (unsigned k = 0; k < kWords; ++k) done = done && vis.w[k] == full.w[k];
        if (done) {  // every source has reached v
          active[word] &= ~(std::uint64_t{1} << (v % 64));
          st.next[v] = Bits{};
          continue;
        }
        Bits acc{};
        for (node_id u : g.in_neighbors(v))
          for (unsigned k = 0; k < kWords; ++k) acc.w[k] |= st.frontier[u].w[k];
        for (unsigned k = 0; k < kWords; ++k) {
          acc.w[k] &= ~vis.w[k];
          vis.w[k] |= acc.w[k];
          reached.w[k] |= acc.w[k];
          if (weights.empty()) {
            count += static_cast<std::uint64_t>(std::popcount(acc.w[k]));
          } else {
            for (std::uint64_t b = acc.w[k]; b; b &= b - 1) {
              const auto i = k * 64 + static_cast<unsigned>(std::countr_zero(b));
              count += weights[i];
              dist_sum[i] += level;
              ++reached_count[i];
            }
          }
        }
        st.next[v] = acc;
        st.visited[v] = vis;
      }
    }
    if (count == 0 && entered == st.order.size()) break;
    if (count) {
      if (histogram.size() <= level) histogram.resize(level + 1, 0);
      histogram[level] += count;
      for (unsigned k = 0; k < kWords; ++k)
        for (std::uint64_t m = reached.w[k]; m; m &= m - 1)
          ecc[k * 64 + static_cast<unsigned>(std::countr_zero(m))] = level;
    }
    st.frontier.swap(st.next);
  }
  std::fill(active.begin(), active.end(), 0);
  for (node_id v : st.order) {
    st.visited[v] = st.frontier[v] = st.next[v] = Bits{};
    st.dmin[v] = no_node;
  }
}

}  // namespace

namespace {

/// Runs the sweeps over `batches` (each at most 64 * kWords sources) and sums their histograms.
/// `weights` is indexed like the concatenated batches (empty = every pair counts once).
DistanceStats run_sweeps(const Graph& g, const std::vector<std::vector<node_id>>& batches,
                         std::span<const std::uint64_t> weights, const DistanceOptions& opt) {
  const node_id n = g.num_nodes();
  DistanceStats s;
  s.histogram.assign(1, 0);
  std::vector<std::size_t> offset(batches.size() + 1, 0);
  for (std::size_t b = 0; b < batches.size(); ++b) offset[b + 1] = offset[b] + batches[b].size();
  for (const auto& b : batches) s.sources.insert(s.sources.end(), b.begin(), b.end());
  s.eccentricity.assign(s.sources.size(), 0);
  if (!weights.empty()) {
    s.source_distance_sum.assign(s.sources.size(), 0);
    s.source_reached.assign(s.sources.size(), 0);
  }
  const int threads = static_cast<int>(std::min<std::size_t>(
      std::max<std::size_t>(batches.size(), 1), std::size_t(opt.threads > 0 ? opt.threads : omp_get_max_threads())));
  std::atomic<std::size_t> done{0};
  // Sweeps are independent: each thread runs whole sweeps with its own bit sets, so there is no
  // synchronisation inside a sweep, and integer histograms make the sum independent of the schedule.
#pragma omp parallel num_threads(threads)
  {
    SweepState st(n);
#pragma omp for schedule(dynamic, 1) nowait
    for (std::size_t b = 0; b < batches.size(); ++b) {
      const auto at = offset[b], len = batches[b].size();
      std::span<std::uint64_t> sums, reached;
      if (!weights.empty()) {
        sums = std::span(s.source_distance_sum).subspan(at, len);
        reached = std::span(s.source_reached).subspan(at, len);
      }
      sweep(g, batches[b], weights.empty() ? weights : weights.subspan(at, len), st,
            std::span(s.eccentricity).subspan(at, len), sums, reached);
      const auto finished = ++done;
      if (opt.progress && omp_get_thread_num() == 0) opt.progress(double(finished) / double(batches.size()));
    }
#pragma omp critical
    {
      if (s.histogram.size() < st.histogram.size()) s.histogram.resize(st.histogram.size(), 0);
      for (std::size_t d = 0; d < st.histogram.size(); ++d) s.histogram[d] += st.histogram[d];
    }
  }
  std::uint64_t reached_pairs = 0, total_pairs = 0;
  for (auto c : s.histogram) reached_pairs += c;
  for (std::size_t i = 0; i < s.sources.size(); ++i) total_pairs += (weights.empty() ? 1 : weights[i]) * n;
  s.unreachable_pairs = total_pairs - reached_pairs;
  finish_stats(s, n);
  return s;
}

}  // namespace

DistanceStats distance_distribution(const Graph& g, const DistanceOptions& opt) {
  return run_sweeps(g, source_batches(g, 64 * kWords), {}, opt);
}

DistanceStats distance_distribution_from(const Graph& g, std::span<const node_id> sources,
                                         std::span<const std::uint64_t> weights, const DistanceOptions& opt) {
  std::vector<std::vector<node_id>> batches;
  for (std::size_t i = 0; i < sources.size(); i += 64 * kWords)
    batches.emplace_back(sources.begin() + std::ptrdiff_t(i),
                         sources.begin() + std::ptrdiff_t(std::min<std::size_t>(sources.size(), i + 64 * kWords)));
  std::vector<std::uint64_t> ones;
  if (weights.empty()) {
    ones.assign(sources.size(), 1);
    weights = ones;
  }
  return run_sweeps(g, batches, weights, opt);
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
