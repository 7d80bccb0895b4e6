#pragma once
// Routing algorithms (doc/definitions.md §5): a Router turns a (source, target) pair into a path of links.
// Family algorithms check the graph's family and metadata and refuse graphs they do not fit.
#include <cstdint>
#include <functional>
#include <limits>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "topo/graph.hpp"
#include "topo/rng.hpp"

namespace topo::gen {
struct Family;
}

namespace topo::route {

using topo::Rng;  // the library's one generator (topo/rng.hpp)

/// A route: nodes[0] = source, nodes.back() = target, arcs[h] (Graph::arc_offset numbering) goes from
/// nodes[h] to nodes[h+1].
struct Path {
  std::vector<node_id> nodes;
  std::vector<std::uint64_t> arcs;
  /// The first hop of the route's last phase: the hops before it lead to a two-phase route's intermediate
  /// (Valiant); 0 for a one-phase route.
  std::size_t last_phase = 0;
  std::size_t hops() const { return arcs.size(); }
};

class Router {
 public:
  virtual ~Router() = default;
  /// A path from s to t (s == t gives the empty path). InputError when t cannot be reached.
  virtual Path route(node_id s, node_id t, Rng& rng) const = 0;
  /// The same path, into `out` (whose vectors a router may reuse: the default assigns route's).
  virtual void route_into(node_id s, node_id t, Rng& rng, Path& out) const { out = route(s, t, rng); }
};

struct RouterOptions {
  std::string algo = "shortest";
  bool random_ties = false;  // shortest: choose among next hops at random (seeded)
  /// valiant: the minimal algorithm for both halves; empty: dor where it fits (tori, meshes, hypercubes),
  /// the dragonfly's own routing to a random intermediate group on a dragonfly, else shortest.
  std::string inner;
};

/// A routing algorithm as --algo names it. Algorithms are registered in lib/src/route/algorithm_list.hpp:
/// adding one is one file defining `Algorithm algorithm_NAME()` and one line there; toporoute's
/// choices, help, errors and completions come from this list.
/// The minimal algorithm --algo valiant takes on g for o.inner (the default when o.inner is empty).
std::string valiant_inner(const Graph& g, const RouterOptions& o);

struct Algorithm {
  /// Which graphs an algorithm routes: any graph, a grid family (gen::Family::grid), or the families
  /// that list the algorithm in gen::Family::routings (their structure is what it routes by).
  enum class Needs { any_graph, grid, family_structure };

  std::string name;
  std::string help;  // one line for --help and completions
  Needs needs = Needs::any_graph;
  /// Bytes of the router's cache of distances when it routes to `targets` distinct targets (for the memory
  /// estimate); null: nothing that grows with the graph.
  std::uint64_t (*cache_bytes)(const Graph&, std::uint64_t targets) = nullptr;
  std::function<std::unique_ptr<Router>(const Graph&, const RouterOptions&)> make;
  /// A family's own minimal routing, which Valiant and `toposim run` take on its graphs when none is named.
  bool family_default = false;
  /// Routes in two phases through a random intermediate (the simulator's VC classes count the phases).
  bool two_phase = false;
  /// Valiant over this algorithm in the family's own form (the dragonfly's: a random intermediate group);
  /// null: a random intermediate node.
  std::unique_ptr<Router> (*valiant)(const Graph&) = nullptr;
  /// Its paths are the graph's shortest paths: toporoute can split a pair over all of them or count them.
  bool every_shortest_path = false;
};

/// Every algorithm, in the order of toporoute's --help.
const std::vector<Algorithm>& algorithms();
/// The algorithm of that name; UsageError listing the known names when there is none.
const Algorithm& find_algorithm(std::string_view name);
/// The algorithm names --algo accepts.
std::vector<std::string> algorithm_names();
/// True when the family offers what the algorithm needs (always for Needs::any_graph).
bool fits(const gen::Family& f, const Algorithm& a);
/// The same for the family a graph's metadata names (false when it names none).
bool fits(const Graph& g, const Algorithm& a);
/// The graph's own minimal routing: the first algorithm marked family_default that routes it (dor on tori, meshes
/// and hypercubes; dragonfly on the dragonfly), else "shortest".
std::string default_minimal_routing(const Graph& g);
/// Builds a router; InputError when the graph does not fit the algorithm, UsageError on an unknown name.
std::unique_ptr<Router> make_router(const Graph& g, const RouterOptions& o);

/// Checks that the path goes from s to t and that every hop is an arc of the graph; throws Error.
void check_path(const Graph& g, const Path& p, node_id s, node_id t);

/// Shortest-path distances from every node to t (BFS over in-links); unreachable = UINT32_MAX.
std::vector<std::uint32_t> distances_to(const Graph& g, node_id t);
/// Shortest-path distances from s to every node.
std::vector<std::uint32_t> distances_from(const Graph& g, node_id s);
inline constexpr std::uint32_t unreachable = std::numeric_limits<std::uint32_t>::max();

/// Number of shortest paths from s to t counting parallel links (as a double: it can be huge).
double count_shortest_paths(const Graph& g, node_id s, node_id t);

}  // namespace topo::route
