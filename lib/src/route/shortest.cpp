// Shortest-path routing: BFS towards the target, then at every hop the lowest-id neighbour one step
// closer (the `single` routing of metrics::link_loads), or a uniformly random one with --random-ties.
#include <fmt/format.h>

#include <algorithm>
#include <mutex>
#include <unordered_map>

#include "route_internal.hpp"
#include "topo/errors.hpp"

namespace topo::route {

namespace {

class Shortest final : public Router {
 public:
  Shortest(const Graph& g, bool random) : g_(g), random_(random) {}

  Path route(node_id s, node_id t, Rng& rng) const override {
    const auto& d = dist_to(t);
    if (d[s] == unreachable) throw InputError(fmt::format("node {} cannot reach node {}", s, t));
    Path p;
    p.nodes.push_back(s);
    std::vector<std::size_t> next;
    for (node_id v = s; v != t;) {
      const auto nb = g_.out_neighbors(v);
      next.clear();
      for (std::size_t i = 0; i < nb.size(); ++i)
        if (d[nb[i]] + 1 == d[v]) next.push_back(i);
      std::size_t pick = next[0];
      if (random_) {
        pick = next[rng.below(next.size())];
      } else {
        for (auto i : next)
          if (nb[i] < nb[pick]) pick = i;
      }
      p.arcs.push_back(g_.arc_offset(v) + pick);
      v = nb[pick];
      p.nodes.push_back(v);
    }
    return p;
  }

 private:
  // Distances to recent targets; all-to-all traffic asks for each target N-1 times.
  const std::vector<std::uint32_t>& dist_to(node_id t) const {
    std::lock_guard lock(mutex_);
    auto it = cache_.find(t);
    if (it != cache_.end()) return it->second;
    if (cache_.size() * std::uint64_t(g_.num_nodes()) > (std::uint64_t{1} << 26)) cache_.clear();
    return cache_.emplace(t, distances_to(g_, t)).first->second;
  }

  const Graph& g_;
  bool random_;
  mutable std::mutex mutex_;
  mutable std::unordered_map<node_id, std::vector<std::uint32_t>> cache_;
};

// dist_to's cache: a row of N distances per target, up to 2^26 entries before it is cleared.
std::uint64_t cache_bytes(const Graph& g, std::uint64_t targets) {
  const std::uint64_t n = std::max<std::uint64_t>(1, g.num_nodes());
  return std::min(targets, (std::uint64_t{1} << 26) / n + 1) * (n * sizeof(std::uint32_t) + 64);
}

}  // namespace

Algorithm algorithm_shortest() {
  return {.name = "shortest",
          .help = "BFS shortest paths, ties to the lowest id or at random with --random-ties (any graph)",
          .cache_bytes = cache_bytes,
          .make = [](const Graph& g, const RouterOptions& o) { return std::make_unique<Shortest>(g, o.random_ties); },
          .every_shortest_path = true};
}

}  // namespace topo::route
