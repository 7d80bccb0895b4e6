// Local edge connectivity λ(s,t): Dinic's max flow on the undirected graph (each link two opposite arcs of
// capacity its multiplicity), and every pair's λ from Gusfield's n - 1 max flows (D. Gusfield, "Very simple
// methods for all pairs network flow analysis", SIAM J. Comput. 19(1), 1990): a flow-equivalent tree, whose
// smallest weight on the path between two nodes is their λ. A flow whose smaller end degree equals the graph's
// edge connectivity λ(G) is that degree without being run (λ(G) ≤ λ(s,t) ≤ the degrees of s and t): λ(G) is
// first checked to be the least degree δ by Matula's dominating-set method (ConnectivityCheck,
// path_diversity_internal.hpp), which on a random graph of degree 8 takes about n/6 flows.
#include <omp.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <numeric>
#include <optional>

#include "path_diversity_internal.hpp"
#include "topo/errors.hpp"
#include "topo/metrics/path_diversity.hpp"

namespace topo::metrics {

namespace {

constexpr std::uint32_t no_level = std::numeric_limits<std::uint32_t>::max();

/// The residual network of an undirected graph, reset before each flow.
class FlowNetwork {
 public:
  /// Which minimum cut on_source_side reports: the last search's reach from s, s alone, or all but t.
  enum class Cut { levels, source_alone, sink_alone };

  explicit FlowNetwork(const Graph& g) : n_(g.num_nodes()) {
    next_.resize(n_);
    const std::uint64_t arcs = g.num_arcs();
    off_.resize(n_ + 1);
    head_.resize(arcs);
    cap_.resize(arcs);
    rev_ = reverse_arcs(g);
    for (node_id v = 0; v < n_; ++v) {
      off_[v] = g.arc_offset(v);
      const auto nb = g.out_neighbors(v);
      const auto ln = g.out_links(v);
      for (std::size_t i = 0; i < nb.size(); ++i) {
        const std::uint64_t a = off_[v] + i;
        head_[a] = nb[i];
        // A self-loop carries no flow between two nodes.
        cap_[a] = nb[i] == v ? 0 : g.multiplicity(ln[i]);
      }
    }
    off_[n_] = arcs;
    around_.resize(n_);
    for (node_id v = 0; v < n_; ++v)
      around_[v] = std::accumulate(cap_.begin() + std::ptrdiff_t(off_[v]), cap_.begin() + std::ptrdiff_t(off_[v + 1]),
                                   std::uint64_t{0});
    res_.assign(cap_.begin(), cap_.end());
    level_.assign(n_, no_level);
    queue_.reserve(n_);
  }

  /// The largest s-t flow; afterwards, on_source_side(v) tells the side of a minimum cut. The flow stops at
  /// the smaller capacity around s or t, which bounds it: then that node alone is a side of a minimum cut.
  std::uint64_t max_flow(node_id s, node_id t) {
    const std::uint64_t bound = std::min(around_[s], around_[t]);
    const std::uint64_t flow = flow_to(
        s, [t](node_id v) { return v == t; }, bound);
    return flow == bound ? settled_flow(s, t) : flow;
  }
  /// The s-t flow when it is known to be the smaller capacity around s or t (the graph's edge connectivity is
  /// that), without running it; on_source_side as after max_flow.
  std::uint64_t settled_flow(node_id s, node_id t) {
    const std::uint64_t bound = std::min(around_[s], around_[t]);
    cut_ = around_[s] == bound ? Cut::source_alone : Cut::sink_alone;
    cut_node_ = around_[s] == bound ? s : t;
    return bound;
  }
  /// The largest flow from s to the nodes for which `is_sink` holds (not s), taken as one node, stopped at
  /// `bound`. The searches start at s and stop at the nearest sinks' level, and only the arcs and nodes they
  /// touched are reset afterwards, so a flow to sinks near s costs what it touches, not the whole graph.
  template <typename IsSink>
  std::uint64_t flow_to(node_id s, const IsSink& is_sink, std::uint64_t bound) {
    for (std::uint64_t a : pushed_) res_[a] = cap_[a];
    pushed_.clear();
    std::uint64_t flow = 0;
    cut_ = Cut::levels;
    while (flow < bound && levels(s, is_sink)) {
      for (node_id v : queue_) next_[v] = off_[v];
      while (flow < bound)
        if (const std::uint64_t f = blocking_path(s, is_sink))
          flow += f;
        else
          break;
    }
    return flow;
  }
  std::uint64_t around(node_id v) const { return around_[v]; }
  Cut cut() const { return cut_; }
  node_id num_nodes() const { return n_; }
  bool on_source_side(node_id v) const {
    switch (cut_) {
      case Cut::source_alone:
        return v == cut_node_;
      case Cut::sink_alone:
        return v != cut_node_;
      default:
        return level_[v] != no_level;
    }
  }

 private:
  /// BFS levels from s over arcs with residual capacity, up to the nearest sinks'; true when a sink is reached
  /// (when none is, every node reached has a level: the source side of a minimum cut). The previous search's
  /// nodes, the only ones with a level, are cleared first.
  template <typename IsSink>
  bool levels(node_id s, const IsSink& is_sink) {
    for (node_id v : queue_) level_[v] = no_level;
    queue_.clear();
    level_[s] = 0;
    queue_.push_back(s);
    std::uint32_t sink_level = no_level;
    for (std::size_t h = 0; h < queue_.size(); ++h) {
      const node_id v = queue_[h];
      if (level_[v] >= sink_level) break;  // no shortest augmenting path goes further
      for (std::uint64_t a = off_[v]; a < off_[v + 1]; ++a)
        if (res_[a] && level_[head_[a]] == no_level) {
          const node_id w = head_[a];
          level_[w] = level_[v] + 1;
          queue_.push_back(w);
          if (is_sink(w)) sink_level = level_[w];
        }
    }
    return sink_level != no_level;
  }

  /// One augmenting path along the levels (an iterative DFS: paths can be as long as the graph), its flow
  /// pushed; 0 when the level graph is blocked. Dead ends leave the level graph.
  template <typename IsSink>
  std::uint64_t blocking_path(node_id s, const IsSink& is_sink) {
    path_.clear();
    node_id v = s;
    while (!is_sink(v)) {
      bool advanced = false;
      for (; next_[v] < off_[v + 1]; ++next_[v]) {
        const std::uint64_t a = next_[v];
        const node_id w = head_[a];
        if (res_[a] && level_[w] != no_level && level_[w] == level_[v] + 1) {
          path_.push_back(a);
          v = w;
          advanced = true;
          break;
        }
      }
      if (advanced) continue;
      if (v == s) return 0;
      level_[v] = no_level - 1;  // a dead end: no arc of the level graph enters it any more
      const std::uint64_t a = path_.back();
      path_.pop_back();
      v = head_[rev_[a]];
      ++next_[v];
    }
    std::uint64_t f = std::numeric_limits<std::uint64_t>::max();
    for (std::uint64_t a : path_) f = std::min(f, res_[a]);
    for (std::uint64_t a : path_) {
      res_[a] -= f;
      res_[rev_[a]] += f;
      pushed_.push_back(a);
      pushed_.push_back(rev_[a]);
    }
    return f;
  }

  node_id n_;
  Cut cut_ = Cut::levels;
  node_id cut_node_ = 0;
  std::vector<std::uint64_t> around_;  // capacity of the links around each node
  std::vector<std::uint64_t> off_, rev_, res_, next_, path_;
  std::vector<std::uint64_t> pushed_;  // arcs whose residual capacity the flow changed, reset before the next
  std::vector<node_id> head_, queue_;
  std::vector<std::uint32_t> cap_, level_;
};

void finish(EdgeDisjointPaths& r, const std::map<std::uint64_t, std::uint64_t>& bins) {
  r.histogram.assign(bins.begin(), bins.end());
  r.pairs = 0;
  double sum = 0;
  for (const auto& [lambda, pairs] : r.histogram) {
    r.pairs += pairs;
    sum += double(lambda) * double(pairs);
  }
  if (r.pairs) {
    r.min = r.histogram.front().first;
    r.max = r.histogram.back().first;
    r.mean = sum / double(r.pairs);
  }
}

/// The graph's edge connectivity λ(G) when it equals the least degree δ, checked as `check` plans (Matula's
/// method, path_diversity_internal.hpp), else nothing; `flows` counts the max flows run.
std::optional<std::uint64_t> connectivity_at_least_degree(const ConnectivityCheck& check, const FlowNetwork& net,
                                                          int threads, std::uint64_t& flows) {
  if (!check.runs) return std::nullopt;
  const std::uint64_t least = check.least_degree;
  const std::vector<node_id>& dominating = check.dominating;
  // In batches, as all_pairs: the flows run (and counted) up to the first one below δ do not depend on the
  // threads.
  std::vector<FlowNetwork> nets(std::size_t(threads), net);
  // Each flow runs from d_i to the nodes before it, whose positions in the set are below i: its searches stop
  // at the nearest of them, a few links away.
  std::vector<std::size_t> position(net.num_nodes(), dominating.size());
  for (std::size_t i = 0; i < dominating.size(); ++i) position[dominating[i]] = i;
  const std::size_t batch = std::size_t(threads) * 32;
  for (std::size_t first = 1; first < dominating.size(); first += batch) {
    const std::size_t last = std::min(dominating.size(), first + batch);
    char below = 0;
#pragma omp parallel for num_threads(threads) schedule(dynamic, 1) reduction(| : below)
    for (std::size_t i = first; i < last; ++i)
      below |= nets[std::size_t(omp_get_thread_num())].flow_to(
                   dominating[i], [&position, i](node_id v) { return position[v] < i; }, least) < least;
    flows += last - first;
    if (below) return std::nullopt;
  }
  return least;
}

/// Every pair among `terms` from Gusfield's tree: its links joined in decreasing weight, each join giving the
/// pairs it connects that weight as their λ. The flows of a batch of consecutive terminals run in parallel, each
/// with the parent it has when the batch starts; in order, a flow whose terminal got another parent from an
/// earlier one in the batch is run again. Same tree as one flow after the other.
EdgeDisjointPaths all_pairs(const Graph& g, const FlowNetwork& net, const std::vector<node_id>& terms, int threads) {
  EdgeDisjointPaths r;
  const std::optional<std::uint64_t> connectivity =
      connectivity_at_least_degree(plan_connectivity_check(g, terms), net, threads, r.max_flows);
  const std::size_t k = terms.size();
  std::vector<std::size_t> parent(k, 0);
  std::vector<std::uint64_t> weight(k, 0);
  const std::size_t batch = std::size_t(threads) * 32;
  std::vector<FlowNetwork> nets(std::size_t(threads), net);
  std::vector<std::size_t> used(batch);
  std::vector<std::uint64_t> flow(batch);
  std::vector<char> ran(batch);
  // A flow's cut: one of its ends alone, or the flow's last search's reach, then each later terminal's side.
  std::vector<FlowNetwork::Cut> cut(batch);
  std::vector<std::vector<char>> side(batch, std::vector<char>(k));
  const auto settled = [&](std::size_t i) {
    return connectivity && std::min(net.around(terms[i]), net.around(terms[parent[i]])) == *connectivity;
  };
  auto run = [&](FlowNetwork& f, std::size_t i, std::size_t b) {
    const node_id s = terms[i], t = terms[parent[i]];
    used[b] = parent[i];
    ran[b] = !settled(i);
    flow[b] = ran[b] ? f.max_flow(s, t) : f.settled_flow(s, t);
    cut[b] = f.cut();
    if (cut[b] == FlowNetwork::Cut::levels)
      for (std::size_t j = i + 1; j < k; ++j) side[b][j] = f.on_source_side(terms[j]);
  };
  for (std::size_t first = 1; first < k; first += batch) {
    const std::size_t last = std::min(k, first + batch);
    // A batch of settled flows only is quicker on one thread than the threads' start.
    bool any_to_run = false;
    for (std::size_t i = first; i < last; ++i) any_to_run |= !settled(i);
#pragma omp parallel for num_threads(any_to_run ? threads : 1) schedule(dynamic, 1)
    for (std::size_t i = first; i < last; ++i) run(nets[std::size_t(omp_get_thread_num())], i, i - first);
    for (std::size_t i = first; i < last; ++i) {
      const std::size_t b = i - first;
      if (used[b] != parent[i]) run(nets[0], i, b);
      weight[i] = flow[b];
      r.max_flows += ran[b];
      if (cut[b] == FlowNetwork::Cut::source_alone) continue;  // no terminal after s is on its side
      for (std::size_t j = i + 1; j < k; ++j)
        if (parent[j] == parent[i] && (cut[b] == FlowNetwork::Cut::sink_alone || side[b][j])) parent[j] = i;
    }
  }
  std::vector<std::size_t> order(k > 0 ? k - 1 : 0);
  std::iota(order.begin(), order.end(), std::size_t{1});
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return weight[a] > weight[b]; });
  std::vector<std::size_t> root(k), members(k, 1);
  std::iota(root.begin(), root.end(), std::size_t{0});
  auto find = [&](std::size_t x) {
    while (root[x] != x) x = root[x] = root[root[x]];
    return x;
  };
  std::map<std::uint64_t, std::uint64_t> bins;
  for (std::size_t i : order) {
    std::size_t a = find(i), b = find(parent[i]);
    bins[weight[i]] += std::uint64_t(members[a]) * members[b];
    if (members[a] < members[b]) std::swap(a, b);
    root[b] = a;
    members[a] += members[b];
  }
  finish(r, bins);
  return r;
}

/// `count` distinct unordered pairs among `terms`, uniformly at random, each by one max flow (this process's
/// share of them).
EdgeDisjointPaths sampled_pairs(FlowNetwork& net, const std::vector<node_id>& terms, std::uint64_t count,
                                std::uint64_t seed, parallel::Ranks& ranks) {
  EdgeDisjointPaths r;
  r.exact = false;
  const auto pairs = random_pairs(terms, count, seed);
  const auto [first, last] = my_items(ranks, pairs.size());
  std::vector<std::uint64_t> flows;
  for (std::size_t i = first; i < last; ++i) flows.push_back(net.max_flow(pairs[i].first, pairs[i].second));
  std::string packed;
  parallel::pack<std::uint64_t>(packed, flows);
  const std::string whole = all_gathered(ranks, packed);
  std::map<std::uint64_t, std::uint64_t> bins;
  for (std::size_t at = 0; at < whole.size();)
    for (std::uint64_t f : parallel::unpack<std::uint64_t>(whole, at)) ++bins[f];
  r.max_flows = pairs.size();
  finish(r, bins);
  // The pairs are drawn without replacement from the k(k - 1)/2: the finite-population correction makes the
  // interval 0 when the sample is every pair.
  const double all = double(terms.size()) * double(terms.size() - 1) / 2, k = double(r.pairs);
  if (r.pairs >= 2) {
    double ss = 0;
    for (const auto& [lambda, n] : r.histogram) ss += double(n) * (double(lambda) - r.mean) * (double(lambda) - r.mean);
    r.mean_ci95 = 1.96 * std::sqrt(ss / (k - 1)) / std::sqrt(k) * std::sqrt(std::max(0.0, all - k) / (all - 1));
  }
  return r;
}

/// A dominating set, greedily: each time a node that dominates the most nodes not yet dominated (itself and
/// its neighbours). A quarter to two thirds smaller than taking the nodes in id
/// order (random regular 1000/8: 167 against 232; Slim Fly q = 19: 27 against 79), and each of its nodes but the
/// first costs Matula's check a flow. Gains only fall, so a node whose gain has fallen since it was queued is
/// queued again at its gain: O(arcs) in all.
std::vector<node_id> greedy_dominating_set(const Graph& g) {
  const node_id n = g.num_nodes();
  std::vector<char> dominated(n, 0);
  const auto gain = [&](node_id v) {
    std::size_t k = !dominated[v];
    for (node_id u : g.out_neighbors(v)) k += u != v && !dominated[u];
    return k;
  };
  // buckets[k]: nodes queued with gain k, taken from the back; filled in decreasing id order so that the lowest
  // id comes out first among those queued at the start (a node queued again comes out before them).
  std::vector<std::vector<node_id>> buckets;
  for (node_id v = n; v-- > 0;) {
    const std::size_t k = gain(v);
    if (k >= buckets.size()) buckets.resize(k + 1);
    buckets[k].push_back(v);
  }
  std::vector<node_id> set;
  for (std::size_t k = buckets.size(); k-- > 1;)
    while (!buckets[k].empty()) {
      const node_id v = buckets[k].back();
      buckets[k].pop_back();
      if (const std::size_t now = gain(v); now != k) {
        buckets[now].push_back(v);
        continue;
      }
      set.push_back(v);
      dominated[v] = 1;
      for (node_id u : g.out_neighbors(v)) dominated[u] = 1;
    }
  return set;
}

}  // namespace

ConnectivityCheck plan_connectivity_check(const Graph& g, const std::vector<node_id>& terms) {
  ConnectivityCheck c;
  const node_id n = g.num_nodes();
  if (n < 2 || g.directed() || g.has_multiplicity() || g.multigraph()) return c;
  std::vector<std::uint64_t> degree(n, 0);  // links to other nodes: the capacity around the node in a flow
  for (node_id v = 0; v < n; ++v)
    for (node_id u : g.out_neighbors(v)) degree[v] += u != v;
  c.least_degree = *std::min_element(degree.begin(), degree.end());
  if (c.least_degree == 0) {  // λ(G) = 0 without a flow
    c.runs = true;
    return c;
  }
  c.dominating = greedy_dominating_set(g);
  std::uint64_t settled = 0;
  for (std::size_t i = 1; i < terms.size(); ++i) ++(degree[terms[i]] == c.least_degree ? settled : c.flows_left);
  c.runs = settled > c.dominating.size() - 1;
  return c;
}

std::uint64_t local_edge_connectivity(const Graph& g, node_id s, node_id t) {
  if (g.directed()) throw InputError("edge connectivity: the graph must be undirected");
  if (s == t) throw InputError("edge connectivity: s and t must differ");
  FlowNetwork net(g);
  return net.max_flow(s, t);
}

EdgeDisjointPaths edge_disjoint_paths(const Graph& g, const PathDiversityOptions& o) {
  if (g.directed()) throw InputError("edge connectivity: the graph must be undirected");
  const std::vector<node_id> terms = path_terms(g, o);
  FlowNetwork net(g);
  if (connectivity_exact(g, o)) {
    const int threads = static_cast<int>(std::min<std::size_t>(
        std::max<std::size_t>(terms.size(), 1), std::size_t(o.threads > 0 ? o.threads : omp_get_max_threads())));
    return all_pairs(g, net, terms, threads);
  }
  return sampled_pairs(net, terms, o.sampled_pairs, o.seed, o.ranks ? *o.ranks : parallel::single_process());
}

}  // namespace topo::metrics
