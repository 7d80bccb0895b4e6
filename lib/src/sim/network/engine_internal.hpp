#pragma once
// The state of one simulated load point and the cycle loop's parts, one file each:
//   engine.cpp        the cycle loop and the method (warm-up, sample windows, drain);
//   channels.cpp      channels and credit-based flow control: flits and credits in flight, arrivals;
//   allocators.cpp    the router pipeline: VC allocation and switch allocation;
//   terminals.cpp     packet generation, injection, ejection and the per-packet statistics;
//   point_stats.cpp   the load point's figures over the sample windows, the deadlock report;
//   across_ranks.cpp  a run split over processes (MPI ranks): what crosses between them every cycle.
//
// Every cycle has two phases: receive (the flits and credits whose channel delay has elapsed enter
// buffers and credit counters) and step over all routers (VC allocation, switch allocation, traversal,
// terminals). A channel is written only by its sender in the step phase and read only by its receiver
// in the receive phase, and every random choice uses the generator of the terminal or router that
// makes it, so any number of threads gives the same result.
//
// Instrumented checks (always on): a buffer never holds more than B flits, credits never exceed B, and a
// flit reaches only its own terminal; in builds with assertions (no NDEBUG: the sanitizer build), also that a
// channel carries at most one flit per cycle (8 bytes per channel, which a million-router network spares).
#include <algorithm>
#include <array>
#include <exception>
#include <string>
#include <type_traits>
#include <unordered_map>
#include <vector>

#include "huge_pages_internal.hpp"
#include "route_cache_internal.hpp"
#include "route_rng_internal.hpp"
#include "sim_internal.hpp"
#include "topo/errors.hpp"
#include "topo/parallel/ranks.hpp"
#include "value_counts_internal.hpp"
#include "zeroed_array_internal.hpp"

namespace topo::sim {

/// The index of the calling thread among the cycle loop's threads (engine.cpp), for its scratch.
inline thread_local unsigned engine_thread = 0;

/// A flit on channel c, for its VC vc: an entry of the list of the cycle it arrives in (Engine::flits_due_).
struct FlitArrival {
  std::uint32_t c = 0, vc = 0;
  Flit f;
};

/// What one router records; merged over routers after the run.
struct RouterStats {
  std::uint64_t injected = 0, delivered = 0;
  std::uint64_t occupancy_sum = 0;
  std::uint32_t occupancy_max = 0;
  std::uint64_t buffered = 0;  // flits now in this router's input buffers
};

/// A point's counts added up over some terminals, routers and channels. Integers, so that parts added in any
/// order give one process's figures: split over ranks, each adds up its own routers' and the ranks exchange only
/// these (Engine::summarize).
/// Trivially copyable: the ranks exchange it as bytes (parallel::pack).
struct PointTotals {
  __extension__ typedef unsigned __int128 Wide;
  std::uint64_t accepted = 0, generated = 0, accepted_least = ~std::uint64_t{0};
  Wide accepted_squares = 0;  // of the accepted flits of each terminal
  std::uint64_t injected = 0, delivered = 0, occupancy = 0, occupancy_most = 0;
  std::uint64_t link_flits = 0, link_most = 0;
  std::array<std::uint64_t, 10> link_bins{};  // links by utilisation, in bins of 0.1
  void add(const PointTotals& o);
};
static_assert(std::is_trivially_copyable_v<PointTotals>);

/// What the measured packets that one thread's routers deliver record; merged over the threads after the
/// run (counts: the same for any number of threads).
struct PacketStats {
  ValueCounts packet_latency, network_latency, queueing;
  std::vector<std::uint64_t> hops;  // packets by hops
  void merge(const PacketStats& o);
  /// Appends the counts to `out`, for another rank to merge (merge_packed, moving `at` past them).
  void pack(std::string& out) const;
  void merge_packed(const std::string& in, std::size_t& at);

 private:
  void add_hops(const std::vector<std::uint64_t>& more);
};

class Engine {
 public:
  /// ranks: the processes the network is split over (null or one: this process runs every router).
  Engine(const Network& n, const SimRouting& r, const RouteCache& known, const Destinations& d,
         const InjectionProcess& inj, const SimOptions& o, double rate, std::uint64_t seed,
         parallel::Ranks* ranks = nullptr);
  ~Engine();
  Engine(const Engine&) = delete;
  Engine& operator=(const Engine&) = delete;

  PointResult run(const std::function<void(double)>& progress);

 private:
  friend double engine_fixed_bytes(const EngineShape& s);
  friend double busy_port_bytes(const EngineShape& s);
  friend double busy_vc_bytes(const EngineShape& s);
  friend bool engine_pools(std::uint64_t in_ports, std::uint32_t V, std::uint64_t pool_above);
  // Counts of one cycle, per thread; the master adds them up after every cycle (integer sums: the
  // same for any number of threads).
  struct Counts {
    std::uint64_t moved = 0, win_delivered = 0, win_latency = 0, win_flits = 0;
    std::uint64_t measured_created = 0, measured_delivered = 0, delivered = 0, created = 0;
    std::int64_t in_net = 0;
    std::uint64_t created_at = 0, delivered_created_at = 0;  // sums of creation cycles (ages of waiting packets)
  };
  /// An allocator's request: `out` (an output VC or port) for input VC `in` (relative to the router's
  /// first), which is VC `vc` of input port `port` (switch allocation only); ordered by (out, in).
  struct Request {
    std::uint32_t out, in, port, vc;
    bool operator<(const Request& o) const { return out != o.out ? out < o.out : in < o.in; }
  };
  /// The requests of one router's allocation round: at most one per input VC of the router, so that room for
  /// that many, made at the round's start (clear), lets an append write without a check (a std::vector's
  /// push_back, which the compiler stopped inlining in the allocators, took 0.7% of the 8x8 mesh's instructions).
  class Requests {
   public:
    void clear(std::size_t most) {
      if (all_.size() < most) all_.resize(most);
      n_ = 0;
    }
    void push_back(const Request& q) { all_[n_++] = q; }
    std::size_t size() const { return n_; }
    Request& operator[](std::size_t i) { return all_[i]; }
    Request* begin() { return all_.data(); }
    Request* end() { return all_.data() + n_; }
    void keep_first(std::size_t n) { n_ = std::min(n, n_); }

   private:
    std::vector<Request> all_;
    std::size_t n_ = 0;
  };
  struct Scratch {
    Requests reqs;
    std::vector<Choice> choices;
    RouteRng route_rng;
    RouteCache routes;                 // used when the routing is pure: the routes not in known_
    SourceRoute source_route;          // a routing's answer, before it is packed into the packet
    std::vector<std::uint64_t> route;  // a route computed here, packed (route_hop)
    std::array<std::vector<Packet*>, Packet::size_classes> spare;  // delivered packets by size class, reused
    HugePageArena blocks;                                          // new packets' blocks, when arena_
    std::uint32_t size_class = 0;                                  // of new packets: that of the last route placed here
    // Of the pool (vc_entry): port blocks and VC entries given back, its first and the next never taken.
    std::vector<std::uint32_t> free_blocks, free_entries;
    std::uint32_t first_block = 0, next_block = 0;
    std::size_t first_entry = 0, next_entry = 0;
    std::uint64_t busy_ports = 0, busy_vcs = 0;  // its routers' input VCs not idle, and their ports
    Counts k;
    PacketStats measured;
    // What went wrong at its routers this cycle: the error of the lowest-numbered router that had one (the last of
    // that router's), which the cycle's end reports as the run's.
    std::exception_ptr error;
    node_id error_router = none32;
    /// Keeps the exception being handled, at router r.
    void keep_error(node_id r) {
      if (r > error_router) return;
      error = std::current_exception();
      error_router = r;
    }
  };
  // across_ranks.cpp. Split over ranks, this rank runs routers [rank_first_[rank], rank_first_[rank + 1]) (contiguous
  // blocks of about equal router counts); owner_ of another rank's router is `remote`. A flit or credit for one goes
  // to the sending thread's outbox, and at the end of every lookahead period each rank sends its outboxes to the
  // routers' ranks (exchange) and takes what the others sent into the lists of the sender slot `threads_`, which its
  // threads read as they read each other's. A head flit that crosses carries its packet's block (header and route): the
  // receiving rank works on a copy of it from then on, and the sender gives its own back once the tail has left.
  // The cycle's counts are added over the ranks (sum_counts) before the decisions that end windows and runs, so that
  // every rank takes them in the same cycle; the figures of a point are put together from every rank's routers
  // (share_results and summarize), so that every rank returns the whole result, as one process would.
  static constexpr std::uint16_t remote = 0xFFFF;
  parallel::Ranks* ranks_ = nullptr;  // null: this process runs every router
  std::vector<node_id> rank_first_;
  node_id rank_lo_ = 0, rank_hi_ = 0;  // this rank's routers
  unsigned senders_ = 1;  // the sender slots of flits_due_ and credits_due_: the threads, and the other ranks
  // The ranks exchange every lookahead_ cycles (conservative lookahead): the fewest cycles a flit or credit takes
  // on a channel between two ranks, so that what is sent in one period arrives in a later one.
  std::uint64_t lookahead_ = 1;
  std::uint64_t exchanged_ = 0;  // the bytes this rank sent the others
  struct RemoteFlit {
    std::uint64_t due;
    FlitArrival a;
  };
  struct RemoteCredit {
    std::uint64_t due, counter;
  };
  std::vector<std::vector<RemoteFlit>> out_flits_;      // per thread
  std::vector<std::vector<RemoteCredit>> out_credits_;  // per thread
  /// Per channel and VC (c * V + vc) that flits reach from another rank, the copy of the packet whose head came
  /// last on it and whose tail has not yet: the packet of its body flits.
  std::unordered_map<std::uint64_t, Packet*> entering_;
  int rank_of(node_id r) const;
  void exchange();
  // With port_snapshots_ (UGAL's waiting queues): per rank, this rank's input ports that its routers feed, whose
  // snapshots it sends them after every receive phase, and their input ports that this rank's routers feed, whose
  // snapshots it takes; in port order on both sides.
  std::vector<std::vector<std::uint32_t>> snapshots_out_, snapshots_in_;
  void share_port_snapshots();
  /// Adds the cycle's counts, its busy ports and VCs, and whether this rank failed over the ranks; true when some
  /// rank failed.
  bool sum_counts(Counts& k, std::uint64_t& busy_ports, std::uint64_t& busy_vcs, bool failed);
  /// Every rank's measured packets' counts, on every rank (scratch_[0]), and the bytes the ranks exchanged; with
  /// the channel loads, every rank's terminals' and routers' counts and channels' flits too, which summarize then
  /// reads as one process's. Without them summarize adds up each rank's own and the ranks add the totals.
  void share_results(PointResult& res);
  /// Every rank's terminals', routers' and channels' counts into this rank's arrays.
  void share_counts();
  /// Where a rank's counts are in this rank's arrays (share_counts): its terminals' accepted and generated flits,
  /// its routers' stats, its terminals' channels' and its network channels' flits.
  struct CountsPart {
    char* first;
    std::size_t bytes;
  };
  std::array<CountsPart, 5> counts_of(int rank);
  /// The network channels that rank's routers send on, [first, last).
  std::pair<std::size_t, std::size_t> sent_by(int rank) const;
  /// A packet: its source terminal and the cycle it was injected in (a terminal injects one at a time). Split over
  /// ranks, a packet whose flits are on two has a copy on each.
  struct PacketKey {
    std::uint64_t src_term, injected;
    auto operator<=>(const PacketKey&) const = default;
  };
  /// Replaces this rank's blocked channels (the first listed) and the packets its VCs hold by every rank's.
  void share_deadlock(std::vector<Deadlock::Channel>& channels, std::vector<PacketKey>& stuck) const;
  // channels.cpp
  void receive(unsigned t);                        // thread t's arrivals of this cycle
  void arrive(const FlitArrival& a, Scratch& sc);  // sc: the calling thread's
  void arrive_credit(std::uint64_t counter);
  node_id credit_sender(std::uint64_t counter) const;  // the router whose counter it is
  void send(std::uint32_t c, const Flit& f, std::uint32_t vc);
  /// A credit for VC vc of input port ip, to its sender: the counter of the output VC (credits()) or, from an
  /// injection port, of the terminal (tcred_, with terminal_credit) that feeds the port's channel, after the
  /// channel's latency, to the thread that runs the sender.
  void credit(std::uint32_t ip, std::uint32_t vc);
  /// An output arc's queue per channel, as --ugal-queue measures it (QueueMeasure): now at the arc's own
  /// router, or as the snapshot of the cycle's start when the routing reads every router's
  /// (SimRouting::global_queues).
  double queued(std::uint64_t arc) const;
  double queued_now(std::uint64_t arc) const;
  /// Calls visit(input VC, waiting) for router r's input VCs that hold flits: holding an output VC, or
  /// (waiting) with a head waiting for one.
  template <class Visit>
  void for_busy_vcs(node_id r, Visit&& visit) const;
  /// Calls add(output port, flits) for the flits in router r's input buffers bound for an output: those of
  /// each input VC holding an output VC, and those of each VC whose head waits for one with a route's hop
  /// next (to the hop's first channel: which of a link's parallel channels it takes is not chosen yet).
  template <class Add>
  void for_waiting_flits(node_id r, Add&& add) const;
  /// The flits waiting in the next router's buffers of output port op's channel, at the cycle's start.
  std::uint32_t waiting_downstream(std::uint32_t op) const { return port_flits_[n_.chans[n_.out_chan[op]].in_port]; }
  /// The snapshots of routers [lo, hi), after their receive phase: written only there by the routers' own
  /// thread, read in the step phase by any. Of the flits in each input port's buffers (--ugal-queue waiting),
  /// and of each output port's queue at the router (global_queues_).
  void snapshot_ports(node_id lo, node_id hi);
  void snapshot_queues(node_id lo, node_id hi);
  bool global_queues_ = false, port_snapshots_ = false;
  std::vector<std::uint32_t> queue_snapshot_;  // per output port: its queue at the router, over its VCs
  std::vector<std::uint32_t> port_flits_;      // per input port: the flits in its buffers
  // allocators.cpp
  void step(node_id r);  // the steps below get the thread's scratch from it
  // Prefetches for router r, ahead of its step: its input ports' slots and blocks, its busy input VCs, then for those
  // holding an output VC their output channel and the next entry of a head flit's route (cache misses
  // otherwise, one after the other, on a large network).
  void prefetch_blocks(node_id r) const;
  void prefetch_maps(node_id r) const;  // with the pool: the busy ports' blocks of vc_map_
  void prefetch_vcs(node_id r) const;
  void prefetch_hops(node_id r) const;
  bool prefetch_ = false;  // SimOptions::large_above
  // An open-loop run on a large network takes its packets' blocks from the threads' arenas (Scratch::blocks),
  // in huge pages, and keeps them to the end; a batch run frees a block whose route needs a larger one.
  bool arena_ = false;
  void allocate_vcs(node_id r, Scratch& sc);
  template <class C>
  void allocate_vcs(node_id r, Scratch& sc, C* credits);  // with the output VCs' credits (credits8_ or credits16_)
  template <class Rr, class C>
  void allocate_vcs(node_id r, Scratch& sc, Rr* in_va_rr, C* credits);  // and the input VCs' round-robin pointers
  /// A head flit's route looked at again at its second router (SimRouting::reevaluate: PAR), once, before its
  /// VC allocation there; a new route is written over the packet's from its second hop on.
  void reevaluate_route(node_id r, Flit& head, Scratch& sc);
  bool progressive_ = false;  // the routing gives routes to look at again (SourceRoute::reroute_hops)
  void allocate_switch(node_id r, Scratch& sc);
  template <class C>
  void allocate_switch(node_id r, Scratch& sc, C* credits);
  // terminals.cpp
  /// The packets terminals [t0, t1) generate this cycle, in born_. Each terminal's generator draws for
  /// generation first, then (terminals()) for its new packet: generating for all a thread's terminals at
  /// the start of the step phase keeps every terminal's own sequence of draws.
  void generate(std::uint64_t t0, std::uint64_t t1) {
    if (injecting_) inj_.generate(packet_rate_, t1 - t0, onoff_.data() + t0, trng_.data() + t0, born_.data() + t0);
  }
  bool born(node_id r) const {
    if (!injecting_) return false;
    bool any = false;
    for (auto t = n_.term_off[r]; t < n_.term_off[r + 1]; ++t) any |= born_[t] != 0;
    return any;
  }
  void terminals(node_id r, Scratch& sc);  // new packets and injection (called when r has either)
  void deliver(node_id r, std::uint64_t term, const Flit& f);
  /// A source-routed head flit's `next` (Flit) after it has left `hop` routers: its route's entry (the
  /// packet's header is not read).
  std::uint64_t next_on_route(const Packet& p, std::uint32_t hop) const {
    if (n_.narrow_routes) {
      const std::uint64_t e = reinterpret_cast<const std::uint32_t*>(&p + 1)[hop];
      const auto bits = n_.route_class_bits;
      const auto all = (std::uint64_t{1} << bits) - 1;
      return (e & all) == all ? Flit::eject | e >> bits : route_hop(e >> bits, std::uint8_t(e & all));
    }
    const std::uint64_t e = reinterpret_cast<const std::uint64_t*>(&p + 1)[hop];
    return (e & 0xFF) == 0xFF ? Flit::eject | e >> 8 : e;  // route_eject, else route_hop
  }
  /// A per-hop routing's head flit's `next` at router d: ejection there, else ask the routing.
  std::uint64_t next_at(const Packet& p, node_id d) const {
    return d == p.dst_router ? Flit::eject | (p.dst_term - n_.term_off[d]) : Flit::ask;
  }
  /// A packet from terminal src to terminal dst, created at cycle `created`, in a block of the thread's size class
  /// (its route not written yet).
  Packet* packet_block(std::uint64_t src, std::uint64_t dst, std::uint64_t created, bool measured, Scratch& sc) const;
  /// An open-loop packet of terminal term, drawn now and queued at the terminal.
  Packet* new_packet(node_id r, std::uint64_t term, Scratch& sc);
  /// True when terminal term has a packet waiting to be injected: in its source queue, or of the batch.
  bool has_queued(std::uint64_t term) const {
    return q_head_[term] || (batch_next_.size() > 0 && batch_next_[term] < o_.messages);
  }
  /// Takes terminal term's next packet to inject (has_queued): the head of its source queue, or the batch's
  /// next, made now.
  Packet* take_queued(std::uint64_t term, Scratch& sc);
  /// A block of the size class: a spare one, else a new one.
  Packet* new_block(std::uint32_t size_class, Scratch& sc) const;
  void free_block(Packet* p) const;
  /// p with its route set to `hops` (route_hop each): p itself when its block is of the smallest size
  /// class that holds the route, else such a block with p's header, p going to the spares.
  /// With room for `room` hops at least (a route replaced later).
  Packet* with_route(Packet* p, const std::uint64_t* hops, std::uint32_t n, Scratch& sc, std::uint32_t room = 0) const;
  /// Writes `hops` and the last entry into p's block from hop `from` on (hops[0] its entry `from`).
  void write_route(Packet* p, const std::uint64_t* hops, std::uint32_t from, std::uint32_t n) const;
  void batch_load();
  /// The seed of terminal t's generator.
  std::uint64_t terminal_seed(std::uint64_t t) const { return seed_ * 0x9E3779B97F4A7C15ull + t; }
  // point_stats.cpp
  void summarize(PointResult& res, std::uint64_t measure_start, std::uint64_t measure_end) const;
  /// The counts of routers [lo, hi), their terminals and the network channels they send on.
  PointTotals totals(node_id lo, node_id hi, double cycles) const;
  Deadlock deadlock_report() const;

  // Divisions in the allocators, without a divide instruction when the divisor is a power of two (the
  // usual VC counts and class widths): x / V, and x % w.
  std::uint32_t v_shift_ = 0;
  bool v_pow2_ = false;
  template <class T>
  T per_vc(T x) const {
    return v_pow2_ ? x >> v_shift_ : x / n_.V;
  }
  static std::uint32_t mod(std::uint32_t x, std::uint32_t w) { return w & (w - 1) ? x % w : x & (w - 1); }

  [[noreturn]] [[gnu::cold]] void fail(const std::string& what) const {
    throw Error("internal simulator error: " + what);
  }

  const Network& n_;
  const SimRouting& r_;
  const RouteCache& known_;  // the routes of the dependency check (pure routings)
  const Destinations& d_;
  const InjectionProcess& inj_;
  const SimOptions& o_;
  double packet_rate_;
  std::uint64_t seed_;
  std::uint64_t now_ = 0;
  std::uint32_t quota_ = 1;  // flits an input port may send this cycle (Network::speedup_at)
  bool measuring_ = false, injecting_ = true;

  // Input VCs (in_port * V + vc, `iv`). The state of a busy input VC (one that holds flits or an output VC) is an
  // entry of the pool (pool_), taken when a flit reaches the VC idle and given back when it goes idle again, so
  // that the memory of the VCs is that of the VCs traffic holds, not of all of them (a million-router network has
  // hundreds of millions of VCs, and a busy port holds one or two). A port with a busy VC has a block of V entry
  // numbers (vc_map_, entry + 1, 0 for an idle VC); port_block_ says which, and a VC's entry is pool_[pooled(iv)]
  // (`pv`). Each thread takes the blocks and entries of its own routers' ports, from the ranges of numbers of
  // those ports and VCs (its routers' ports all in use fill them): a stack of those given back, else the next
  // never used, so that those in use stay together at the ranges' start and a run touches the pages of its
  // busiest cycle.
  // On a network whose input VCs take less than SimOptions::pool_above at 64 bytes each, every VC keeps entry
  // number = VC number for the whole run (!pooling_): taking and giving back entries costs time (about 20% more
  // CPU on a 12^4 torus at 0.1, bench/RESULTS.md), worth it only where the memory is.
  // An input VC's state and the first two slots of its buffer share one cache line (InVc): a flit's passage
  // through a router reads and writes its VC's state on arrival, at VC allocation and at switch allocation, and
  // at low load its flit is in the first slot (an emptied VC starts again at slot 0). The other slots are
  // slot-major in buf_ (slot i of every entry together): the few in use share cache lines and pages, and
  // the rest are never touched (ZeroedArray). A VC's round-robin pointer (in_va_rr_) outlives its entry.
  static constexpr std::uint32_t slots_in_vc = 2;
  std::size_t in_vcs_ = 0;
  ZeroedArray<Flit> buf_;                                         // slots from slots_in_vc on
  enum class VcState : std::uint16_t { idle, waiting, holding };  // waiting for VC allocation, holding an output VC
  struct alignas(64) InVc {                                       // all zero: an idle VC with an empty buffer
    std::uint64_t ready = 0;            // the cycle from which the VC may take part in its next allocation
    std::uint32_t ovc = 0;              // the output VC it holds
    std::uint32_t oport = 0;            // and its output port (ovc / V)
    std::uint16_t head = 0, count = 0;  // its flits: from slot `head` of its buffer (flit())
    VcState st = VcState::idle;
    std::uint32_t ochan = 0;              // the channel of its output port
    std::array<Flit, slots_in_vc> first;  // its buffer's first slots
  };
  static_assert(sizeof(InVc) == 64);
  ZeroedArray<InVc> pool_;
  bool pooling_ = false;
  // Per input port, with the pool: its block of vc_map_, none32 when all its VCs are idle (a port is busy while it
  // has one); without it, its VCs that are not idle (at most V <= 255).
  ZeroedArray<std::uint32_t> port_block_;
  ZeroedArray<std::uint8_t> port_busy_;
  ZeroedArray<std::uint32_t> vc_map_;  // per block, its port's VCs' entries + 1 (pooling_)
  // Per input VC: its round-robin pointer over the output VCs it asks for, taken modulo the width of the VC range
  // it asks in (at most V). It is kept modulo rr_period_ = lcm(1, ..., V), which every width divides, in 1 or 2
  // bytes when that period fits (V <= 6: 1 byte, V <= 12: 2), else in 4 bytes without a period (rr_period_ 0):
  // rr_bytes_ bytes each, from one store that allocate_vcs reads as an array of the unsigned type of that size.
  ZeroedArray<std::uint32_t> in_va_rr_;
  std::uint32_t rr_bytes_ = 4, rr_period_ = 0;
  template <class Rr>
  Rr* va_rr() {
    return reinterpret_cast<Rr*>(&in_va_rr_[0]);
  }
  const void* va_rr_at(std::size_t iv) const { return reinterpret_cast<const char*>(&in_va_rr_[0]) + iv * rr_bytes_; }
  /// The entry of VC vc in block b of vc_map_.
  std::uint32_t& map_slot(std::uint32_t b, std::size_t vc) { return vc_map_[std::size_t(b) * n_.V + vc]; }
  const std::uint32_t& map_slot(std::uint32_t b, std::size_t vc) const { return vc_map_[std::size_t(b) * n_.V + vc]; }
  /// True when input VC iv has an entry: it is busy (always, without pooling_).
  bool has_entry(std::size_t iv) const {
    if (!pooling_) return true;
    const auto ip = per_vc(iv);
    return port_block_[ip] != none32 && map_slot(port_block_[ip], iv - std::size_t(ip) * n_.V) != 0;
  }
  /// The place in pool_ of input VC iv, which has an entry.
  std::size_t pooled(std::size_t iv) const {
    if (!pooling_) return iv;
    const auto ip = per_vc(iv);
    return map_slot(port_block_[ip], iv - std::size_t(ip) * n_.V) - std::size_t{1};
  }
  InVc& vc_state(std::size_t iv) { return pool_[pooled(iv)]; }
  const InVc& vc_state(std::size_t iv) const { return pool_[pooled(iv)]; }
  /// The entry of input VC iv, taken from the calling thread's sc when it has none.
  std::size_t vc_entry(std::size_t iv, Scratch& sc);
  /// The bytes of the pool's blocks and entries the run has taken so far (the pages it touched), 0 without
  /// pooling_.
  double pooled_bytes() const;
  EngineShape pool_shape() const;  // the counts pool_bytes reads, no VC busy
  /// Counts input VC iv no longer idle, or (busy false) idle again, and the ports with a VC that is not, in the
  /// calling thread's scratch sc (Scratch::busy_ports; with the pool, vc_entry counts a port that takes a block).
  void count_busy_vc(std::size_t iv, bool busy, Scratch& sc) {
    if (busy) {
      ++sc.busy_vcs;
      if (!pooling_ && port_busy_[per_vc(iv)]++ == 0) ++sc.busy_ports;
      return;
    }
    --sc.busy_vcs;
    if (pooling_) return give_back_entry(iv, sc);
    if (--port_busy_[per_vc(iv)] == 0) --sc.busy_ports;
  }
  /// Gives idle VC iv's entry back to sc, and its port's block when none of the port's VCs has one.
  void give_back_entry(std::size_t iv, Scratch& sc);
  /// The i-th flit (i < B) of the pooled VC pv.
  Flit& pooled_flit(std::size_t pv, std::uint32_t i) {
    const auto s = pool_[pv].head + i;
    const auto at = s < n_.B ? s : s - n_.B;
    return at < slots_in_vc ? pool_[pv].first[at] : buf_[(at - slots_in_vc) * in_vcs_ + pv];
  }
  /// The i-th flit of input VC iv (i < B), which has an entry.
  Flit& flit(std::size_t iv, std::uint32_t i) { return pooled_flit(pooled(iv), i); }
  const Flit& flit(std::size_t iv, std::uint32_t i) const { return const_cast<Engine*>(this)->flit(iv, i); }
  /// Calls f(iv) for every input VC with an entry (the deadlock report, the packets left at the end).
  template <class F>
  void for_pooled_vcs(F&& f) const {  // this rank's
    for (std::size_t ip = n_.in_off[rank_lo_]; ip < n_.in_off[rank_hi_]; ++ip)
      if (!pooling_ || port_block_[ip] != none32)
        for (auto iv = ip * n_.V; iv < (ip + 1) * n_.V; ++iv)
          if (has_entry(iv)) f(iv);
  }
  // Work for the allocators, so that they skip idle VCs, ports and routers: per router, the input VCs
  // waiting for VC allocation and those holding an output VC with a flit (holding()), as bit sets
  // (router r's input VC iv is bit iv - in_off[r] V of the words from vc_word_[r], so that no word is shared
  // by two routers and their threads; vc_word_ is written for this rank's routers only, from 0 at its first) and
  // counts.
  ZeroedArray<std::uint64_t> wait_bits_, hold_bits_;
  ZeroedArray<std::size_t> vc_word_;
  ZeroedArray<std::uint32_t> wait_r_, hold_r_;
  bool holding(const InVc& in) const { return in.st == VcState::holding && in.count; }
  static void set_bit(std::uint64_t* words, std::size_t bit, bool on) {
    const auto m = std::uint64_t{1} << (bit % 64);
    words[bit / 64] = on ? words[bit / 64] | m : words[bit / 64] & ~m;
  }
  void track_hold(node_id r, std::size_t iv, bool before, bool after) {
    if (before == after) return;
    set_bit(&hold_bits_[vc_word_[r]], iv - std::size_t(n_.in_off[r]) * n_.V, after);
    hold_r_[r] = after ? hold_r_[r] + 1 : hold_r_[r] - 1;
  }
  void track_wait(node_id r, std::size_t iv, bool waiting) {
    set_bit(&wait_bits_[vc_word_[r]], iv - std::size_t(n_.in_off[r]) * n_.V, waiting);
    wait_r_[r] = waiting ? wait_r_[r] + 1 : wait_r_[r] - 1;
  }
  // Output VCs (out_port * V + vc). Credits are at most B: 1 byte each up to 255 (credits8_), else 2 (credits16_),
  // the other store empty; the allocators take the store as a template argument, the rest read credits(), and a
  // credit given back returns the count before.
  ZeroedArray<std::uint8_t> credits8_;
  ZeroedArray<std::uint16_t> credits16_;
  bool wide_credits_ = false;
  std::uint32_t credits(std::size_t ov) const { return wide_credits_ ? credits16_[ov] : credits8_[ov]; }
  std::uint32_t give_credit(std::size_t ov) { return wide_credits_ ? credits16_[ov]++ : credits8_[ov]++; }
  const void* credits_at(std::size_t ov) const {
    return wide_credits_ ? static_cast<const void*>(&credits16_[ov]) : &credits8_[ov];
  }
  // Per output VC, its last grant: the input VC of the router it went to (below Network::max_router_in_vcs), the
  // VC allocator's round-robin pointer, with ovc_held_bit set while that input VC holds the output VC.
  ZeroedArray<std::uint16_t> ovc_grant_;
  static constexpr std::uint16_t ovc_held_bit = 0x8000;
  static_assert(Network::max_router_in_vcs <= ovc_held_bit, "an input VC of a router fits below the held bit");
  bool ovc_held(std::size_t ov) const { return ovc_grant_[ov] & ovc_held_bit; }
  // Per output port, the switch allocator's round-robin pointer: an input port of the router.
  ZeroedArray<std::uint16_t> sa_out_rr_;
  ZeroedArray<std::uint8_t> sa_in_rr_;  // per input port: the VC after the last it sent from (at most V <= 255)
  // Channels. A channel's delay is fixed, so a flit or credit sent is an entry in the list of its arrival
  // cycle, with what it carries: a timing wheel of wheel_mask_ + 1 cycles, more than any channel's delay.
  // The receive phase takes the cycle's lists and visits only the arrivals, not every port or channel,
  // and a channel keeps no queue of its own. The lists are per (sending thread, receiving thread): thread s
  // writes lists (s, *) in the step phase and empties its lists of the cycle after the receive phase;
  // thread t reads lists (*, t), the arrivals at its routers. The order in which a router takes its
  // arrivals does not change what they do (each goes to its own VC or counter).
  std::vector<std::vector<FlitArrival>> flits_due_;
  std::vector<std::vector<std::uint64_t>> credits_due_;  // counters (CreditBack)
  std::uint64_t wheel_mask_ = 0;
  unsigned threads_ = 1;
  ZeroedArray<std::uint16_t> owner_;  // router -> the thread that runs it, written for this rank's routers only
  /// The thread that runs router r, or `remote` when another rank does.
  std::uint16_t owner(node_id r) const { return r >= rank_lo_ && r < rank_hi_ ? owner_[r] : remote; }
  std::size_t due(unsigned from, unsigned to, std::uint64_t cycle) const {
    return ((std::uint64_t(from) * threads_ + to) * (wheel_mask_ + 1)) + (cycle & wheel_mask_);
  }
  static constexpr std::uint64_t terminal_credit = std::uint64_t{1} << 63;  // a credits_due_ entry for tcred_
  // Per channel: the flits it sent in the sample windows (a wrap is an error: at most one a cycle, so 2^32
  // cycles of them), and with check_sends the cycle it last carried a flit (at most one a cycle). Its delay and
  // the thread that receives follow from the channel (send).
#ifdef NDEBUG
  static constexpr bool check_sends = false;
#else
  static constexpr bool check_sends = true;
#endif
  std::vector<std::uint64_t> last_sent_;
  ZeroedArray<std::uint32_t> sent_;
  // Terminals.
  ZeroedArray<Packet*> q_head_, q_tail_, cur_;
  ZeroedArray<std::uint32_t> cur_seq_, cur_vc_;
  ZeroedArray<std::uint32_t> term_work_;  // per router, its terminals with a packet queued or being sent
  // Batch mode (--messages M): terminal s's i-th packet goes to terminal batch_dst_[i * T + s - s0], T the terminals
  // this rank runs and s0 its first. A packet is made when its terminal starts to send it (batch_next_[s] made so
  // far), so that the packets in memory are those in flight, not the whole workload (batch_load counted them all
  // as created at batch_created_).
  std::vector<std::uint32_t> batch_dst_;
  ZeroedArray<std::uint64_t> batch_next_;  // of the whole network, this rank's terminals written (empty: open loop)
  std::uint64_t batch_created_ = 0;
  ZeroedArray<std::int32_t> tcred_;
  ZeroedArray<std::uint8_t> tbusy_, onoff_, born_;  // born_: per terminal, the packets generated this cycle
  ZeroedArray<std::uint64_t> gen_, acc_;
  ZeroedArray<Rng> trng_, rrng_;  // of the terminals and routers this rank runs (the others all zero)
  ZeroedArray<RouterStats> stats_;

  std::vector<Scratch> scratch_;
  Counts total_;
  Scratch& scratch() {
    return scratch_[engine_thread];
  }
};

}  // namespace topo::sim
