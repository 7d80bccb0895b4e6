#pragma once
// Helpers the routing algorithms share; not part of the library's interface.
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string_view>
#include <vector>

#include "topo/route/route.hpp"
#include "topo/route/traffic.hpp"

namespace topo::route {

#define TOPO_ROUTING(name) Algorithm algorithm_##name();
#include "algorithm_list.hpp"
#undef TOPO_ROUTING

#define TOPO_TRAFFIC(name) TrafficPattern traffic_##name();
#include "traffic_list.hpp"
#undef TOPO_TRAFFIC

/// log2 of the node count for the bit patterns; InputError naming the pattern unless it is a power of two.
unsigned address_bits(const Graph& g, std::string_view pattern);
/// The pairs (s, f(s, b)) of a bit pattern on the b-bit node ids, fixed points left out; InputError unless the
/// node count is 2^b.
std::vector<Pair> bit_pairs(const Graph& g, std::string_view pattern,
                            const std::function<std::uint64_t(std::uint64_t, unsigned)>& f);

/// The arc from u to v (the first one when links of several classes join them, or the first of
/// class `cls` when cls != no_class); InputError when u and v are not adjacent.
std::uint64_t find_arc(const Graph& g, node_id u, node_id v, std::uint16_t cls = no_class);
/// Appends the hop from path.nodes.back() to v.
void append_hop(const Graph& g, Path& path, node_id v, std::uint16_t cls = no_class);

/// InputError unless the graph's family offers what the algorithm needs (Algorithm::needs): "--algo X
/// needs a graph of family F or G, got H", the families taken from the family registry.
void require_fit(const Graph& g, const Algorithm& a);
/// require_fit for the registered algorithm of that name (family-structure helpers such as the iBT
/// shape and the HDN layout, which toporoute broadcast and topostat use too).
void require_fit(const Graph& g, std::string_view algo);

/// Node coordinates: the graph's own, or, when the file carried none (an edge list), those of the
/// family instance rebuilt from the graph's family and parameters. InputError, naming the option that needs
/// them ("--algo dor", "--traffic tornado"), when there are none.
struct Coords {
  unsigned dims = 0;
  std::vector<std::int32_t> values;  // node v: values[v*dims .. v*dims+dims)
  std::span<const std::int32_t> of(node_id v) const { return {values.data() + std::size_t(v) * dims, dims}; }
};
Coords family_coords(const Graph& g, std::string_view option);

/// Dimension-order routing on a graph whose node coordinates are every point of a lattice and whose every
/// dimension is all-to-all (HyperX, Hamming): one hop per dimension, in increasing order, straight to the target's
/// coordinate. InputError naming `option` when the coordinates are not such a lattice.
std::unique_ptr<Router> make_lattice_dor(const Graph& g, std::string_view option);

/// Valiant through a random intermediate group (Kim et al., ISCA 2008, §4.2) over the minimal routing `Min` of
/// a network of groups (its groups(), group(v), to_group(path, group) and route()): minimally to the group, then
/// minimally to the target. An intermediate group that is the source's or the target's gives the minimal route
/// (BookSim2's ugal_dragonflynew does the same).
template <class Min>
class GroupValiant final : public Router {
 public:
  explicit GroupValiant(const Graph& g) : min_(g) {}
  Path route(node_id s, node_id t, Rng& rng) const override {
    if (s == t) return Path{{s}, {}};
    const auto mid = std::uint32_t(rng.below(min_.groups()));
    if (mid == min_.group(s) || mid == min_.group(t)) return min_.route(s, t, rng);
    Path p;
    p.nodes.push_back(s);
    min_.to_group(p, mid);
    p.last_phase = p.hops();
    const Path q = min_.route(p.nodes.back(), t, rng);
    p.nodes.insert(p.nodes.end(), q.nodes.begin() + 1, q.nodes.end());
    p.arcs.insert(p.arcs.end(), q.arcs.begin(), q.arcs.end());
    return p;
  }

 private:
  Min min_;
};

}  // namespace topo::route
