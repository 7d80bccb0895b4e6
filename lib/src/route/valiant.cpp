// Valiant routing (doc/definitions.md §5): a uniformly random intermediate node, then the minimal algorithm from the
// source to it and from it to the target.
#include "route_internal.hpp"
#include "topo/errors.hpp"

namespace topo::route {

namespace {

class Valiant final : public Router {
 public:
  Valiant(const Graph& g, std::unique_ptr<Router> inner) : g_(g), inner_(std::move(inner)) {}

  Path route(node_id s, node_id t, Rng& rng) const override {
    if (s == t) return Path{{s}, {}};
    const auto mid = static_cast<node_id>(std::uniform_int_distribution<std::uint64_t>(0, g_.num_nodes() - 1)(rng));
    Path p = inner_->route(s, mid, rng);
    const Path q = inner_->route(mid, t, rng);
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
          .help = "a random intermediate node, then --valiant-inner to it and on to the target (any graph)",
          .make = [](const Graph& g, const RouterOptions& o) -> std::unique_ptr<Router> {
            if (o.inner == "valiant")
              throw UsageError("--algo valiant: the inner algorithm must be minimal, not valiant");
            RouterOptions in = o;
            in.algo = o.inner;
            return std::make_unique<Valiant>(g, make_router(g, in));
          }};
}

}  // namespace topo::route
