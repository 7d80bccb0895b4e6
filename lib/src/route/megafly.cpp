// Minimal routing on a Megafly / Dragonfly+ (Flajslik et al., ISC 2018, §3; Shpiner et al. 2017): between leaves of
// one group up to a spine and down (the spine of the target leaf's index mod S, which spreads the pairs over the
// spines); between groups up to the spine that holds the global link to the target's group, across it, and down
// from the spine it arrives at. A route from a spine first goes down to a leaf (spines are not linked to each
// other): at most 5 hops, 3 between leaves. Those down-up turns can close dependency cycles on one VC; toposim's
// dragonfly classes (by global links crossed) break them.
#include <fmt/format.h>

#include "route_internal.hpp"
#include "topo/errors.hpp"

namespace topo::route {

namespace {

class Megafly final : public Router {
 public:
  explicit Megafly(const Graph& g) : g_(g), c_(family_coords(g, "--algo megafly")) {
    if (c_.dims != 3) throw InputError("--algo megafly: the nodes need coordinates (group, role, index)");
    std::uint32_t groups = 0;
    for (node_id v = 0; v < g.num_nodes(); ++v) {
      groups = std::max(groups, std::uint32_t(c_.of(v)[0]) + 1);
      if (c_.of(v)[1] == 1) spines_ = std::max(spines_, std::uint32_t(c_.of(v)[2]) + 1);
    }
    groups_ = groups;
    spine_at_.assign(std::size_t(groups) * spines_, no_node);
    for (node_id v = 0; v < g.num_nodes(); ++v)
      if (c_.of(v)[1] == 1) spine_at_[std::size_t(group(v)) * spines_ + std::uint32_t(c_.of(v)[2])] = v;
    const auto global = g.find_class("global");
    if (global == no_class) throw InputError("--algo megafly: the graph has no link class global");
    gateway_.assign(std::size_t(groups) * groups, no_arc);  // gateway_[i * groups + j]: group i's link to group j
    for (node_id v = 0; v < g.num_nodes(); ++v) {
      const auto nb = g.out_neighbors(v);
      const auto ln = g.out_links(v);
      for (std::size_t i = 0; i < nb.size(); ++i)
        if (g.link_class(ln[i]) == global)
          gateway_[std::size_t(group(v)) * groups + group(nb[i])] = g.arc_offset(v) + i;
    }
  }

  Path route(node_id s, node_id t, Rng&) const override {
    Path p;
    p.nodes.push_back(s);
    if (s == t) return p;
    if (group(s) != group(t)) to_group(p, group(t));
    const node_id at = p.nodes.back();
    if (at == t) return p;
    if (is_leaf(t)) {
      if (is_leaf(at)) append_hop(g_, p, spine(group(t), std::uint32_t(c_.of(t)[2]) % spines_));
      append_hop(g_, p, t);
    } else {
      to_spine(p, t);
    }
    return p;
  }

  std::uint32_t groups() const { return groups_; }
  std::uint32_t group(node_id v) const { return std::uint32_t(c_.of(v)[0]); }

  /// Extends p, which ends outside group `to`, over the global link to that group: to the spine holding it, and
  /// across.
  void to_group(Path& p, std::uint32_t to) const {
    const auto from = group(p.nodes.back());
    const auto arc = gateway_[std::size_t(from) * groups_ + to];
    if (arc == no_arc)
      throw InputError(fmt::format("--algo megafly: no global link from group {} to group {}", from, to));
    to_spine(p, g_.arc_tail(arc));
    p.arcs.push_back(arc);
    p.nodes.push_back(g_.arc_head(arc));
  }

 private:
  bool is_leaf(node_id v) const { return c_.of(v)[1] == 0; }
  node_id spine(std::uint32_t grp, std::uint32_t j) const { return spine_at_[std::size_t(grp) * spines_ + j]; }

  /// Extends p, which ends in the group of spine `to`, to that spine: one hop up from a leaf; from another spine
  /// down to its first leaf and up (spines are not linked to each other).
  void to_spine(Path& p, node_id to) const {
    if (p.nodes.back() == to) return;
    if (!is_leaf(p.nodes.back())) append_hop(g_, p, first_leaf(p.nodes.back()));
    append_hop(g_, p, to);
  }
  /// The first leaf neighbour of spine v.
  node_id first_leaf(node_id v) const {
    for (auto w : g_.out_neighbors(v))
      if (is_leaf(w)) return w;
    throw InputError(fmt::format("--algo megafly: spine {} has no leaf", v));
  }

  static constexpr std::uint64_t no_arc = ~std::uint64_t{0};
  const Graph& g_;
  Coords c_;
  std::uint32_t groups_ = 0, spines_ = 0;
  std::vector<node_id> spine_at_;
  std::vector<std::uint64_t> gateway_;
};

/// Valiant on the Megafly as on the dragonfly (GroupValiant). From a leaf: up, global, (down, up in the
/// intermediate group), global, down, at most 6 hops. A random intermediate router instead would let a phase start
/// on a spine and turn down-up in the source or target group, which closes dependency cycles within the dragonfly
/// VC classes (a class per global link crossed), while with an intermediate group the only down-up turn is in the
/// intermediate group, in class 1, after the first global link.
using MegaflyValiant = GroupValiant<Megafly>;

std::unique_ptr<Router> make_megafly_valiant(const Graph& g) {
  return std::make_unique<MegaflyValiant>(g);
}

}  // namespace

Algorithm algorithm_megafly() {
  return {.name = "megafly",
          .help = "minimal routing on a Megafly / Dragonfly+: up to a spine, at most one global link, down",
          .needs = Algorithm::Needs::family_structure,
          .make = [](const Graph& g, const RouterOptions&) { return std::make_unique<Megafly>(g); },
          .family_default = true,
          .valiant = make_megafly_valiant};
}

}  // namespace topo::route
