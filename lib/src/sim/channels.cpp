// Channels and credit-based flow control (engine_internal.hpp): a flit or credit sent at cycle c on a
// channel joins the channel's queue and arrives at c + delay; since a channel's delay is fixed, its
// queue is in arrival order. Each flit or credit sent is also an event in the list of its arrival cycle
// (engine_internal.hpp, wheel_): the receive phase takes the cycle's events, moving arrived flits into
// input buffers and arrived credits into the sender's counters, so a cycle costs its arrivals, not the
// ports or the channels' latencies.
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
  auto& slot = ring_[q.slot(q.count++)];  // field by field: a whole InFlight built on the stack and copied
  slot.arrival = arrival;                 // stalled on store forwarding (a quarter of send's time)
  slot.f = f;
  slot.vc = vc;
  due(engine_thread, owner_[ch.dst], arrival).push_back(c << 1);
  if (measuring_) ++sent_[c];
}

void Engine::credit(std::uint32_t c, std::uint32_t vc) {
  const auto& ch = n_.chans[c];
  const auto arrival = now_ + ch.credit_delay;
  auto& q = cq_[c];
  if (q.count == q.cap) fail("a channel's credit queue overflowed");
  cring_[q.slot(q.count++)] = arrival << 8 | vc;
  due(engine_thread, owner_[ch.src], arrival).push_back(c << 1 | 1);
}

void Engine::receive(unsigned t) {
  for (unsigned s = 0; s < threads_; ++s)
    for (const auto event : due(s, t, now_)) {
      try {
        arrive(event);
      } catch (...) {
        const auto& ch = n_.chans[event >> 1];
        errors_[event & 1 ? ch.src : ch.dst] = std::current_exception();
      }
    }
}

void Engine::arrive(std::uint32_t event) {
  const auto V = n_.V, B = n_.B;
  const auto c = event >> 1;
  const auto& ch = n_.chans[c];
  if (event & 1) {  // a credit, for the sender's output VC or its terminal's injection VC
    auto& q = cq_[c];
    const auto x = cring_[q.slot(0)];
    q.head = --q.count == 0 || q.head + 1 == q.cap ? 0 : q.head + 1;
    if (x >> 8 != now_) fail("a credit arrived out of its cycle");
    const auto vc = std::uint32_t(x & 0xFF);
    const node_id r = ch.src;
    if (ch.out_port != none32) {
      if (++credits_[std::size_t(ch.out_port) * V + vc] > std::int32_t(B))
        fail(fmt::format("credits above the buffer size at router {}", r));
    } else if (++tcred_[(n_.term_off[r] + (ch.in_port - n_.in_off[r])) * V + vc] > std::int32_t(B)) {
      fail("injection credits above the buffer size");
    }
    return;
  }
  auto& q = fq_[c];
  const auto& slot = ring_[q.slot(0)];  // fields, not a copy of the whole (see send)
  const Flit f = slot.f;
  const auto vc = slot.vc;
  const auto arrival = slot.arrival;
  q.head = --q.count == 0 || q.head + 1 == q.cap ? 0 : q.head + 1;
  if (arrival != now_) fail("a flit arrived out of its cycle");
  const node_id r = ch.dst;
  if (ch.in_port == none32) {  // an ejection channel: the flit reaches its terminal
    deliver(r, n_.term_off[r] + (ch.out_port - n_.out_off[r]), f);
    return;
  }
  const auto ip = ch.in_port;
  const std::size_t iv = std::size_t(ip) * V + vc;
  auto& in = in_[iv];
  if (in.count == B) fail(fmt::format("buffer overflow at router {} port {} VC {}", r, ip, vc));
  buf_[buf_at(iv, in.count)] = f;
  const bool held = holding(iv);
  ++in.count;
  track_hold(r, iv, held, holding(iv));
  auto& s = stats_[r];
  ++s.buffered;
  if (measuring_) s.occupancy_max = std::max<std::uint32_t>(s.occupancy_max, in.count);
  if (in.st == VcState::idle) {
    if (f.seq() != 0) fail("a body flit reached an idle VC");
    in.st = VcState::waiting;
    track_wait(r, iv, true);
    in.ready = now_ + n_.Dr;
  }
}

}  // namespace topo::sim
