// The router pipeline (engine_internal.hpp): a head flit waits --routing-delay cycles after it reaches
// the front of its input VC, then asks for an output VC (VC allocation); --vc-alloc-delay cycles after
// the grant its flits ask for the crossbar (switch allocation) and traverse it, one per output port and
// cycle. Both allocators are separable, input-first and round-robin, as BookSim2's separable_input_first: an output
// VC takes turns among input VCs, an output port among input ports.
#include <algorithm>
#include <array>
#include <bit>
#include <limits>

#include "engine_internal.hpp"

namespace topo::sim {

namespace {

/// The distance from round-robin pointer `last` (the input granted last) to input `in`, both below `inputs`: 0 for
/// the input after `last`, inputs - 1 for `last` itself.
std::uint32_t after(std::uint32_t in, std::uint32_t last, std::uint32_t inputs) {
  const auto x = in + inputs - last - 1;  // below 2 inputs
  return x >= inputs ? x - inputs : x;
}

/// One round of a separable allocator's output stage: each output grants, among the requests for it, the one with
/// the smallest `key` (its input's place after the output's round-robin pointer; the keys of one output's requests
/// differ). Leaves the granted requests in `reqs`, in increasing order of output when `ordered` (else in any order:
/// for a caller whose grants do not depend on each other's order).
template <class Requests, class Key>
void grant(Requests& reqs, Key&& key, bool ordered) {
  using Request = std::remove_reference_t<decltype(reqs[0])>;
  const auto n = reqs.size();
  if (n < 2) return;  // the common case at low load: nothing to arbitrate
  if (n <= 16) {
    // A few requests: each wins unless another for its output has a smaller key (the keys of one
    // output's requests differ), compared without branches; then the winners, in order if asked.
    std::array<std::uint32_t, 16> k{};
    for (std::size_t i = 0; i < n; ++i) k[i] = key(reqs[i]);
    std::uint32_t won = 0;
    for (std::size_t i = 0; i < n; ++i) {
      bool wins = true;
      for (std::size_t j = 0; j < n; ++j) wins &= !(reqs[j].out == reqs[i].out && k[j] < k[i]);
      won |= std::uint32_t(wins) << i;
    }
    std::size_t granted = 0;
    for (; won; won &= won - 1) reqs[granted++] = reqs[std::size_t(std::countr_zero(won))];
    reqs.keep_first(granted);
    if (ordered) std::sort(reqs.begin(), reqs.end(), [](const Request& x, const Request& y) { return x.out < y.out; });
    return;
  }
  std::sort(reqs.begin(), reqs.end());
  std::size_t granted = 0;
  for (std::size_t i = 0; i < n;) {
    std::size_t j = i, win = i;
    std::uint32_t best_key = none32;
    for (; j < n && reqs[j].out == reqs[i].out; ++j)
      if (const auto kj = key(reqs[j]); kj < best_key) {
        best_key = kj;
        win = j;
      }
    reqs[granted++] = reqs[win];
    i = j;
  }
  reqs.keep_first(granted);
}

/// Calls f(bit) for the set bits in [lo, hi) of `words`, in increasing order, while f returns true.
template <class F>
void for_bits(const std::uint64_t* words, std::size_t lo, std::size_t hi, F&& f) {
  for (std::size_t w = lo / 64; w * 64 < hi; ++w) {
    auto bits = words[w];
    if (w == lo / 64) bits &= ~std::uint64_t{0} << (lo % 64);
    if ((w + 1) * 64 > hi) bits &= ~(~std::uint64_t{0} << (hi % 64));
    for (; bits; bits &= bits - 1)
      if (!f(w * 64 + std::size_t(std::countr_zero(bits)))) return;
  }
}

/// Calls f(first + i) for the set bits i of the n bits of `words` from bit `first`, from bit `start` on
/// cyclically (start < n), while f returns true.
template <class F>
void for_bits_from(const std::uint64_t* words, std::size_t first, std::size_t n, std::size_t start, F&& f) {
  if (n > 64) {  // --vcs above 64: the general loop
    bool go = true;
    const auto g = [&](std::size_t bit) { return go = f(bit); };
    for_bits(words, first + start, first + n, g);
    if (go) for_bits(words, first, first + start, g);
    return;
  }
  const auto w = first / 64, s = first % 64;
  auto m = words[w] >> s;
  if (s + n > 64) m |= words[w + 1] << (64 - s);
  if (n < 64) m &= (std::uint64_t{1} << n) - 1;
  for (auto bits = m & (~std::uint64_t{0} << start); bits; bits &= bits - 1)
    if (!f(first + std::size_t(std::countr_zero(bits)))) return;
  for (auto bits = m & ((std::uint64_t{1} << start) - 1); bits; bits &= bits - 1)
    if (!f(first + std::size_t(std::countr_zero(bits)))) return;
}

/// Prefetches the cache lines of [p, p + n).
template <class T>
void prefetch_span(const T* p, std::size_t n) {
  const auto* b = reinterpret_cast<const char*>(p);
  for (std::size_t at = 0; at < n * sizeof(T); at += 64) __builtin_prefetch(b + at);
  if (n) __builtin_prefetch(b + n * sizeof(T) - 1);
}

}  // namespace

void Engine::prefetch_blocks(node_id r) const {
  if (!hold_r_[r] && !wait_r_[r]) return;
  const auto ports = n_.in_off[r + 1] - n_.in_off[r];
  if (pooling_)
    prefetch_span(port_block_.data() + n_.in_off[r], ports);
  else
    prefetch_span(port_busy_.data() + n_.in_off[r], ports);
}

void Engine::prefetch_maps(node_id r) const {
  if (!pooling_ || (!hold_r_[r] && !wait_r_[r])) return;
  const std::size_t iv0 = std::size_t(n_.in_off[r]) * n_.V;
  for (auto word = vc_word_[r]; word < vc_word_[r + 1]; ++word)
    for (auto bits = hold_bits_[word] | wait_bits_[word]; bits; bits &= bits - 1) {
      const auto ip = per_vc(iv0 + (word - vc_word_[r]) * 64 + std::size_t(std::countr_zero(bits)));
      __builtin_prefetch(&map_slot(port_block_[ip], 0));
    }
}

void Engine::prefetch_vcs(node_id r) const {
  if (!hold_r_[r] && !wait_r_[r]) return;
  const std::size_t iv0 = std::size_t(n_.in_off[r]) * n_.V;
  for (auto word = vc_word_[r]; word < vc_word_[r + 1]; ++word) {
    for (auto bits = hold_bits_[word] | wait_bits_[word]; bits; bits &= bits - 1)
      __builtin_prefetch(&vc_state(iv0 + (word - vc_word_[r]) * 64 + std::size_t(std::countr_zero(bits))));
    for (auto bits = wait_bits_[word]; bits; bits &= bits - 1)  // VC allocation: their round-robin pointers
      __builtin_prefetch(va_rr_at(iv0 + (word - vc_word_[r]) * 64 + std::size_t(std::countr_zero(bits))));
  }
  if (wait_r_[r]) {  // VC allocation: the state of the router's output VCs and of its arcs
    const std::size_t ov0 = std::size_t(n_.out_off[r]) * n_.V, ovs = std::size_t(n_.out_off[r + 1]) * n_.V - ov0;
    if (wide_credits_)
      prefetch_span(credits16_.data() + ov0, ovs);
    else
      prefetch_span(credits8_.data() + ov0, ovs);
    prefetch_span(ovc_grant_.data() + ov0, ovs);
    prefetch_span(n_.out_chan.data() + n_.out_off[r], n_.out_off[r + 1] - n_.out_off[r]);
    const auto a0 = n_.g->arc_offset(r), arcs = n_.g->arc_offset(r + 1) - a0;
    if (!n_.arc_lanes.empty()) prefetch_span(n_.arc_lanes.data() + a0, arcs);
    prefetch_span(n_.arc_port.data() + a0, arcs);
  }
}

void Engine::prefetch_hops(node_id r) const {
  if (!hold_r_[r]) return;
  const std::size_t iv0 = std::size_t(n_.in_off[r]) * n_.V;
  for (auto word = vc_word_[r]; word < vc_word_[r + 1]; ++word)
    for (auto bits = hold_bits_[word]; bits; bits &= bits - 1) {
      const auto iv = iv0 + (word - vc_word_[r]) * 64 + std::size_t(std::countr_zero(bits));
      const auto& in = vc_state(iv);
      if (in.ready > now_ || in.head >= slots_in_vc) continue;  // switch allocation passes it by
      const Flit& f = in.first[in.head];
      if constexpr (check_sends) __builtin_prefetch(&last_sent_[in.ochan]);
      if (measuring_) __builtin_prefetch(&sent_[in.ochan]);
      __builtin_prefetch(credits_at(in.ovc));
      __builtin_prefetch(&n_.in_chan[per_vc(iv)]);
      if (f.seq() == 0 && r_.source_routed() && f.hop() + 1 < Flit::hop_max) {
        const auto* route = reinterpret_cast<const char*>(f.p + 1);
        __builtin_prefetch(route + std::size_t(f.hop() + 1) * (n_.narrow_routes ? 4 : 8));
      }
    }
}

void Engine::step(node_id r) {
  // Switch allocation first: an output VC that a tail flit leaves this cycle can be granted to the next
  // packet in the same cycle, whose head then takes part in switch allocation the next cycle, so one VC
  // carries back-to-back packets at a flit per cycle. With --vc-reallocation next-cycle, VC allocation first,
  // as BookSim2's input-queued router evaluates it (iq_router.cpp, _InternalStep: _VCAllocEvaluate before
  // _SWAllocUpdate, whose BufferState::SendingFlit frees the VC of a tail): the VC is granted again in the next
  // cycle, and carries one packet every other cycle at most. A VC granted here is ready Dva cycles later, so
  // the switch allocation after it in the same cycle does not see it.
  auto& sc = scratch();
  if (n_.realloc_next_cycle && wait_r_[r]) allocate_vcs(r, sc);
  if (hold_r_[r]) allocate_switch(r, sc);  // each also returns at once when it has nothing to do
  if (!n_.realloc_next_cycle && wait_r_[r]) allocate_vcs(r, sc);
  if (term_work_[r] || born(r)) terminals(r, sc);
  if (measuring_) stats_[r].occupancy_sum += stats_[r].buffered;
}

void Engine::allocate_vcs(node_id r, Scratch& sc) {
  if (wide_credits_) return allocate_vcs(r, sc, credits16_.data());
  allocate_vcs(r, sc, credits8_.data());
}

template <class C>
void Engine::allocate_vcs(node_id r, Scratch& sc, C* credits) {
  if (rr_bytes_ == 1) return allocate_vcs(r, sc, va_rr<std::uint8_t>(), credits);
  if (rr_bytes_ == 2) return allocate_vcs(r, sc, va_rr<std::uint16_t>(), credits);
  allocate_vcs(r, sc, va_rr<std::uint32_t>(), credits);
}

template <class Rr, class C>
void Engine::allocate_vcs(node_id r, Scratch& sc, Rr* in_va_rr, C* credits) {
  const auto V = n_.V;
  auto& reqs = sc.reqs;
  // VC allocation, separable input-first: each waiting input VC asks for one free output VC (the
  // least-occupied output among its choices), each output VC grants one request, round-robin.
  const std::uint32_t nin = (n_.in_off[r + 1] - n_.in_off[r]) * V;
  reqs.clear(nin);
  if (!wait_r_[r]) return;
  const auto need = n_.vct ? std::int32_t(n_.F) : 1;
  const std::size_t iv0 = std::size_t(n_.in_off[r]) * V;
  for (auto word = vc_word_[r]; word < vc_word_[r + 1]; ++word)
    for (auto bits = wait_bits_[word]; bits; bits &= bits - 1) {  // the waiting input VCs, in order
      const auto rel = std::uint32_t((word - vc_word_[r]) * 64 + std::size_t(std::countr_zero(bits)));
      const std::size_t iv = iv0 + rel, pv = pooled(iv);
      if (pool_[pv].ready > now_) continue;
      if (progressive_) {
        Flit& h = pooled_flit(pv, 0);
        if (h.hop() == 1 && h.p->reevaluate) reevaluate_route(r, h, sc);
      }
      const Flit& head = pooled_flit(pv, 0);
      const auto next = head.next();
      // An output port's first free VC in [lo, hi) from the round-robin pointer on. One candidate port
      // (ejection, or a source route's hop on a single link) asks for it at once, without the scores.
      const auto first_free = [&](std::uint32_t op, std::uint32_t lo, std::uint32_t hi, bool ejection) {
        const auto w = hi - lo, start = mod(in_va_rr[iv], w);
        for (std::uint32_t k = 0; k < w; ++k) {
          const auto v = lo + (start + k < w ? start + k : start + k - w);
          const auto ov = std::size_t(op) * V + v;
          if (!ovc_held(ov) && (ejection || credits[ov] >= need)) return std::uint32_t(ov);
        }
        return none32;
      };
      const auto request = [&](std::uint32_t ov) { reqs.push_back({ov, rel, 0, 0}); };  // (port, VC: unused)
      auto& ch = sc.choices;
      ch.clear();
      if (next == Flit::ask) {
        sc.route_rng.run(rrng_[r](), [&](route::Rng& rng) {
          ch.clear();
          r_.choices(*head.p, r, ch, rng);
        });
      } else if (next & Flit::eject) {
        if (const auto ov = first_free(n_.out_off[r] + std::uint32_t(next & ~Flit::eject), 0, V, true); ov != none32)
          request(ov);
        continue;
      } else {
        const auto [lo, hi] = r_.class_vcs[next & 0xFF];
        const auto arc = next >> 8;
        if (n_.lanes(arc) == 1) {
          if (const auto ov = first_free(n_.arc_port[arc], lo, hi, false); ov != none32) request(ov);
          continue;
        }
        ch.push_back({arc, lo, hi, false});
      }
      // Several candidates: the one whose VCs have the most credits (the least occupied), less its handicap, ties
      // to the first.
      std::uint32_t best = none32;
      std::int64_t best_score = std::numeric_limits<std::int64_t>::min();
      auto consider = [&](std::uint32_t op, std::uint32_t lo, std::uint32_t hi, std::uint32_t handicap) {
        const auto ov = first_free(op, lo, hi, false);
        if (ov == none32) return;
        std::int64_t score = -std::int64_t(handicap);
        for (auto v = lo; v < hi; ++v) score += credits[std::size_t(op) * V + v];
        if (score > best_score) {
          best_score = score;
          best = ov;
        }
      };
      for (int pass = 0; pass < 2 && best == none32; ++pass)  // escape choices only when nothing else is free
        for (const auto& c : ch)
          if (c.escape == (pass == 1))
            for (std::uint32_t l = 0; l < n_.lanes(c.arc); ++l)
              consider(n_.arc_port[c.arc] + l, c.vc_lo, c.vc_hi, c.handicap);
      if (best != none32) request(best);
    }
  // Output VCs arbitrate among input VCs (BookSim2's VC allocator too); free VCs have no held bit.
  grant(
      reqs, [&](const Request& q) { return after(q.in, ovc_grant_[q.out], nin); }, false);
  for (const auto& q : reqs) {
    const auto ov = q.out;
    const auto iv = iv0 + q.in;
    ovc_grant_[ov] = std::uint16_t(q.in | ovc_held_bit);
    auto& in = vc_state(iv);
    in.ovc = ov;
    in.oport = per_vc(ov);
    in.ochan = n_.out_chan[in.oport];
    in.st = VcState::holding;
    track_wait(r, iv, false);
    track_hold(r, iv, false, holding(in));
    in.ready = now_ + n_.Dva;
    if constexpr (sizeof(Rr) < 4)
      in_va_rr[iv] = Rr(in_va_rr[iv] + 1u == rr_period_ ? 0u : in_va_rr[iv] + 1u);
    else
      ++in_va_rr[iv];
  }
}

void Engine::reevaluate_route(node_id r, Flit& head, Scratch& sc) {
  Packet* p = head.p;
  p->reevaluate = false;
  std::uint32_t hops_left = 1;  // the route's hops from r: entries 1, 2, ... up to its ejection
  while (!(next_on_route(*p, hops_left) & Flit::eject)) ++hops_left;
  const SimRouting::Reroute at{
      n_.router_of(p->src_term), r, p->dst_router, {next_on_route(*p, 0) >> 8, head.next() >> 8}, hops_left - 1};
  auto& out = sc.source_route;
  bool diverted = false;
  sc.route_rng.run(rrng_[r](), [&](route::Rng& rng) {
    diverted = r_.reevaluate(out, at, rng, [&](std::uint64_t arc) { return queued(arc); });
  });
  if (!diverted) return;
  pack_route(out, p->dst_router, sc.route);
  const auto n = std::uint32_t(sc.route.size());
  if (n + 1 > Packet::room(p->size_class)) fail("a route chosen again does not fit its packet's block");
  write_route(p, sc.route.data() + 1, 1, n - 1);
  head = Flit::head(p, 1, next_on_route(*p, 1));
}

void Engine::allocate_switch(node_id r, Scratch& sc) {
  if (wide_credits_) return allocate_switch(r, sc, credits16_.data());
  allocate_switch(r, sc, credits8_.data());
}

template <class C>
void Engine::allocate_switch(node_id r, Scratch& sc, C* credits) {
  const auto V = n_.V, B = n_.B;
  auto& reqs = sc.reqs;
  const std::uint32_t nin = (n_.in_off[r + 1] - n_.in_off[r]) * V;
  const std::size_t iv0 = std::size_t(n_.in_off[r]) * V;
  // Switch allocation, separable input-first: each input port offers up to --speedup VCs with a flit
  // and a credit (a fractional speedup alternates, e.g. 1.5: one flit, then two), each output port
  // takes one flit per cycle, round-robin.
  reqs.clear(nin);
  const auto quota = quota_;
  if (!hold_r_[r] || !quota) return;
  const auto first_net = n_.out_off[r] + n_.terms(r);  // outputs below are ejection ports
  const std::uint64_t* held = &hold_bits_[vc_word_[r]];
  const auto offerable = [&](const InVc& in) {
    return in.ready <= now_ && (in.oport < first_net || credits[in.ovc] > 0);  // ejection always has room
  };
  if (hold_r_[r] == 1) {  // one holding VC (common at low load): no ports to go through (3% of the mesh at 0.1)
    std::size_t w = 0;
    while (!held[w]) ++w;
    const auto bit = std::uint32_t(w * 64 + std::size_t(std::countr_zero(held[w])));
    const auto& in = vc_state(iv0 + bit);
    if (!offerable(in)) return;
    const auto port = per_vc(bit);
    reqs.push_back({in.oport, bit, n_.in_off[r] + port, bit - port * V});
  } else {
    // The ports with a holding VC, found from the set bits (not by testing every port); for each, its
    // holding VCs from its round-robin pointer on, cyclically (sa_in_rr_ <= V): bits [first + start,
    // first + V), then [first, first + start) of the router's set.
    const std::size_t words = vc_word_[r + 1] - vc_word_[r];
    const auto next_bit = [&](std::size_t from) {  // the first set bit from `from` on, or nin
      for (auto w = from / 64; w < words; ++w)
        if (const auto bits = held[w] & (w == from / 64 ? ~std::uint64_t{0} << (from % 64) : ~std::uint64_t{0}))
          return w * 64 + std::size_t(std::countr_zero(bits));
      return std::size_t(nin);
    };
    for (auto at = next_bit(0); at < nin; at = next_bit(per_vc(at) * V + V)) {
      const auto port = std::uint32_t(per_vc(at)), ip = n_.in_off[r] + port;
      const std::size_t first = std::size_t(port) * V, start = sa_in_rr_[ip] == V ? 0 : sa_in_rr_[ip];
      std::uint32_t offered = 0;
      for_bits_from(held, first, V, start, [&](std::size_t bit) {
        const auto& in = vc_state(iv0 + bit);
        if (offerable(in)) {
          reqs.push_back({in.oport, std::uint32_t(bit), ip, std::uint32_t(bit - first)});
          ++offered;
        }
        return offered < quota;
      });
    }
  }
  // Output ports arbitrate among input ports, not VCs (as BookSim2's switch allocators): over VCs an input with
  // many busy VCs would win V - 1 grants in a row against one with a single VC. With speedup, one input's VCs
  // for the same output come in VC order. With one flit per input port (no speedup) the grants touch distinct
  // ports and VCs; with more, two grants of one input port set its round-robin pointer in turn, in the order of
  // the outputs.
  const auto ports = n_.in_off[r + 1] - n_.in_off[r];
  grant(
      reqs, [&](const Request& q) { return after(q.port - n_.in_off[r], sa_out_rr_[q.out], ports) * V + q.vc; },
      quota > 1);
  for (const auto& q : reqs) {
    const auto op = q.out, ip = q.port;
    const auto iv = iv0 + q.in, pv = pooled(iv);
    Flit f = pooled_flit(pv, 0);
    auto& in = pool_[pv];
    in.head = std::uint16_t(--in.count == 0 || in.head + 1u == B ? 0u : in.head + 1u);
    const auto seq = f.seq();
    const bool tail = seq + 1 == n_.F;
    track_hold(r, iv, true, !tail && in.count);  // a tail flit's VC gives up its output VC
    --stats_[r].buffered;
    credit(ip, q.vc);
    const auto ov = in.ovc;
    if (op >= first_net && credits[ov]-- == 0) fail("credits below zero");
    if (seq == 0) {  // the head leaves this router: its count of routers left, and what the next is to do
      const auto left = count_router_left(f);
      auto next = f.next();
      if (op >= first_net) {  // the channel's record is read only for what the route does not say
        if (n_.link_latency == none32) f.p->link_cycles += n_.latency(n_.chans[in.ochan]);
        next = r_.source_routed() ? next_on_route(*f.p, left) : next_at(*f.p, n_.chans[in.ochan].dst);
      }
      f = Flit::head(f.p, left, next);
    }
    send(in.ochan, f, ov - op * V);
    ++sc.k.moved;
    if (tail) {
      ovc_grant_[ov] &= std::uint16_t(~ovc_held_bit);
      if (in.count) {
        in.st = VcState::waiting;
        track_wait(r, iv, true);
        in.ready = now_ + n_.Dr_next_head;
      } else {
        in.st = VcState::idle;
        count_busy_vc(iv, false, sc);
      }
    }
    sa_in_rr_[ip] = std::uint8_t(q.vc + 1);
    sa_out_rr_[op] = std::uint16_t(ip - n_.in_off[r]);
  }
}

}  // namespace topo::sim
