// Path diversity: the number of shortest paths σ(s,t) of every pair from BFS path counts (Brandes' first
// pass), from every source or one per class of sources, eight sources a sweep in the link loads' vector lanes
// (load_kernel.hpp); and λ(s,t) from edge_connectivity.cpp.
#include "topo/metrics/path_diversity.hpp"

#include <omp.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <tuple>
#include <unordered_map>

#include "load_kernel.hpp"
#include "path_diversity_internal.hpp"

namespace topo::metrics {

namespace {

constexpr std::uint32_t unseen = std::numeric_limits<std::uint32_t>::max();

/// One source's BFS state, reused: only the nodes reached are reset.
struct CountSweep {
  std::vector<std::uint32_t> dist;
  std::vector<double> sigma;
  std::vector<node_id> queue;
  explicit CountSweep(node_id n) : dist(n, unseen), sigma(n, 0) { queue.reserve(n); }

  /// σ(s, v) for every v reached, in BFS order in `queue`; a path is a sequence of links, so a hop over
  /// parallel links counts once per link (route::count_shortest_paths counts the same way).
  void run(const Graph& g, node_id s) {
    for (node_id v : queue) {
      dist[v] = unseen;
      sigma[v] = 0;
    }
    queue.clear();
    dist[s] = 0;
    sigma[s] = 1;
    queue.push_back(s);
    for (std::size_t h = 0; h < queue.size(); ++h) {
      const node_id v = queue[h];
      const auto nb = g.out_neighbors(v);
      const auto ln = g.out_links(v);
      for (std::size_t i = 0; i < nb.size(); ++i) {
        const node_id w = nb[i];
        if (dist[w] == unseen) {
          dist[w] = dist[v] + 1;
          queue.push_back(w);
        }
        if (dist[w] == dist[v] + 1) sigma[w] += sigma[v] * g.multiplicity(ln[i]);
      }
    }
  }
};

/// A part of the histogram, one per thread, added up at the end. The pairs, their least and largest σ and
/// those with σ = 1 follow from the bins.
struct CountTally {
  /// σ below this is counted in `small`, indexed by σ: most pairs, at an increment each.
  static constexpr std::size_t dense = 1024;
  std::vector<std::uint64_t> small = std::vector<std::uint64_t>(dense, 0);
  std::unordered_map<std::uint64_t, std::uint64_t> bins;  // σ from `dense` up to 2^53
  std::uint64_t above = 0;                                // pairs with σ ≥ 2^53
  double above_min = std::numeric_limits<double>::infinity(), above_max = 0;

  void add(double sigma, std::uint64_t weight) {
    if (sigma < double(dense))
      small[std::size_t(sigma)] += weight;
    else if (sigma < exact_path_count_limit)
      bins[std::uint64_t(sigma)] += weight;
    else {
      above += weight;
      above_min = std::min(above_min, sigma);
      above_max = std::max(above_max, sigma);
    }
  }
  void merge(const CountTally& o) {
    for (std::size_t k = 0; k < dense; ++k) small[k] += o.small[k];
    for (const auto& [k, c] : o.bins) bins[k] += c;
    above += o.above;
    above_min = std::min(above_min, o.above_min);
    above_max = std::max(above_max, o.above_max);
  }
  /// (σ, pairs) for every σ below 2^53 that occurs, ascending.
  std::vector<std::pair<std::uint64_t, std::uint64_t>> histogram() const {
    std::vector<std::pair<std::uint64_t, std::uint64_t>> h;
    for (std::size_t k = 0; k < dense; ++k)
      if (small[k]) h.emplace_back(k, small[k]);
    const std::size_t dense_bins = h.size();
    h.insert(h.end(), bins.begin(), bins.end());
    std::sort(h.begin() + std::ptrdiff_t(dense_bins), h.end());
    return h;
  }
  void pack(std::string& out) const {
    std::vector<std::uint64_t> keys, counts;
    for (const auto& [k, c] : histogram()) {
      keys.push_back(k);
      counts.push_back(c);
    }
    parallel::pack<std::uint64_t>(out, keys);
    parallel::pack<std::uint64_t>(out, counts);
    parallel::pack<std::uint64_t>(out, std::vector<std::uint64_t>{above});
    parallel::pack<double>(out, std::vector<double>{above_min, above_max});
  }
  static CountTally unpack(const std::string& in, std::size_t& at) {
    CountTally t;
    const auto keys = parallel::unpack<std::uint64_t>(in, at), counts = parallel::unpack<std::uint64_t>(in, at);
    for (std::size_t i = 0; i < keys.size(); ++i) t.add(double(keys[i]), counts[i]);
    t.above = parallel::unpack<std::uint64_t>(in, at)[0];
    const auto range = parallel::unpack<double>(in, at);
    t.above_min = range[0];
    t.above_max = range[1];
    return t;
  }
};

/// The path counts' threads for `items` sweeps.
int thread_count(const PathDiversityOptions& o, std::size_t items) {
  return static_cast<int>(std::min<std::size_t>(std::max<std::size_t>(items, 1),
                                                std::size_t(o.threads > 0 ? o.threads : omp_get_max_threads())));
}

/// Whether the path counts run loads::lanes sources a sweep, the link loads' forward passes (load_kernel.hpp),
/// rather than one scalar BFS a source: when two sweeps' worth of sources fill the lanes. Decided on all the
/// sources, not a process's share, so that every process sums in the same order.
bool counts_in_lanes(std::size_t sources) {
  return sources >= 2 * loads::lanes;
}

bool has_parallel_links(const Graph& g) {
  if (g.multigraph()) return true;
  for (link_id l = 0; l < g.num_links(); ++l)
    if (g.multiplicity(l) > 1) return true;
  return false;
}

/// The path counts' sources (every node, one per class, or the endpoints) and this process's share of them, and
/// what each counts: its pairs into `tally`, and the sum of its σ (times its weight) in source_sum[i - first].
struct CountJob {
  CountJob(const Graph& graph, const PathDiversityOptions& options) : g(graph), o(options) {}
  const Graph& g;
  const PathDiversityOptions& o;
  std::vector<node_id> sources;
  std::vector<std::uint64_t> weight;  // per source (empty: 1 each)
  std::vector<char> target;           // the nodes counted as ends (empty: every node)
  std::size_t first = 0, last = 0;
  std::vector<double> source_sum;
  CountTally tally;

  std::uint64_t weight_of(std::size_t i) const { return weight.empty() ? 1 : weight[i]; }
  bool counts_to(node_id t) const { return target.empty() || target[t]; }
};

/// loads::lanes sources a sweep (SplitLoadSweeper::count_paths), grouped as the link loads group them.
void count_in_lanes(CountJob& job) {
  const std::vector<node_id> mine(job.sources.begin() + std::ptrdiff_t(job.first),
                                  job.sources.begin() + std::ptrdiff_t(job.last));
  const std::vector<std::size_t> order = sweep_order(job.g, mine);  // positions in `mine`
  std::vector<node_id> grouped(order.size());
  for (std::size_t i = 0; i < order.size(); ++i) grouped[i] = mine[order[i]];
  SplitLoadGraph split(job.g, {}, job.o.kernel);
  const std::size_t sweeps = (grouped.size() + loads::lanes - 1) / loads::lanes;
  const int threads = thread_count(job.o, sweeps);
  split.prefetch_when_vectors_outgrow_cache(unsigned(threads));
#pragma omp parallel num_threads(threads)
  {
    SplitLoadSweeper sweeper(split);
    CountTally part;
#pragma omp for schedule(dynamic, 1) nowait
    for (std::size_t k = 0; k < sweeps; ++k) {
      const std::size_t begin = k * loads::lanes, end = std::min(grouped.size(), begin + loads::lanes);
      sweeper.count_paths(std::span(grouped).subspan(begin, end - begin));
      std::size_t item[loads::lanes];
      std::uint64_t lane_weight[loads::lanes];
      double lane_sum[loads::lanes] = {};
      for (std::size_t lane = 0; lane < end - begin; ++lane) {
        item[lane] = job.first + order[begin + lane];
        lane_weight[lane] = job.weight_of(item[lane]);
      }
      // Level 0 lists the sources in their own lanes only: the pairs start after it.
      const auto found = sweeper.found();
      for (std::size_t f = found.sources; f < found.nodes.size(); ++f) {
        const node_id t = found.nodes[f];
        if (!job.counts_to(t)) continue;
        for (unsigned bits = found.lanes[f]; bits; bits &= bits - 1) {
          const auto lane = unsigned(__builtin_ctz(bits));
          const double sigma = sweeper.paths(t, lane);
          part.add(sigma, lane_weight[lane]);
          lane_sum[lane] += sigma;
        }
      }
      for (std::size_t lane = 0; lane < end - begin; ++lane)
        job.source_sum[item[lane] - job.first] = lane_sum[lane] * double(lane_weight[lane]);
    }
#pragma omp critical
    job.tally.merge(part);
  }
}

/// One scalar search a source: for fewer sources than fill two sweeps' lanes.
void count_one_source_at_a_time(CountJob& job) {
#pragma omp parallel num_threads(thread_count(job.o, job.last - job.first))
  {
    CountSweep sweep(job.g.num_nodes());
    CountTally part;
#pragma omp for schedule(dynamic, 1) nowait
    for (std::size_t i = job.first; i < job.last; ++i) {
      const node_id s = job.sources[i];
      sweep.run(job.g, s);
      double sum = 0;
      for (node_id t : sweep.queue)
        if (t != s && job.counts_to(t)) {
          part.add(sweep.sigma[t], job.weight_of(i));
          sum += sweep.sigma[t];
        }
      job.source_sum[i - job.first] = sum * double(job.weight_of(i));
    }
#pragma omp critical
    job.tally.merge(part);
  }
}

ShortestPathCounts shortest_path_counts(const Graph& g, const PathDiversityOptions& o) {
  ShortestPathCounts r;
  const node_id n = g.num_nodes();
  CountJob job(g, o);
  if (!o.endpoints.empty()) {
    r.method = "endpoints";
    job.sources = o.endpoints;
    job.target.assign(n, 0);
    for (node_id e : o.endpoints) job.target[e] = 1;
  } else if (path_counts_by_classes(g, o)) {
    r.method = "orbits";
    job.sources = o.classes->representative;
    job.weight = o.classes->size;
  } else {
    r.method = "bfs";
    job.sources.resize(n);
    for (node_id v = 0; v < n; ++v) job.sources[v] = v;
  }
  r.sources = job.sources.size();
  auto& ranks = o.ranks ? *o.ranks : parallel::single_process();
  std::tie(job.first, job.last) = my_items(ranks, job.sources.size());
  job.source_sum.assign(job.last - job.first, 0);
  if (counts_in_lanes(job.sources.size()))
    count_in_lanes(job);
  else
    count_one_source_at_a_time(job);
  // Each source's sum of σ, added up in source order: the mean does not depend on the threads or the processes.
  std::string packed;
  job.tally.pack(packed);
  parallel::pack<double>(packed, job.source_sum);
  const std::string whole = all_gathered(ranks, packed);
  CountTally total;
  std::vector<double> source_sum;
  for (std::size_t at = 0; at < whole.size();) {
    total.merge(CountTally::unpack(whole, at));
    const auto sums = parallel::unpack<double>(whole, at);
    source_sum.insert(source_sum.end(), sums.begin(), sums.end());
  }
  r.histogram = total.histogram();
  r.pairs_above_limit = total.above;
  r.pairs = total.above;
  for (const auto& [sigma, pairs] : r.histogram) r.pairs += pairs;
  if (r.pairs) {
    double sum = 0;
    for (double x : source_sum) sum += x;
    r.mean = sum / double(r.pairs);
    r.min = r.histogram.empty() ? total.above_min : double(r.histogram.front().first);
    r.max = total.above ? total.above_max : double(r.histogram.back().first);
    r.single_fraction = double(total.small[1]) / double(r.pairs);
  }
  return r;
}

}  // namespace

bool path_counts_by_classes(const Graph& g, const PathDiversityOptions& o) {
  return o.endpoints.empty() && o.classes && !has_parallel_links(g);
}

bool connectivity_exact(const Graph& g, const PathDiversityOptions& o) {
  const std::uint64_t terms = o.endpoints.empty() ? g.num_nodes() : o.endpoints.size();
  const std::uint64_t pairs = terms * (terms - std::min<std::uint64_t>(terms, 1)) / 2;
  return double(terms) * double(g.num_arcs()) <= o.exact_connectivity_work || pairs <= o.sampled_pairs;
}

PathDiversityPlan plan_path_diversity(const Graph& g, const PathDiversityOptions& o) {
  PathDiversityPlan p;
  p.nodes = g.num_nodes();
  p.arcs = g.num_arcs();
  p.flow_search_arcs = p.greedy_search_arcs = double(p.arcs);
  if (o.distance_histogram && o.endpoints.empty() && p.nodes) {
    // The mean distance L over pairs, and B(r), the nodes within r of a node on average.
    const auto& h = *o.distance_histogram;
    double pairs = 0, sum = 0;
    for (std::size_t d = 1; d < h.size(); ++d) {
      pairs += double(h[d]);
      sum += double(d) * double(h[d]);
    }
    const double mean = pairs > 0 ? sum / pairs : 0, degree = double(p.arcs) / double(p.nodes);
    const auto ball = [&](double r) {
      double within = 0;
      for (std::size_t d = 0; d < h.size() && double(d) <= std::ceil(r); ++d) within += double(h[d]);
      return within / double(p.nodes);
    };
    if (pairs > 0) {
      p.flow_search_arcs = std::min(double(p.arcs), ball(mean) * degree);
      p.greedy_search_arcs = std::min(double(p.arcs), 2 * ball(mean / 2) * degree);
    }
  }
  const std::uint64_t terms = o.endpoints.empty() ? g.num_nodes() : o.endpoints.size();
  p.by_classes = path_counts_by_classes(g, o);
  p.sources = p.by_classes ? o.classes->representative.size() : terms;
  if (!g.directed()) {
    const std::uint64_t pairs = terms * (terms - std::min<std::uint64_t>(terms, 1)) / 2;
    p.exact_connectivity = connectivity_exact(g, o);
    p.max_flows = p.exact_connectivity ? terms - std::min<std::uint64_t>(terms, 1) : o.sampled_pairs;
    if (p.exact_connectivity) {
      const ConnectivityCheck check = plan_connectivity_check(g, path_terms(g, o));
      if (check.runs) {
        p.check_flows = check.dominating.empty() ? 0 : check.dominating.size() - 1;
        p.settled_flows = p.max_flows - check.flows_left;
        p.max_flows = p.check_flows + check.flows_left;
      }
    }
    // Per sampled pair a search per path and one that finds none; per quadruple three sets of them.
    std::uint64_t degree = 0;
    for (node_id v = 0; v < g.num_nodes(); ++v) degree = std::max<std::uint64_t>(degree, g.out_neighbors(v).size());
    const std::uint64_t pairs_drawn = std::min(pairs, o.sampled_pairs);
    p.greedy_searches = pairs_drawn * (degree + 1) + (terms >= 4 ? o.sampled_pairs * 3 * (2 * degree + 1) : 0);
  }
  return p;
}

double path_diversity_seconds(const PathDiversityPlan& p, unsigned threads) {
  // Rates of one AMD EPYC core, rounded down: the path counts 5e8 source·arcs a second in lanes on random regular
  // graphs of degree 8 (1e8 one source at a time); a max flow's searches 1e8 arcs reached (hypercube 2^14, torus
  // 100 × 100, random regular 1000/8); a greedy path's two searches stop where they meet, well inside their
  // balls: 1e9 of the balls' arcs; the check's flows 3e7 arcs, each a few searches of the mean degree squared arcs
  // (random regular 10^4/8: 1,709 flows in 0.03 s). Whole estimates, default samples, against the runs on two
  // threads: hypercube 2^14 4 s for 1.6 s, torus 100 × 100 and Slim Fly q = 19 under 0.5 s for 0.21 and 0.11 s,
  // random regular 10^5/8 (--paths-sample 4) 80 s for 72 s.
  const double arcs = double(p.arcs), degree = p.nodes ? arcs / double(p.nodes) : 0;
  const double count_rate = counts_in_lanes(p.sources) ? 5e8 : 1e8;
  const double check_arcs = double(p.check_flows) * std::min(arcs, 4 * degree * degree);
  const double per_thread = 1.0 / std::max(1u, threads);
  return double(p.sources) * arcs / count_rate * per_thread +
         double(p.greedy_searches) * p.greedy_search_arcs / 1e9 * per_thread +
         double(p.max_flows - p.check_flows) * p.flow_search_arcs / 1e8 + check_arcs / 3e7;
}

std::vector<double> shortest_path_counts_from(const Graph& g, node_id s) {
  CountSweep sweep(g.num_nodes());
  sweep.run(g, s);
  return sweep.sigma;
}

PathDiversity path_diversity(const Graph& g, const PathDiversityOptions& options) {
  // A run estimated under 10 ms stays on one thread: waking a second thread for each batch and parking it
  // afterwards costs more than it saves (Slim Fly q = 19, estimated 3.5 ms: 14.2 ms on one thread, 18.7 on
  // two). Above it the second core pays (random regular 1000/8, estimated 17 ms: 21.8 ms against 19.2).
  PathDiversityOptions o = options;
  if (path_diversity_seconds(plan_path_diversity(g, o), 1) < 0.01) o.threads = 1;
  PathDiversity r;
  r.shortest = shortest_path_counts(g, o);
  if (g.directed())
    r.disjoint_skipped = "directed graph: the Gomory–Hu tree is for undirected graphs";
  else {
    r.disjoint = edge_disjoint_paths(g, o);
    r.greedy = greedy_disjoint_paths(g, o);
  }
  return r;
}

std::uint64_t path_diversity_memory(std::uint64_t nodes, std::uint64_t arcs, std::uint64_t threads,
                                    std::uint64_t sampled_pairs) {
  // The path counts' sweeps (load_kernel.hpp): the out-lists padded to loads::arc_block, node and multiplicity
  // (4 + 8, per arc and one more per node at most; the in-lists of a directed graph as many), the neighbour
  // words (3 per arc at most), and a sweeper per thread. Per thread besides: a flow network
  // (edge_connectivity.cpp) with head, residual, capacity and reverse arc per arc (4 + 8 + 4 + 8) and offsets,
  // capacity around, level, arc pointer, queue and path per node (8 + 8 + 4 + 8 + 4 + 8); Gusfield's parent and
  // weight (16 per node), and the cut sides of a batch of 32 flows per thread (32 bytes per node and thread); the
  // greedy paths' capacity, capacity left and reverse arc per arc (4 + 4 + 8) and parent, distance, side and 4
  // lists per node (8 + 4 + 1 + 16).
  const double n = double(nodes), a = double(arcs), t = double(threads);
  const double sweeper = double(SplitLoadSweeper::bytes(nodes, arcs + nodes));
  // A sample's path lengths: a pair's (degree + 1) and a quadruple's 3 (2 degree + 1), 4 bytes each, in vectors
  // of 24 bytes; the pairs drawn (8 + 32 in the set of those drawn).
  const double degree = n > 0 ? a / n : 0, samples = double(sampled_pairs);
  const double lengths = samples * ((degree + 1) * 4 + 24 + 3 * ((2 * degree + 1) * 4 + 24) + 40);
  const double b = 3 * a + 24 * (a + n) + t * (sweeper + 24 * a + 40 * n + 32 * n + 16 * a + 29 * n) + 16 * n + lengths;
  return b >= 1.8e19 ? ~std::uint64_t{0} : std::uint64_t(b);
}

}  // namespace topo::metrics
