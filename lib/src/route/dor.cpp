// Dimension-order routing (doc/definitions.md §5): on tori and meshes correct dimension 0 first, then 1, …, each
// the short way round (a tie at half a ring goes the positive way); on hypercubes this is e-cube
// routing (lowest differing bit first). Works from node coordinates.
#include <fmt/format.h>

#include <algorithm>

#include "topo/errors.hpp"
#include "topo/route/route.hpp"

namespace topo::route {

namespace {

class Dor final : public Router {
 public:
  explicit Dor(const Graph& g) : g_(g), ai_(g), coords_(family_coords(g, "dor")) {
    wrap_ = g.meta.family == "torus" || g.meta.family == "ring";
    size_.assign(coords_.dims, 1);
    for (node_id v = 0; v < g.num_nodes(); ++v)
      for (unsigned i = 0; i < coords_.dims; ++i) size_[i] = std::max(size_[i], std::int64_t(coords_.of(v)[i]) + 1);
    std::uint64_t n = 1;
    for (auto k : size_) n *= std::uint64_t(k);
    if (n != g.num_nodes()) throw InputError("--algo dor: the node coordinates do not form a full grid");
    node_at_.assign(n, no_node);
    for (node_id v = 0; v < g.num_nodes(); ++v) node_at_[index(coords_.of(v))] = v;
  }

  Path route(node_id s, node_id t, Rng&) const override {
    Path p;
    p.nodes.push_back(s);
    std::vector<std::int32_t> x(coords_.of(s).begin(), coords_.of(s).end());
    const auto target = coords_.of(t);
    for (unsigned i = 0; i < coords_.dims; ++i) {
      const std::int64_t k = size_[i];
      while (x[i] != target[i]) {
        std::int64_t step = target[i] > x[i] ? 1 : -1;
        if (wrap_) {
          const std::int64_t forward = ((target[i] - x[i]) % k + k) % k;  // hops the positive way
          step = 2 * forward <= k ? 1 : -1;
        }
        x[i] = static_cast<std::int32_t>(((x[i] + step) % k + k) % k);
        append_hop(g_, ai_, p, node_at_[index(x)]);
      }
    }
    return p;
  }

 private:
  std::uint64_t index(std::span<const std::int32_t> x) const {
    std::uint64_t id = 0;
    for (unsigned i = coords_.dims; i-- > 0;) id = id * std::uint64_t(size_[i]) + std::uint64_t(x[i]);
    return id;
  }

  const Graph& g_;
  ArcIndex ai_;
  Coords coords_;
  bool wrap_ = false;
  std::vector<std::int64_t> size_;
  std::vector<node_id> node_at_;
};

}  // namespace

std::unique_ptr<Router> make_dor(const Graph& g) {
  require_family(g, "dor", {"torus", "mesh", "ring", "hypercube"});
  return std::make_unique<Dor>(g);
}

}  // namespace topo::route
