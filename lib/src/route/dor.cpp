// Dimension-order routing (doc/definitions.md §5): on tori and meshes correct dimension 0 first, then 1, …, each
// the short way round (a tie at half a ring goes the positive way, or either way at random with --random-ties,
// as BookSim2's dor_next_torus breaks it); on hypercubes this is e-cube routing (lowest differing bit first).
// Works from node coordinates.
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cstdlib>

#include "route_internal.hpp"
#include "topo/errors.hpp"
#include "topo/gen/registry.hpp"

namespace topo::route {

namespace {

class Dor final : public Router {
 public:
  Dor(const Graph& g, bool random_ties) : g_(g), random_ties_(random_ties), coords_(family_coords(g, "--algo dor")) {
    const auto grid = gen::grid_of(g);  // present: make_router checked the family
    size_ = grid->sizes;
    wrap_ = grid->wrap;
    std::uint64_t n = 1;
    for (auto k : size_) {
      stride_.push_back(std::int64_t(n));
      n *= std::uint64_t(k);
    }
    if (n != g.num_nodes() || coords_.dims != size_.size())
      throw InputError("--algo dor: the node coordinates do not form a full grid");
    node_at_.assign(n, no_node);
    for (node_id v = 0; v < g.num_nodes(); ++v) {
      for (unsigned i = 0; i < coords_.dims; ++i)
        if (coords_.of(v)[i] < 0 || coords_.of(v)[i] >= size_[i])
          throw InputError("--algo dor: the node coordinates do not form a full grid");
      node_at_[index(coords_.of(v))] = v;
    }
    check_sorted();
  }

  Path route(node_id s, node_id t, Rng& rng) const override {
    Path p;
    route_into(s, t, rng, p);
    return p;
  }

  void route_into(node_id s, node_id t, Rng& rng, Path& p) const override {
    p.nodes.clear();
    p.arcs.clear();
    p.last_phase = 0;
    // The ends' coordinates: worked out from the grid index when node v is at index v (reading them is a
    // cache miss each on a large grid).
    std::array<std::int32_t, max_sorted_dims> fs{}, ts{};
    if (sorted_) {
      for (unsigned i = 0; i < coords_.dims; ++i) {
        fs[i] = std::int32_t(s / stride_[i] % size_[i]);
        ts[i] = std::int32_t(t / stride_[i] % size_[i]);
      }
    }
    const auto from = sorted_ ? std::span<const std::int32_t>(fs.data(), coords_.dims) : coords_.of(s);
    const auto target = sorted_ ? std::span<const std::int32_t>(ts.data(), coords_.dims) : coords_.of(t);
    // Dimension i's steps and their direction: the short way round on a ring (a tie at half a ring goes the
    // positive way, or a way drawn once for the route), which stays the short way at every step.
    std::array<std::pair<std::int64_t, std::int32_t>, max_sorted_dims> moves{};
    std::vector<std::pair<std::int64_t, std::int32_t>> many_moves;  // more dimensions than moves holds
    if (coords_.dims > max_sorted_dims) many_moves.resize(coords_.dims);
    auto* move = coords_.dims > max_sorted_dims ? many_moves.data() : moves.data();
    std::size_t hops = 0;
    for (unsigned i = 0; i < coords_.dims; ++i) {
      const std::int64_t k = size_[i], d = std::int64_t(target[i]) - from[i];
      const std::int64_t forward = (d % k + k) % k;  // hops the positive way round a ring
      if (!wrap_[i])
        move[i] = {std::abs(d), d > 0 ? 1 : -1};
      else if (2 * forward == k && k > 2 && random_ties_)  // (both ways round a ring of 2 are one link)
        move[i] = rng.below(2) ? std::pair{forward, 1} : std::pair{forward, -1};
      else
        move[i] = 2 * forward <= k ? std::pair{forward, 1} : std::pair{k - forward, -1};
      hops += std::size_t(move[i].first);
    }
    p.nodes.reserve(hops + 1);  // for the path's room: at most one allocation each, not one per doubling
    p.arcs.reserve(hops);
    p.nodes.push_back(s);
    auto at = std::int64_t(index(from));              // the grid index of the current position, moved a step at a time
    std::array<std::int32_t, max_sorted_dims> cur{};  // its coordinates, when sorted_
    if (sorted_) std::copy(from.begin(), from.end(), cur.begin());
    for (unsigned i = 0; i < coords_.dims; ++i) {
      const auto k = size_[i], stride = stride_[i];
      const auto [steps, dir] = move[i];
      for (std::int64_t h = 0, x = from[i]; h < steps; ++h) {
        const auto prev = at;
        x += dir;
        if (x == k) {
          x = 0;
          at -= (k - 1) * stride;
        } else if (x < 0) {
          x = k - 1;
          at += (k - 1) * stride;
        } else {
          at += dir * stride;
        }
        if (sorted_) {  // the arc is the first to `at` in prev's sorted list: its neighbours below `at`
          std::uint64_t below = 0;
          each_neighbour(cur, prev, [&](std::int64_t w) { below += w < at; });
          p.arcs.push_back((regular_ ? std::uint64_t(prev) * degree_ : g_.arc_offset(node_id(prev))) + below);
          p.nodes.push_back(node_id(at));
          cur[i] = std::int32_t(x);
        } else {
          append_hop(g_, p, node_at_[std::size_t(at)]);
        }
      }
    }
  }

 private:
  std::uint64_t index(std::span<const std::int32_t> x) const {
    std::uint64_t id = 0;
    for (unsigned i = coords_.dims; i-- > 0;) id = id * std::uint64_t(size_[i]) + std::uint64_t(x[i]);
    return id;
  }

  /// Calls f(w) for the neighbours w of the node at grid index v and coordinates c, as a topogen torus,
  /// mesh or hypercube has them: the next and the previous node in each dimension (around a ring, none
  /// off a mesh's edge).
  template <class C, class F>
  void each_neighbour(const C& c, std::int64_t v, F&& f) const {
    for (unsigned j = 0; j < size_.size(); ++j) {
      const std::int64_t k = size_[j], s = stride_[j];
      if (k == 1) continue;
      if (c[j] + 1 < k)
        f(v + s);
      else if (wrap_[j])
        f(v - (k - 1) * s);
      if (c[j] > 0)
        f(v - s);
      else if (wrap_[j])
        f(v + (k - 1) * s);
    }
  }

  /// Sets sorted_ when a route's arcs follow from its nodes by arithmetic, as on a torus, mesh or
  /// hypercube made by topogen: node v at grid index v, with exactly each_neighbour's neighbours, sorted
  /// (the graph's order for undirected links); regular_ when every node has the same degree besides. On a
  /// large torus this saves route_into the cache misses of node_at_ and of the neighbour lists, a few a hop.
  void check_sorted() {
    const auto n = g_.num_nodes();
    if (n == 0 || size_.size() > max_sorted_dims) return;
    degree_ = g_.arc_offset(1 % n) - g_.arc_offset(0);
    bool regular = true;
    std::vector<node_id> want;
    for (node_id v = 0; v < n; ++v) {
      if (node_at_[v] != v) return;
      want.clear();
      each_neighbour(coords_.of(v), v, [&](std::int64_t w) { want.push_back(node_id(w)); });
      std::sort(want.begin(), want.end());
      const auto nb = g_.out_neighbors(v);
      if (!std::equal(nb.begin(), nb.end(), want.begin(), want.end())) return;
      regular = regular && g_.arc_offset(v) == std::uint64_t(v) * degree_;
    }
    sorted_ = true;
    regular_ = regular;
  }

  static constexpr std::size_t max_sorted_dims = 32;
  const Graph& g_;
  bool random_ties_;
  bool sorted_ = false, regular_ = false;
  std::uint64_t degree_ = 0;
  Coords coords_;
  std::vector<bool> wrap_;
  std::vector<std::int64_t> size_, stride_;  // stride_[i]: the index step of dimension i
  std::vector<node_id> node_at_;
};

}  // namespace

Algorithm algorithm_dor() {
  return {.name = "dor",
          .help =
              "dimension order on tori, meshes and rings, ties at half a ring at random with --random-ties; "
              "e-cube on hypercubes (grid families)",
          .needs = Algorithm::Needs::grid,
          .make = [](const Graph& g, const RouterOptions& o) { return std::make_unique<Dor>(g, o.random_ties); },
          .family_default = true};
}

}  // namespace topo::route
