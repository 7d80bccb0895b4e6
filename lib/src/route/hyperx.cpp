// Dimension-order routing on a HyperX (Ahn et al., SC 2009, §4.1): in dimension 0, 1, … in turn, one hop
// straight to the target's coordinate, since each dimension is all-to-all. At most L hops, a shortest path;
// the dimensions are taken in increasing order, so the channel dependencies have no cycle with one VC.
// Works from node coordinates: the routers must be every point of the lattice their coordinates span.
#include <fmt/format.h>

#include "route_internal.hpp"
#include "topo/errors.hpp"

namespace topo::route {

namespace {

class HyperX final : public Router {
 public:
  HyperX(const Graph& g, std::string_view option) : g_(g), coords_(family_coords(g, option)) {
    size_.assign(coords_.dims, 0);
    for (node_id v = 0; v < g.num_nodes(); ++v)
      for (unsigned i = 0; i < coords_.dims; ++i) size_[i] = std::max<std::int64_t>(size_[i], coords_.of(v)[i] + 1);
    std::uint64_t n = 1;
    for (auto k : size_) n *= std::uint64_t(k);
    if (n != g.num_nodes())
      throw InputError(fmt::format("{}: the node coordinates do not form a full lattice", option));
    node_at_.assign(n, no_node);
    for (node_id v = 0; v < g.num_nodes(); ++v) {
      auto& slot = node_at_[index(coords_.of(v))];
      if (slot != no_node) throw InputError(fmt::format("{}: the node coordinates do not form a full lattice", option));
      slot = v;
    }
  }

  Path route(node_id s, node_id t, Rng&) const override {
    Path p;
    p.nodes.push_back(s);
    const auto target = coords_.of(t);
    std::vector<std::int32_t> x(coords_.of(s).begin(), coords_.of(s).end());
    for (unsigned i = 0; i < coords_.dims; ++i) {
      if (x[i] == target[i]) continue;
      x[i] = target[i];
      append_hop(g_, p, node_at_[index(x)]);
    }
    return p;
  }

 private:
  template <class C>
  std::uint64_t index(const C& x) const {
    std::uint64_t id = 0;
    for (unsigned i = coords_.dims; i-- > 0;) id = id * std::uint64_t(size_[i]) + std::uint64_t(x[i]);
    return id;
  }

  const Graph& g_;
  Coords coords_;
  std::vector<std::int64_t> size_;
  std::vector<node_id> node_at_;
};

}  // namespace

std::unique_ptr<Router> make_lattice_dor(const Graph& g, std::string_view option) {
  return std::make_unique<HyperX>(g, option);
}

Algorithm algorithm_hyperx() {
  return {.name = "hyperx",
          .help = "dimension order on a HyperX: one hop per dimension, straight to the target's coordinate",
          .needs = Algorithm::Needs::family_structure,
          .make = [](const Graph& g, const RouterOptions&) { return make_lattice_dor(g, "--algo hyperx"); },
          .family_default = true};
}

}  // namespace topo::route
