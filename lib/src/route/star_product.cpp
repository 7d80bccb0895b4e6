// Minimal routing on a star product G * S (PolarStar: Lakhotia et al., SPAA 2024; Bundlefly: Lei et al., ICS 2020),
// without distance tables: node (x, u) is vertex u of supernode x (coordinates (x, u), star_product_internal.hpp),
// a link x ~ y of G carries (x, u) to (y, f(u)) when x < y and to (y, f^-1(u)) when x > y, and the links inside
// a supernode are S's (with the IQ quadrics' u ~ f(u)). Every path is a walk x = w0, ..., wk = y of G with hops
// inside supernodes between its steps, so the routes of length L are found by trying the walks of G of k <= L
// steps with L - k hops inside supernodes, for L = 1, 2, 3 in turn: the first found is a shortest path (fewer
// steps of G first, the walks in increasing supernode order, hops inside a supernode before the next step). Both
// families have diameter 3 (G of diameter 2, ER_q or MMS(q), and S with f covering the missing pairs), so a walk
// has at most 3 steps: O(q) walks of G and at most d'^2 hops inside supernodes are tried per route. The authors'
// simulator (SST Merlin's polarstar, Lakhotia) routes PolarStar by shortest paths from a BFS table with a VC per
// hop, 3 VCs; toposim gives these routes the same (hop classes).
#include <fmt/format.h>

#include <algorithm>

#include "route_internal.hpp"
#include "topo/errors.hpp"

namespace topo::route {

namespace {

class StarProduct final : public Router {
 public:
  explicit StarProduct(const Graph& g) : g_(g), c_(family_coords(g, "--algo star-product")) {
    if (c_.dims != 2) throw InputError("--algo star-product: the nodes need coordinates (supernode, vertex)");
    for (node_id v = 0; v < g.num_nodes(); ++v) {
      supernodes_ = std::max(supernodes_, std::uint32_t(c_.of(v)[0]) + 1);
      order_ = std::max(order_, std::uint32_t(c_.of(v)[1]) + 1);
    }
    if (std::uint64_t(supernodes_) * order_ != g.num_nodes())
      throw InputError("--algo star-product: the coordinates are not (supernode, vertex) of a star product");
    for (node_id v = 0; v < g.num_nodes(); ++v)
      if (node(supernode(v), vertex(v)) != v)
        throw InputError(fmt::format("--algo star-product: node {} is not numbered supernode * |S| + vertex", v));
    inside_.resize(g.num_nodes());
    structure_.resize(supernodes_);
    f_.assign(order_, no_node);
    finv_.assign(order_, no_node);
    for (node_id v = 0; v < g.num_nodes(); ++v) {
      for (auto w : g.out_neighbors(v)) {
        if (supernode(w) == supernode(v))
          inside_[v].push_back(vertex(w));
        else if (vertex(v) == 0)
          structure_[supernode(v)].push_back(supernode(w));
      }
      std::ranges::sort(inside_[v]);
    }
    for (auto& n : structure_) std::ranges::sort(n);
    if (structure_[0].empty()) throw InputError("--algo star-product: supernode 0 has no links to other supernodes");
    const auto y = structure_[0].front();  // f read off the links between supernodes 0 < y
    for (std::uint32_t u = 0; u < order_; ++u)
      for (auto w : g.out_neighbors(node(0, u)))
        if (supernode(w) == y) f_[u] = vertex(w);
    for (std::uint32_t u = 0; u < order_; ++u) {
      if (f_[u] == no_node || finv_[f_[u]] != no_node)
        throw InputError("--algo star-product: the links between supernodes are not one bijection f");
      finv_[f_[u]] = u;
    }
  }

  Path route(node_id s, node_id t, Rng&) const override {
    Path p;
    p.nodes.push_back(s);
    if (s == t) return p;
    const auto x = supernode(s), y = supernode(t);
    std::vector<std::uint32_t> walk, hops;  // hops: the (supernode, vertex) states after s, as node ids
    for (std::uint32_t length = 1; length <= 3; ++length)
      for (std::uint32_t k = 0; k <= length; ++k) {
        bool found = false;
        for_each_walk(x, y, k, walk, [&] {
          hops.clear();
          found = place(walk, 0, vertex(s), length - k, vertex(t), hops);
          return found;
        });
        if (found) {
          for (auto v : hops) append_hop(g_, p, v);
          return p;
        }
      }
    throw InputError(fmt::format("--algo star-product: no route of at most 3 hops from {} to {}", s, t));
  }

 private:
  std::uint32_t supernode(node_id v) const { return std::uint32_t(c_.of(v)[0]); }
  std::uint32_t vertex(node_id v) const { return std::uint32_t(c_.of(v)[1]); }
  node_id node(std::uint32_t x, std::uint32_t u) const { return x * order_ + u; }
  bool linked(std::uint32_t x, std::uint32_t y) const { return std::ranges::binary_search(structure_[x], y); }
  bool inside(std::uint32_t x, std::uint32_t a, std::uint32_t b) const {
    return std::ranges::binary_search(inside_[node(x, a)], b);
  }
  /// The vertex that u of supernode x becomes in its neighbour y.
  std::uint32_t cross(std::uint32_t x, std::uint32_t y, std::uint32_t u) const { return x < y ? f_[u] : finv_[u]; }

  /// Calls visit() on every walk of k steps from x to y in G (as the list of its supernodes) until it says true.
  template <class Visit>
  void for_each_walk(std::uint32_t x, std::uint32_t y, std::uint32_t k, std::vector<std::uint32_t>& walk,
                     Visit visit) const {
    walk.assign({x});
    if (k == 0) {
      if (x == y) visit();
      return;
    }
    if (k == 1) {
      if (!linked(x, y)) return;
      walk.push_back(y);
      visit();
      return;
    }
    for (auto a : structure_[x]) {
      if (k == 2) {
        if (!linked(a, y)) continue;
        walk.assign({x, a, y});
        if (visit()) return;
        continue;
      }
      for (auto b : structure_[a]) {
        if (!linked(b, y)) continue;
        walk.assign({x, a, b, y});
        if (visit()) return;
      }
    }
  }

  /// From vertex `at` of walk[i], with `extra` hops inside supernodes left, to vertex `to` of the walk's last
  /// supernode; appends the nodes passed to `hops` when it succeeds.
  bool place(const std::vector<std::uint32_t>& walk, std::size_t i, std::uint32_t at, std::uint32_t extra,
             std::uint32_t to, std::vector<std::uint32_t>& hops) const {
    const auto x = walk[i];
    const bool last = i + 1 == walk.size();
    if (last && extra == 0) return at == to;
    if (last && extra == 1) {
      if (!inside(x, at, to)) return false;
      hops.push_back(node(x, to));
      return true;
    }
    if (extra > 0)
      for (auto b : inside_[node(x, at)]) {
        hops.push_back(node(x, b));
        if (place(walk, i, b, extra - 1, to, hops)) return true;
        hops.pop_back();
      }
    if (last) return false;
    const auto y = walk[i + 1], b = cross(x, y, at);
    hops.push_back(node(y, b));
    if (place(walk, i + 1, b, extra, to, hops)) return true;
    hops.pop_back();
    return false;
  }

  const Graph& g_;
  Coords c_;
  std::uint32_t supernodes_ = 0, order_ = 0;
  std::vector<std::vector<std::uint32_t>> inside_;     // node (x, u): the vertices b with (x, u) ~ (x, b)
  std::vector<std::vector<std::uint32_t>> structure_;  // G's neighbours of each supernode
  std::vector<std::uint32_t> f_, finv_;
};

}  // namespace

Algorithm algorithm_star_product() {
  return {.name = "star-product",
          .help =
              "minimal routing on PolarStar and Bundlefly: a walk of the structure graph with hops inside "
              "supernodes, at most 3 hops, no tables",
          .needs = Algorithm::Needs::family_structure,
          .make = [](const Graph& g, const RouterOptions&) { return std::make_unique<StarProduct>(g); },
          .family_default = true};
}

}  // namespace topo::route
