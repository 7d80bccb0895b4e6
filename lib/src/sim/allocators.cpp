// The router pipeline (engine_internal.hpp): a head flit waits --routing-delay cycles after it reaches
// the front of its input VC, then asks for an output VC (VC allocation); --vc-alloc-delay cycles after
// the grant its flits ask for the crossbar (switch allocation) and traverse it, one per output port and
// cycle. Both allocators are separable, input-first and round-robin, as BookSim2's separable_input_first.
#include <algorithm>
#include <bit>

#include "engine_internal.hpp"

namespace topo::sim {

namespace {

/// One round of a separable allocator's output stage: `reqs` holds (output, input relative to the
/// router's first input VC); each output grants the request whose input comes first after its
/// round-robin pointer `rr_of(output)`, among `inputs` inputs, and `apply(output, input)` records it.
template <class RrOf, class Apply>
void grant(std::vector<std::pair<std::uint32_t, std::uint32_t>>& reqs, std::uint32_t inputs, RrOf&& rr_of,
           Apply&& apply) {
  std::sort(reqs.begin(), reqs.end());
  for (std::size_t i = 0; i < reqs.size();) {
    std::size_t j = i, win = i;
    auto rr = rr_of(reqs[i].first);
    std::uint32_t best_key = none32;
    for (; j < reqs.size() && reqs[j].first == reqs[i].first; ++j) {
      const auto x = reqs[j].second + inputs - rr - 1;  // both below `inputs`: x < 2 inputs
      const auto key = x >= inputs ? x - inputs : x;
      if (key < best_key) {
        best_key = key;
        win = j;
      }
    }
    apply(reqs[win].first, reqs[win].second);
    i = j;
  }
}

/// Calls f(bit) for the set bits in [lo, hi) of `words`, in increasing order, while f returns true; false
/// when f stopped it.
template <class F>
bool for_bits(const std::uint64_t* words, std::size_t lo, std::size_t hi, F&& f) {
  for (std::size_t w = lo / 64; w * 64 < hi; ++w) {
    auto bits = words[w];
    if (w == lo / 64) bits &= ~std::uint64_t{0} << (lo % 64);
    if ((w + 1) * 64 > hi) bits &= ~(~std::uint64_t{0} << (hi % 64));
    for (; bits; bits &= bits - 1)
      if (!f(w * 64 + std::size_t(std::countr_zero(bits)))) return false;
  }
  return true;
}

}  // namespace

void Engine::step(node_id r) {
  // Switch allocation first: an output VC that a tail flit leaves this cycle can be granted to the next
  // packet in the same cycle, whose head then takes part in switch allocation the next cycle, so one VC
  // carries back-to-back packets at a flit per cycle (in the other order it carried one every other cycle).
  auto& sc = scratch();
  if (hold_r_[r]) allocate_switch(r, sc);  // each also returns at once when it has nothing to do
  if (wait_r_[r]) allocate_vcs(r, sc);
  terminals(r, sc);
  if (measuring_) stats_[r].occupancy_sum += stats_[r].buffered;
}

void Engine::allocate_vcs(node_id r, Scratch& sc) {
  const auto V = n_.V;
  auto& reqs = sc.reqs;
  // VC allocation, separable input-first: each waiting input VC asks for one free output VC (the
  // least-occupied output among its choices), each output VC grants one request, round-robin.
  reqs.clear();
  if (!wait_r_[r]) return;
  const auto need = n_.vct ? std::int32_t(n_.F) : 1;
  const std::size_t iv0 = std::size_t(n_.in_off[r]) * V;
  for (auto word = vc_word_[r]; word < vc_word_[r + 1]; ++word)
    for (auto bits = wait_bits_[word]; bits; bits &= bits - 1) {  // the waiting input VCs, in order
      const std::size_t iv = iv0 + (word - vc_word_[r]) * 64 + std::size_t(std::countr_zero(bits));
      if (ready_[iv] > now_) continue;
      Packet* p = buf_[buf_at(iv, 0)].p;
      auto& ch = sc.choices;
      ch.clear();
      std::uint32_t eject = none32;
      if (p->dst_router == r) {
        eject = n_.out_off[r] + std::uint32_t(p->dst_term - n_.term_off[r]);
      } else if (r_.source_routed()) {
        const auto hop = p->route[p->hop];
        const auto [lo, hi] = r_.class_vcs[hop & 0xFF];
        ch.push_back({hop >> 8, lo, hi, false});
      } else {
        sc.route_rng.run(rrng_[r](), [&](route::Rng& rng) {
          ch.clear();
          r_.choices(*p, r, ch, rng);
        });
      }
      std::uint32_t best = none32;
      std::int64_t best_score = -1;
      auto consider = [&](std::uint32_t op, std::uint32_t lo, std::uint32_t hi) {
        std::int64_t score = 0;
        std::uint32_t pick = none32;
        const auto w = hi - lo, start = va_in_rr_[iv] % w;
        for (std::uint32_t k = 0; k < w; ++k) {
          const auto v = lo + (start + k < w ? start + k : start + k - w);
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
  grant(
      reqs, nin, [&](std::uint32_t ov) { return va_rr_[ov]; },
      [&](std::uint32_t ov, std::uint32_t rel) {
        const auto iv = iv0 + rel;
        busy_[ov] = 1;
        va_rr_[ov] = rel;
        ovc_[iv] = ov;
        st_[iv] = 2;
        track_wait(r, iv, false);
        track_hold(r, std::uint32_t(iv / V), iv, false, holding(iv));
        ready_[iv] = now_ + n_.Dva;
        ++va_in_rr_[iv];
      });
}

void Engine::allocate_switch(node_id r, Scratch& sc) {
  const auto V = n_.V, B = n_.B;
  auto& reqs = sc.reqs;
  const std::uint32_t nin = (n_.in_off[r + 1] - n_.in_off[r]) * V;
  const std::size_t iv0 = std::size_t(n_.in_off[r]) * V;
  // Switch allocation, separable input-first: each input port offers up to --speedup VCs with a flit
  // and a credit (a fractional speedup alternates, e.g. 1.5: one flit, then two), each output port
  // takes one flit per cycle, round-robin.
  reqs.clear();
  if (!hold_r_[r]) return;
  const auto quota = quota_;
  const auto first_net = n_.out_off[r] + n_.terms(r);  // outputs below are ejection ports
  const std::uint64_t* held = &hold_bits_[vc_word_[r]];
  for (auto ip = n_.in_off[r]; ip < n_.in_off[r + 1]; ++ip) {
    if (!hold_[ip] || !quota) continue;
    // The port's holding VCs from its round-robin pointer on, cyclically (sa_in_rr_ <= V): bits
    // [first + start, first + V), then [first, first + start) of the router's set.
    const std::size_t first = iv0_rel(r, ip), start = sa_in_rr_[ip] == V ? 0 : sa_in_rr_[ip];
    std::uint32_t offered = 0;
    auto offer = [&](std::size_t bit) {
      const std::size_t iv = iv0 + bit;
      if (ready_[iv] > now_) return;
      const auto op = ovc_[iv] / V;
      if (op >= first_net && credits_[ovc_[iv]] <= 0) return;  // ejection always has room
      reqs.emplace_back(op, std::uint32_t(iv - iv0));
      ++offered;
    };
    if (for_bits(held, first + start, first + V, [&](std::size_t bit) {
          offer(bit);
          return offered < quota;
        }))
      for_bits(held, first, first + start, [&](std::size_t bit) {
        offer(bit);
        return offered < quota;
      });
  }
  grant(
      reqs, nin, [&](std::uint32_t op) { return sa_out_rr_[op]; },
      [&](std::uint32_t op, std::uint32_t rel) {
        const auto iv = iv0 + rel;
        const auto ip = std::uint32_t(iv / V);
        const Flit f = buf_[buf_at(iv, 0)];
        head_[iv] = std::uint16_t(--count_[iv] == 0 || head_[iv] + 1u == B ? 0u : head_[iv] + 1u);
        track_hold(r, ip, iv, true, holding(iv));
        --stats_[r].buffered;
        credit(n_.in_chan[ip], std::uint32_t(iv % V));
        const auto ov = ovc_[iv];
        if (op >= first_net && --credits_[ov] < 0) fail("credits below zero");
        send(n_.out_chan[op], f, ov % V);
        ++sc.k.moved;
        if (f.seq == 0) {
          ++f.p->hop;
          if (op >= first_net) f.p->link_cycles += n_.chans[n_.out_chan[op]].latency;
        }
        if (f.seq + 1 == n_.F) {
          busy_[ov] = 0;
          track_hold(r, ip, iv, holding(iv), false);
          if (count_[iv]) {
            st_[iv] = 1;
            track_wait(r, iv, true);
            ready_[iv] = now_ + n_.Dr;
          } else {
            st_[iv] = 0;
          }
        }
        sa_in_rr_[ip] = std::uint32_t(iv % V) + 1;
        sa_out_rr_[op] = rel;
      });
}

}  // namespace topo::sim
