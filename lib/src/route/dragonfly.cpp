// Minimal hierarchical routing on the canonical dragonfly (Kim, Dally, Scott and Abts, ISCA 2008; the
// routing Projective Networks Tables 4–5 assume): inside a group one local hop; between groups a local
// hop to the router that holds the global link to the target's group (when the source is not that
// router), the global link, and a local hop to the target (when the global link does not end there).
// At most 3 hops; graph distances can be shorter (two global hops), which this routing never takes.
// A group with coordinates (group, row, column) — the cascade family, whose groups join rows and columns — is
// crossed row first: a hop along the row to the target's column, then one along the column (at most 5 hops).
#include <fmt/format.h>

#include "route_internal.hpp"
#include "topo/errors.hpp"

namespace topo::route {

namespace {

class Dragonfly final : public Router {
 public:
  explicit Dragonfly(const Graph& g) : g_(g) {
    coords_ = family_coords(g, "--algo dragonfly");  // (group, router in group) or (group, row, column)
    group_.resize(g.num_nodes());
    std::uint32_t groups = 0;
    for (node_id v = 0; v < g.num_nodes(); ++v) {
      group_[v] = std::uint32_t(coords_.of(v)[0]);
      groups = std::max(groups, group_[v] + 1);
    }
    if (coords_.dims == 3) {  // the node at (group, row, column)
      for (node_id v = 0; v < g.num_nodes(); ++v) {
        const auto c = coords_.of(v);
        if (c[0] < 0 || c[1] < 0 || c[2] < 0 || c[1] >= std::int32_t(g.num_nodes()) ||
            c[2] >= std::int32_t(g.num_nodes()))
          throw InputError(fmt::format("--algo dragonfly: node {} has coordinates outside its groups", v));
        rows_ = std::max(rows_, std::uint32_t(c[1]) + 1);
        columns_ = std::max(columns_, std::uint32_t(c[2]) + 1);
      }
      const std::uint64_t per_group = std::uint64_t(rows_) * columns_;
      if (g.num_nodes() % per_group != 0 || g.num_nodes() / per_group != groups)
        throw InputError("--algo dragonfly: the (group, row, column) coordinates do not fill every group");
      node_at_.assign(g.num_nodes(), no_node);
      for (node_id v = 0; v < g.num_nodes(); ++v) node_at_[at(group_[v], row(v), coords_.of(v)[2])] = v;
    }
    const auto global = class_of(g, "global");
    // gateway_[i * groups + j]: the arc of group i's global link to group j.
    gateway_.assign(std::size_t(groups) * groups, no_arc);
    for (node_id v = 0; v < g.num_nodes(); ++v) {
      const auto nb = g.out_neighbors(v);
      const auto ln = g.out_links(v);
      for (std::size_t i = 0; i < nb.size(); ++i)
        if (g.link_class(ln[i]) == global)
          gateway_[std::size_t(group_[v]) * groups + group_[nb[i]]] = g.arc_offset(v) + i;
    }
    groups_ = groups;
  }

  Path route(node_id s, node_id t, Rng&) const override {
    Path p;
    p.nodes.push_back(s);
    if (s == t) return p;
    to_group(p, group_[t]);
    in_group(p, t);
    return p;
  }

  /// Extends p to the first router of group `g` it reaches: a local hop to the router that holds the global
  /// link to g (when p does not end there), and that link. Nothing when p already ends in g.
  void to_group(Path& p, std::uint32_t grp) const {
    const node_id s = p.nodes.back();
    if (group_[s] == grp) return;
    const auto arc = gateway_[std::size_t(group_[s]) * groups_ + grp];
    if (arc == no_arc)
      throw InputError(fmt::format("--algo dragonfly: no global link from group {} to group {}", group_[s], grp));
    in_group(p, g_.arc_tail(arc));
    p.arcs.push_back(arc);
    p.nodes.push_back(g_.arc_head(arc));
  }
  /// Extends p, which ends in t's group, to t: one local hop, or a row hop and a column hop.
  void in_group(Path& p, node_id t) const {
    const node_id s = p.nodes.back();
    if (s == t) return;
    if (coords_.dims == 3 && coords_.of(s)[2] != coords_.of(t)[2] && row(s) != row(t))
      append_hop(g_, p, node_at_[at(group_[s], row(s), coords_.of(t)[2])]);
    append_hop(g_, p, t);
  }
  std::uint32_t group(node_id v) const { return group_[v]; }
  std::uint32_t groups() const { return groups_; }

 private:
  static constexpr std::uint64_t no_arc = ~std::uint64_t{0};
  static std::uint16_t class_of(const Graph& g, std::string_view name) {
    if (const auto c = g.find_class(name); c != no_class) return c;
    throw InputError(fmt::format("--algo dragonfly: the graph has no link class {}", name));
  }

  std::uint32_t row(node_id v) const { return std::uint32_t(coords_.of(v)[1]); }
  std::size_t at(std::uint32_t grp, std::uint32_t r, std::int32_t c) const {
    return (std::size_t(grp) * rows_ + r) * columns_ + std::uint32_t(c);
  }

  const Graph& g_;
  Coords coords_;
  std::uint32_t rows_ = 0, columns_ = 0;
  std::vector<node_id> node_at_;
  std::vector<std::uint32_t> group_;
  std::vector<std::uint64_t> gateway_;
  std::uint32_t groups_ = 0;
};

/// Valiant on the dragonfly: local, global, local, global, local hops at most.
using DragonflyValiant = GroupValiant<Dragonfly>;

std::unique_ptr<Router> make_dragonfly_valiant(const Graph& g) {
  return std::make_unique<DragonflyValiant>(g);
}

}  // namespace

Algorithm algorithm_dragonfly() {
  return {.name = "dragonfly",
          .help = "minimal local-global-local routing of the dragonfly (dragonfly and cascade graphs)",
          .needs = Algorithm::Needs::family_structure,
          .make = [](const Graph& g, const RouterOptions&) { return std::make_unique<Dragonfly>(g); },
          .family_default = true,
          .valiant = make_dragonfly_valiant};
}

}  // namespace topo::route
