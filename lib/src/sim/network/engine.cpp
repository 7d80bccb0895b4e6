// The cycle loop of one load point and the method around it (engine_internal.hpp): warm-up windows
// until latency and accepted load settle, the sample windows, and the drain of the measured packets,
// as BookSim2 does it; batch runs (--messages) drain a fixed workload instead.

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <bit>
#include <cmath>
#include <exception>
#include <numeric>
#include <optional>
#include <thread>
#include <type_traits>

#include "cycle_barrier_internal.hpp"
#include "engine_internal.hpp"
#include "topo/memory.hpp"

namespace topo::sim {

namespace {

/// lcm(1, ..., V), or 0 above 65536.
std::uint32_t va_rr_period(std::uint32_t V) {
  std::uint64_t l = 1;
  for (std::uint64_t v = 2; v <= V && l <= 65536; ++v) l = std::lcm(l, v);
  return l <= 65536 ? std::uint32_t(l) : 0;
}

/// The bytes of an input VC's round-robin pointer (Engine::rr_bytes_).
std::uint32_t va_rr_bytes(std::uint32_t V) {
  const auto period = va_rr_period(V);
  return period == 0 ? 4 : period <= 256 ? 1 : 2;
}

}  // namespace

Engine::Engine(const Network& n, const SimRouting& r, const RouteCache& known, const Destinations& d,
               const InjectionProcess& inj, const SimOptions& o, double rate, std::uint64_t seed,
               parallel::Ranks* ranks)
    : n_(n), r_(r), known_(known), d_(d), inj_(inj), o_(o), packet_rate_(rate / double(n.F)), seed_(seed) {
  // Split over ranks, rank k runs routers [rank_first_[k], rank_first_[k + 1]); the arrays below are of the whole
  // network, and a rank touches (and so takes the memory of) its own routers' parts only.
  if (ranks && ranks->size() > 1) ranks_ = ranks;
  const auto parts = ranks_ ? unsigned(ranks_->size()) : 1u;
  rank_first_.resize(parts + 1);
  for (unsigned k = 0; k <= parts; ++k) rank_first_[k] = block_first(n.routers, k, parts);
  rank_lo_ = ranks_ ? rank_first_[unsigned(ranks_->rank())] : 0;
  rank_hi_ = ranks_ ? rank_first_[unsigned(ranks_->rank()) + 1] : n.routers;
  if (!n.holds_channels_of(rank_lo_, rank_hi_))
    throw Error(
        fmt::format("routers {} to {}: the network of this simulator keeps the channels of routers {} to {} only",
                    rank_lo_, rank_hi_, n.own_lo, n.own_hi));
  const std::size_t in_vcs = std::size_t(n.in_off.back()) * n.V, out_vcs = std::size_t(n.out_off.back()) * n.V;
  in_vcs_ = in_vcs;
  v_pow2_ = std::has_single_bit(n.V);
  v_shift_ = std::uint32_t(std::countr_zero(n.V));
  buf_ = ZeroedArray<Flit>(in_vcs * (n.B > slots_in_vc ? n.B - slots_in_vc : 0));
  pool_ = ZeroedArray<InVc>(in_vcs, true);
  rr_bytes_ = va_rr_bytes(n.V);
  if (rr_bytes_ < 4) rr_period_ = va_rr_period(n.V);
  in_va_rr_ = ZeroedArray<std::uint32_t>((in_vcs * rr_bytes_ + 3) / 4, true);
  prefetch_ = in_vcs * sizeof(InVc) > o.large_above;
  pooling_ = engine_pools(n.in_off.back(), n.V, o.pool_above);
  if (!pooling_) {
    port_busy_ = ZeroedArray<std::uint8_t>(n.in_off.back(), true);
  } else {
    port_block_ = ZeroedArray<std::uint32_t>(n.in_off.back(), true);
    std::fill(port_block_.data() + n.in_off[rank_lo_], port_block_.data() + n.in_off[rank_hi_], none32);
    if (in_vcs >= none32)
      throw Error(fmt::format("a network of {} input VCs: the simulator holds the state of at most {} of them", in_vcs,
                              none32 - 1));
    vc_map_ = ZeroedArray<std::uint32_t>(in_vcs, true);
  }
  arena_ = prefetch_ && o.messages == 0;
  vc_word_ = ZeroedArray<std::size_t>(std::size_t(n.routers) + 1, true);
  for (node_id v = rank_lo_; v < rank_hi_; ++v)
    vc_word_[v + 1] = vc_word_[v] + (std::size_t(n.in_off[v + 1] - n.in_off[v]) * n.V + 63) / 64;
  wait_bits_ = ZeroedArray<std::uint64_t>(vc_word_[rank_hi_], true);
  hold_bits_ = ZeroedArray<std::uint64_t>(vc_word_[rank_hi_], true);
  wait_r_ = ZeroedArray<std::uint32_t>(n.routers, true);
  hold_r_ = ZeroedArray<std::uint32_t>(n.routers, true);
  wide_credits_ = n.B > 0xFF;
  const auto own_out_vcs = [&](auto& credits, auto full) {
    credits = std::remove_reference_t<decltype(credits)>(out_vcs, true);
    std::fill(credits.data() + std::size_t(n.out_off[rank_lo_]) * n.V,
              credits.data() + std::size_t(n.out_off[rank_hi_]) * n.V, full);
  };
  if (wide_credits_)
    own_out_vcs(credits16_, std::uint16_t(n.B));
  else
    own_out_vcs(credits8_, std::uint8_t(n.B));
  ovc_grant_ = ZeroedArray<std::uint16_t>(out_vcs, true);
  sa_in_rr_ = ZeroedArray<std::uint8_t>(n.in_off.back(), true);
  sa_out_rr_ = ZeroedArray<std::uint16_t>(n.out_off.back(), true);
  wheel_mask_ = std::bit_ceil(n.longest_delay() + 1) - 1;
  if constexpr (check_sends) assign_huge(last_sent_, n.channel_count, none64);
  sent_ = ZeroedArray<std::uint32_t>(n.channel_count, true);
  // Per terminal and per router: the arrays are of the whole network, this rank's parts set.
  const auto terms = n.terminals();
  const auto t_lo = n.term_off[rank_lo_], t_hi = n.term_off[rank_hi_];
  q_head_ = ZeroedArray<Packet*>(terms, true);
  q_tail_ = ZeroedArray<Packet*>(terms, true);
  cur_ = ZeroedArray<Packet*>(terms, true);
  cur_seq_ = ZeroedArray<std::uint32_t>(terms, true);
  cur_vc_ = ZeroedArray<std::uint32_t>(terms, true);
  term_work_ = ZeroedArray<std::uint32_t>(n.routers, true);
  tcred_ = ZeroedArray<std::int32_t>(terms * n.V, true);
  std::fill(tcred_.data() + t_lo * n.V, tcred_.data() + t_hi * n.V, std::int32_t(n.B));
  tbusy_ = ZeroedArray<std::uint8_t>(terms * n.V, true);
  onoff_ = ZeroedArray<std::uint8_t>(terms, true);
  born_ = ZeroedArray<std::uint8_t>(terms, true);
  gen_ = ZeroedArray<std::uint64_t>(terms, true);
  acc_ = ZeroedArray<std::uint64_t>(terms, true);
  trng_ = ZeroedArray<Rng>(terms, true);
  for (auto t = t_lo; t < t_hi; ++t) trng_[t] = Rng(terminal_seed(t));
  rrng_ = ZeroedArray<Rng>(n.routers, true);
  for (auto v = rank_lo_; v < rank_hi_; ++v) rrng_[v] = Rng(~seed * 0xD1B54A32D192ED03ull + v);
  stats_ = ZeroedArray<RouterStats>(n.routers, true);
  global_queues_ = r.global_queues();
  if (global_queues_) queue_snapshot_.assign(n.out_off.back(), 0);
  port_snapshots_ = port_snapshots(r, n);
  if (port_snapshots_) port_flits_.assign(n.in_off.back(), 0);
  progressive_ = r.progressive();
}

bool engine_pools(std::uint64_t in_ports, std::uint32_t V, std::uint64_t pool_above) {
  return double(in_ports) * V * sizeof(Engine::InVc) > double(pool_above);
}

EngineShape engine_shape(const Network& n, bool queue_snapshots, std::uint64_t pool_above) {
  EngineShape s;
  s.queue_snapshots = queue_snapshots;
  s.pooled = engine_pools(n.in_off.back(), n.V, pool_above);
  s.routers = n.routers;
  s.terminals = n.terminals();
  s.in_ports = s.busy_ports = n.in_off.back();
  s.busy_vcs = s.in_ports * n.V;
  s.out_ports = n.out_off.back();
  s.channels = n.channel_count;
  s.V = n.V;
  s.B = n.B;
  for (node_id v = 0; v < n.routers; ++v) s.vc_words += (std::uint64_t(n.in_off[v + 1] - n.in_off[v]) * n.V + 63) / 64;
  return s;
}

double busy_vc_bytes(const EngineShape& s) {
  const double slots_out = s.B > Engine::slots_in_vc ? s.B - Engine::slots_in_vc : 0;  // in buf_
  return slots_out * sizeof(Flit) + sizeof(Engine::InVc);
}

double busy_port_bytes(const EngineShape& s) {
  return s.pooled ? double(s.V) * sizeof(std::uint32_t) : double(s.V) * busy_vc_bytes(s);
}

double batch_traffic_bytes(double messages, std::uint32_t F, double in_ports, std::uint32_t V, std::uint32_t B,
                           double terminals, double packet) {
  const double slots = in_ports * V * B;
  return std::min(messages, slots + 2 * terminals) * packet +
         std::min(messages * F, slots) * (flit_in_flight_bytes() + sizeof(std::uint64_t));
}

double flit_in_flight_bytes() {
  return sizeof(FlitArrival);
}

double packet_bytes(std::uint64_t arcs, std::uint32_t V, std::uint64_t terms) {
  return double(sizeof(Packet) + Packet::room(0) * route_hop_bytes(arcs, V, terms) + 16);
}

double engine_fixed_bytes(const EngineShape& s) {
  const double in_vcs = double(s.in_ports) * s.V, out_vcs = double(s.out_ports) * s.V;
  const double per_terminal =
      // NOLINTNEXTLINE(bugprone-sizeof-expression): the terminal queues hold pointers to packets
      double(3 * sizeof(Packet*) + 2 * sizeof(std::uint32_t) + 2 * sizeof(std::uint8_t) + 2 * sizeof(std::uint64_t) +
             sizeof(Rng) + s.V * (sizeof(std::int32_t) + sizeof(std::uint8_t)));  // queues, credits
  const double per_router = 3 * sizeof(std::uint32_t) + sizeof(std::uint16_t) + sizeof(Rng) +
                            sizeof(RouterStats);  // wait_r_, hold_r_, term_work_, owner_, rrng_, stats_
  return in_vcs * va_rr_bytes(s.V) +              // in_va_rr_
         double(s.in_ports) * (s.pooled ? sizeof(std::uint32_t) : sizeof(std::uint8_t)) +  // port_block_ or port_busy_
         out_vcs * ((s.B > 0xFF ? 2 : 1) + sizeof(std::uint16_t)) +                        // credits, ovc_grant_
         double(s.in_ports) * sizeof(std::uint8_t) + double(s.out_ports) * sizeof(std::uint16_t) +  // sa_in/out_rr_
         double(s.vc_words) * 2 * sizeof(std::uint64_t) +  // wait_bits_, hold_bits_
         (double(s.routers) + 1) * sizeof(std::size_t) +   // vc_word_
         // sent_ (a build with assertions has last_sent_ too, not counted: the figures are those of a release)
         double(s.channels) * sizeof(std::uint32_t) + double(s.terminals) * per_terminal +
         double(s.routers) * per_router +
         (s.queue_snapshots ? double(s.in_ports + s.out_ports) * sizeof(std::uint32_t)
                            : 0);  // port_flits_, queue_snapshot_
}

double engine_state_bytes(const EngineShape& s) {
  // pool_ and buf_: the pages of the busy VCs' entries and their ports' blocks of vc_map_ (of every VC, without
  // the pool)
  if (!s.pooled) return engine_fixed_bytes(s) + double(s.in_ports) * busy_port_bytes(s);
  return engine_fixed_bytes(s) + pool_bytes(s);
}

double pool_bytes(const EngineShape& s) {
  const double ports = double(std::min(s.busy_ports, s.in_ports));
  const double vcs = std::min(double(s.busy_vcs), double(s.in_ports) * s.V);
  return ports * busy_port_bytes(s) + vcs * busy_vc_bytes(s);
}

void bound_busy(EngineShape& s, const SimOptions& o) {
  const double messages = double(s.terminals) * double(o.messages);
  const bool bounded = estimate_bounds_busy_ports(o);
  s.busy_ports = bounded ? std::uint64_t(std::min(messages, double(s.in_ports))) : 0;
  s.busy_vcs = bounded ? std::uint64_t(std::min(messages, double(s.in_ports) * s.V)) : 0;
}

EngineShape Engine::pool_shape() const {
  EngineShape s;
  s.terminals = n_.terminals();
  s.in_ports = n_.in_off.back();
  s.V = n_.V;
  s.B = n_.B;
  s.pooled = true;
  return s;
}

double Engine::pooled_bytes() const {
  if (!pooling_) return 0;
  auto s = pool_shape();
  for (const auto& sc : scratch_) {
    s.busy_ports += sc.next_block - sc.first_block;
    s.busy_vcs += sc.next_entry - sc.first_entry;
  }
  return pool_bytes(s);
}

Engine::~Engine() {
  if (arena_) return;  // the packets' blocks go with the arenas
  // Packets still in the network (a deadlock, an unfinished drain): each once, wherever its flits are.
  std::vector<Packet*> all;
  for (auto t = n_.term_off[rank_lo_]; t < n_.term_off[rank_hi_]; ++t) {
    if (cur_[t]) all.push_back(cur_[t]);
    for (auto* p = q_head_[t]; p; p = p->next) all.push_back(p);
  }
  for_pooled_vcs([&](std::size_t iv) {
    for (std::uint32_t i = 0; i < vc_state(iv).count; ++i) all.push_back(flit(iv, i).p);
  });
  for (const auto& due : flits_due_)
    for (const auto& a : due) all.push_back(a.f.p);
  for (const auto& out : out_flits_)
    for (const auto& [at, a] : out) all.push_back(a.f.p);
  std::sort(all.begin(), all.end());
  all.erase(std::unique(all.begin(), all.end()), all.end());
  for (auto* p : all) free_block(p);
  for (auto& sc : scratch_)
    for (const auto& spare : sc.spare)
      for (auto* p : spare) free_block(p);
}

PointResult Engine::run(const std::function<void(double)>& progress) {
  PointResult res;
  res.rate = packet_rate_ * n_.F;
  const bool batch = o_.messages > 0;
  quota_ = n_.speedup_at(now_);
  const node_id routers = rank_hi_ - rank_lo_;
  // More threads than routers would only wait at the barriers (and owner_ numbers threads in 16 bits). With
  // fit_threads, a thread needs about ports_per_thread input ports to work on each cycle to pay for the barriers
  // it meets. One thread against two, whole run, 8 runs each (2-core AMD EPYC): 8 × 8 torus at 0.1 (320 ports)
  // 26 ms against 37, dragonfly h = 2 at 0.2 (504) 34 against 43, 10 × 10 torus (500) 47 against 43, 12 × 12
  // (720) 79 against 64, 16 × 16 (1,280) 201 against 132.
  constexpr std::uint64_t ports_per_thread = 320;
  std::uint64_t most = std::min<std::uint64_t>(std::max<node_id>(routers, 1), 4096);
  if (o_.fit_threads)
    most = std::min(most, std::max<std::uint64_t>(1, (n_.in_off[rank_hi_] - n_.in_off[rank_lo_]) / ports_per_thread));
  const int threads = std::clamp(o_.threads, 1, int(most));
  // Thread t runs routers [first(t), first(t + 1)).
  const auto first = [&](unsigned t) { return node_id(rank_lo_ + std::uint64_t(routers) * t / unsigned(threads)); };
  threads_ = unsigned(threads);
  senders_ = threads_ + (ranks_ ? 1 : 0);
  flits_due_.assign(std::size_t(senders_) * std::size_t(threads) * (wheel_mask_ + 1), {});
  credits_due_.assign(flits_due_.size(), {});
  owner_ = ZeroedArray<std::uint16_t>(n_.routers, true);
  for (unsigned t = 0; t < threads_; ++t)
    for (auto r = first(t); r < first(t + 1); ++r) owner_[r] = std::uint16_t(t);
  if (ranks_) {
    out_flits_.resize(threads_);
    out_credits_.resize(threads_);
    lookahead_ = wheel_mask_ + 1;
    // Over the network channels between ranks, from the graph: a rank's channel table holds its own routers' only.
    const auto& g = *n_.g;
    for (node_id v = 0; v < n_.routers; ++v) {
      const auto nb = g.out_neighbors(v);
      for (std::size_t i = 0; i < nb.size(); ++i) {
        const auto arc = g.arc_offset(v) + i;
        if (n_.lanes(arc) == 0 || rank_of(v) == rank_of(nb[i])) continue;
        const Channel ch{v, nb[i], 0, 0, std::uint32_t(arc)};
        lookahead_ = std::min<std::uint64_t>({lookahead_, n_.flit_delay(ch), n_.credit_delay(ch)});
      }
    }
    lookahead_ = std::max<std::uint64_t>(lookahead_, 1);
    if (port_snapshots_) {
      snapshots_out_.assign(std::size_t(ranks_->size()), {});
      snapshots_in_.assign(std::size_t(ranks_->size()), {});
      for (auto ip = n_.in_off[rank_lo_]; ip < n_.in_off[rank_hi_]; ++ip)
        if (const auto& ch = n_.chans[n_.in_chan[ip]]; ch.arc != none32 && owner(ch.src) == remote)
          snapshots_out_[std::size_t(rank_of(ch.src))].push_back(ip);
      const auto [c0, c1] = sent_by(ranks_->rank());
      for (auto c = c0; c < c1; ++c)
        if (owner(n_.chans[c].dst) == remote)
          snapshots_in_[std::size_t(rank_of(n_.chans[c].dst))].push_back(n_.chans[c].in_port);
      for (auto& ports : snapshots_in_) std::sort(ports.begin(), ports.end());
    }
  }
  scratch_.resize(std::size_t(threads));
  for (unsigned t = 0; t < threads_; ++t) {  // its ports' block numbers, and its VCs' entries
    scratch_[t].first_block = scratch_[t].next_block = n_.in_off[first(t)];
    scratch_[t].first_entry = scratch_[t].next_entry = std::size_t(n_.in_off[first(t)]) * n_.V;
  }
  engine_thread = 0;
  if (r_.pure())
    for (auto& sc : scratch_) sc.routes = RouteCache(n_.routers);
  std::uint64_t heap_start = o_.packet_memory ? heap_in_use() : 0;  // what the packets grow from
  // What the estimate holds for the pool's entries and blocks: what the run takes of them past it counts with the
  // packets, and what it leaves of it may go to them (the flits on their channels, say).
  double pool_held = 0;
  if (pooling_) {
    auto s = pool_shape();
    bound_busy(s, o_);
    pool_held = pool_bytes(s);
  }
  // The heap is looked at about every 2^20 router-cycles: every 256 cycles on 4096 routers, every cycle
  // from 2^20 routers on (a 32^4 torus at 0.1 adds gigabytes of packets in its first 256 cycles).
  const std::uint64_t memory_check_period =
      std::clamp<std::uint64_t>((1u << 20) / std::max<node_id>(1, n_.routers), 1, 256);
  if (batch) {
    measuring_ = true;
    injecting_ = false;
    batch_load();
    // The estimate holds the destinations, and the packets and their flits and credits on the channels a batch has
    // at once, at most (memory.cpp): what grows past them counts.
    const auto terms = double(n_.terminals());
    if (o_.packet_memory)
      heap_start = heap_in_use() +
                   std::uint64_t(batch_traffic_bytes(terms * double(o_.messages), n_.F, double(n_.in_off.back()), n_.V,
                                                     n_.B, terms, packet_bytes(n_.g->num_arcs(), n_.V, n_.T)));
  }
  // The method (BookSim2): warm-up windows until latency and accepted load change by less than the
  // tolerance, then the sample windows, then drain until every measured packet has arrived.
  enum Phase { warmup, measure, drain } phase = batch ? drain : warmup;
  std::uint64_t window_start = 0, idle = 0, measure_start = 0, measure_end = 0, drain_start = 0, last_delivery = 0;
  std::uint64_t win_delivered = 0, win_latency = 0, win_flits = 0;
  std::uint64_t check_delivered = 0, check_latency = 0;  // since the last latency-threshold check
  double prev_latency = -1, prev_accepted = -1;
  const std::uint64_t period = std::max<std::uint64_t>(1, o_.sample_period);
  const std::uint64_t samples = std::max<std::uint32_t>(1, o_.samples);
  const std::uint64_t drain_limit = batch ? ~std::uint64_t{0} : period * samples * 10;
  double shown = 0;  // the fraction done last reported
  bool stop = false;
  std::exception_ptr error;
  // The packets' heap and the pool's entries and blocks, past what the estimate holds for them.
  const auto packets_grown = [&] {
    const auto heap = heap_in_use();
    const double pool = pooling_ ? pooled_bytes() - pool_held : 0;
    return std::uint64_t(std::max(0.0, double(heap > heap_start ? heap - heap_start : 0) + pool));
  };
  auto after_cycle = [&] {
    Counts k;
    std::uint64_t busy_ports = 0, busy_vcs = 0;
    for (auto& sc : scratch_) {
      busy_ports += sc.busy_ports;
      busy_vcs += sc.busy_vcs;
      k.moved += sc.k.moved;
      k.win_delivered += sc.k.win_delivered;
      k.win_latency += sc.k.win_latency;
      k.win_flits += sc.k.win_flits;
      k.measured_created += sc.k.measured_created;
      k.measured_delivered += sc.k.measured_delivered;
      k.delivered += sc.k.delivered;
      k.created += sc.k.created;
      k.in_net += sc.k.in_net;
      k.created_at += sc.k.created_at;
      k.delivered_created_at += sc.k.delivered_created_at;
      sc.k = Counts{};
    }
    // The error of the lowest-numbered router that had one, unless the cycle has one already.
    const Scratch* failed = nullptr;
    for (const auto& sc : scratch_)
      if (sc.error && (!failed || sc.error_router < failed->error_router)) failed = &sc;
    if (failed && !error) error = failed->error;
    std::uint64_t grown = 0;
    const bool over =
        o_.packet_memory && (now_ + 1) % memory_check_period == 0 && (grown = packets_grown()) > o_.packet_memory;
    if (ranks_ && sum_counts(k, busy_ports, busy_vcs, error || over) && !error && !over)
      error = std::make_exception_ptr(parallel::PeerStopped{});
    if (error) {
      stop = true;
      return;
    }
    total_.measured_created += k.measured_created;
    total_.measured_delivered += k.measured_delivered;
    total_.delivered += k.delivered;
    total_.created += k.created;
    total_.in_net += k.in_net;
    total_.created_at += k.created_at;
    total_.delivered_created_at += k.delivered_created_at;
    res.busy_ports_peak = std::max(res.busy_ports_peak, busy_ports);
    res.busy_vcs_peak = std::max(res.busy_vcs_peak, busy_vcs);
    res.flits_in_flight_peak = std::max(res.flits_in_flight_peak, std::uint64_t(total_.in_net));
    if (k.win_delivered) last_delivery = now_;
    win_delivered += k.win_delivered;
    win_latency += k.win_latency;
    win_flits += k.win_flits;
    check_delivered += k.win_delivered;
    check_latency += k.win_latency;
    idle = k.moved || total_.in_net == 0 ? 0 : idle + 1;
    ++now_;
    quota_ = n_.speedup_at(now_);
    if (idle >= o_.deadlock_cycles) {
      res.deadlock = deadlock_report();
      stop = true;
      return;
    }
    if (over) {
      error = std::make_exception_ptr(MemoryLimitError(fmt::format(
          "at cycle {} the {} packets waiting or in flight{} took {} more memory{}, more than --max-memory {} leaves "
          "above the estimate; lower --rate or raise --max-memory",
          now_, total_.created - total_.delivered, pooling_ ? " and the state of the VCs they hold" : "",
          format_bytes(grown), ranks_ ? " on this rank" : "", format_bytes(o_.max_memory))));
      stop = true;
      return;
    }
    if (!batch && phase != warmup && o_.latency_threshold > 0 && now_ % period == 0) {
      // BookSim2's stability test (trafficmanager.cpp, latency_thres), at the end of every sample window and
      // every period of the drain: the mean latency of the packets delivered since the last test, counting
      // every packet still queued or in flight at its present age, must not exceed the threshold. Above
      // saturation the source queues grow without bound and so does that mean. (BookSim2 tests the warm-up
      // windows too; testing from the first sample window on gives the same verdict and keeps the figures of
      // at least one window.)
      const std::uint64_t waiting = total_.created - total_.delivered;
      const double ages = double(waiting) * double(now_) - double(total_.created_at - total_.delivered_created_at);
      const double mean =
          (double(check_latency) + ages) / double(std::max<std::uint64_t>(1, check_delivered + waiting));
      check_delivered = check_latency = 0;
      if (mean > o_.latency_threshold) {
        res.latency_exceeded = true;
        stop = true;
        return;
      }
    }
    if (phase == warmup && now_ - window_start >= period) {
      // One warm-up window: its mean latency and delivered flits against the previous window's.
      const double lat = win_delivered ? double(win_latency) / double(win_delivered) : 0;
      const double acc = double(win_flits);
      ++res.warmup_windows;
      auto close = [&](double a, double b) {
        return b >= 0 && std::abs(a - b) <= o_.warmup_tolerance * std::max(a, b);
      };
      // A window that delivered nothing while packets were waiting has not converged: it is a network that
      // does not move (a deadlock, reported once --deadlock-cycles have passed), not a steady state.
      const bool moving = win_delivered > 0 || total_.created == total_.delivered;
      const bool converged = (moving && close(lat, prev_latency) && close(acc, prev_accepted)) || total_.created == 0;
      if (converged || res.warmup_windows >= std::max<std::uint32_t>(1, o_.max_samples)) {
        res.converged = converged;
        phase = measure;
        measuring_ = true;
        measure_start = now_;
        check_delivered = check_latency = 0;
      }
      prev_latency = lat;
      prev_accepted = acc;
      window_start = now_;
      win_delivered = win_latency = win_flits = 0;
    } else if (phase == measure && now_ - measure_start >= period * samples) {
      phase = drain;
      measuring_ = false;
      measure_end = drain_start = now_;
    }
    if (phase == drain) {
      if (total_.measured_delivered == total_.measured_created && (!batch || total_.delivered == total_.created)) {
        res.drained = true;
        stop = true;
      } else if (now_ - drain_start >= drain_limit) {
        stop = true;
      }
    }
    if (progress && now_ % 1024 == 0) {
      // Open loop: the cycles so far over those the run will take if the warm-up ends with this window and
      // the drain takes a window, never going back.
      const auto ends = phase == warmup    ? window_start + period * (samples + 2)
                        : phase == measure ? measure_start + period * (samples + 1)
                                           : now_ + period / 2;
      shown = std::max(shown, std::min(0.99, double(now_) / double(std::max(ends, now_ + 1))));
      progress(batch ? double(total_.delivered) / double(std::max<std::uint64_t>(1, total_.created)) : shown);
    }
  };
  // batch_load counted its packets on thread 0's counts.
  total_.created += scratch_[0].k.created;
  total_.measured_created += scratch_[0].k.measured_created;
  total_.created_at += scratch_[0].k.created_at;
  scratch_[0].k = Counts{};
  // The threads share the routers in fixed ranges and meet after each phase; the last to arrive after the
  // step phase runs after_cycle alone.
  CycleBarrier barrier{static_cast<unsigned>(threads)};
  const auto cycle_done = [&] {
    try {
      if (ranks_ && (now_ + 1) % lookahead_ == 0) exchange();
      after_cycle();
    } catch (...) {
      if (!error) error = std::current_exception();
      stop = !ranks_;  // split over ranks: they all stop after the next cycle's counts, which say so
    }
  };
  const auto work = [&](unsigned t) {
    engine_thread = t;
    const auto lo = first(t), hi = first(t + 1);
    while (!stop) {
      receive(t);
      if (port_snapshots_) snapshot_ports(lo, hi);
      if (global_queues_) snapshot_queues(lo, hi);
      barrier.arrive_and_wait([&] {  // the next routers' snapshots, from the ranks that run them
        if (!ranks_ || !port_snapshots_) return;
        try {
          share_port_snapshots();
        } catch (...) {
          if (!error) error = std::current_exception();  // all stop after the cycle's counts
        }
      });
      for (unsigned to = 0; to < unsigned(threads); ++to) {  // all read
        flits_due_[due(t, to, now_)].clear();
        credits_due_[due(t, to, now_)].clear();
      }
      if (ranks_) {  // what came from the other ranks for this thread's routers
        flits_due_[due(threads_, t, now_)].clear();
        credits_due_[due(threads_, t, now_)].clear();
      }
      generate(n_.term_off[lo], n_.term_off[hi]);
      for (node_id r = lo; r < hi; ++r) {
        if (prefetch_) {  // four stages, 64, 48, 32 and 16 routers ahead
          if (r + 64 < hi) prefetch_blocks(r + 64);
          if (r + 48 < hi) prefetch_maps(r + 48);
          if (r + 32 < hi) prefetch_vcs(r + 32);
          if (r + 16 < hi) prefetch_hops(r + 16);
        }
        try {
          step(r);
        } catch (...) {
          scratch().keep_error(r);
        }
      }
      barrier.arrive_and_wait(cycle_done);
    }
  };
  // The other threads start once all exist (if one cannot be made, none runs a cycle).
  std::atomic<int> gate{0};  // 0 wait, 1 run, 2 give up
  std::vector<std::thread> team;
  try {
    for (int t = 1; t < threads; ++t)
      team.emplace_back([&, t] {
        gate.wait(0);
        if (gate.load() == 1) work(unsigned(t));
      });
  } catch (...) {
    gate = 2;
    gate.notify_all();
    for (auto& th : team) th.join();
    throw;
  }
  gate = 1;
  gate.notify_all();
  work(0);
  for (auto& th : team) th.join();
  if (error) std::rethrow_exception(error);
  if (phase == measure) measure_end = now_;  // stopped early: a deadlock, or the latency threshold
  if (batch) measure_end = last_delivery + 1;
  res.cycles = batch ? last_delivery + 1 : now_;
  if (res.deadlock) res.cycles = now_;
  if (ranks_) share_results(res);
  summarize(res, measure_start, measure_end);
  res.stable = res.converged && res.drained && !res.deadlock && !res.latency_exceeded;
  if (batch) res.converged = res.stable = res.drained && !res.deadlock;
  return res;
}

PointResult simulate_point(const Network& n, const SimRouting& r, const RouteCache& known, const Destinations& d,
                           const InjectionProcess& inj, const SimOptions& o, double rate, std::uint64_t seed,
                           const std::function<void(double)>& progress, parallel::Ranks* ranks) {
  if (!ranks || ranks->size() == 1) {
    Engine e(n, r, known, d, inj, o, rate, seed);
    return e.run(progress);
  }
  if (r.global_queues())
    throw UsageError(
        fmt::format("--algo {} reads the queues of every router, which one rank does not have when the "
                    "network is split over ranks: run it on one rank, or give several points (--sweep, "
                    "--seeds) to run them side by side",
                    o.algo));
  // Every rank makes its engine before any runs a cycle: one that fails stops them all.
  std::optional<Engine> e;
  std::exception_ptr error;
  try {
    e.emplace(n, r, known, d, inj, o, rate, seed, ranks);
  } catch (...) {
    error = std::current_exception();
  }
  std::uint64_t failed = error ? 1 : 0;
  ranks->sum({&failed, 1});
  if (error) std::rethrow_exception(error);
  if (failed) throw parallel::PeerStopped{};
  return e->run(progress);
}

}  // namespace topo::sim
