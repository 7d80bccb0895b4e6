#include "topo/metrics/distance.hpp"

#include <omp.h>

#include <algorithm>
#include <atomic>
#include <bit>
#include <cmath>
#include <span>
#include <utility>

#include "bfs_level.hpp"
#include "topo/errors.hpp"

namespace topo::metrics {

namespace {

/// The level pass to run (bfs_level.hpp) and its width.
struct LevelKernel {
  void (*pass)(bfs::LevelPass&);
  unsigned words;  // 64-bit words per node: sources per sweep = 64 * words
};
constexpr node_id sweep_sources = 64 * bfs::wide_words;

/// The narrow kernel when no sweep has more than 64 sources, else the wide one `wanted`.
LevelKernel pick_kernel(Kernel wanted, std::size_t largest_sweep) {
  if (largest_sweep <= 64 * bfs::narrow_words) return {bfs::level_pass_narrow, bfs::narrow_words};
  wanted = resolve_kernel(wanted);
  if (!kernel_supported(wanted)) throw UsageError("this CPU cannot run the requested BFS kernel");
#if defined(__x86_64__)
  if (wanted == Kernel::avx512) return {bfs::level_pass_avx512, bfs::wide_words};
  if (wanted == Kernel::avx2) return {bfs::level_pass_avx2, bfs::wide_words};
  if (__builtin_cpu_supports("avx")) return {bfs::level_pass_portable_vex, bfs::wide_words};
#endif
  return {bfs::level_pass_portable, bfs::wide_words};
}

/// Plain multi-source BFS along out-links: dist[v] = distance from the nearest source (dist must be
/// no_node everywhere on entry), and `order` lists the nodes reached by increasing distance.
void bfs_order(const Graph& g, std::span<const node_id> sources, std::vector<node_id>& dist,
               std::vector<node_id>& order) {
  order.assign(sources.begin(), sources.end());
  for (node_id s : sources) dist[s] = 0;
  for (std::size_t head = 0; head < order.size(); ++head)
    for (node_id u : g.out_neighbors(order[head]))
      if (dist[u] == no_node) {
        dist[u] = dist[order[head]] + 1;
        order.push_back(u);
      }
}

/// Largest distance from s to a node it reaches.
node_id eccentricity(const Graph& g, node_id s) {
  std::vector<node_id> dist(g.num_nodes(), no_node), order;
  bfs_order(g, std::span(&s, 1), dist, order);
  return dist[order.back()];
}

/// Groups the nodes into batches of `size` sources (the last one may have fewer) that lie close together:
/// close sources keep every node's window of active levels in a sweep short, from the nearest source's
/// distance to the farthest one's. A batch is filled from balls grown by BFS (in either link direction)
/// from the first node not yet in a batch, each ball taking the nodes not yet in a batch that it meets.
/// The balls walk through nodes already taken too (up to 4 · size nodes each): grown over the free nodes
/// only, a ball on a graph with hubs soon finds none left around its seed, and batches of one source each
/// (thousands on a Barabási–Albert graph, each a sweep over the whole graph) would follow.
std::vector<std::vector<node_id>> source_batches(const Graph& g, node_id size) {
  const node_id n = g.num_nodes();
  const std::size_t ball_limit = 4 * std::size_t{size};
  std::vector<std::vector<node_id>> batches;
  std::vector<char> assigned(n, 0);
  std::vector<std::uint32_t> seen(n, 0);  // the last ball that visited the node (balls count from 1)
  std::vector<node_id> ball, batch;
  std::uint32_t balls = 0;
  node_id scan = 0, left = n;
  while (left > 0) {
    while (assigned[scan]) ++scan;
    ball.assign(1, scan);
    seen[scan] = ++balls;
    for (std::size_t head = 0; head < ball.size() && batch.size() < size; ++head) {
      const node_id v = ball[head];
      if (!assigned[v]) {
        assigned[v] = 1;
        batch.push_back(v);
        --left;
      }
      auto grow = [&](std::span<const node_id> nbrs) {
        for (node_id u : nbrs)
          if (seen[u] != balls && ball.size() < ball_limit) {
            seen[u] = balls;
            ball.push_back(u);
          }
      };
      grow(g.out_neighbors(v));
      if (g.directed()) grow(g.in_neighbors(v));
    }
    if (batch.size() == size || left == 0) batches.push_back(std::exchange(batch, {}));
  }
  return batches;
}

/// Bit sets and work lists of one thread, reused across its sweeps. Each node has `words` words in
/// each of the two bit sets (sources within the last level's distance, and within this level's);
/// between sweeps every bit set is zero.
struct SweepState {
  struct alignas(64) Line {  // the kernels load whole aligned vectors
    std::uint64_t w[bfs::wide_words];
  };
  SweepState(node_id n, unsigned words_)
      : words(words_),
        cur(std::size_t(n) * words / bfs::wide_words + 1),
        next(cur.size()),
        dmin(n, no_node),
        active((n + 63) / 64, 0) {}
  std::uint64_t* bits(std::vector<Line>& set, node_id v = 0) { return set.data()->w + std::size_t(v) * words; }
  unsigned words;
  std::vector<Line> cur, next;
  std::vector<node_id> dmin;  // distance from the nearest source of the sweep
  std::vector<node_id> order;
  std::vector<std::uint64_t> active;  // one bit per node being worked on
  std::vector<std::uint64_t> histogram = std::vector<std::uint64_t>(1, 0);
};

/// One sweep: BFS from up to 64 * kernel.words sources at once (bit i of every bit set belongs to
/// sources[i]). Adds the pairs found at each distance to the histogram, each pair weighted by its
/// source's weight (1 when `weights` is empty), and records each source's eccentricity.
void sweep(const Graph& g, const LevelKernel& kernel, std::span<const node_id> sources,
           std::span<const std::uint64_t> weights, SweepState& st, std::span<std::uint32_t> ecc,
           std::span<std::uint64_t> dist_sum, std::span<std::uint64_t> reached_count) {
  const auto bs = static_cast<node_id>(sources.size());
  std::uint64_t full[bfs::wide_words] = {}, reached[bfs::wide_words] = {};
  for (node_id i = 0; i < bs; ++i) full[i / 64] |= std::uint64_t{1} << (i % 64);

  // Plain multi-source BFS: a node can gain bits only from level dmin on, so nodes enter the active
  // set in this order, level by level.
  bfs_order(g, sources, st.dmin, st.order);
  for (node_id i = 0; i < bs; ++i) {
    st.bits(st.cur, sources[i])[i / 64] |= std::uint64_t{1} << (i % 64);
    st.bits(st.next, sources[i])[i / 64] |= std::uint64_t{1} << (i % 64);
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
  // stale bits in one of the two sets; they are harmless, since its neighbours have every source it
  // lacks there by then.
  bfs::LevelPass pass{};
  pass.active = st.active.data();
  pass.active_words = st.active.size();
  pass.offsets = g.in_offsets().data();
  pass.adjacency = g.in_adjacency().data();
  pass.full = full;
  pass.reached = reached;
  if (!weights.empty()) {
    pass.weights = weights.data();
    pass.distance_sum = dist_sum.data();
    pass.reached_count = reached_count.data();
  }
  std::size_t entered = 0;
  for (std::uint32_t level = 1;; ++level) {
    for (; entered < st.order.size() && st.dmin[st.order[entered]] <= level; ++entered) {
      const node_id v = st.order[entered];
      st.active[v / 64] |= std::uint64_t{1} << (v % 64);
    }
    pass.level = level;
    pass.cur = st.bits(st.cur);
    pass.next = st.bits(st.next);
    kernel.pass(pass);
    bool any = false;
    for (unsigned k = 0; k < kernel.words; ++k) any = any || reached[k] != 0;
    if (!any && entered == st.order.size()) break;
    if (any) {
      if (histogram.size() <= level) histogram.resize(level + 1, 0);
      histogram[level] += pass.pairs;
      for (unsigned k = 0; k < kernel.words; ++k)
        for (std::uint64_t m = reached[k]; m; m &= m - 1)
          ecc[k * 64 + static_cast<unsigned>(std::countr_zero(m))] = level;
    }
    st.cur.swap(st.next);
  }
  std::fill(st.active.begin(), st.active.end(), 0);
  const bool touched_many = st.order.size() > st.dmin.size() / 8;  // then clearing everything is faster
  if (touched_many) {
    std::fill(st.cur.begin(), st.cur.end(), SweepState::Line{});
    std::fill(st.next.begin(), st.next.end(), SweepState::Line{});
  }
  for (node_id v : st.order) {
    if (!touched_many) {
      std::fill_n(st.bits(st.cur, v), kernel.words, 0);
      std::fill_n(st.bits(st.next, v), kernel.words, 0);
    }
    st.dmin[v] = no_node;
  }
}

/// Brings the ranks' sweeps together (rank r ran batches share[r] .. share[r+1]-1, whose sources
/// start at offset[share[r]]): histograms summed (integers, so in any order), per-source figures
/// copied into place; then every rank gets the whole.
void gather_sweeps(parallel::Ranks& ranks, const std::vector<std::size_t>& share,
                   const std::vector<std::size_t>& offset, DistanceStats& s) {
  const bool weighted = !s.source_distance_sum.empty();
  const auto r = std::size_t(ranks.rank());
  const auto lo = offset[share[r]], len = offset[share[r + 1]] - lo;
  std::string mine;
  parallel::pack<std::uint64_t>(mine, s.histogram);
  parallel::pack<std::uint32_t>(mine, std::span(s.eccentricity).subspan(lo, len));
  if (weighted) {
    parallel::pack<std::uint64_t>(mine, std::span(s.source_distance_sum).subspan(lo, len));
    parallel::pack<std::uint64_t>(mine, std::span(s.source_reached).subspan(lo, len));
  }
  const auto parts = ranks.gather(mine);
  std::string whole;
  if (ranks.rank() == 0) {
    s.histogram.assign(1, 0);
    for (std::size_t p = 0; p < parts.size(); ++p) {
      std::size_t at = 0;
      const auto hist = parallel::unpack<std::uint64_t>(parts[p], at);
      if (s.histogram.size() < hist.size()) s.histogram.resize(hist.size(), 0);
      for (std::size_t d = 0; d < hist.size(); ++d) s.histogram[d] += hist[d];
      const auto from = offset[share[p]];
      const auto ecc = parallel::unpack<std::uint32_t>(parts[p], at);
      std::copy(ecc.begin(), ecc.end(), s.eccentricity.begin() + std::ptrdiff_t(from));
      if (weighted) {
        const auto sums = parallel::unpack<std::uint64_t>(parts[p], at);
        const auto reached = parallel::unpack<std::uint64_t>(parts[p], at);
        std::copy(sums.begin(), sums.end(), s.source_distance_sum.begin() + std::ptrdiff_t(from));
        std::copy(reached.begin(), reached.end(), s.source_reached.begin() + std::ptrdiff_t(from));
      }
    }
    parallel::pack<std::uint64_t>(whole, s.histogram);
    parallel::pack<std::uint32_t>(whole, s.eccentricity);
    if (weighted) {
      parallel::pack<std::uint64_t>(whole, s.source_distance_sum);
      parallel::pack<std::uint64_t>(whole, s.source_reached);
    }
  }
  ranks.broadcast(whole);
  std::size_t at = 0;
  s.histogram = parallel::unpack<std::uint64_t>(whole, at);
  s.eccentricity = parallel::unpack<std::uint32_t>(whole, at);
  if (weighted) {
    s.source_distance_sum = parallel::unpack<std::uint64_t>(whole, at);
    s.source_reached = parallel::unpack<std::uint64_t>(whole, at);
  }
}

/// Runs the sweeps over `batches` (each at most sweep_sources sources) and sums their histograms.
/// `weights` is indexed like the concatenated batches (empty = every pair counts once).
DistanceStats run_sweeps(const Graph& g, const std::vector<std::vector<node_id>>& batches,
                         std::span<const std::uint64_t> weights, const DistanceOptions& opt) {
  const node_id n = g.num_nodes();
  DistanceStats s;
  s.histogram.assign(1, 0);
  std::vector<std::size_t> offset(batches.size() + 1, 0);
  std::size_t largest = 0;
  for (std::size_t b = 0; b < batches.size(); ++b) {
    offset[b + 1] = offset[b] + batches[b].size();
    largest = std::max(largest, batches[b].size());
  }
  const LevelKernel kernel = pick_kernel(opt.kernel, largest);
  for (const auto& b : batches) s.sources.insert(s.sources.end(), b.begin(), b.end());
  s.eccentricity.assign(s.sources.size(), 0);
  if (!weights.empty()) {
    s.source_distance_sum.assign(s.sources.size(), 0);
    s.source_reached.assign(s.sources.size(), 0);
  }
  // With several processes, each runs a consecutive share of the sweeps (all cost about the same:
  // one pass over the graph's arcs per level).
  auto& ranks = opt.ranks ? *opt.ranks : parallel::single_process();
  const auto share = parallel::split_by_cost(std::vector<double>(batches.size(), 1.0), ranks.size());
  const std::size_t first = share[std::size_t(ranks.rank())], last = share[std::size_t(ranks.rank()) + 1];
  const int threads = static_cast<int>(std::min<std::size_t>(
      std::max<std::size_t>(last - first, 1), std::size_t(opt.threads > 0 ? opt.threads : omp_get_max_threads())));
  std::atomic<std::size_t> done{0};
  // Sweeps are independent: each thread runs whole sweeps with its own bit sets, so there is no
  // synchronisation inside a sweep, and integer histograms make the sum independent of the schedule.
#pragma omp parallel num_threads(threads)
  {
    SweepState st(n, kernel.words);
#pragma omp for schedule(dynamic, 1) nowait
    for (std::size_t b = first; b < last; ++b) {
      const auto at = offset[b], len = batches[b].size();
      std::span<std::uint64_t> sums, reached;
      if (!weights.empty()) {
        sums = std::span(s.source_distance_sum).subspan(at, len);
        reached = std::span(s.source_reached).subspan(at, len);
      }
      sweep(g, kernel, batches[b], weights.empty() ? weights : weights.subspan(at, len), st,
            std::span(s.eccentricity).subspan(at, len), sums, reached);
      const auto finished = ++done;
      if (opt.progress && omp_get_thread_num() == 0) opt.progress(double(finished) / double(last - first));
    }
#pragma omp critical
    {
      if (s.histogram.size() < st.histogram.size()) s.histogram.resize(st.histogram.size(), 0);
      for (std::size_t d = 0; d < st.histogram.size(); ++d) s.histogram[d] += st.histogram[d];
    }
  }
  if (ranks.size() > 1) gather_sweeps(ranks, share, offset, s);
  std::uint64_t reached_pairs = 0, total_pairs = 0;
  for (auto c : s.histogram) reached_pairs += c;
  for (std::size_t i = 0; i < s.sources.size(); ++i) total_pairs += (weights.empty() ? 1 : weights[i]) * n;
  s.unreachable_pairs = total_pairs - reached_pairs;
  finish_stats(s, n);
  return s;
}

}  // namespace

DistanceStats distance_distribution(const Graph& g, const DistanceOptions& opt) {
  return run_sweeps(g, source_batches(g, sweep_sources), {}, opt);
}

DistanceStats distance_distribution_from(const Graph& g, std::span<const node_id> sources,
                                         std::span<const std::uint64_t> weights, const DistanceOptions& opt) {
  // Sources far apart (a sample, class members to check) keep each node active from the nearest one's
  // distance to the farthest one's, up to the diameter: with fewer sources than that, one sweep per
  // source (a node then works on a single level) is cheaper. The first source's eccentricity stands
  // in for the diameter.
  const std::size_t size = !sources.empty() && sources.size() < eccentricity(g, sources[0]) ? 1 : sweep_sources;
  std::vector<std::vector<node_id>> batches;
  for (std::size_t i = 0; i < sources.size(); i += size)
    batches.emplace_back(sources.begin() + std::ptrdiff_t(i),
                         sources.begin() + std::ptrdiff_t(std::min(sources.size(), i + size)));
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
