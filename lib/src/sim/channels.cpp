// Channels and credit-based flow control (engine_internal.hpp): a flit or credit sent at cycle c on a
// channel joins the channel's queue and arrives at c + delay; since a channel's delay is fixed, its
// queue is in arrival order. The receive phase moves arrived flits into input buffers and arrived
// credits into the sender's counters, and looks only at the ports whose next arrival is due, so a cycle
// costs the arrivals, not the channels' latencies.
#include <fmt/format.h>

#include <algorithm>

#include "engine_internal.hpp"

namespace topo::sim {

void Engine::send(std::uint32_t c, const Flit& f, std::uint32_t vc) {
  const auto& ch = n_.chans[c];
  if (last_sent_[c] == now_) fail(fmt::format("channel {}->{} carried two flits in cycle {}", ch.src, ch.dst, now_));
  last_sent_[c] = now_;
  const auto arrival = now_ + ch.flit_delay;
  auto& q = fq_[c];
  if (q.count == q.cap) fail("a channel's flit queue overflowed");
  ring_[q.slot(q.count)] = {arrival, f, vc};
  if (q.count++ == 0) {
    (ch.in_port != none32 ? flit_at_in_[ch.in_port] : at_out_[ch.out_port]) = arrival;
    wake(ch.dst, arrival);
  }
  if (measuring_) ++sent_[c];
}

void Engine::credit(std::uint32_t c, std::uint32_t vc) {
  const auto& ch = n_.chans[c];
  const auto arrival = now_ + ch.credit_delay;
  auto& q = cq_[c];
  if (q.count == q.cap) fail("a channel's credit queue overflowed");
  cring_[q.slot(q.count)] = arrival << 8 | vc;
  if (q.count++ == 0) {
    (ch.out_port != none32 ? at_out_[ch.out_port] : credit_at_in_[ch.in_port]) = arrival;
    wake(ch.src, arrival);
  }
}

InFlight Engine::take_flit(std::uint32_t c, std::uint64_t& next) {
  auto& q = fq_[c];
  const InFlight x = ring_[q.slot(0)];
  if (--q.count == 0) {
    q.head = 0;
    next = none64;
  } else {
    q.head = q.head + 1 == q.cap ? 0 : q.head + 1;
    next = ring_[q.slot(0)].arrival;
  }
  return x;
}

template <class Add>
void Engine::take_credits(std::uint32_t c, std::uint64_t& next, Add&& add) {
  auto& q = cq_[c];
  for (; q.count && cring_[q.slot(0)] >> 8 == now_; --q.count) {
    add(std::uint32_t(cring_[q.slot(0)] & 0xFF));
    q.head = q.head + 1 == q.cap ? 0 : q.head + 1;
  }
  if (!q.count) q.head = 0;
  next = q.count ? cring_[q.slot(0)] >> 8 : none64;
}

void Engine::receive(node_id r) {
  if (router_next_[r] > now_) return;
  const auto V = n_.V, B = n_.B;
  auto next = none64;  // the router's next arrival after this cycle's, gathered on the way
  for (auto ip = n_.in_off[r]; ip < n_.in_off[r + 1]; ++ip) {
    if (flit_at_in_[ip] == now_) {
      const auto x = take_flit(n_.in_chan[ip], flit_at_in_[ip]);
      const std::size_t iv = std::size_t(ip) * V + x.vc;
      auto& in = in_[iv];
      if (in.count == B) fail(fmt::format("buffer overflow at router {} port {} VC {}", r, ip, x.vc));
      buf_[buf_at(iv, in.count)] = x.f;
      const bool held = holding(iv);
      ++in.count;
      track_hold(r, ip, iv, held, holding(iv));
      auto& s = stats_[r];
      ++s.buffered;
      if (measuring_) s.occupancy_max = std::max<std::uint32_t>(s.occupancy_max, in.count);
      if (in.st == VcState::idle) {
        if (x.f.seq != 0) fail("a body flit reached an idle VC");
        in.st = VcState::waiting;
        track_wait(r, iv, true);
        in.ready = now_ + n_.Dr;
      }
    }
    next = std::min(next, flit_at_in_[ip]);
  }
  // Credits for this router's output VCs, and for its terminals' injection VCs.
  for (auto op = n_.out_off[r] + n_.terms(r); op < n_.out_off[r + 1]; ++op) {
    if (at_out_[op] == now_)
      take_credits(n_.out_chan[op], at_out_[op], [&](std::uint32_t vc) {
        if (++credits_[std::size_t(op) * V + vc] > std::int32_t(B))
          fail(fmt::format("credits above the buffer size at router {}", r));
      });
    next = std::min(next, at_out_[op]);
  }
  for (std::uint32_t t = 0; t < n_.terms(r); ++t) {
    const std::uint64_t term = n_.term_off[r] + t;
    const auto ip = n_.in_off[r] + t, op = n_.out_off[r] + t;
    if (credit_at_in_[ip] == now_)
      take_credits(n_.in_chan[ip], credit_at_in_[ip], [&](std::uint32_t vc) {
        if (++tcred_[term * V + vc] > std::int32_t(B)) fail("injection credits above the buffer size");
      });
    if (at_out_[op] == now_) deliver(r, term, take_flit(n_.out_chan[op], at_out_[op]).f);
    next = std::min({next, credit_at_in_[ip], at_out_[op]});
  }
  router_next_[r] = next;
}

}  // namespace topo::sim
