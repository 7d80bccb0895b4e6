// Channels and credit-based flow control (engine_internal.hpp): a flit or credit sent at cycle c on a
// channel waits in the channel's ring of delay + 1 slots and arrives at c + delay; the receive phase
// moves arrived flits into input buffers and arrived credits into the sender's counters.
#include <fmt/format.h>

#include <algorithm>

#include "engine_internal.hpp"

namespace topo::sim {

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
  for (auto op = n_.out_off[r] + n_.terms(r); op < n_.out_off[r + 1]; ++op) {
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
  for (std::uint32_t t = 0; t < n_.terms(r); ++t) {
    const std::uint64_t term = n_.term_off[r] + t;
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

}  // namespace topo::sim
