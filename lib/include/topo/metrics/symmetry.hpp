#pragma once
// Orbits of the automorphism group, used to compute exact distances from one node per orbit.
#include <cstdint>
#include <string>
#include <vector>

#include "topo/gen/registry.hpp"
#include "topo/graph.hpp"

namespace topo::metrics {

/// A partition of the nodes into classes of nodes with identical distance distributions.
struct Orbits {
  std::vector<node_id> representative;  // one node per class
  std::vector<std::uint64_t> size;      // nodes per class
  std::string method;                   // "traces", "nauty" or "family"
  double group_size_log10 = 0;          // log10 of the automorphism group's order (traces/nauty only)
  /// Permutations of the nodes that generate the group (traces/nauty only; empty for a family's classes).
  std::vector<std::vector<node_id>> generators;
  bool vertex_transitive() const { return representative.size() == 1; }
};

/// Orbits of Aut(G), ignoring link attributes and multiplicity (they do not change hop distances):
/// Traces for undirected graphs, nauty for directed ones, with generators of the group. Exact. With `colour`
/// (one value per node), only the automorphisms that keep every node's colour.
Orbits automorphism_orbits(const Graph& g, const std::vector<std::uint8_t>& colour = {});

/// Result of checking a family's class hint against the graph.
struct HintCheck {
  bool ok = false;
  std::string detail;  // why it was rejected
  unsigned members_checked = 0;
};

/// Checks a family's node classes on the graph: class sizes must add up to N, and BFS from up to
/// `samples` random members of each class (at most `max_classes` classes) must give the representative's
/// sum of distances, reach and eccentricity. A wrong hint is caught with high probability, not proven
/// right: the output says the hint was verified on a sample. `threads`: those asked for (0: every core); one
/// when the searches are too few to pay for more (parallel::threads_for_distances).
HintCheck check_classes(const Graph& g, const gen::NodeClasses& c, unsigned samples, unsigned max_classes,
                        std::uint64_t seed, int threads = 0);

}  // namespace topo::metrics
