// Path diversity: the number of shortest paths σ(s,t) of every pair from BFS path counts (Brandes' first
// pass), one BFS per source or per class of sources, and λ(s,t) from edge_connectivity.cpp.
#include "topo/metrics/path_diversity.hpp"

#include <omp.h>

#include <algorithm>
#include <limits>
#include <unordered_map>

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

/// A part of the histogram and the sums, one per thread, added up at the end.
struct CountTally {
  std::unordered_map<std::uint64_t, std::uint64_t> bins;
  std::uint64_t above = 0, pairs = 0, single = 0;
  double min = std::numeric_limits<double>::infinity(), max = 0;

  void add(double sigma, std::uint64_t weight) {
    if (sigma >= exact_path_count_limit)
      above += weight;
    else
      bins[std::uint64_t(sigma)] += weight;
    pairs += weight;
    if (sigma == 1) single += weight;
    min = std::min(min, sigma);
    max = std::max(max, sigma);
  }
  void merge(const CountTally& o) {
    for (const auto& [k, c] : o.bins) bins[k] += c;
    above += o.above;
    pairs += o.pairs;
    single += o.single;
    min = std::min(min, o.min);
    max = std::max(max, o.max);
  }
  void pack(std::string& out) const {
    std::vector<std::uint64_t> keys, counts;
    for (const auto& [k, c] : bins) {
      keys.push_back(k);
      counts.push_back(c);
    }
    parallel::pack<std::uint64_t>(out, keys);
    parallel::pack<std::uint64_t>(out, counts);
    parallel::pack<std::uint64_t>(out, std::vector<std::uint64_t>{above, pairs, single});
    parallel::pack<double>(out, std::vector<double>{min, max});
  }
  static CountTally unpack(const std::string& in, std::size_t& at) {
    CountTally t;
    const auto keys = parallel::unpack<std::uint64_t>(in, at), counts = parallel::unpack<std::uint64_t>(in, at);
    for (std::size_t i = 0; i < keys.size(); ++i) t.bins[keys[i]] = counts[i];
    const auto sums = parallel::unpack<std::uint64_t>(in, at);
    const auto range = parallel::unpack<double>(in, at);
    t.above = sums[0];
    t.pairs = sums[1];
    t.single = sums[2];
    t.min = range[0];
    t.max = range[1];
    return t;
  }
};

bool has_parallel_links(const Graph& g) {
  if (g.multigraph()) return true;
  for (link_id l = 0; l < g.num_links(); ++l)
    if (g.multiplicity(l) > 1) return true;
  return false;
}

ShortestPathCounts shortest_path_counts(const Graph& g, const PathDiversityOptions& o) {
  ShortestPathCounts r;
  const node_id n = g.num_nodes();
  std::vector<node_id> sources;
  std::vector<std::uint64_t> weight;
  std::vector<char> target(o.endpoints.empty() ? 0 : n, 0);
  if (!o.endpoints.empty()) {
    r.method = "endpoints";
    sources = o.endpoints;
    for (node_id e : o.endpoints) target[e] = 1;
  } else if (path_counts_by_classes(g, o)) {
    r.method = "orbits";
    sources = o.classes->representative;
    weight = o.classes->size;
  } else {
    r.method = "bfs";
    sources.resize(n);
    for (node_id v = 0; v < n; ++v) sources[v] = v;
  }
  r.sources = sources.size();
  CountTally mine;
  // Each source's sum of σ, added up in source order afterwards: the mean does not depend on the threads or
  // the processes.
  auto& ranks = o.ranks ? *o.ranks : parallel::single_process();
  const auto items = my_items(ranks, sources.size());
  const std::size_t first = items.first, last = items.second;  // an OpenMP region cannot use a binding
  std::vector<double> source_sum(last - first, 0);
  const int threads = static_cast<int>(std::min<std::size_t>(
      std::max<std::size_t>(last - first, 1), std::size_t(o.threads > 0 ? o.threads : omp_get_max_threads())));
#pragma omp parallel num_threads(threads)
  {
    CountSweep sweep(n);
    CountTally part;
#pragma omp for schedule(dynamic, 1) nowait
    for (std::size_t i = first; i < last; ++i) {
      const node_id s = sources[i];
      sweep.run(g, s);
      const std::uint64_t w = weight.empty() ? 1 : weight[i];
      double sum = 0;
      for (node_id t : sweep.queue)
        if (t != s && (target.empty() || target[t])) {
          part.add(sweep.sigma[t], w);
          sum += sweep.sigma[t];
        }
      source_sum[i - first] = sum * double(w);
    }
#pragma omp critical
    mine.merge(part);
  }
  std::string packed;
  mine.pack(packed);
  parallel::pack<double>(packed, source_sum);
  const std::string whole = all_gathered(ranks, packed);
  CountTally total;
  source_sum.clear();
  for (std::size_t at = 0; at < whole.size();) {
    total.merge(CountTally::unpack(whole, at));
    const auto sums = parallel::unpack<double>(whole, at);
    source_sum.insert(source_sum.end(), sums.begin(), sums.end());
  }
  r.histogram.assign(total.bins.begin(), total.bins.end());
  std::sort(r.histogram.begin(), r.histogram.end());
  r.pairs_above_limit = total.above;
  r.pairs = total.pairs;
  if (total.pairs) {
    double sum = 0;
    for (double x : source_sum) sum += x;
    r.mean = sum / double(total.pairs);
    r.min = total.min;
    r.max = total.max;
    r.single_fraction = double(total.single) / double(total.pairs);
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
  p.arcs = g.num_arcs();
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
        const std::uint64_t checks = check.dominating.empty() ? 0 : check.dominating.size() - 1;
        p.settled_flows = p.max_flows - check.flows_left;
        p.max_flows = checks + check.flows_left;
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
  // Rates of one AMD EPYC core on random regular graphs of degree 8 (bench/paths.sh), rounded down: the path
  // counts 1e8 arcs a second, a max flow (Dinic's phases, then the cut) 3e7.
  const double arcs = double(p.arcs);
  // The greedy paths' searches, each at most one BFS, at the path counts' rate.
  return (double(p.sources) + double(p.greedy_searches)) * arcs / (1e8 * std::max(1u, threads)) +
         double(p.max_flows) * arcs / 3e7;
}

std::vector<double> shortest_path_counts_from(const Graph& g, node_id s) {
  CountSweep sweep(g.num_nodes());
  sweep.run(g, s);
  return sweep.sigma;
}

PathDiversity path_diversity(const Graph& g, const PathDiversityOptions& o) {
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
  // Per thread: the path counts' distance, σ and queue (4 + 8 + 4 per node); a flow network (edge_connectivity.cpp)
  // with head, residual, capacity and reverse arc per arc (4 + 8 + 4 + 8) and offsets, capacity around, level,
  // arc pointer, queue and path per node (8 + 8 + 4 + 8 + 4 + 8); Gusfield's parent and weight (16 per node), and
  // the cut sides of a batch of 32 flows per thread (32 bytes per node and thread); the greedy paths' capacity,
  // capacity left and reverse arc per arc (4 + 4 + 8) and parent, distance, side and 4 lists per node (8 + 4 + 1 + 16).
  const double n = double(nodes), a = double(arcs), t = double(threads);
  // A sample's path lengths: a pair's (degree + 1) and a quadruple's 3 (2 degree + 1), 4 bytes each, in vectors
  // of 24 bytes; the pairs drawn (8 + 32 in the set of those drawn).
  const double degree = n > 0 ? a / n : 0, samples = double(sampled_pairs);
  const double lengths = samples * ((degree + 1) * 4 + 24 + 3 * ((2 * degree + 1) * 4 + 24) + 40);
  const double b = t * (16 * n + 24 * a + 40 * n + 32 * n + 16 * a + 29 * n) + 16 * n + lengths;
  return b >= 1.8e19 ? ~std::uint64_t{0} : std::uint64_t(b);
}

}  // namespace topo::metrics
