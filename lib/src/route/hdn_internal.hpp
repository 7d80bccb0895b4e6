#pragma once
// HDN routing (HDN paper Algorithm 1) and broadcasting (Algorithm 2) from the graph's hdn, rdn or
// dualcube metadata, with the bounds of Theorems 2 and 3.
#include <cstdint>
#include <string_view>

#include "gen/hdn_layout_internal.hpp"
#include "topo/route/broadcast.hpp"

namespace topo::route {

/// The layout of the graph's dual-net; InputError unless its family is hdn, rdn or dualcube.
gen::HdnLayout hdn_layout(const Graph& g, std::string_view algo);

/// Theorem 2: 2^k R(B) − Σ_{j=0}^{k−1} 2^j R(SN^{k−j}) + 2^{k+1} − 2, with R of dimension-order routing
/// (R(B) = Σ_d ⌊b_d/2⌋, 1 per dimension in a hypercube; R(SN^i) the same over F_i).
std::uint64_t hdn_routing_bound(const gen::HdnLayout& h);
/// Theorem 3: 2^k T(B) − Σ_{i=0}^{k−1} 2^i T(SN^{k−i}) + 2^{k+1} − 2, with T of one-port
/// dimension-by-dimension broadcasting (T(B) = Σ_d ⌈b_d/2⌉, a ring of b needs ⌈b/2⌉ steps).
std::uint64_t hdn_broadcast_bound(const gen::HdnLayout& h);

/// What Algorithm 1 provably takes on doc/definitions.md §3.5's numbering: R_1 = 2R(B) − R(SN^1) + 2 (u → u' and
/// v' → v keep the place, so they move only outside F_1), R_j = 2R_{j−1} + R(SN^j) + 2 for j ≥ 2 (the
/// level-(j−1) routes may move the coordinates of F_j too). Equal to Theorem 2 for k = 1.
std::uint64_t hdn_routing_recurrence_bound(const gen::HdnLayout& h);
/// The paper's own recurrence for Algorithm 2 (proof of Theorem 3): T_1 = 2(T(B) − T(SN^1)) + 2,
/// T_k = T(SN^{k−1}) + 2T_{k−1} + 2, plus T(SN^k) for the first phase broadcast(SN^k).
std::uint64_t hdn_broadcast_recurrence_bound(const gen::HdnLayout& h);

/// Algorithm 2 in the one-port model from `root`: broadcast in the root's level-k super-node, then
/// HDN_broadcast. Sends to nodes that already hold the message are left out.
BroadcastSchedule broadcast_hdn(const Graph& g, node_id root);

}  // namespace topo::route
