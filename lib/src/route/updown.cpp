// Up*/down* routing (Schroeder et al., "Autonet", IEEE JSAC 9(8), 1991): a BFS tree from node 0 orders
// the nodes by (level, id); a hop towards a smaller (level, id) goes up. A legal route is zero or more up
// hops followed by zero or more down hops, which can never close a cycle of channel dependencies, so
// the routes are deadlock-free on one virtual channel on any connected undirected graph. Among legal routes the
// shortest is taken, ties to the lowest-id next hop; routes may be longer than shortest paths.
#include <fmt/format.h>

#include <algorithm>
#include <mutex>
#include <unordered_map>

#include "route_internal.hpp"
#include "topo/errors.hpp"

namespace topo::route {

namespace {

class UpDown final : public Router {
 public:
  explicit UpDown(const Graph& g) : g_(g), level_(distances_from(g, 0)) {
    if (g.directed()) throw InputError("--algo updown needs an undirected graph");
    for (node_id v = 0; v < g.num_nodes(); ++v)
      if (level_[v] == unreachable)
        throw InputError(fmt::format("--algo updown needs a connected graph; node {} cannot reach node 0", v));
  }

  Path route(node_id s, node_id t, Rng&) const override {
    const auto& d = dist_to(t);
    Path p;
    p.nodes.push_back(s);
    bool down = false;  // once a route goes down it never goes up again
    for (node_id v = s; v != t;) {
      const auto nb = g_.out_neighbors(v);
      const std::uint32_t here = d[state(v, down)];
      std::size_t pick = nb.size();
      bool pick_down = false;
      for (std::size_t i = 0; i < nb.size(); ++i) {
        const bool hop_down = !up(v, nb[i]);
        if (down && !hop_down) continue;
        if (d[state(nb[i], hop_down)] + 1 != here) continue;
        if (pick == nb.size() || nb[i] < nb[pick]) pick = i, pick_down = hop_down;
      }
      p.arcs.push_back(g_.arc_offset(v) + pick);
      v = nb[pick];
      down = pick_down;
      p.nodes.push_back(v);
    }
    return p;
  }

 private:
  /// True when the hop u -> v goes up: towards the root in (BFS level, id) order.
  bool up(node_id u, node_id v) const { return level_[v] < level_[u] || (level_[v] == level_[u] && v < u); }
  static std::size_t state(node_id v, bool down) { return 2 * std::size_t(v) + (down ? 1 : 0); }

  /// Legal-route distances to t from every (node, phase): BFS backwards over the phase graph, in which
  /// an up hop keeps the up phase and a down hop moves to (or keeps) the down phase.
  const std::vector<std::uint32_t>& dist_to(node_id t) const {
    std::lock_guard lock(mutex_);
    auto it = cache_.find(t);
    if (it != cache_.end()) return it->second;
    if (cache_.size() * std::uint64_t(g_.num_nodes()) > (std::uint64_t{1} << 25)) cache_.clear();
    std::vector<std::uint32_t> d(2 * std::size_t(g_.num_nodes()), unreachable);
    std::vector<std::size_t> q{state(t, false), state(t, true)};
    d[q[0]] = d[q[1]] = 0;
    for (std::size_t h = 0; h < q.size(); ++h) {
      const node_id v = node_id(q[h] / 2);
      const bool v_down = q[h] % 2;
      for (node_id u : g_.in_neighbors(v)) {
        const bool hop_down = !up(u, v);
        if (v_down != hop_down) continue;  // the phase after the hop u -> v is the hop's direction
        for (bool u_down : {false, true}) {
          if (u_down && !hop_down) continue;  // no up hop after a down hop
          auto& du = d[state(u, u_down)];
          if (du == unreachable) {
            du = d[q[h]] + 1;
            q.push_back(state(u, u_down));
          }
        }
      }
    }
    return cache_.emplace(t, std::move(d)).first->second;
  }

  const Graph& g_;
  std::vector<std::uint32_t> level_;
  mutable std::mutex mutex_;
  mutable std::unordered_map<node_id, std::vector<std::uint32_t>> cache_;
};

// dist_to's cache: a row of 2N distances (a node in each phase) per target, up to 2^25 rows of N.
std::uint64_t cache_bytes(const Graph& g, std::uint64_t targets) {
  const std::uint64_t n = std::max<std::uint64_t>(1, g.num_nodes());
  return std::min(targets, (std::uint64_t{1} << 25) / n + 1) * (2 * n * sizeof(std::uint32_t) + 64);
}

}  // namespace

Algorithm algorithm_updown() {
  return {.name = "updown",
          .help =
              "up*/down* over a BFS tree from node 0: deadlock-free on one virtual channel (any connected undirected "
              "graph)",
          .cache_bytes = cache_bytes,
          .make = [](const Graph& g, const RouterOptions&) { return std::make_unique<UpDown>(g); }};
}

}  // namespace topo::route
