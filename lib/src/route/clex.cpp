// CLEX routing (CLEX §II-D, algorithm A(l) without congestion, doc/definitions.md §3.4/§7.1): inside a copy of
// C(s, l−1) recursively; between copies, to the gateway of the source copy towards the destination
// copy (the node that differs from the current one only in its (l−1)-th digit), over one level-l link,
// then recursively inside the destination copy. At most 2^L − 1 hops. Redundant links (a gateway to
// its own copy) are never needed. Node (v1,…,vL) has id v1 + v2·k + … + vL·k^(L−1) (gen/clex.cpp).
#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "route_internal.hpp"
#include "topo/errors.hpp"
#include "topo/gen/description.hpp"
#include "topo/gen/registry.hpp"

namespace topo::route {

namespace {

class Clex final : public Router {
 public:
  explicit Clex(const Graph& g) : g_(g) {
    const auto& f = *gen::family_of(g);  // make_router checked that the graph is a CLEX graph
    const auto p = gen::normalize_params(f, g.meta.parameters);
    k_ = std::uint64_t(gen::get_int(p, "clique"));
    levels_ = unsigned(gen::get_int(p, "levels"));
    swap_ = gen::get_text(p, "links") == "swap";
    std::uint64_t n = 1;
    for (unsigned i = 0; i < levels_; ++i) n *= k_;
    if (n != g.num_nodes())
      throw InputError(
          fmt::format("--algo clex: the graph has {} nodes, its clex parameters say {}", g.num_nodes(), n));
    redundant_ = g.find_class("redundant");
  }

  Path route(node_id s, node_id t, Rng&) const override {
    Path p;
    p.nodes.push_back(s);
    auto cur = digits(s);
    route_level(cur, digits(t), levels_, p);
    return p;
  }

 private:
  std::vector<std::uint64_t> digits(node_id v) const {
    std::vector<std::uint64_t> d(levels_);
    for (auto& x : d) {
      x = v % k_;
      v = node_id(v / k_);
    }
    return d;
  }
  node_id id(const std::vector<std::uint64_t>& d) const {
    std::uint64_t v = 0;
    for (std::size_t i = d.size(); i-- > 0;) v = v * k_ + d[i];
    return node_id(v);
  }

  // The hop to `d` over a link of level `level` (never a redundant one).
  void hop(Path& p, const std::vector<std::uint64_t>& d, unsigned level) const {
    const node_id u = p.nodes.back(), v = id(d);
    const auto nb = g_.out_neighbors(u);
    const auto ln = g_.out_links(u);
    for (std::size_t i = 0; i < nb.size(); ++i)
      if (nb[i] == v && g_.level(ln[i]) == level && g_.link_class(ln[i]) != redundant_) {
        p.arcs.push_back(g_.arc_offset(u) + i);
        p.nodes.push_back(v);
        return;
      }
    throw InputError(
        fmt::format("--algo clex: node {} has no level-{} link to {}; the graph is not the clex "
                    "instance its parameters describe",
                    u, level, v));
  }

  // cur and t agree on every digit above l: they lie in one copy of C(s, l).
  void route_level(std::vector<std::uint64_t>& cur, const std::vector<std::uint64_t>& t, unsigned l, Path& p) const {
    if (l == 1) {
      if (cur[0] != t[0]) {
        cur[0] = t[0];
        hop(p, cur, 1);
      }
      return;
    }
    const std::size_t copy = l - 1, gate = l - 2;  // 0-based positions of the digits l and l−1
    if (cur[copy] != t[copy]) {
      // To the gateway of this copy towards copy t[copy]: its (l−1)-th digit names the destination copy.
      auto g = cur;
      g[gate] = t[copy];
      route_level(cur, g, l - 1, p);
      if (swap_) {
        std::swap(cur[gate], cur[copy]);  // the one swap link: (…, c, i, …) → (…, i, c, …)
      } else {
        cur[copy] = cur[gate];  // (…, v_{l−1}, i, …) → (…, j, v_{l−1}, …), j chosen as the target's digit
        cur[gate] = t[gate];
      }
      hop(p, cur, l);
    }
    route_level(cur, t, l - 1, p);
  }

  const Graph& g_;
  std::uint64_t k_ = 0;
  unsigned levels_ = 0;
  bool swap_ = false;
  std::uint16_t redundant_ = no_class;
};

}  // namespace

Algorithm algorithm_clex() {
  return {.name = "clex",
          .help = "CLEX: hierarchical, one gateway per level (CLEX graphs)",
          .needs = Algorithm::Needs::family_structure,
          .make = [](const Graph& g, const RouterOptions&) { return std::make_unique<Clex>(g); }};
}

}  // namespace topo::route
