#pragma once
// Routing algorithms (doc/definitions.md §5): a Router turns a (source, target) pair into a path of links.
// Family algorithms check the graph's family and metadata and refuse graphs they do not fit.
#include <cstdint>
#include <limits>
#include <memory>
#include <random>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "topo/graph.hpp"

namespace topo::route {

using Rng = std::mt19937_64;

/// Arc numbering shared with metrics::link_loads: arc `offset(v) + i` is out_links(v)[i].
class ArcIndex {
 public:
  explicit ArcIndex(const Graph& g);
  std::uint64_t offset(node_id v) const { return off_[v]; }
  std::uint64_t num_arcs() const { return off_.back(); }
  /// The node an arc leaves (binary search).
  node_id tail(std::uint64_t arc) const;

 private:
  std::vector<std::uint64_t> off_;
};

/// A route: nodes[0] = source, nodes.back() = target, arcs[h] goes from nodes[h] to nodes[h+1].
struct Path {
  std::vector<node_id> nodes;
  std::vector<std::uint64_t> arcs;
  std::size_t hops() const { return arcs.size(); }
};

class Router {
 public:
  virtual ~Router() = default;
  /// A path from s to t (s == t gives the empty path). InputError when t cannot be reached.
  virtual Path route(node_id s, node_id t, Rng& rng) const = 0;
};

struct RouterOptions {
  std::string algo = "shortest";
  bool random_ties = false;        // shortest: choose among next hops at random (seeded)
  std::string inner = "shortest";  // valiant: the minimal algorithm for both halves
};

/// The algorithm names --algo accepts.
const std::vector<std::string>& algorithm_names();
/// Builds a router; InputError when the graph does not fit the algorithm, UsageError on an unknown name.
std::unique_ptr<Router> make_router(const Graph& g, const RouterOptions& o);

// Shared helpers for the algorithms.

/// The arc from u to v (the first one when links of several classes join them, or the first of
/// class `cls` when cls != no_class); InputError when u and v are not adjacent.
std::uint64_t find_arc(const Graph& g, const ArcIndex& ai, node_id u, node_id v, std::uint16_t cls = no_class);
/// Checks that the path goes from s to t and that every hop is an arc of the graph; throws Error.
void check_path(const Graph& g, const ArcIndex& ai, const Path& p, node_id s, node_id t);
/// Appends the hop from path.nodes.back() to v.
void append_hop(const Graph& g, const ArcIndex& ai, Path& path, node_id v, std::uint16_t cls = no_class);
/// InputError "--algo X needs a graph of family F, got G" unless the graph's family is one of `families`.
void require_family(const Graph& g, std::string_view algo, const std::vector<std::string>& families);
/// Node coordinates: the graph's own, or, when the file carried none (an edge list), those of the
/// family instance rebuilt from the graph's family and parameters. InputError when there are none.
struct Coords {
  unsigned dims = 0;
  std::vector<std::int32_t> values;  // node v: values[v*dims .. v*dims+dims)
  std::span<const std::int32_t> of(node_id v) const { return {values.data() + std::size_t(v) * dims, dims}; }
};
Coords family_coords(const Graph& g, std::string_view algo);

/// Shortest-path distances from every node to t (BFS over in-links); unreachable = UINT32_MAX.
std::vector<std::uint32_t> distances_to(const Graph& g, node_id t);
/// Shortest-path distances from s to every node.
std::vector<std::uint32_t> distances_from(const Graph& g, node_id s);
inline constexpr std::uint32_t unreachable = std::numeric_limits<std::uint32_t>::max();

/// Number of shortest paths from s to t counting parallel links (as a double: it can be huge).
double count_shortest_paths(const Graph& g, node_id s, node_id t);

// Factories of the individual algorithms (make_router dispatches to these).
std::unique_ptr<Router> make_shortest(const Graph& g, bool random_ties);
std::unique_ptr<Router> make_dor(const Graph& g);
std::unique_ptr<Router> make_ibt(const Graph& g);
std::unique_ptr<Router> make_slimfly(const Graph& g);
std::unique_ptr<Router> make_hdn(const Graph& g);
std::unique_ptr<Router> make_clex(const Graph& g);
std::unique_ptr<Router> make_valiant(const Graph& g, std::unique_ptr<Router> inner);

}  // namespace topo::route
