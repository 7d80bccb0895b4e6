#pragma once
// The simulator's internal model: the static network (ports, channels, latencies), the routing and
// VC-class schemes, and the per-run state the cycle loop works on.
#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "route/terminal_traffic_internal.hpp"
#include "topo/errors.hpp"
#include "topo/graph.hpp"
#include "topo/rng.hpp"
#include "topo/route/route.hpp"
#include "topo/sim/network_sim.hpp"
#include "zeroed_array_internal.hpp"

namespace topo::sim {

inline constexpr std::uint32_t none32 = 0xFFFFFFFFu;
inline constexpr std::uint64_t none64 = ~std::uint64_t{0};

// ---- The static network -------------------------------------------------------------------------

/// Router r has input ports [terms(r) injection ports, then one per incoming network channel] and output
/// ports [terms(r) ejection ports, then one per outgoing network channel]; port ids are global.
/// Terminals are numbered router by router: router r's are [term_off[r], term_off[r + 1]), T of them on
/// every router, or on the endpoints only in an indirect network (GraphMeta::endpoints).
/// Every port is the end of exactly one channel; a flit sent on a channel at cycle c arrives at c + delay
/// (Network::flit_delay). A channel is 20 bytes: what follows from its arc (latency, lane) is not kept.
struct Channel {
  node_id src, dst;        // routers (equal for injection and ejection channels)
  std::uint32_t out_port;  // at src (none32 for injection: a terminal sends)
  std::uint32_t in_port;   // at dst (none32 for ejection: a terminal receives)
  std::uint32_t arc;       // Graph::arc_offset arc of a network channel (arcs < ports), none32 for a terminal's
};
static_assert(sizeof(Channel) == 20);

/// What the UGAL routings compare as an output's queue, per channel (--ugal-queue, ugal.cpp):
///   waiting  the flits waiting for the output at the router (in input VCs that hold one of its VCs, or
///            whose head waits for one with the output next on its route) and those waiting in the next
///            router's buffers of its channels, as they were at the cycle's start;
///   credits  the output VCs' credits in use, BookSim2's GetUsedCredit: the flits in the next router's
///            buffers, those on the link and the credits on their way back.
enum class QueueMeasure { waiting, credits };
QueueMeasure queue_measure(const std::string& name);

/// How the UGAL routings decide between the minimal path and a Valiant one (--ugal-rule, ugal.cpp):
///   dragonfly     BookSim2's ugal_dragonflynew: Valiant when q_min > 2 q_val + threshold;
///   hop_weighted  UGAL as Singh defines it and BookSim2's ugal_flatfly computes it: Valiant when
///                 h_min q_min > h_val q_val + threshold, h the paths' hop counts.
enum class UgalRule { dragonfly, hop_weighted };
struct UgalDecision {
  UgalRule rule = UgalRule::dragonfly;
  std::string_view name;
  double threshold = 0;
  /// True when the Valiant path (h_val hops, queue q_val) is to be taken over the minimal one.
  bool valiant(double q_min, std::size_t h_min, double q_val, std::size_t h_val) const {
    if (rule == UgalRule::dragonfly) return q_min > 2 * q_val + threshold;
    return double(h_min) * q_min > double(h_val) * q_val + threshold;
  }
};
/// The rule and threshold of o on g: --ugal-rule, or dragonfly on a dragonfly (families dragonfly and cascade)
/// and hop-weighted elsewhere; --ugal-threshold, or the rule's default (30 and 2, BookSim2's).
UgalDecision ugal_decision(const Graph& g, const SimOptions& o);

struct Network {
  /// The input VCs a router may have (ports times V): the engine's round-robin pointers over them take 15 bits of
  /// 2 bytes, beside an output VC's held bit.
  static constexpr std::uint64_t max_router_in_vcs = std::uint64_t{1} << 15;
  const Graph* g = nullptr;
  std::uint32_t routers = 0, T = 1, V = 4, B = 8, F = 1;
  double S = 1;  // --speedup
  /// Flits an input port may send in `cycle`: floor((cycle + 1) S) - floor(cycle S), S on average.
  std::uint32_t speedup_at(std::uint64_t cycle) const {
    return std::uint32_t(std::floor(double(cycle + 1) * S) - std::floor(double(cycle) * S));
  }
  std::uint32_t Dr = 1, Dva = 1, Dsa = 1;
  std::uint32_t Dr_next_head = 1;   // Dr for the packet behind a tail in its input VC (--next-head)
  std::uint32_t inject_cycles = 1;  // from a terminal's send to its router's input buffer (--injection-channel)
  bool vct = false;
  bool realloc_next_cycle = false;  // --vc-reallocation next-cycle: VC allocation before switch allocation
  QueueMeasure queue_measure{};     // --ugal-queue
  /// Every terminal's two channels (injection, ejection), router by router, then the network channels in the order of
  /// their senders' output ports: channel_count of them. A network split over ranks keeps in each rank's table the
  /// channels of its own routers only: those of their terminals and those they send on at their ids, and those they
  /// receive on from other ranks' routers after all the others, the k-th of them at channel_count + k
  /// (received_channel). The other entries stay zero and take no memory (the channels are most of the tables'
  /// bytes, and those a rank receives on are spread over the whole table: a CLEX router receives from all over).
  ZeroedArray<Channel> chans;
  std::uint64_t channel_count = 0;
  /// The channels from other ranks' routers to own ones, in id order: chans holds the k-th at channel_count + k.
  std::vector<std::uint32_t> received;
  /// Where chans holds channel c of another rank's router: c itself unless c enters one of own routers.
  std::uint32_t received_channel(std::uint32_t c) const {
    const auto it = std::lower_bound(received.begin(), received.end(), c);
    return it != received.end() && *it == c ? std::uint32_t(channel_count + std::uint64_t(it - received.begin())) : c;
  }
  node_id own_lo = 0, own_hi = 0;  // the routers whose channels chans holds
  /// True when chans holds the channels of routers [lo, hi).
  bool holds_channels_of(node_id lo, node_id hi) const { return own_lo <= lo && hi <= own_hi; }
  /// The network channels that routers [lo, hi) send on, [first, last): the output ports past their terminals',
  /// after the terminals' channels.
  std::pair<std::size_t, std::size_t> sent_by(node_id lo, node_id hi) const {
    const auto at = [&](node_id r) { return std::size_t(2 * terminals() + out_off[r] - term_off[r]); };
    return {at(lo), at(hi)};
  }
  /// The longest delay of a flit or a credit on any channel (flit_delay, credit_delay).
  std::uint64_t longest_delay() const;
  std::vector<std::uint32_t> in_off, out_off;  // router r's ports: [off[r], off[r+1])
  // Like chans, held for routers [own_lo, own_hi) only: their ports' and their arcs'.
  ZeroedArray<std::uint32_t> in_chan, out_chan;  // port -> channel
  ZeroedArray<std::uint32_t> arc_port;           // arc -> first output port (none32: none, a self-loop's)
  // arc -> parallel channels (0: a self-loop; at most max_router_in_vcs, which the arc's head takes as input ports),
  // empty when every arc has one
  std::vector<std::uint16_t> arc_lanes;
  std::uint32_t lanes(std::uint64_t arc) const { return arc_lanes.empty() ? 1 : arc_lanes[arc]; }
  std::vector<std::uint32_t> arc_latency;  // arc -> link latency; empty when link_latency is every arc's
  bool narrow_routes = false;              // a packet's route in 4 bytes a hop (route_hop_bytes)
  std::uint32_t route_class_bits = 8;      // of a hop's class in a 4-byte entry (route_class_bits(V))
  std::uint32_t link_latency = none32;     // that of every network link, when they are all equal
  /// The link latency of an arc, in cycles.
  std::uint32_t arc_latency_of(std::uint64_t arc) const {
    return arc_latency.empty() ? link_latency : arc_latency[arc];
  }
  /// Channel c's link latency in cycles (1 for a terminal's channel), its delay from switch allocation (or a
  /// terminal's send) to arrival, and that of its credits back.
  std::uint32_t latency(const Channel& c) const { return c.arc == none32 ? 1 : arc_latency_of(c.arc); }
  std::uint32_t flit_delay(const Channel& c) const {
    return c.out_port == none32 ? inject_cycles : Dsa + 1 + latency(c);  // switch allocation, crossbar, the link
  }
  std::uint32_t credit_delay(const Channel& c) const { return latency(c); }
  /// A network channel's index among its link's parallel channels.
  std::uint32_t lane(const Channel& c) const { return c.out_port - arc_port[c.arc]; }
  std::vector<std::uint64_t> term_off;  // router -> first terminal (routers + 1 entries)
  std::vector<node_id> term_router;     // terminal -> router
  std::uint64_t terminals() const { return term_off.back(); }
  std::uint32_t terms(node_id r) const { return std::uint32_t(term_off[r + 1] - term_off[r]); }
  node_id router_of(std::uint64_t term) const { return term_router[term]; }
};

/// Builds ports and channels; InputError on a bad --link-latency. The channel table holds those of routers
/// [own_lo, own_hi) only (Network::chans), every router's by default.
Network build_network(const Graph& g, const SimOptions& o, node_id own_lo = 0, node_id own_hi = none32);
/// The first router of part k of `parts` contiguous blocks of about equal size, k = parts: the end (the blocks of the
/// ranks a point is split over).
inline node_id block_first(node_id routers, unsigned k, unsigned parts) {
  return node_id(std::uint64_t(routers) * k / parts);
}
/// zero_load_latency of the network's options, with its injection channel's cycles already looked up (for
/// every measured packet).
double zero_load_latency(const Network& n, std::uint32_t hops, std::uint64_t link_latency_sum);
/// The bytes of the tables build_network allocates (chans, the port and arc tables, the terminals' tables) for
/// `routers` routers, `arcs` arcs, `channels` channels between routers and `terminals` terminals, at most; with a
/// lane count per arc when `lanes_per_arc` (some arc has other than one channel) and a latency per arc when
/// `latency_per_arc` (link_latencies_may_differ).
double network_bytes(std::uint64_t routers, std::uint64_t arcs, std::uint64_t channels, std::uint64_t terminals,
                     bool lanes_per_arc, bool latency_per_arc);
/// The per-arc link latency of --link-latency (N, CLASS=N,..., or length).
std::vector<std::uint32_t> arc_latencies(const Graph& g, const std::string& spec);
/// True when --link-latency may give links different latencies (by class or by length), whatever the graph.
bool link_latencies_may_differ(const std::string& spec);

// ---- Traffic and injection ------------------------------------------------------------------------

/// A destination terminal for each packet of a source terminal: the traffic pattern's form over terminals.
using Destinations = route::TerminalDestinations;

/// Packets a terminal generates this cycle (0 or 1) for the open-loop injection processes.
class InjectionProcess {
 public:
  virtual ~InjectionProcess() = default;
  /// For terminals i < n (a thread's): born[i] = the packets terminal i generates this cycle, drawn from
  /// rng[i] only; state[i] is one byte per terminal the process may keep (on/off). One call per thread
  /// and cycle, not per terminal.
  virtual void generate(double packet_rate, std::size_t n, std::uint8_t* state, Rng* rng, std::uint8_t* born) const = 0;
};
std::unique_ptr<InjectionProcess> make_injection(const SimOptions& o);

// ---- Routing and VC classes ------------------------------------------------------------------------

struct Packet;

/// A VC class scheme that fits the graph but needs more VCs than given, `needed` of them, for every route (the
/// schemes whose need follows from the graph alone: escape, escape-hop, valiant).
struct TooFewVcs : UsageError {
  TooFewVcs(const std::string& what, std::uint32_t needed_) : UsageError(what), needed(needed_) {}
  std::uint32_t needed;
};

/// The VC class scheme: class count and the class of each hop of a path.
class VcClasses {
 public:
  virtual ~VcClasses() = default;
  virtual std::uint32_t classes(std::uint32_t vcs) const = 0;
  /// Classes of the hops of p (size p.hops()); InputError when the path does not fit the VCs.
  virtual void of_path(const route::Path& p, std::vector<std::uint8_t>& out) const = 0;
  /// The VCs [lo, hi) of class c: an even split of the VCs unless the scheme says otherwise.
  virtual std::pair<std::uint32_t, std::uint32_t> range(std::uint32_t c, std::uint32_t vcs) const {
    const auto k = classes(vcs);
    return {c * vcs / k, (c + 1) * vcs / k};
  }
  /// True for the escape schemes: their last class is the adaptive VCs, the others the escape network
  /// that adaptive routing falls back on.
  virtual bool escape() const { return false; }
};
/// `threads` for the diameter that escape-hop needs (0: OpenMP's default).
std::unique_ptr<VcClasses> make_vc_classes(const std::string& name, const Graph& g, std::uint32_t vcs, int threads);

/// Output choices of a head flit at a router: output arcs with the VC range on each.
struct Choice {
  std::uint64_t arc;
  std::uint32_t vc_lo, vc_hi;
  bool escape;  // taken only when no other choice has a free VC
  /// Credits the choice's free credits must exceed another's by to be preferred to it (DAL's deroutes).
  std::uint32_t handicap = 0;
};

/// A source route as a routing gives it: the path and the VC class of each hop.
struct SourceRoute {
  route::Path path;
  std::vector<std::uint8_t> classes;
  /// Nonzero when the routing may replace the route at its second router (SimRouting::reevaluate): the
  /// hops the replaced route may take at most, so that the packet has room for it.
  std::uint32_t reroute_hops = 0;
};

/// The routes of one pair for the dependency check. The entries, and their vectors, are kept from pair
/// to pair: checking a route allocates nothing once they have grown.
class CheckedRoutes {
 public:
  SourceRoute& add() {
    if (n_ == all_.size()) all_.emplace_back();
    return all_[n_++];
  }
  void clear() { n_ = 0; }
  std::size_t size() const { return n_; }
  const SourceRoute& operator[](std::size_t i) const { return all_[i]; }
  const SourceRoute* begin() const { return all_.data(); }
  const SourceRoute* end() const { return all_.data() + n_; }

 private:
  std::vector<SourceRoute> all_;
  std::size_t n_ = 0;
};

/// A routing: source routes (path and per-hop classes fixed at injection) or per-hop choices.
class SimRouting {
 public:
  virtual ~SimRouting() = default;
  /// Called at injection: fills out.path / out.classes when the routing is source-routed (else leaves
  /// them empty). `occupancy(arc)` gives the flits queued downstream of an output arc of the source router
  /// (UGAL).
  virtual void at_source(SourceRoute& out, node_id src, node_id dst, route::Rng& rng,
                         const std::function<double(std::uint64_t)>& occupancy) const = 0;
  /// Per-hop routers add their choices at router r (source-routed ones never get called).
  virtual void choices(const Packet& p, node_id r, std::vector<Choice>& out, route::Rng& rng) const;
  virtual bool source_routed() const { return true; }
  /// True when at_source's route depends only on (src, dst) and its draws, not on the network's state.
  virtual bool pure() const { return false; }
  /// Routes for the dependency check: the paths a pair may take, with their classes, added to `out`.
  virtual void check_paths(node_id s, node_id t, route::Rng& rng, CheckedRoutes& out) const = 0;
  /// True when at_source's `occupancy` is to be the queues of every router (UGAL-G) rather than the source
  /// router's: the engine then gives it a snapshot of all output ports' queues taken before each cycle's
  /// step phase, so that what one router reads does not depend on the order the threads run the others in.
  virtual bool global_queues() const { return false; }
  /// True when at_source or reevaluate read `occupancy` (the UGAL routings).
  virtual bool reads_queues() const { return false; }
  /// True when at_source may give routes with SourceRoute::reroute_hops (then reevaluate is called).
  virtual bool progressive() const { return false; }
  /// For a per-hop routing that weighs link latencies: the link latencies of the fastest minimal-hop path from
  /// s to t, the one a packet takes at zero load; none32 when it does not weigh them.
  virtual std::uint32_t fastest_minimal_latency(node_id /*s*/, node_id /*t*/) const { return none32; }
  /// For a route given with SourceRoute::reroute_hops, called once at its second router `here` (PAR), whose
  /// first hop was `arcs[0]` from `src` and whose next is `arcs[1]`: true with `out` the whole new route from
  /// src (its first hop the same) when the routing diverts the packet; `occupancy(arc)` is that of here's
  /// output arcs.
  struct Reroute {
    node_id src, here, dst;
    std::array<std::uint64_t, 2> arcs;
    std::uint32_t hops_left;  // the hops of the packet's route from `here` to dst
  };
  virtual bool reevaluate(SourceRoute& /*out*/, const Reroute& /*at*/, route::Rng& /*rng*/,
                          const std::function<double(std::uint64_t)>& /*occupancy*/) const {
    return false;
  }
  std::unique_ptr<VcClasses> vcc;
  std::vector<std::pair<std::uint32_t, std::uint32_t>> class_vcs;  // class -> VCs [lo, hi)
};

struct RoutingContext {
  const Graph& g;
  const Network& net;
  const SimOptions& o;
  std::string algo;        // resolved
  std::string vc_classes;  // resolved
};
/// Builds the routing named o.algo (resolved in ctx); UsageError on an unknown name.
std::unique_ptr<SimRouting> make_sim_routing(const RoutingContext& ctx);
/// The routing alone, without VC classes (set_vc_classes gives them): InputError when it does not fit the graph.
std::unique_ptr<SimRouting> make_sim_routing_without_classes(const RoutingContext& ctx);
/// Gives r the VC classes ctx.vc_classes instead of its own (a routing does not depend on them, so one
/// built for another scheme is reused with the distances its router has cached); on an error r keeps
/// its classes.
void set_vc_classes(SimRouting& r, const RoutingContext& ctx);
/// True for the routings that choose per hop (their default VC scheme is escape).
bool routing_is_adaptive(const std::string& algo);
/// True when the routing keeps a table of the hop distances of every pair of routers (minimal-adaptive).
bool routing_keeps_distances(const std::string& algo);
/// True when the routing keeps a table of latency distances (minimal-adaptive where latencies may differ).
bool routing_weighs_latency(const std::string& algo, const std::string& link_latency);
/// True for the routings that decide by --ugal-threshold.
bool routing_takes_ugal_threshold(const std::string& algo);
/// The VC schemes the routing tries by default, in order; UsageError on an unknown name.
const std::vector<std::string>& routing_default_vc_schemes(const std::string& algo);
/// The UGAL routings (ugal.cpp) over a minimal and a Valiant router: UGAL-L, UGAL-G and PAR.
std::unique_ptr<SimRouting> make_ugal_local(std::unique_ptr<route::Router> min, std::unique_ptr<route::Router> val,
                                            const RoutingContext& c);
std::unique_ptr<SimRouting> make_ugal_global(std::unique_ptr<route::Router> min, std::unique_ptr<route::Router> val,
                                             const RoutingContext& c);
std::unique_ptr<SimRouting> make_par(std::unique_ptr<route::Router> min, std::unique_ptr<route::Router> val,
                                     const RoutingContext& c);
/// A per-hop routing's escape choice at router r (routing.cpp): the first hop of `escape`'s route to dst, on the VCs
/// of its class (the escape classes depend only on the rest of the route).
void add_escape_choice(const SimRouting& routing, const route::Router& escape, node_id r, node_id dst,
                       std::vector<Choice>& out, route::Rng& rng);
/// A per-hop routing's routes for the dependency check: the escape network's, which must be deadlock-free on its
/// own.
void check_escape_paths(const SimRouting& routing, const route::Router& escape, node_id s, node_id t, route::Rng& rng,
                        CheckedRoutes& out);
/// DAL on a HyperX or Hamming graph (dal.cpp): per hop a minimal output or, once per dimension, a deroute.
std::unique_ptr<SimRouting> make_dal(const RoutingContext& c);

// ---- Per-run state ---------------------------------------------------------------------------------

/// A packet: this header, then its source route in the same block, so that a packet is one allocation
/// and its first hops share the header's lines (the packets in flight of a large network are millions,
/// and a hop reads the next one). Per hop the arc and its VC class packed as arc << 8 | class
/// (route_hop), then the destination router's terminal (route_eject), in 8 bytes; or in 4 with the class in
/// route_class_bits(V) bits instead of 8, when every arc and terminal fits (Network::narrow_routes). A route
/// ends where it first reaches the destination router (route_to). A block has room for room(size_class) entries
/// (Engine::new_block): the smallest holds 7 hops, every route of a CLEX of 4 levels (the batches of a million
/// routers keep tens of millions of packets at once); the others grow in four steps a doubling (8, 10, 12, 14,
/// 16, 20, ...), so that a long route wastes at most a fifth of its block (the 32-hop routes of a 32^4 torus,
/// millions in flight, would waste 2 entries in 5 with a block per doubling).
struct Packet {
  Packet* next = nullptr;  // source queue link
  std::uint64_t created = 0, injected = 0;
  std::uint64_t src_term = 0, dst_term = 0;
  std::uint64_t link_cycles = 0;  // link latencies of the hops taken (when they differ: Network::link_latency)
  node_id dst_router = 0;
  std::uint32_t hop = 0;  // routers the head flit has left: from Flit::hop_max on, and once it is delivered
  std::uint8_t size_class = 0;
  bool measured = false;
  bool reevaluate = false;  // its routing looks at its route again at its second router (PAR)
  static std::uint64_t room(std::uint32_t size_class) {
    return std::uint64_t(4 + size_class % 4) << (size_class / 4 + 1);
  }
  static constexpr std::uint32_t size_classes = 120;  // room up to 7 << 30 entries: any route (below 2^32 hops)
};
static_assert(sizeof(Packet) == 64, "a packet header is one cache line");
/// The bits of a hop's VC class in a 4-byte route entry with V VCs: classes are below V, and the all-ones value
/// marks the last entry (route_eject).
inline std::uint32_t route_class_bits(std::uint32_t V) {
  return std::uint32_t(std::bit_width(V));
}
/// Bytes a hop of a packet's route takes on a network of `arcs` arcs, V VCs and at most `terms` terminals a
/// router: 4 while every arc, and every terminal of a router, fits in 32 bits beside its class bits.
inline std::uint32_t route_hop_bytes(std::uint64_t arcs, std::uint32_t V, std::uint64_t terms) {
  return std::max(arcs, terms) <= (std::uint64_t{1} << (32 - route_class_bits(V))) ? 4 : 8;
}
inline std::uint64_t route_hop(std::uint64_t arc, std::uint8_t cls) {
  return arc << 8 | cls;
}
/// The last entry of a packet's route: its terminal among the destination router's. Class 255 is no VC
/// class's (at most 255 VCs, so classes 0 to 254).
inline std::uint64_t route_eject(std::uint64_t terminal) {
  return terminal << 8 | 0xFF;
}
/// The hops of p up to its first visit of router t, the hops a packet to t takes (a Valiant path can pass its
/// destination on its way to the intermediate router: the packet leaves the network there).
inline std::size_t route_to(const route::Path& p, node_id t) {
  const auto it = std::find(p.nodes.begin(), p.nodes.end(), t);
  return it == p.nodes.end() ? p.hops() : std::size_t(it - p.nodes.begin());
}
/// A packet's route to router t along r, packed (route_hop), without its last entry (Engine::with_route).
inline void pack_route(const SourceRoute& r, node_id t, std::vector<std::uint64_t>& out) {
  out.resize(route_to(r.path, t));
  for (std::size_t h = 0; h < out.size(); ++h) out[h] = route_hop(r.path.arcs[h], r.classes[h]);
}

/// A flit: its packet, its place in the packet, and for a head flit what the router it enters is to do
/// with it and how many routers it has left, so that neither VC allocation nor a source-routed hop reads the
/// packet's header (on a large network, a cache miss each): `next` is a source route's hop (route_hop), or
/// `eject` | the router's terminal, or `ask` the routing (per-hop routings). A head flit counts its hops up
/// to hop_max; from there on the packet's `hop` counts them (routes of 65,535 hops or more).
struct Flit {
  Packet* p = nullptr;
  std::uint64_t tag = 0;  // head flit: next << 17 | 1 << 16 | hop; body flit: seq
  static constexpr std::uint64_t eject = std::uint64_t{1} << 46, ask = (std::uint64_t{1} << 47) - 1;
  static constexpr std::uint64_t max_arcs = std::uint64_t{1} << 38;  // route_hop(arc, class) < eject
  static constexpr std::uint32_t max_flits = 0xFFFF;                 // flits of a packet
  static constexpr std::uint32_t hop_max = 0xFFFF;
  static Flit head(Packet* p, std::uint32_t hop, std::uint64_t next) {
    return {p, next << 17 | std::uint64_t{1} << 16 | std::min(hop, hop_max)};
  }
  static Flit body(Packet* p, std::uint32_t seq) { return {p, seq}; }
  std::uint32_t seq() const { return tag >> 16 ? 0 : std::uint32_t(tag); }  // 0 = head, F-1 = tail
  std::uint32_t hop() const { return std::uint32_t(tag & 0xFFFF); }         // head flit: routers left (< hop_max)
  std::uint64_t next() const { return tag >> 17; }
};
/// The routers head flit f has left.
inline std::uint32_t routers_left(const Flit& f) {
  return f.hop() < Flit::hop_max ? f.hop() : f.p->hop;
}
/// Counts the router that head flit f leaves now: the routers it has left, this one included (for the
/// flit's Flit::head; from Flit::hop_max on, the packet's `hop` keeps the count).
inline std::uint32_t count_router_left(const Flit& f) {
  const auto left = f.hop() + 1;
  if (left < Flit::hop_max) [[likely]]
    return left;
  return f.p->hop = routers_left(f) + 1;
}

class RouteCache;

/// The dependency check before a run (reuses toporoute's channel dependency graph): the cycle of
/// (arc, class) channels when there is one; fills the sampling fields of `setup`. For a pure routing
/// checked on every router pair of the traffic (not a sample), `known` gets the routes that drew nothing:
/// the engines take them from there instead of computing them again.
std::vector<std::pair<std::uint64_t, std::uint32_t>> dependency_cycle(const Network& n, const SimRouting& r,
                                                                      const Destinations& d, const SimOptions& o,
                                                                      SimSetup& setup, RouteCache& known);

/// The counts that fix what an engine allocates: routers, terminals, ports, channels and the words of its
/// per-router VC bit sets.
struct EngineShape {
  std::uint64_t routers = 0, terminals = 0, in_ports = 0, out_ports = 0, channels = 0;
  std::uint64_t vc_words = 0;
  std::uint64_t busy_ports = 0, busy_vcs = 0;  // input ports with a VC not idle, and such VCs, at once, at most
  std::uint32_t V = 1, B = 1;
  bool queue_snapshots = false;  // a UGAL routing's: of every input and output port, each cycle
  bool pooled = false;           // the engine takes input VC state for busy ports only (engine_pools)
};
/// True when the memory estimate bounds the busy ports and VCs of a run with options o: in a batch of single-flit
/// packets, where a VC is busy only while it holds a flit, at most the workload's packets. Otherwise the pool's
/// entries and blocks are not in the estimate, and the run checks them as it takes them, with its packets
/// (SimOptions::packet_memory).
inline bool estimate_bounds_busy_ports(const SimOptions& o) {
  return o.messages > 0 && o.packet_size <= 1;
}
/// Sets s.busy_ports and s.busy_vcs to what the memory estimate holds for them in a run with options o on
/// s.terminals terminals: at most the workload's packets when estimate_bounds_busy_ports, else none.
void bound_busy(EngineShape& s, const SimOptions& o);
/// The bytes of the pool's entries and blocks of s.busy_vcs busy VCs and s.busy_ports busy ports (s.pooled).
double pool_bytes(const EngineShape& s);
/// The heap a batch of `messages` packets of F flits holds at once, at most, beyond its destinations: the packets
/// being sent (`packet` bytes each), each with a flit in a buffer (in_ports V B of them), being ejected or being
/// injected (`terminals` each); and their flits and credits on the channels, each flit with a slot of the next
/// router's buffers and a credit on its way back for each slot freed (the estimate, and the run's check above it).
double batch_traffic_bytes(double messages, std::uint32_t F, double in_ports, std::uint32_t V, std::uint32_t B,
                           double terminals, double packet);
/// True when an engine with these input ports and VCs takes their state from its pool for the busy ports only
/// (SimOptions::pool_above): else every port keeps its VCs' state for the whole run.
bool engine_pools(std::uint64_t in_ports, std::uint32_t V, std::uint64_t pool_above);
/// The bytes of one busy input VC's state and buffer (an entry of Engine's pool).
double busy_vc_bytes(const EngineShape& s);
/// The bytes a busy port takes (with a VC not idle): with the pool, its block of V entry numbers; without it
/// (every port, the whole run), its V VCs' state and buffers.
double busy_port_bytes(const EngineShape& s);
/// The bytes of a flit on a channel (an entry of the engine's timing wheel), and of a packet's record with the
/// smallest route block (its header, 8 route entries and the allocator's 16 bytes).
double flit_in_flight_bytes();
double packet_bytes(std::uint64_t arcs, std::uint32_t V, std::uint64_t terms);
/// The shape of network n's engine (engine.cpp), for a UGAL routing when `queue_snapshots`, with every port
/// busy.
EngineShape engine_shape(const Network& n, bool queue_snapshots, std::uint64_t pool_above);
/// What an engine of that shape allocates, from the sizes of its arrays (engine.cpp): Simulator's
/// bytes_per_router times the routers, and the router state of the memory estimate (memory.cpp), with
/// s.busy_ports busy ports and s.busy_vcs busy VCs (all of them when the engine does not pool). The packets and the
/// per-thread scratch are not in it. In floating point: an estimate for a huge input must not wrap around.
double engine_state_bytes(const EngineShape& s);
/// The part of it that does not grow with the traffic: engine_state_bytes with no port busy.
double engine_fixed_bytes(const EngineShape& s);

/// One simulated load point (engine.cpp). `known`: routes of the pure routing `r` (dependency_cycle). With
/// ranks of more than one process, every rank calls it with the same arguments, runs its share of the routers and
/// returns the whole result; a routing that reads every router's queues (UGAL-G) is refused.
PointResult simulate_point(const Network& n, const SimRouting& r, const RouteCache& known, const Destinations& d,
                           const InjectionProcess& inj, const SimOptions& o, double rate, std::uint64_t seed,
                           const std::function<void(double)>& progress, parallel::Ranks* ranks = nullptr);
/// True when routing r reads the flits in the next router's buffers (UGAL's queue measure `waiting`).
inline bool port_snapshots(const SimRouting& r, const Network& n) {
  return r.reads_queues() && n.queue_measure == QueueMeasure::waiting;
}

}  // namespace topo::sim
