// EvalNet's greedy edge-disjoint paths and path interference (path_diversity.hpp): each path is a shortest path
// from one set of nodes to another over the links earlier paths left (two breadth-first searches that meet);
// the path's links then lose one unit of capacity in both directions.
#include <omp.h>

#include <algorithm>
#include <array>
#include <limits>
#include <map>

#include "path_diversity_internal.hpp"
#include "topo/errors.hpp"
#include "topo/metrics/path_diversity.hpp"
#include "topo/rng.hpp"

namespace topo::metrics {

namespace {

constexpr std::uint64_t no_arc = std::numeric_limits<std::uint64_t>::max();

/// The capacity left on each link (an arc and its reverse share it) and one search's state; one per thread.
class GreedySearch {
 public:
  explicit GreedySearch(const Graph& g) : g_(g), rev_(reverse_arcs(g)) {
    const node_id n = g.num_nodes();
    const std::uint64_t arcs = g.num_arcs();
    cap_.resize(arcs);
    for (node_id v = 0; v < n; ++v) {
      const auto nb = g.out_neighbors(v);
      const auto ln = g.out_links(v);
      for (std::size_t i = 0; i < nb.size(); ++i)
        cap_[g.arc_offset(v) + i] = nb[i] == v ? 0 : g.multiplicity(ln[i]);  // a self-loop joins nothing
    }
    left_.resize(arcs);
    parent_.assign(n, no_arc);
    side_.assign(n, Side::none);
    dist_.assign(n, 0);
  }

  /// The lengths of the greedy paths from `from` to `to` (disjoint node sets), in the order found.
  std::vector<std::uint32_t> lengths(const std::vector<node_id>& from, const std::vector<node_id>& to) {
    std::copy(cap_.begin(), cap_.end(), left_.begin());
    std::vector<std::uint32_t> found;
    while (const std::uint32_t length = shortest_path_taken(from, to)) found.push_back(length);
    return found;
  }

 private:
  enum class Side : std::uint8_t { none, from, to };

  /// A shortest path from `from` to `to` over the capacity left, which it takes; its length, 0 when there is
  /// none. The capacity left is the same in both directions, so two searches grow towards each other, a level
  /// of the smaller frontier at a time, and the shortest path is the best meeting of that level.
  std::uint32_t shortest_path_taken(const std::vector<node_id>& from, const std::vector<node_id>& to) {
    reached_.clear();
    frontier_[0].clear();
    frontier_[1].clear();
    for (node_id v : from) reach(v, Side::from, no_arc, 0, frontier_[0]);
    for (node_id v : to) reach(v, Side::to, no_arc, 0, frontier_[1]);
    std::uint64_t meeting = no_arc;  // the arc joining the two searches on the path taken
    std::uint32_t length = 0;
    while (meeting == no_arc && !frontier_[0].empty() && !frontier_[1].empty()) {
      const int grow = frontier_[0].size() <= frontier_[1].size() ? 0 : 1;
      const Side own = grow == 0 ? Side::from : Side::to;
      next_.clear();
      for (node_id v : frontier_[grow]) {
        const auto nb = g_.out_neighbors(v);
        const std::uint64_t off = g_.arc_offset(v);
        for (std::size_t i = 0; i < nb.size(); ++i) {
          const node_id w = nb[i];
          if (!left_[off + i] || side_[w] == own) continue;
          if (side_[w] == Side::none) {
            reach(w, own, off + i, dist_[v] + 1, next_);
          } else if (const std::uint32_t l = dist_[v] + 1 + dist_[w]; meeting == no_arc || l < length) {
            meeting = off + i;  // the first of the shortest meetings, in the frontier's order
            length = l;
          }
        }
      }
      frontier_[grow].swap(next_);
    }
    if (meeting != no_arc) {
      take(meeting);
      for (node_id v : {tail(meeting), g_.arc_head(meeting)})
        while (parent_[v] != no_arc) {  // back to the search's start: a parent arc leaves the node nearer it
          const std::uint64_t a = parent_[v];
          take(a);
          v = tail(a);
        }
    }
    for (node_id v : reached_) {
      side_[v] = Side::none;
      parent_[v] = no_arc;
    }
    return length;
  }

  void reach(node_id v, Side side, std::uint64_t arc, std::uint32_t dist, std::vector<node_id>& frontier) {
    side_[v] = side;
    parent_[v] = arc;
    dist_[v] = dist;
    reached_.push_back(v);
    frontier.push_back(v);
  }
  /// The node an arc leaves: the head of its opposite arc (a path takes no self-loop, whose capacity is 0).
  node_id tail(std::uint64_t a) const { return g_.arc_head(rev_[a]); }
  /// One unit of the link's capacity, in both directions.
  void take(std::uint64_t a) {
    --left_[a];
    if (rev_[a] != a) --left_[rev_[a]];
  }

  const Graph& g_;
  std::vector<std::uint64_t> rev_, parent_;
  std::vector<std::uint32_t> cap_, left_, dist_;
  std::vector<Side> side_;
  std::vector<node_id> reached_, next_;
  std::array<std::vector<node_id>, 2> frontier_;
};

/// Paths of length at most l among lengths in ascending order.
std::uint64_t within(const std::vector<std::uint32_t>& lengths, std::uint32_t l) {
  return std::uint64_t(std::upper_bound(lengths.begin(), lengths.end(), l) - lengths.begin());
}

/// `count` distinct unordered pairs of `terms` drawn at random, or every pair when there are no more.
std::vector<std::pair<node_id, node_id>> pair_sample(const std::vector<node_id>& terms, std::uint64_t count,
                                                     std::uint64_t seed, bool& every_pair) {
  const std::uint64_t k = terms.size();
  every_pair = k * (k - 1) / 2 <= count;
  if (!every_pair) return random_pairs(terms, count, seed);
  std::vector<std::pair<node_id, node_id>> pairs;
  for (std::uint64_t a = 0; a < k; ++a)
    for (std::uint64_t b = a + 1; b < k; ++b) pairs.emplace_back(terms[a], terms[b]);
  return pairs;
}

/// `count` ordered quadruples of distinct nodes of `terms`, with replacement (none when there are fewer than 4).
std::vector<std::array<node_id, 4>> quadruple_sample(const std::vector<node_id>& terms, std::uint64_t count,
                                                     std::uint64_t seed) {
  std::vector<std::array<node_id, 4>> quads;
  if (terms.size() < 4) return quads;
  Rng rng(seed);
  while (quads.size() < count) {
    std::array<std::uint64_t, 4> i{}, taken{};
    for (std::size_t j = 0; j < 4; ++j) {
      // The x-th index not taken yet: past each taken index at or below it, smallest first.
      std::uint64_t x = rng.below(terms.size() - j);
      for (std::size_t m = 0; m < j; ++m)
        if (x >= taken[m]) ++x;
      i[j] = x;
      std::size_t m = j;  // kept in ascending order
      for (; m > 0 && taken[m - 1] > x; --m) taken[m] = taken[m - 1];
      taken[m] = x;
    }
    quads.push_back({terms[i[0]], terms[i[1]], terms[i[2]], terms[i[3]]});
  }
  return quads;
}

}  // namespace

std::vector<std::uint32_t> greedy_path_lengths(const Graph& g, const std::vector<node_id>& from,
                                               const std::vector<node_id>& to) {
  if (g.directed()) throw InputError("greedy edge-disjoint paths: the graph must be undirected");
  for (node_id v : from)
    if (std::find(to.begin(), to.end(), v) != to.end())
      throw InputError("greedy edge-disjoint paths: the node sets must be disjoint");
  GreedySearch search(g);
  return search.lengths(from, to);
}

GreedyDisjointPaths greedy_disjoint_paths(const Graph& g, const PathDiversityOptions& o) {
  if (g.directed()) throw InputError("greedy edge-disjoint paths: the graph must be undirected");
  GreedyDisjointPaths r;
  const auto terms = path_terms(g, o);
  if (terms.size() < 2) return r;
  const auto pairs = pair_sample(terms, o.sampled_pairs, stream_seed(o.seed, 1), r.every_pair);
  const auto quads = quadruple_sample(terms, o.sampled_pairs, stream_seed(o.seed, 2));
  r.pairs = pairs.size();
  r.quadruples = quads.size();
  // Each sample's lengths in its own slot: the figures do not depend on the threads. A job is a pair or a
  // quadruple's three searches; this process runs its share of the jobs, and every process reads all of them.
  const std::size_t jobs = pairs.size() + quads.size();
  auto& ranks = o.ranks ? *o.ranks : parallel::single_process();
  const auto items = my_items(ranks, jobs);
  const std::size_t first = items.first, last = items.second;  // an OpenMP region cannot use a binding
  std::vector<std::vector<std::uint32_t>> found(3 * (last - first));
  const int threads = static_cast<int>(std::min<std::size_t>(
      std::max<std::size_t>(last - first, 1), std::size_t(o.threads > 0 ? o.threads : omp_get_max_threads())));
#pragma omp parallel num_threads(threads)
  {
    GreedySearch search(g);
#pragma omp for schedule(dynamic, 1)
    for (std::size_t i = first; i < last; ++i) {
      auto* slot = &found[3 * (i - first)];
      if (i < pairs.size()) {
        slot[0] = search.lengths({pairs[i].first}, {pairs[i].second});
        continue;
      }
      const auto& [a, b, c, d] = quads[i - pairs.size()];
      slot[0] = search.lengths({a, c}, {b});
      slot[1] = search.lengths({a, c}, {d});
      slot[2] = search.lengths({a, c}, {b, d});
    }
  }
  std::string packed;
  for (const auto& lengths : found) parallel::pack<std::uint32_t>(packed, lengths);
  const std::string whole = all_gathered(ranks, packed);
  std::vector<std::vector<std::uint32_t>> pair_lengths(pairs.size());
  std::vector<std::array<std::vector<std::uint32_t>, 3>> quad_lengths(quads.size());
  std::size_t at = 0;
  for (std::size_t i = 0; i < jobs; ++i) {
    auto* slot = i < pairs.size() ? &pair_lengths[i] : quad_lengths[i - pairs.size()].data();
    for (std::size_t j = 0; j < 3; ++j) {
      auto lengths = parallel::unpack<std::uint32_t>(whole, at);
      if (i >= pairs.size() || j == 0) slot[j] = std::move(lengths);
    }
  }
  std::vector<std::map<std::uint32_t, std::uint64_t>> bins;
  for (const auto& lengths : pair_lengths) {
    if (bins.size() < lengths.size()) bins.resize(lengths.size());
    for (std::size_t k = 0; k < lengths.size(); ++k) ++bins[k][lengths[k]];
  }
  for (const auto& b : bins) r.by_k.emplace_back(b.begin(), b.end());
  std::uint32_t longest = 0;
  for (const auto& q : quad_lengths)
    for (const auto& lengths : q)
      if (!lengths.empty()) longest = std::max(longest, lengths.back());
  r.interference.assign(longest, 0);
  std::uint64_t interfering = 0;
  for (const auto& q : quad_lengths) {
    for (std::uint32_t l = 1; l <= longest; ++l)
      r.interference[l - 1] += double(within(q[0], l) + within(q[1], l)) - double(within(q[2], l));
    if (q[0].size() + q[1].size() > q[2].size()) ++interfering;
  }
  if (!quads.empty()) {
    for (double& x : r.interference) x /= double(quads.size());
    r.interfering_fraction = double(interfering) / double(quads.size());
  }
  return r;
}

}  // namespace topo::metrics
