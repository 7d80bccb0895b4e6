// DAL, Dimensionally-Adaptive, Load-balanced routing on a HyperX (Ahn, Binkert, Davis, McLaren and Schreiber,
// SC 2009, §4): at every router, for each dimension not yet aligned with the destination, the packet may hop
// straight to the destination's coordinate (minimal) or, at most once per dimension, to another router of that
// dimension (a deroute); the least occupied of these outputs is taken, a deroute only when its VCs have more
// than a VC's buffer (--buffer) of free credits more than the minimal hops' (otherwise a flit that has just left
// on the minimal output would send the next packet on a detour at any load: a detour costs a hop on two
// dimensions' links). A deadlock-free escape on dimension-order routing, as the paper has it: escape VCs that
// follow the lattice's dimension order (route::make_lattice_dor).
//
// A packet's own state is not needed: in a dimension d it has derouted exactly when its coordinate is neither its
// source router's nor its destination's (a minimal hop aligns d for good, a deroute leaves the source's
// coordinate), so it may still deroute in d while it has the source's coordinate there.
//
// VCs: escape-hop (vc_classes.cpp): an escape hop with h dimension-order hops left uses escape VC L − h (L: the
// dimensions, the diameter). The unaligned dimensions never increase along a packet's route (a deroute keeps
// them, a minimal or escape hop takes one away), and an escape hop takes one away, so the escape classes of a
// packet's escape hops strictly rise: the escape channels' dependencies, also through adaptive hops, have no
// cycle, and L + 1 VCs suffice (3 on a 2-D HyperX, 4 on a 3-D one). A route has at most 2L hops.
#include <fmt/format.h>

#include <algorithm>
#include <vector>

#include "route/route_internal.hpp"
#include "sim_internal.hpp"
#include "topo/errors.hpp"

namespace topo::sim {

namespace {

class Dal final : public SimRouting {
 public:
  Dal(const Graph& g, const Network& n)
      : g_(g), n_(n), dor_(route::make_lattice_dor(g, "--algo dal")), c_(route::family_coords(g, "--algo dal")) {
    size_.assign(c_.dims, 0);
    for (node_id v = 0; v < g.num_nodes(); ++v)
      for (unsigned i = 0; i < c_.dims; ++i) size_[i] = std::max<std::uint32_t>(size_[i], c_.of(v)[i] + 1);
    stride_.assign(c_.dims, 1);
    for (unsigned i = 1; i < c_.dims; ++i) stride_[i] = stride_[i - 1] * size_[i - 1];
    node_at_.assign(g.num_nodes(), no_node);  // make_lattice_dor checked that the coordinates fill the lattice
    for (node_id v = 0; v < g.num_nodes(); ++v) node_at_[index(c_.of(v))] = v;
    // Every dimension all-to-all: a router's neighbours are the others of its lines, and no more.
    std::uint64_t line_mates = 0;
    for (auto s : size_) line_mates += s - 1;
    for (node_id v = 0; v < g.num_nodes(); ++v) {
      std::uint64_t mates = 0, others = 0;
      auto nb = std::vector<node_id>(g.out_neighbors(v).begin(), g.out_neighbors(v).end());
      std::sort(nb.begin(), nb.end());
      nb.erase(std::unique(nb.begin(), nb.end()), nb.end());
      for (auto w : nb) (differing(v, w) == 1 ? mates : others) += 1;
      if (mates != line_mates || others != 0)
        throw InputError(fmt::format(
            "--algo dal needs a HyperX or Hamming graph: every dimension all-to-all, no other links (node {})", v));
    }
  }

  bool source_routed() const override { return false; }
  void at_source(SourceRoute& out, node_id, node_id, route::Rng&,
                 const std::function<double(std::uint64_t)>&) const override {
    out.path = {};
    out.classes.clear();
  }

  void choices(const Packet& p, node_id r, std::vector<Choice>& out, route::Rng& rng) const override {
    const auto at = c_.of(r), from = c_.of(n_.router_of(p.src_term)), to = c_.of(p.dst_router);
    const auto adaptive = class_vcs.back();
    const auto add = [&](unsigned d, std::int32_t x, std::uint32_t handicap) {
      const auto next = node_at_[index(at) + (std::int64_t(x) - at[d]) * std::int64_t(stride_[d])];
      const auto arc = route::find_arc(g_, r, next);
      if (n_.lanes(arc)) out.push_back({arc, adaptive.first, adaptive.second, false, handicap});
    };
    // Minimal hops first: among outputs as free, the allocator takes the first.
    for (unsigned d = 0; d < c_.dims; ++d)
      if (at[d] != to[d]) add(d, to[d], 0);
    for (unsigned d = 0; d < c_.dims; ++d)
      if (at[d] != to[d] && at[d] == from[d])  // not derouted in d yet
        for (std::int32_t x = 0; x < std::int32_t(size_[d]); ++x)
          if (x != at[d] && x != to[d]) add(d, x, n_.B);
    add_escape_choice(*this, *dor_, r, p.dst_router, out, rng);
  }

  void check_paths(node_id s, node_id t, route::Rng& rng, CheckedRoutes& out) const override {
    check_escape_paths(*this, *dor_, s, t, rng, out);
  }

 private:
  template <class C>
  std::uint64_t index(const C& x) const {
    std::uint64_t id = 0;
    for (unsigned i = 0; i < c_.dims; ++i) id += std::uint64_t(x[i]) * stride_[i];
    return id;
  }
  unsigned differing(node_id v, node_id w) const {
    unsigned k = 0;
    for (unsigned i = 0; i < c_.dims; ++i) k += c_.of(v)[i] != c_.of(w)[i];
    return k;
  }

  const Graph& g_;
  const Network& n_;
  std::unique_ptr<route::Router> dor_;
  route::Coords c_;
  std::vector<std::uint32_t> size_;
  std::vector<std::uint64_t> stride_;
  std::vector<node_id> node_at_;
};

}  // namespace

std::unique_ptr<SimRouting> make_dal(const RoutingContext& c) {
  return std::make_unique<Dal>(c.g, c.net);
}

}  // namespace topo::sim
