// Minimal routing on a Megafly / Dragonfly+ (Flajslik et al., ISC 2018, §3; Shpiner et al. 2017), a shortest path
// for every pair of routers.
//
// Group routes (MegaflyGroups): between leaves of one group up to a spine and down (the spine of the target leaf's
// index mod S, which spreads the pairs over the spines); between groups up to the spine that holds the global
// link to the target's group, across it, and down from the spine it arrives at. A route from a spine first goes
// down to a leaf (spines are not linked to each other). Between leaves (2 or 3 hops) these are shortest paths,
// and they are the routes toposim's packets take; from or to a spine they take up to 5 hops.
//
// From or to a spine another group's global links can be shorter: a spine whose global link does not lead to the
// target's group may reach it through a third group (spine, global, global, down: 3 hops where the group route
// takes 4), and spine-to-spine routes may run over up to four global links. The registered routing (Megafly)
// takes those: the closed forms below for a spine and a leaf of two groups, a bounded search from both ends
// for two spines. Valiant keeps the group routes, which cross one global link: a Valiant route then crosses
// two, and the dragonfly's three VC classes (a class per global link crossed) hold it.
#include <fmt/format.h>

#include <algorithm>
#include <unordered_map>

#include "route_internal.hpp"
#include "topo/errors.hpp"

namespace topo::route {

namespace {

class MegaflyGroups final : public Router {
 public:
  explicit MegaflyGroups(const Graph& g) : g_(g), c_(family_coords(g, "--algo megafly")) {
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
    global_ = g.find_class("global");
    if (global_ == no_class) throw InputError("--algo megafly: the graph has no link class global");
    gateway_.assign(std::size_t(groups) * groups, no_arc);  // gateway_[i * groups + j]: group i's link to group j
    for (node_id v = 0; v < g.num_nodes(); ++v) {
      const auto nb = g.out_neighbors(v);
      const auto ln = g.out_links(v);
      for (std::size_t i = 0; i < nb.size(); ++i)
        if (g.link_class(ln[i]) == global_)
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
  bool is_leaf(node_id v) const { return c_.of(v)[1] == 0; }
  bool is_global(std::uint64_t arc) const { return g_.link_class(g_.arc_link(arc)) == global_; }
  /// The arc of group `from`'s global link to group `to`, no_arc when there is none (from == to).
  std::uint64_t gateway(std::uint32_t from, std::uint32_t to) const {
    return gateway_[std::size_t(from) * groups_ + to];
  }
  static constexpr std::uint64_t no_arc = ~std::uint64_t{0};

  /// Extends p, which ends outside group `to`, over the global link to that group: to the spine holding it, and
  /// across.
  void to_group(Path& p, std::uint32_t to) const {
    const auto from = group(p.nodes.back());
    const auto arc = gateway(from, to);
    if (arc == no_arc)
      throw InputError(fmt::format("--algo megafly: no global link from group {} to group {}", from, to));
    to_spine(p, g_.arc_tail(arc));
    p.arcs.push_back(arc);
    p.nodes.push_back(g_.arc_head(arc));
  }

 private:
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

  const Graph& g_;
  Coords c_;
  std::uint16_t global_ = no_class;
  std::uint32_t groups_ = 0, spines_ = 0;
  std::vector<node_id> spine_at_;
  std::vector<std::uint64_t> gateway_;
};

/// The registered minimal routing: the group route where it is a shortest path (between leaves, inside a group,
/// between two routers it joins in at most 2 hops), else a shorter route through other groups where there is one.
class Megafly final : public Router {
 public:
  explicit Megafly(const Graph& g) : g_(g), groups_(g) {}

  Path route(node_id s, node_id t, Rng& rng) const override {
    Path p = groups_.route(s, t, rng);
    if (p.hops() <= 2 || groups_.group(s) == groups_.group(t)) return p;
    const bool leaf_s = groups_.is_leaf(s), leaf_t = groups_.is_leaf(t);
    if (leaf_s && leaf_t) return p;  // leaf, spine, global link, spine, leaf: no shorter way between two groups
    Path q;
    if (leaf_t ? spine_to_leaf(s, t, q) : leaf_s ? leaf_to_spine(s, t, q) : shorter(s, t, p.hops(), q)) return q;
    return p;
  }

 private:
  /// Spine s to leaf t of another group in 3 hops, when the group route takes 4 (s does not hold the link to t's
  /// group): over a global link of s to a spine that holds the link to t's group, across it, down. A path of 3
  /// hops has no other form: its second router is adjacent to s and to a spine of t's group, so it is a spine of
  /// a third group.
  bool spine_to_leaf(node_id s, node_id t, Path& q) const {
    const auto to = groups_.group(t);
    const auto nb = g_.out_neighbors(s);
    for (std::size_t i = 0; i < nb.size(); ++i) {
      const auto arc = g_.arc_offset(s) + i;
      if (!groups_.is_global(arc) || groups_.group(nb[i]) == to) continue;
      const auto next = groups_.gateway(groups_.group(nb[i]), to);
      if (next == MegaflyGroups::no_arc || g_.arc_tail(next) != nb[i]) continue;
      q.nodes = {s, nb[i], g_.arc_head(next)};
      q.arcs = {arc, next};
      append_hop(g_, q, t);
      return true;
    }
    return false;
  }

  /// Leaf s to spine t of another group in 3 hops, when the group route takes 4: up to the spine of s's group
  /// that is linked to a global neighbour c of t, across to c, across to t (the same argument, reversed).
  bool leaf_to_spine(node_id s, node_id t, Path& q) const {
    const auto from = groups_.group(s);
    const auto nb = g_.out_neighbors(t);
    for (std::size_t i = 0; i < nb.size(); ++i) {
      const node_id c = nb[i];
      if (!groups_.is_global(g_.arc_offset(t) + i) || groups_.group(c) == from) continue;
      const auto in = groups_.gateway(from, groups_.group(c));
      if (in == MegaflyGroups::no_arc || g_.arc_head(in) != c) continue;
      q.nodes = {s};
      q.arcs.clear();
      append_hop(g_, q, g_.arc_tail(in));
      q.arcs.push_back(in);
      q.nodes.push_back(c);
      append_hop(g_, q, t);
      return true;
    }
    return false;
  }

  /// A path from spine s to spine t of fewer than `hops` hops (hops <= 5, the longest group route), if any: the
  /// balls of radius 2 around s and t (breadth-first, in the graph's order of neighbours) meet on it. The first
  /// node of t's ball, in its order, with the least sum of distances gives the route.
  bool shorter(node_id s, node_id t, std::size_t hops, Path& q) const {
    const auto from_s = ball(s), from_t = ball(t);
    std::uint32_t best = std::uint32_t(hops);
    node_id mid = no_node;
    for (const auto& [v, at] : from_t.order) {
      const auto it = from_s.seen.find(v);
      if (it != from_s.seen.end() && it->second.first + at.first < best) {
        best = it->second.first + at.first;
        mid = v;
      }
    }
    if (mid == no_node) return false;
    std::vector<node_id> half;  // mid ... s, then s ... mid
    for (node_id v = mid; v != s; v = from_s.seen.at(v).second) half.push_back(v);
    std::reverse(half.begin(), half.end());
    q.nodes = {s};
    q.arcs.clear();
    for (auto v : half) append_hop(g_, q, v);
    for (node_id v = mid; v != t;) {  // mid ... t
      v = from_t.seen.at(v).second;
      append_hop(g_, q, v);
    }
    return true;
  }

  /// The nodes within 2 hops of v: distance and parent of each, and the order they were reached in.
  struct Ball {
    std::unordered_map<node_id, std::pair<std::uint32_t, node_id>> seen;
    std::vector<std::pair<node_id, std::pair<std::uint32_t, node_id>>> order;
  };
  Ball ball(node_id v) const {
    Ball b;
    b.seen[v] = {0, v};
    b.order.push_back({v, {0, v}});
    for (std::size_t i = 0; i < b.order.size(); ++i) {
      const auto [u, at] = b.order[i];
      if (at.first == 2) continue;
      for (auto w : g_.out_neighbors(u))
        if (b.seen.emplace(w, std::pair{at.first + 1, u}).second) b.order.push_back({w, {at.first + 1, u}});
    }
    return b;
  }

  const Graph& g_;
  MegaflyGroups groups_;
};

/// Valiant on the Megafly as on the dragonfly (GroupValiant). From a leaf: up, global, (down, up in the
/// intermediate group), global, down, at most 6 hops. A random intermediate router instead would let a phase start
/// on a spine and turn down-up in the source or target group, which closes dependency cycles within the dragonfly
/// VC classes (a class per global link crossed), while with an intermediate group the only down-up turn is in the
/// intermediate group, in class 1, after the first global link.
using MegaflyValiant = GroupValiant<MegaflyGroups>;

std::unique_ptr<Router> make_megafly_valiant(const Graph& g) {
  return std::make_unique<MegaflyValiant>(g);
}

}  // namespace

Algorithm algorithm_megafly() {
  return {.name = "megafly",
          .help =
              "minimal routing on a Megafly / Dragonfly+: up to a spine, one global link, down; shortest from and to "
              "spines too",
          .needs = Algorithm::Needs::family_structure,
          .make = [](const Graph& g, const RouterOptions&) { return std::make_unique<Megafly>(g); },
          .family_default = true,
          .valiant = make_megafly_valiant};
}

}  // namespace topo::route
