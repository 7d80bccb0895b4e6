// Which sources sweep together (sweep_order, order_sources_for_sweeps, load_kernel.hpp). A sweep visits a node once per
// distinct level its loads::lanes sources reach it at, so the sources of a sweep should see every node at
// about the same distance: neighbours do, and on a graph with hubs so do the leaves of one hub.
#include <algorithm>
#include <span>
#include <vector>

#include "load_kernel.hpp"

namespace topo::metrics {

namespace {

/// Nodes a ball may visit while it collects sources.
constexpr std::size_t ball_limit = 64 * loads::lanes;
/// A graph has hubs when its largest degree is at least this many times its mean degree. Barabási–Albert
/// graphs (30000 nodes, m = 4: 58 times; 20000, m = 3: 45) and a power-law graph (exponent 2.5, 20000 nodes: 14)
/// have them; a 2-D geometric graph (2.8) and the power grid bcspwr10 (4.2) do not.
constexpr double hub_degree_ratio = 8;

/// Calls f(u) for each neighbour u of v, over links either way.
template <class F>
void for_each_neighbour(const Graph& g, node_id v, F&& f) {
  for (node_id u : g.out_neighbors(v)) f(u);
  if (g.directed())
    for (node_id u : g.in_neighbors(v)) f(u);
}

/// The sources as they are put in sweeps: the order so far, and which wait for a sweep.
class Groups {
 public:
  Groups(const Graph& g, const std::vector<node_id>& sources)
      : g_(g), index_(g.num_nodes(), no_node), taken_(sources.size(), 0), seen_(g.num_nodes(), 0) {
    for (std::size_t i = 0; i < sources.size(); ++i) {
      if (index_[sources[i]] != no_node) repeated_ = true;
      index_[sources[i]] = static_cast<std::uint32_t>(i);
    }
    order_.reserve(sources.size());
  }
  /// A source listed twice (the order is then kept as it is).
  bool repeated() const { return repeated_; }
  bool waiting(node_id v) const { return index_[v] != no_node && !taken_[index_[v]]; }
  bool complete() const { return order_.size() == taken_.size(); }

  /// Puts the waiting sources nearest to `centre` (up to loads::lanes of them, found by BFS over links either
  /// way, within ball_limit nodes) in the next sweep, calling took(v) for each.
  template <class Took>
  void fill_sweep(node_id centre, Took&& took) {
    ++balls_;
    ball_.assign(1, centre);
    seen_[centre] = balls_;
    std::size_t collected = 0;
    for (std::size_t h = 0; h < ball_.size() && collected < loads::lanes; ++h) {
      const node_id v = ball_[h];
      if (waiting(v)) {
        taken_[index_[v]] = 1;
        order_.push_back(v);
        ++collected;
        took(v);
      }
      for_each_neighbour(g_, v, [&](node_id u) {
        if (seen_[u] != balls_ && ball_.size() < ball_limit) {
          seen_[u] = balls_;
          ball_.push_back(u);
        }
      });
    }
  }

  /// Reorders `sources` and `weight` as the sweeps take them.
  /// The sources' positions in the order they were put in sweeps.
  std::vector<std::size_t> positions() const {
    std::vector<std::size_t> p(order_.size());
    for (std::size_t i = 0; i < order_.size(); ++i) p[i] = index_[order_[i]];
    return p;
  }

 private:
  const Graph& g_;
  std::vector<std::uint32_t> index_;  // position in `sources`, no_node for a node that is not one
  std::vector<char> taken_;           // per position: in a sweep already
  std::vector<node_id> order_;
  bool repeated_ = false;
  std::vector<std::uint32_t> seen_;  // the ball that visited the node last (balls_ counts from 1)
  std::vector<node_id> ball_;
  std::uint32_t balls_ = 0;
};

bool has_hubs(const Graph& g) {
  if (g.num_nodes() == 0) return false;
  std::uint64_t most = 0;
  for (node_id v = 0; v < g.num_nodes(); ++v) most = std::max<std::uint64_t>(most, g.out_neighbors(v).size());
  return double(most) >= hub_degree_ratio * double(g.num_arcs()) / double(g.num_nodes());
}

/// Without hubs: each sweep around the first waiting source in `sources`' order. On a graph whose ids follow
/// its geometry the sweeps then advance as a front and leave no stragglers behind (a 2-D geometric graph of
/// 20000 nodes: 64,824 node visits per sweep, against 81,317 when grouped around hubs).
void group_in_balls(Groups& groups, const std::vector<node_id>& sources) {
  for (node_id s : sources)
    if (groups.waiting(s)) groups.fill_sweep(s, [](node_id) {});
}

/// With hubs: each sweep around the node that has the most waiting sources among itself and its neighbours
/// (the lowest id among equals), which puts a hub's leaves in sweeps together: AVX2, two threads,
/// Barabási–Albert 30000/4 8.98 CPU s against 10.03 grouped in balls, 20000/3 3.42 against 3.77, the
/// power-law graph 4.14 against 4.58.
void group_around_hubs(Groups& groups, const Graph& g) {
  const node_id n = g.num_nodes();
  // count[v]: waiting sources among v and its neighbours (a neighbour counted once per link); nodes by count
  // in buckets, an entry stale once the count has moved on.
  std::vector<std::uint32_t> count(n, 0);
  for (node_id v = 0; v < n; ++v) {
    count[v] += groups.waiting(v);
    if (groups.waiting(v)) for_each_neighbour(g, v, [&](node_id u) { ++count[u]; });
  }
  std::vector<std::vector<node_id>> bucket(*std::max_element(count.begin(), count.end()) + 1);
  for (node_id v = n; v-- > 0;) bucket[count[v]].push_back(v);  // the lowest id last: taken first
  const auto drop = [&](node_id u) {
    if (--count[u] > 0) bucket[count[u]].push_back(u);
  };
  const auto took = [&](node_id v) {
    drop(v);
    for_each_neighbour(g, v, drop);
  };
  for (std::size_t top = bucket.size() - 1; !groups.complete();) {
    while (bucket[top].empty()) --top;  // a waiting source counts in its own bucket: top stays above 0
    const node_id centre = bucket[top].back();
    bucket[top].pop_back();
    if (count[centre] == top) groups.fill_sweep(centre, took);
  }
}

}  // namespace

std::vector<std::size_t> sweep_order(const Graph& g, const std::vector<node_id>& sources) {
  Groups groups(g, sources);
  if (groups.repeated()) {
    std::vector<std::size_t> same(sources.size());
    for (std::size_t i = 0; i < same.size(); ++i) same[i] = i;
    return same;
  }
  if (has_hubs(g))
    group_around_hubs(groups, g);
  else
    group_in_balls(groups, sources);
  return groups.positions();
}

void order_sources_for_sweeps(const Graph& g, std::vector<node_id>& sources, std::vector<double>& weight) {
  const std::vector<std::size_t> order = sweep_order(g, sources);
  std::vector<node_id> s(order.size());
  std::vector<double> w(order.size());
  for (std::size_t i = 0; i < order.size(); ++i) {
    s[i] = sources[order[i]];
    w[i] = weight[order[i]];
  }
  sources = std::move(s);
  weight = std::move(w);
}

}  // namespace topo::metrics
