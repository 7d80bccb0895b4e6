// The cycle loop. Every cycle has two phases over all routers: receive (flits and credits whose
// channel delay has elapsed enter buffers and credit counters) and step (VC allocation, switch
// allocation, traversal, terminals). A channel is written only by its sender in the step phase and
// read only by its receiver in the receive phase, and every random choice uses the generator of the
// terminal or router that makes it, so any number of threads gives the same result.
//
// Instrumented checks (always on): a buffer never holds more than B flits, credits never exceed B,
// a channel carries at most one flit per cycle, and a flit reaches only its own terminal.
#include <fmt/format.h>
#include <omp.h>

#include <algorithm>
#include <cmath>
#include <exception>

#include "sim_internal.hpp"
#include "topo/errors.hpp"

namespace topo::sim {

namespace {

struct InFlight {
  std::uint64_t arrival = none64;
  Flit f;
  std::uint32_t vc = 0;
};

struct RouterStats {
  std::vector<std::uint32_t> packet_latency, network_latency, queueing;
  std::vector<std::uint64_t> hops;
  std::uint64_t injected = 0, delivered = 0;
  std::uint64_t occupancy_sum = 0;
  std::uint32_t occupancy_max = 0;
  std::uint64_t buffered = 0;  // flits now in this router's input buffers
};

class Engine {
 public:
  Engine(const Network& n, const SimRouting& r, const Destinations& d, const InjectionProcess& inj, const SimOptions& o,
         double rate, std::uint64_t seed)
      : n_(n), r_(r), d_(d), inj_(inj), o_(o), packet_rate_(rate / double(n.F)) {
    const std::size_t in_vcs = std::size_t(n.in_off.back()) * n.V, out_vcs = std::size_t(n.out_off.back()) * n.V;
    buf_.resize(in_vcs * n.B);
    head_.assign(in_vcs, 0);
    count_.assign(in_vcs, 0);
    st_.assign(in_vcs, 0);
    ready_.assign(in_vcs, 0);
    ovc_.assign(in_vcs, none32);
    va_in_rr_.assign(in_vcs, 0);
    credits_.assign(out_vcs, std::int32_t(n.B));
    busy_.assign(out_vcs, 0);
    va_rr_.assign(out_vcs, 0);
    sa_in_rr_.assign(n.in_off.back(), 0);
    sa_out_rr_.assign(n.out_off.back(), 0);
    ring_off_.resize(n.chans.size() + 1);
    cring_off_.resize(n.chans.size() + 1);
    ring_off_[0] = cring_off_[0] = 0;
    for (std::size_t c = 0; c < n.chans.size(); ++c) {
      ring_off_[c + 1] = ring_off_[c] + n.chans[c].flit_delay + 1;
      cring_off_[c + 1] = cring_off_[c] + std::uint64_t(n.chans[c].credit_delay + 1) * n.V;
    }
    ring_.resize(ring_off_.back());
    cring_.assign(cring_off_.back(), 0);
    last_sent_.assign(n.chans.size(), none64);
    sent_.assign(n.chans.size(), 0);
    const auto terms = n.terminals();
    q_head_.assign(terms, nullptr);
    q_tail_.assign(terms, nullptr);
    cur_.assign(terms, nullptr);
    cur_seq_.assign(terms, 0);
    cur_vc_.assign(terms, 0);
    tcred_.assign(terms * n.V, std::int32_t(n.B));
    tbusy_.assign(terms * n.V, 0);
    onoff_.assign(terms, 0);
    gen_.assign(terms, 0);
    acc_.assign(terms, 0);
    trng_.reserve(terms);
    for (std::uint64_t t = 0; t < terms; ++t) trng_.emplace_back(seed * 0x9E3779B97F4A7C15ull + t);
    rrng_.reserve(n.routers);
    for (node_id v = 0; v < n.routers; ++v) rrng_.emplace_back(~seed * 0xD1B54A32D192ED03ull + v);
    stats_.resize(n.routers);
    errors_.resize(n.routers);
  }

  ~Engine() {
    // Packets still in the network (a deadlock, an unfinished drain): each once, wherever its flits are.
    std::vector<Packet*> all;
    for (auto* p : cur_) all.push_back(p);
    for (auto* p : q_head_)
      for (; p; p = p->next) all.push_back(p);
    for (std::size_t iv = 0; iv < count_.size(); ++iv)
      for (std::uint32_t i = 0; i < count_[iv]; ++i) all.push_back(buf_[iv * n_.B + (head_[iv] + i) % n_.B].p);
    for (const auto& x : ring_)
      if (x.arrival != none64) all.push_back(x.f.p);
    std::sort(all.begin(), all.end());
    all.erase(std::unique(all.begin(), all.end()), all.end());
    for (auto* p : all) delete p;
  }

  PointResult run(const std::function<void(double)>& progress);

 private:
  void receive(node_id r);
  void step(node_id r);
  void terminals(node_id r);
  void deliver(node_id r, std::uint64_t term, const Flit& f);
  void send(std::uint32_t c, const Flit& f, std::uint32_t vc);
  void credit(std::uint32_t c, std::uint32_t vc);
  void fail(const std::string& what) { throw Error("internal simulator error: " + what); }
  Packet* new_packet(node_id r, std::uint64_t term);
  Deadlock deadlock_report() const;
  void batch_load(std::uint64_t seed);

  const Network& n_;
  const SimRouting& r_;
  const Destinations& d_;
  const InjectionProcess& inj_;
  const SimOptions& o_;
  double packet_rate_;
  std::uint64_t now_ = 0;
  bool measuring_ = false, injecting_ = true;

  // Input VCs (in_port * V + vc).
  std::vector<Flit> buf_;
  std::vector<std::uint16_t> head_, count_;
  std::vector<std::uint8_t> st_;  // 0 idle, 1 waiting for VC allocation, 2 holding an output VC
  std::vector<std::uint64_t> ready_;
  std::vector<std::uint32_t> ovc_, va_in_rr_;
  // Output VCs (out_port * V + vc).
  std::vector<std::int32_t> credits_;
  std::vector<std::uint8_t> busy_;
  std::vector<std::uint32_t> va_rr_, sa_in_rr_, sa_out_rr_;
  // Channels.
  std::vector<std::uint64_t> ring_off_, cring_off_;
  std::vector<InFlight> ring_;
  std::vector<std::uint8_t> cring_;
  std::vector<std::uint64_t> last_sent_, sent_;
  // Terminals.
  std::vector<Packet*> q_head_, q_tail_, cur_;
  std::vector<std::uint32_t> cur_seq_, cur_vc_;
  std::vector<std::int32_t> tcred_;
  std::vector<std::uint8_t> tbusy_, onoff_;
  std::vector<std::uint64_t> gen_, acc_;
  std::vector<Rng> trng_, rrng_;
  std::vector<RouterStats> stats_;
  std::vector<std::exception_ptr> errors_;

  // Counts of one cycle, per thread; the master adds them up after every cycle (integer sums: the
  // same for any number of threads).
  struct Counts {
    std::uint64_t moved = 0, win_delivered = 0, win_latency = 0, win_flits = 0;
    std::uint64_t measured_created = 0, measured_delivered = 0, delivered = 0, created = 0;
    std::int64_t in_net = 0;
  };
  struct Scratch {
    std::vector<std::pair<std::uint32_t, std::uint32_t>> reqs;  // (output, input VC)
    std::vector<Choice> choices;
    route::Rng route_rng;
    Counts k;
  };
  std::vector<Scratch> scratch_;
  Counts total_;
  Counts& counts() { return scratch_[std::size_t(omp_get_thread_num())].k; }
};

void Engine::send(std::uint32_t c, const Flit& f, std::uint32_t vc) {
  const auto& ch = n_.chans[c];
  if (last_sent_[c] == now_) fail(fmt::format("channel {}->{} carried two flits in cycle {}", ch.src, ch.dst, now_));
  last_sent_[c] = now_;
  const auto arrival = now_ + ch.flit_delay;
  auto& slot = ring_[ring_off_[c] + arrival % (ch.flit_delay + 1)];
  if (slot.arrival != none64) fail("a channel slot was overwritten");
  slot = {arrival, f, vc};
  if (measuring_) ++sent_[c];
}

void Engine::credit(std::uint32_t c, std::uint32_t vc) {
  const auto& ch = n_.chans[c];
  ++cring_[cring_off_[c] + ((now_ + ch.credit_delay) % (ch.credit_delay + 1)) * n_.V + vc];
}

void Engine::deliver(node_id r, std::uint64_t term, const Flit& f) {
  Packet* p = f.p;
  if (p->dst_term != term) fail(fmt::format("a flit for terminal {} reached terminal {}", p->dst_term, term));
  auto& k = counts();
  --k.in_net;
  ++k.win_flits;
  if (measuring_) ++acc_[term];
  if (f.seq + 1 < n_.F) return;
  auto& s = stats_[r];
  ++s.delivered;
  ++k.delivered;
  const auto latency = now_ - p->created;
  ++k.win_delivered;
  k.win_latency += latency;
  if (p->measured) {
    ++k.measured_delivered;
    s.packet_latency.push_back(std::uint32_t(latency));
    s.network_latency.push_back(std::uint32_t(now_ - p->injected));
    const std::size_t hops = p->hop ? p->hop - 1 : 0;  // the last router-to-terminal step is not a hop
    const double zero = zero_load_latency(o_, std::uint32_t(hops), p->link_cycles);
    if (double(latency) < zero - 1e-9)
      fail(fmt::format("a packet of {} hops took {} cycles, below the zero-load {}", hops, latency, zero));
    s.queueing.push_back(std::uint32_t(double(latency) - zero));
    if (s.hops.size() <= hops) s.hops.resize(hops + 1, 0);
    ++s.hops[hops];
  }
  delete p;
}

void Engine::receive(node_id r) {
  const auto V = n_.V, B = n_.B;
  for (auto ip = n_.in_off[r]; ip < n_.in_off[r + 1]; ++ip) {
    const auto c = n_.in_chan[ip];
    const auto& ch = n_.chans[c];
    auto& slot = ring_[ring_off_[c] + now_ % (ch.flit_delay + 1)];
    if (slot.arrival != now_) continue;
    const std::size_t iv = std::size_t(ip) * V + slot.vc;
    if (count_[iv] == B) fail(fmt::format("buffer overflow at router {} port {} VC {}", r, ip, slot.vc));
    buf_[iv * B + (head_[iv] + count_[iv]) % B] = slot.f;
    ++count_[iv];
    auto& s = stats_[r];
    ++s.buffered;
    if (measuring_) s.occupancy_max = std::max<std::uint32_t>(s.occupancy_max, count_[iv]);
    if (st_[iv] == 0) {
      if (slot.f.seq != 0) fail("a body flit reached an idle VC");
      st_[iv] = 1;
      ready_[iv] = now_ + n_.Dr;
    }
    slot.arrival = none64;
  }
  // Credits for this router's output VCs, and for its terminals' injection VCs.
  for (auto op = n_.out_off[r] + n_.T; op < n_.out_off[r + 1]; ++op) {
    const auto c = n_.out_chan[op];
    const auto& ch = n_.chans[c];
    auto* cr = &cring_[cring_off_[c] + (now_ % (ch.credit_delay + 1)) * V];
    for (std::uint32_t vc = 0; vc < V; ++vc) {
      if (!cr[vc]) continue;
      auto& k = credits_[std::size_t(op) * V + vc];
      k += cr[vc];
      cr[vc] = 0;
      if (k > std::int32_t(B)) fail(fmt::format("credits above the buffer size at router {}", r));
    }
  }
  for (std::uint32_t t = 0; t < n_.T; ++t) {
    const std::uint64_t term = std::uint64_t(r) * n_.T + t;
    const auto c = n_.in_chan[n_.in_off[r] + t];
    auto* cr = &cring_[cring_off_[c] + (now_ % 2) * V];
    for (std::uint32_t vc = 0; vc < V; ++vc) {
      tcred_[term * V + vc] += cr[vc];
      cr[vc] = 0;
      if (tcred_[term * V + vc] > std::int32_t(B)) fail("injection credits above the buffer size");
    }
    const auto e = n_.out_chan[n_.out_off[r] + t];
    auto& slot = ring_[ring_off_[e] + now_ % (n_.chans[e].flit_delay + 1)];
    if (slot.arrival == now_) {
      deliver(r, term, slot.f);
      slot.arrival = none64;
    }
  }
}

Packet* Engine::new_packet(node_id r, std::uint64_t term) {
  auto* p = new Packet;
  p->created = now_;
  p->src_term = term;
  p->dst_term = d_.pick(term, trng_[term]);
  p->dst_router = node_id(p->dst_term / n_.T);
  p->measured = measuring_;
  ++stats_[r].injected;
  auto& k = counts();
  ++k.created;
  if (measuring_) {
    ++k.measured_created;
    gen_[term] += n_.F;
  }
  if (q_tail_[term])
    q_tail_[term]->next = p;
  else
    q_head_[term] = p;
  q_tail_[term] = p;
  return p;
}

void Engine::terminals(node_id r) {
  const auto V = n_.V;
  auto& sc = scratch_[std::size_t(omp_get_thread_num())];
  for (std::uint32_t t = 0; t < n_.T; ++t) {
    const std::uint64_t term = std::uint64_t(r) * n_.T + t;
    if (injecting_ && inj_.generate(packet_rate_, onoff_[term], trng_[term])) new_packet(r, term);
    if (!cur_[term] && q_head_[term]) {
      // A free injection VC with room (the whole packet under virtual cut-through).
      const auto need = n_.vct ? std::int32_t(n_.F) : 1;
      std::uint32_t vc = none32;
      for (std::uint32_t k = 0; k < V && vc == none32; ++k) {
        const auto v = (cur_vc_[term] + 1 + k) % V;
        if (!tbusy_[term * V + v] && tcred_[term * V + v] >= need) vc = v;
      }
      if (vc != none32) {
        Packet* p = q_head_[term];
        q_head_[term] = p->next;
        if (!q_head_[term]) q_tail_[term] = nullptr;
        p->next = nullptr;
        p->injected = now_;
        sc.route_rng.seed(trng_[term]());
        r_.at_source(*p, r, p->dst_router, sc.route_rng, [&](std::uint64_t arc) {
          double q = 0;  // flits queued downstream of the arc's channels (credits in use)
          for (std::uint32_t l = 0; l < n_.arc_lanes[arc]; ++l)
            for (std::uint32_t v = 0; v < V; ++v)
              q += double(n_.B) - credits_[std::size_t(n_.arc_port[arc] + l) * V + v];
          return q / n_.arc_lanes[arc];
        });
        cur_[term] = p;
        cur_seq_[term] = 0;
        cur_vc_[term] = vc;
        tbusy_[term * V + vc] = 1;
      }
    }
    if (Packet* p = cur_[term]; p && tcred_[term * V + cur_vc_[term]] > 0) {
      --tcred_[term * V + cur_vc_[term]];
      send(n_.in_chan[n_.in_off[r] + t], Flit{p, cur_seq_[term]}, cur_vc_[term]);
      ++sc.k.in_net;
      ++sc.k.moved;
      if (++cur_seq_[term] == n_.F) {
        tbusy_[term * V + cur_vc_[term]] = 0;
        cur_[term] = nullptr;
      }
    }
  }
}

void Engine::step(node_id r) {
  const auto V = n_.V, B = n_.B;
  auto& sc = scratch_[std::size_t(omp_get_thread_num())];
  auto& reqs = sc.reqs;
  // VC allocation, separable input-first: each waiting input VC asks for one free output VC (the
  // least-occupied output among its choices), each output VC grants one request, round-robin.
  reqs.clear();
  const auto need = n_.vct ? std::int32_t(n_.F) : 1;
  for (auto ip = n_.in_off[r]; ip < n_.in_off[r + 1]; ++ip)
    for (std::uint32_t vc = 0; vc < V; ++vc) {
      const std::size_t iv = std::size_t(ip) * V + vc;
      if (st_[iv] != 1 || ready_[iv] > now_) continue;
      Packet* p = buf_[iv * B + head_[iv]].p;
      auto& ch = sc.choices;
      ch.clear();
      std::uint32_t eject = none32;
      if (p->dst_router == r) {
        eject = n_.out_off[r] + std::uint32_t(p->dst_term % n_.T);
      } else if (r_.source_routed()) {
        const auto [lo, hi] = r_.class_vcs[p->classes[p->hop]];
        ch.push_back({p->path.arcs[p->hop], lo, hi, false});
      } else {
        sc.route_rng.seed(rrng_[r]());
        r_.choices(*p, r, ch, sc.route_rng);
      }
      std::uint32_t best = none32;
      std::int64_t best_score = -1;
      auto consider = [&](std::uint32_t op, std::uint32_t lo, std::uint32_t hi) {
        std::int64_t score = 0;
        std::uint32_t pick = none32;
        for (std::uint32_t k = 0; k < hi - lo; ++k) {
          const auto v = lo + (va_in_rr_[iv] + k) % (hi - lo);
          const auto ov = std::size_t(op) * V + v;
          score += credits_[ov];
          if (pick == none32 && !busy_[ov] && (eject != none32 || credits_[ov] >= need)) pick = v;
        }
        if (pick != none32 && score > best_score) {
          best_score = score;
          best = op * V + pick;
        }
      };
      if (eject != none32) {
        consider(eject, 0, V);
      } else {
        for (int pass = 0; pass < 2 && best == none32; ++pass)  // escape choices only when nothing else is free
          for (const auto& c : ch)
            if (c.escape == (pass == 1))
              for (std::uint32_t l = 0; l < n_.arc_lanes[c.arc]; ++l)
                consider(n_.arc_port[c.arc] + l, c.vc_lo, c.vc_hi);
      }
      if (best != none32) reqs.emplace_back(best, std::uint32_t(iv - std::size_t(n_.in_off[r]) * V));
    }
  const std::uint32_t nin = (n_.in_off[r + 1] - n_.in_off[r]) * V;
  auto grant = [&](auto&& rr_of, auto&& apply) {
    std::sort(reqs.begin(), reqs.end());
    for (std::size_t i = 0; i < reqs.size();) {
      std::size_t j = i, win = i;
      auto rr = rr_of(reqs[i].first);
      std::uint32_t best_key = none32;
      for (; j < reqs.size() && reqs[j].first == reqs[i].first; ++j) {
        const auto key = (reqs[j].second + nin - rr - 1) % nin;
        if (key < best_key) {
          best_key = key;
          win = j;
        }
      }
      apply(reqs[win].first, reqs[win].second);
      i = j;
    }
  };
  const std::size_t iv0 = std::size_t(n_.in_off[r]) * V;
  grant([&](std::uint32_t ov) { return va_rr_[ov]; },
        [&](std::uint32_t ov, std::uint32_t rel) {
          const auto iv = iv0 + rel;
          busy_[ov] = 1;
          va_rr_[ov] = rel;
          ovc_[iv] = ov;
          st_[iv] = 2;
          ready_[iv] = now_ + n_.Dva;
          ++va_in_rr_[iv];
        });
  // Switch allocation, separable input-first: each input port offers up to --speedup VCs with a flit
  // and a credit, each output port takes one flit per cycle, round-robin.
  reqs.clear();
  for (auto ip = n_.in_off[r]; ip < n_.in_off[r + 1]; ++ip) {
    std::uint32_t offered = 0;
    for (std::uint32_t k = 0; k < V && offered < n_.S; ++k) {
      const auto vc = (sa_in_rr_[ip] + k) % V;
      const std::size_t iv = std::size_t(ip) * V + vc;
      if (st_[iv] != 2 || !count_[iv] || ready_[iv] > now_) continue;
      const auto op = ovc_[iv] / V;
      if (op >= n_.out_off[r] + n_.T && credits_[ovc_[iv]] <= 0) continue;  // ejection always has room
      reqs.emplace_back(op, std::uint32_t(iv - iv0));
      ++offered;
    }
  }
  grant([&](std::uint32_t op) { return sa_out_rr_[op]; },
        [&](std::uint32_t op, std::uint32_t rel) {
          const auto iv = iv0 + rel;
          const auto ip = std::uint32_t(iv / V);
          const Flit f = buf_[iv * B + head_[iv]];
          head_[iv] = std::uint16_t((head_[iv] + 1) % B);
          --count_[iv];
          --stats_[r].buffered;
          credit(n_.in_chan[ip], std::uint32_t(iv % V));
          const auto ov = ovc_[iv];
          if (op >= n_.out_off[r] + n_.T && --credits_[ov] < 0) fail("credits below zero");
          send(n_.out_chan[op], f, ov % V);
          ++sc.k.moved;
          if (f.seq == 0) {
            ++f.p->hop;
            if (op >= n_.out_off[r] + n_.T) f.p->link_cycles += n_.chans[n_.out_chan[op]].latency;
          }
          if (f.seq + 1 == n_.F) {
            busy_[ov] = 0;
            if (count_[iv]) {
              st_[iv] = 1;
              ready_[iv] = now_ + n_.Dr;
            } else {
              st_[iv] = 0;
            }
          }
          sa_in_rr_[ip] = std::uint32_t(iv % V) + 1;
          sa_out_rr_[op] = rel;
        });
  terminals(r);
  if (measuring_) stats_[r].occupancy_sum += stats_[r].buffered;
}

Deadlock Engine::deadlock_report() const {
  Deadlock d;
  d.cycle = now_;
  for (node_id r = 0; r < n_.routers; ++r)
    for (auto ip = n_.in_off[r]; ip < n_.in_off[r + 1]; ++ip)
      for (std::uint32_t vc = 0; vc < n_.V; ++vc) {
        const auto iv = std::size_t(ip) * n_.V + vc;
        if (!count_[iv]) continue;
        const auto& ch = n_.chans[n_.in_chan[ip]];
        const bool terminal = ch.arc == none64;
        if (d.channels.size() < 256) d.channels.push_back({terminal ? no_node : ch.src, r, vc, count_[iv]});
      }
  std::vector<const Packet*> stuck;
  for (std::size_t iv = 0; iv < count_.size(); ++iv)
    for (std::uint32_t i = 0; i < count_[iv]; ++i) stuck.push_back(buf_[iv * n_.B + (head_[iv] + i) % n_.B].p);
  std::sort(stuck.begin(), stuck.end());
  d.stuck_packets = std::uint64_t(std::unique(stuck.begin(), stuck.end()) - stuck.begin());
  return d;
}

void Engine::batch_load(std::uint64_t seed) {
  // Every terminal sends M packets and receives M: round i sends along a random permutation (CLEX §III).
  Rng rng(seed ^ 0xBA7C4ull);
  const auto terms = n_.terminals();
  std::vector<std::uint64_t> pi(terms);
  for (std::uint64_t m = 0; m < o_.messages; ++m) {
    for (std::uint64_t i = 0; i < terms; ++i) pi[i] = i;
    for (std::uint64_t i = terms; i > 1; --i) std::swap(pi[i - 1], pi[rng() % i]);
    for (std::uint64_t s = 0; s < terms; ++s) {
      Packet* p = new_packet(node_id(s / n_.T), s);
      p->dst_term = pi[s];
      p->dst_router = node_id(pi[s] / n_.T);
    }
  }
}

PointResult Engine::run(const std::function<void(double)>& progress) {
  PointResult res;
  res.rate = packet_rate_ * n_.F;
  const bool batch = o_.messages > 0;
  const int threads = std::max(1, o_.threads);
  scratch_.resize(std::size_t(threads));
  const node_id R = n_.routers;
  if (batch) {
    measuring_ = true;
    injecting_ = false;
    batch_load(trng_.empty() ? 1 : trng_[0]());
  }
  // The method (BookSim2): warm-up windows until latency and accepted load change by less than the
  // tolerance, then the sample windows, then drain until every measured packet has arrived.
  enum Phase { warmup, measure, drain } phase = batch ? drain : warmup;
  std::uint64_t window_start = 0, idle = 0, measure_start = 0, measure_end = 0, drain_start = 0, last_delivery = 0;
  std::uint64_t win_delivered = 0, win_latency = 0, win_flits = 0;
  double prev_latency = -1, prev_accepted = -1;
  const std::uint64_t period = std::max<std::uint64_t>(1, o_.sample_period);
  const std::uint64_t samples = std::max<std::uint32_t>(1, o_.samples);
  const std::uint64_t drain_limit = batch ? ~std::uint64_t{0} : period * samples * 10;
  const auto expected = double(o_.max_samples + samples + 1) * double(period);
  bool stop = false;
  std::exception_ptr error;
  auto after_cycle = [&] {
    Counts k;
    for (auto& sc : scratch_) {
      k.moved += sc.k.moved;
      k.win_delivered += sc.k.win_delivered;
      k.win_latency += sc.k.win_latency;
      k.win_flits += sc.k.win_flits;
      k.measured_created += sc.k.measured_created;
      k.measured_delivered += sc.k.measured_delivered;
      k.delivered += sc.k.delivered;
      k.created += sc.k.created;
      k.in_net += sc.k.in_net;
      sc.k = Counts{};
    }
    total_.measured_created += k.measured_created;
    total_.measured_delivered += k.measured_delivered;
    total_.delivered += k.delivered;
    total_.created += k.created;
    total_.in_net += k.in_net;
    for (auto& e : errors_)
      if (e && !error) error = e;
    if (error) {
      stop = true;
      return;
    }
    if (k.win_delivered) last_delivery = now_;
    win_delivered += k.win_delivered;
    win_latency += k.win_latency;
    win_flits += k.win_flits;
    idle = k.moved || total_.in_net == 0 ? 0 : idle + 1;
    ++now_;
    if (idle >= o_.deadlock_cycles) {
      res.deadlock = deadlock_report();
      stop = true;
      return;
    }
    if (phase == warmup && now_ - window_start >= period) {
      // One warm-up window: its mean latency and delivered flits against the previous window's.
      const double lat = win_delivered ? double(win_latency) / double(win_delivered) : 0;
      const double acc = double(win_flits);
      ++res.warmup_windows;
      auto close = [&](double a, double b) {
        return b >= 0 && std::abs(a - b) <= o_.warmup_tolerance * std::max(a, b);
      };
      const bool converged = (close(lat, prev_latency) && close(acc, prev_accepted)) || total_.created == 0;
      if (converged || res.warmup_windows >= std::max<std::uint32_t>(1, o_.max_samples)) {
        res.converged = converged;
        phase = measure;
        measuring_ = true;
        measure_start = now_;
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
    if (progress && now_ % 1024 == 0)
      progress(batch ? double(total_.delivered) / double(std::max<std::uint64_t>(1, total_.created))
                     : std::min(1.0, double(now_) / expected));
  };
  // batch_load counted its packets on thread 0's counts.
  total_.created += scratch_[0].k.created;
  total_.measured_created += scratch_[0].k.measured_created;
  scratch_[0].k = Counts{};
#pragma omp parallel num_threads(threads)
  {
    while (!stop) {
#pragma omp for schedule(static)
      for (node_id r = 0; r < R; ++r) {
        try {
          receive(r);
        } catch (...) {
          errors_[r] = std::current_exception();
        }
      }
#pragma omp for schedule(static)
      for (node_id r = 0; r < R; ++r) {
        try {
          step(r);
        } catch (...) {
          errors_[r] = std::current_exception();
        }
      }
#pragma omp single
      after_cycle();
    }
  }
  if (error) std::rethrow_exception(error);
  if (batch) measure_end = last_delivery + 1;
  res.cycles = batch ? last_delivery + 1 : now_;
  if (res.deadlock) res.cycles = now_;
  // Results over the measurement windows.
  const double cycles = double(std::max<std::uint64_t>(1, measure_end - measure_start));
  const auto terms = n_.terminals();
  double sum = 0, sum2 = 0, mn = 1e300, gen = 0;
  for (std::uint64_t t = 0; t < terms; ++t) {
    const double x = double(acc_[t]) / cycles;
    sum += x;
    sum2 += x * x;
    mn = std::min(mn, x);
    gen += double(gen_[t]);
  }
  res.offered = gen / (double(terms) * cycles);
  res.accepted_mean = sum / double(terms);
  res.accepted_min = terms ? mn : 0;
  res.jain = sum2 > 0 ? sum * sum / (double(terms) * sum2) : 1;
  std::vector<std::uint32_t> pl, nl, ql;
  std::vector<std::uint64_t> hops;
  double occ = 0;
  for (const auto& s : stats_) {
    pl.insert(pl.end(), s.packet_latency.begin(), s.packet_latency.end());
    nl.insert(nl.end(), s.network_latency.begin(), s.network_latency.end());
    ql.insert(ql.end(), s.queueing.begin(), s.queueing.end());
    if (hops.size() < s.hops.size()) hops.resize(s.hops.size(), 0);
    for (std::size_t h = 0; h < s.hops.size(); ++h) hops[h] += s.hops[h];
    res.injected += s.injected;
    res.delivered += s.delivered;
    occ += double(s.occupancy_sum);
    res.vc_occupancy_max = std::max<double>(res.vc_occupancy_max, s.occupancy_max);
  }
  auto quantiles = [](std::vector<std::uint32_t>& v) {
    Quantiles q;
    if (v.empty()) return q;
    double s = 0;
    for (auto x : v) s += x;
    q.mean = s / double(v.size());
    auto at = [&](double f) {
      const auto k = std::min(v.size() - 1, std::size_t(std::ceil(f * double(v.size()))) - (f > 0 ? 1 : 0));
      std::nth_element(v.begin(), v.begin() + std::ptrdiff_t(k), v.end());
      return double(v[k]);
    };
    q.p50 = at(0.5);
    q.p99 = at(0.99);
    q.max = *std::max_element(v.begin(), v.end());
    return q;
  };
  res.measured = pl.size();
  res.packet_latency = quantiles(pl);
  res.network_latency = quantiles(nl);
  res.queueing = quantiles(ql);
  res.hop_histogram = hops;
  double hsum = 0, hn = 0;
  for (std::size_t h = 0; h < hops.size(); ++h) {
    hsum += double(h) * double(hops[h]);
    hn += double(hops[h]);
  }
  res.hops_mean = hn ? hsum / hn : 0;
  const double vcs = double(n_.in_off.back()) * n_.V;
  res.vc_occupancy_mean = occ / (cycles * vcs);
  res.link_util_histogram.assign(10, 0);
  double usum = 0, un = 0;
  res.channel_util.assign(n_.chans.size(), 0);
  for (std::size_t c = 0; c < n_.chans.size(); ++c) {
    const double u = double(sent_[c]) / cycles;
    res.channel_util[c] = u;
    if (n_.chans[c].arc == none64) continue;
    usum += u;
    ++un;
    res.link_util_max = std::max(res.link_util_max, u);
    ++res.link_util_histogram[std::min<std::size_t>(9, std::size_t(u * 10))];
  }
  res.link_util_mean = un ? usum / un : 0;
  res.stable = res.converged && res.drained && !res.deadlock;
  if (batch) res.converged = res.stable = res.drained && !res.deadlock;
  return res;
}

}  // namespace

PointResult simulate_point(const Network& n, const SimRouting& r, const Destinations& d, const InjectionProcess& inj,
                           const SimOptions& o, double rate, std::uint64_t seed,
                           const std::function<void(double)>& progress) {
  Engine e(n, r, d, inj, o, rate, seed);
  return e.run(progress);
}

}  // namespace topo::sim
