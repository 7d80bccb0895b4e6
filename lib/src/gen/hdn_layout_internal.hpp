#pragma once
// Index arithmetic of the hierarchical dual-net HDN(B,k,S) (doc/definitions.md §3.5), shared by the hdn, rdn and
// dualcube generators and by family-aware tools (HDN routing, Algorithm 1; broadcasting, Algorithm 2).
//
// A node is (copy, x): the copy of B it lies in and its base coordinates. With c_j ∈ {0,1} its class
// and u_j ∈ [0,n_j) its cluster at level j, copy_j = (c_j·n_j + u_j)·(N_{j−1}/N_0) + copy_{j−1},
// copy_0 = 0, copy = copy_k. At level j the node lies in super-node a = copy_{j−1}·(N_0/s_j) + r_out(x)
// of its cluster, at place t = r_in(x) (mixed radix over the base dimensions outside / inside F_j,
// lowest dimension fastest). Its serial number in its level-j HDN is (c_j·n_j + u_j)·N_{j−1} + a·s_j + t;
// at level k that is the node id.
#include <cstdint>
#include <string_view>
#include <vector>

#include "topo/gen/registry.hpp"
#include "topo/graph.hpp"

namespace topo::gen {

struct HdnLayout {
  std::vector<std::uint64_t> dims;           // base dimensions b_0..b_{r−1}
  bool cube = false;                         // base factors are K2 (hypercube), not rings
  std::vector<std::vector<unsigned>> super;  // F_1..F_k (at [0..k−1]): base dimensions of each super-node
  std::uint64_t n0 = 1;                      // N_0 = |B|
  std::vector<std::uint64_t> nodes;          // N_0..N_k
  std::vector<std::uint64_t> s;              // s_1..s_k at [1..k]; s[0] = 1

  /// The layout of an hdn, rdn or dualcube instance (InputError naming the failed constraint).
  static HdnLayout from_params(std::string_view family, const Params& p);

  unsigned levels() const { return static_cast<unsigned>(super.size()); }
  std::uint64_t clusters_per_class(unsigned j) const { return nodes[j - 1] / s[j]; }  // n_j
  std::uint64_t copies(unsigned j) const { return nodes[j] / n0; }                    // copies of B in HDN(B,j)

  struct Node {
    std::uint64_t copy = 0;
    std::vector<std::uint64_t> x;  // base coordinates
  };
  /// (C^j, U^j, SN^j, N^j) of a node within its level-j HDN (HDN §2), j ≥ 1.
  struct Index {
    unsigned cls = 0;
    std::uint64_t cluster = 0, supernode = 0, place = 0;
    std::uint64_t serial = 0;  // (cls·n_j + cluster)·N_{j−1} + supernode·s_j + place
  };

  void decode(node_id v, Node& out) const;
  node_id encode(const Node& n) const;
  Index index_at(const Node& n, unsigned j) const;
  /// The other end of the node's level-j cross-edge: node t of super-node a in class-c cluster u ↔
  /// node t of super-node u in class-(1−c) cluster a.
  Node cross_partner(const Node& n, unsigned j) const;
};

}  // namespace topo::gen
