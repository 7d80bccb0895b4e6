// Dimension-order routing (doc/definitions.md §5): on tori and meshes correct dimension 0 first, then 1, …, each
// the short way round (a tie at half a ring goes the positive way); on hypercubes this is e-cube
// routing (lowest differing bit first). Works from node coordinates.
#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>

#include "route_internal.hpp"
#include "topo/errors.hpp"
#include "topo/gen/registry.hpp"

namespace topo::route {

namespace {

class Dor final : public Router {
 public:
  explicit Dor(const Graph& g) : g_(g), coords_(family_coords(g, "--algo dor")) {
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
  }

  Path route(node_id s, node_id t, Rng& rng) const override {
    Path p;
    route_into(s, t, rng, p);
    return p;
  }

  void route_into(node_id s, node_id t, Rng&, Path& p) const override {
    p.nodes.clear();
    p.arcs.clear();
    const auto from = coords_.of(s), target = coords_.of(t);
    // Dimension i's steps and their direction: the short way round on a ring (a tie at half a ring goes the
    // positive way), which stays the short way at every step.
    const auto move = [&](unsigned i) -> std::pair<std::int64_t, std::int32_t> {
      const std::int64_t k = size_[i], d = std::int64_t(target[i]) - from[i];
      if (!wrap_[i]) return {std::abs(d), d > 0 ? 1 : -1};
      const std::int64_t forward = (d % k + k) % k;  // hops the positive way
      return 2 * forward <= k ? std::pair{forward, 1} : std::pair{k - forward, -1};
    };
    std::size_t hops = 0;
    for (unsigned i = 0; i < coords_.dims; ++i) hops += std::size_t(move(i).first);
    p.nodes.reserve(hops + 1);  // for the path's room: at most one allocation each, not one per doubling
    p.arcs.reserve(hops);
    p.nodes.push_back(s);
    auto at = std::int64_t(index(from));  // the grid index of the current position, moved a step at a time
    for (unsigned i = 0; i < coords_.dims; ++i) {
      const auto k = size_[i], stride = stride_[i];
      const auto [steps, dir] = move(i);
      for (std::int64_t h = 0, x = from[i]; h < steps; ++h) {
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
        append_hop(g_, p, node_at_[std::size_t(at)]);
      }
    }
  }

 private:
  std::uint64_t index(std::span<const std::int32_t> x) const {
    std::uint64_t id = 0;
    for (unsigned i = coords_.dims; i-- > 0;) id = id * std::uint64_t(size_[i]) + std::uint64_t(x[i]);
    return id;
  }

  const Graph& g_;
  Coords coords_;
  std::vector<bool> wrap_;
  std::vector<std::int64_t> size_, stride_;  // stride_[i]: the index step of dimension i
  std::vector<node_id> node_at_;
};

}  // namespace

Algorithm algorithm_dor() {
  return {.name = "dor",
          .help = "dimension order on tori, meshes and rings; e-cube on hypercubes (grid families)",
          .needs = Algorithm::Needs::grid,
          .make = [](const Graph& g, const RouterOptions&) { return std::make_unique<Dor>(g); }};
}

}  // namespace topo::route
