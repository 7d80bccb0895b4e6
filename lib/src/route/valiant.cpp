// Valiant routing (doc/definitions.md §5): a uniformly random intermediate node, then the minimal algorithm from the
// source to it and from it to the target. The inner algorithm defaults to the graph's own minimal routing, as
// BookSim2 routes Valiant (routefunc.cpp, valiant_torus and valiant_mesh: dimension order to a random node and on
// to the destination): dor on tori, meshes and hypercubes; on a dragonfly or a megafly a random intermediate group
// instead (Kim, Dally, Scott and Abts, ISCA 2008, §4.2); shortest paths elsewhere.
#include <fmt/format.h>

#include "route_internal.hpp"
#include "topo/errors.hpp"

namespace topo::route {

namespace {

class Valiant final : public Router {
 public:
  Valiant(const Graph& g, std::unique_ptr<Router> inner) : g_(g), inner_(std::move(inner)) {}

  Path route(node_id s, node_id t, Rng& rng) const override {
    if (s == t) return Path{{s}, {}};
    const auto mid = static_cast<node_id>(rng.below(g_.num_nodes()));
    Path p = inner_->route(s, mid, rng);
    const Path q = inner_->route(mid, t, rng);
    p.last_phase = p.hops();
    p.nodes.insert(p.nodes.end(), q.nodes.begin() + 1, q.nodes.end());
    p.arcs.insert(p.arcs.end(), q.arcs.begin(), q.arcs.end());
    return p;
  }

 private:
  const Graph& g_;
  std::unique_ptr<Router> inner_;
};

}  // namespace

Algorithm algorithm_valiant() {
  return {.name = "valiant",
          .help =
              "a random intermediate node (dragonfly, megafly: group), then --valiant-inner to it and on to the target "
              "(any graph)",
          .make = [](const Graph& g, const RouterOptions& o) -> std::unique_ptr<Router> {
            const auto inner = o.inner.empty() ? default_minimal_routing(g) : o.inner;
            const auto& in_algo = find_algorithm(inner);
            if (in_algo.two_phase)
              throw UsageError(fmt::format("--algo valiant: the inner algorithm must be minimal, not {}", inner));
            if (in_algo.valiant) return in_algo.valiant(g);
            RouterOptions in = o;
            in.algo = inner;
            return std::make_unique<Valiant>(g, make_router(g, in));
          },
          .two_phase = true};
}

std::string valiant_inner(const Graph& g, const RouterOptions& o) {
  return o.inner.empty() ? default_minimal_routing(g) : o.inner;
}

}  // namespace topo::route
