// toposim's memory estimates (man/toposim.1, MEMORY), next to the records they count: sim_internal.hpp's
// Packet, the engine's router state (engine_state_bytes), clex_engine_internal.hpp's Msg.
#include <fmt/format.h>

#include <algorithm>

#include "sim/clex/clex_engine_internal.hpp"
#include "sim/network/sim_internal.hpp"
#include "topo/sim/clex.hpp"
#include "topo/sim/network_sim.hpp"

namespace topo::sim {

namespace {

std::uint64_t bytes(double b) {
  return b >= 1.8e19 ? ~std::uint64_t{0} : std::uint64_t(b);
}

}  // namespace

MemoryEstimate simulation_memory(std::uint64_t routers, std::uint64_t links, bool directed,
                                 std::optional<std::uint64_t> known_channels, std::uint64_t terminals,
                                 const SimOptions& o, std::uint64_t concurrent, std::uint64_t split_over) {
  const double t = double(terminals), r = double(routers);
  // Before the graph is read its channels are not known: one per arc, and a lane count kept per arc, as for a graph
  // whose self-loops or parallel links leave some arc other than one channel (those that even out: counted short).
  const std::uint64_t arcs = directed ? links : 2 * links, channels = known_channels.value_or(arcs);
  const bool lanes_per_arc = !known_channels || channels != arcs;
  const std::uint32_t V = std::max(1u, o.vcs);
  // Per point, what an engine allocates (engine_state_bytes, from which bytes_per_router comes too) for a
  // network of these counts: c + t input and output ports (the terminals' included), c + 2t channels
  // (injection and ejection), and at most one more bit-set word per router than the VCs fill.
  EngineShape s;
  s.routers = routers;
  s.terminals = terminals;
  s.in_ports = s.out_ports = channels + terminals;
  s.channels = channels + 2 * terminals;
  s.V = V;
  s.B = std::max(1u, o.buffer);
  s.vc_words = (s.in_ports * V + 63) / 64 + routers;
  s.queue_snapshots = routing_takes_ugal_threshold(o.algo);  // the UGAL routings, which read queues
  s.pooled = engine_pools(s.in_ports, V, o.pool_above);
  const double messages = t * double(o.messages);
  // Busy ports and VCs, with the pool: at most the workload's packets when that bounds them, else none here (the
  // run checks the entries it takes); without it every VC keeps its entry (engine_state_bytes).
  bound_busy(s, o);
  double state = engine_state_bytes(s);
  // batch: every packet's destination up front (4 bytes), and the packets being sent, in blocks of the smallest
  // class, with their flits and credits on the channels
  if (o.messages > 0)
    state += messages * sizeof(std::uint32_t) + batch_traffic_bytes(messages, std::max(1u, o.packet_size),
                                                                    double(s.in_ports), V, s.B, t,
                                                                    packet_bytes(arcs, V, terminals));
  if (split_over > 1) {
    // A rank's share of the router state, the packets and the batch's destinations (its routers' and terminals'),
    // and the channels' flit counts of every rank while the figures are put together (Engine::share_results).
    state = state / double(split_over) + 2 * double(s.channels) * sizeof(std::uint32_t);
  }
  MemoryEstimate e;
  if (split_over > 1) e.who = fmt::format("each of the {} ranks", split_over);
  e.add("graph", graph_memory(routers, links, directed));
  // Shared by the points: the network's channel, port and arc tables (build_network).
  e.add("network", bytes(network_bytes(routers, arcs, channels, terminals, lanes_per_arc,
                                       link_latencies_may_differ(o.link_latency))));
  e.add("network state", bytes(state * double(std::max<std::uint64_t>(1, concurrent))));
  if (routing_keeps_distances(o.algo)) e.add("distance table", bytes(r * r * sizeof(std::uint16_t)));
  if (routing_weighs_latency(o.algo, o.link_latency)) e.add("latency table", bytes(r * r * sizeof(std::uint32_t)));
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
