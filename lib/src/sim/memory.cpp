// toposim's memory estimates (man/toposim.1, MEMORY), next to the records they count: sim_internal.hpp's
// Packet, the router state Simulator's constructor sizes, clex_engine_internal.hpp's Msg.
#include <algorithm>
#include <cmath>

#include "sim/clex_engine_internal.hpp"
#include "sim/sim_internal.hpp"
#include "topo/sim/clex.hpp"
#include "topo/sim/network_sim.hpp"

namespace topo::sim {

namespace {

std::uint64_t bytes(double b) {
  return b >= 1.8e19 ? ~std::uint64_t{0} : std::uint64_t(b);
}

}  // namespace

MemoryEstimate simulation_memory(std::uint64_t routers, std::uint64_t links, bool directed, std::uint64_t channels,
                                 std::uint64_t terminals, const SimOptions& o, std::uint64_t concurrent) {
  const double c = double(channels), t = double(terminals), r = double(routers);
  const double V = std::max(1u, o.vcs), B = std::max(1u, o.buffer);
  // Per point, the engine's arrays (engine_state_bytes counts them exactly once the network is built, for
  // bytes_per_router; this is from counts alone, with one-cycle links): input VCs of the network and
  // injection channels, their buffers (16 bytes a flit) and state (40 bytes, as measured with valgrind's
  // massif on a 16x16x16 torus), output VCs, 36 bytes a port, the channels' flit and credit queues (2 slots
  // of 32 and 8 bytes per cycle of delay, and their descriptors), terminals and routers. The per-VC and
  // per-port figures are those of an earlier layout; together they are within 0.3% of engine_state_bytes on
  // the 8x8 mesh and the 16^4 torus. Shared by the points: the network's channel tables (110 bytes per
  // input channel, measured the same way).
  const double in_vcs = (c + t) * V, out_vcs = (c + t) * V, queues = c + 2 * t;
  const double credits_per_cycle = std::min(V, std::ceil(std::max(1.0, o.speedup)));
  double state = in_vcs * (B * 16.0 + 40) + out_vcs * 9 + (c + t) * (8 + 28) +
                 queues * (2 * 32 + 2 * credits_per_cycle * 8 + 16 + 48) + t * (3 * 8 + 8 + V * 5.0 + 1 + 16 + 32) +
                 r * 136;
  if (o.messages > 0) {  // batch: every packet up front, in a block of the smallest class (malloc's 16 bytes too)
    state += t * double(o.messages) *
             double(sizeof(Packet) + Packet::room(0) * route_hop_bytes(directed ? links : 2 * links) + 16);
  }
  MemoryEstimate e;
  e.add("graph", graph_memory(routers, links, directed));
  e.add("network", bytes((c + t) * 110));
  e.add("network state", bytes(state * double(std::max<std::uint64_t>(1, concurrent))));
  if (o.algo == "minimal-adaptive") e.add("distance table", bytes(r * r * sizeof(std::uint16_t)));
  return e;
}

MemoryEstimate clex_memory(const ClexOptions& o) {
  double n = 1;
  for (std::uint32_t l = 0; l < o.levels; ++l) n *= double(o.clique);
  const double messages = o.workload.empty() ? n * double(o.messages) : double(o.workload.size());
  // The records, and the copy the top-level engine regroups them in; the other engines' scratch holds
  // one level-(L-1) copy's share at a time.
  MemoryEstimate e;
  e.add("message records", bytes(messages * sizeof(detail::Msg) * 2.5));
  return e;
}

}  // namespace topo::sim
