// Channels and credit-based flow control (engine_internal.hpp): a flit or credit sent at cycle c on a
// channel arrives at c + delay, as an entry of the list of its arrival cycle that carries it (wheel):
// the receive phase takes the cycle's entries, moving arrived flits into input buffers and arrived
// credits into the sender's counters, so a cycle costs its arrivals, not the ports or the channels'
// latencies, and nothing per channel is read but where the flit goes.
#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <type_traits>

#include "engine_internal.hpp"

namespace topo::sim {

void Engine::send(std::uint32_t c, const Flit& f, std::uint32_t vc) {
  const auto& ch = n_.chans[c];
  if constexpr (check_sends) {
    if (last_sent_[c] == now_) fail(fmt::format("channel {}->{} carried two flits in cycle {}", ch.src, ch.dst, now_));
    last_sent_[c] = now_;
  }
  const auto to = owner(ch.dst);
  const auto at = now_ + n_.flit_delay(ch);
  if (to == remote) [[unlikely]]
    out_flits_[engine_thread].push_back({at, {c, vc, f}});
  else
    flits_due_[due(engine_thread, to, at)].push_back({c, vc, f});
  if (measuring_ && ++sent_[c] == 0) [[unlikely]]
    throw Error(fmt::format("channel {}->{} carried 2^32 flits in the sample windows, more than its counter holds",
                            ch.src, ch.dst));
}

void Engine::credit(std::uint32_t ip, std::uint32_t vc) {
  const auto& ch = n_.chans[n_.in_chan[ip]];
  // An injection port's channel comes from its router's terminal of the same index (terminal t's injection
  // port is the router's input port t).
  const auto counter = ch.out_port != none32
                           ? std::uint64_t(ch.out_port) * n_.V
                           : (n_.term_off[ch.src] + (ip - n_.in_off[ch.src])) * n_.V | terminal_credit;
  const auto to = owner(ch.src);
  const auto at = now_ + n_.credit_delay(ch);
  if (to == remote) [[unlikely]]
    out_credits_[engine_thread].push_back({at, counter + vc});
  else
    credits_due_[due(engine_thread, to, at)].push_back(counter + vc);
}

template <class Visit>
void Engine::for_busy_vcs(node_id r, Visit&& visit) const {
  const std::size_t iv0 = std::size_t(n_.in_off[r]) * n_.V;
  for (auto word = vc_word_[r]; word < vc_word_[r + 1]; ++word) {
    const std::size_t base = iv0 + (word - vc_word_[r]) * 64;
    for (auto bits = hold_bits_[word]; bits; bits &= bits - 1) visit(base + std::size_t(std::countr_zero(bits)), false);
    for (auto bits = wait_bits_[word]; bits; bits &= bits - 1) visit(base + std::size_t(std::countr_zero(bits)), true);
  }
}

template <class Add>
void Engine::for_waiting_flits(node_id r, Add&& add) const {
  for_busy_vcs(r, [&](std::size_t iv, bool waiting) {
    const auto& in = vc_state(iv);
    if (!waiting) return add(in.oport, in.count);
    const auto next = flit(iv, 0).next();
    if (next != Flit::ask && !(next & Flit::eject)) add(n_.arc_port[next >> 8], in.count);
  });
}

double Engine::queued_now(std::uint64_t arc) const {
  const auto port = n_.arc_port[arc], lanes = n_.lanes(arc);
  double q = 0;
  if (n_.queue_measure == QueueMeasure::credits) {
    for (std::uint32_t l = 0; l < lanes; ++l)
      for (std::uint32_t v = 0; v < n_.V; ++v) q += double(n_.B) - credits(std::size_t(port + l) * n_.V + v);
  } else {
    for_waiting_flits(n_.g->arc_tail(arc), [&](std::uint32_t op, std::uint32_t flits) {
      if (op >= port && op < port + lanes) q += flits;
    });
    for (std::uint32_t l = 0; l < lanes; ++l) q += waiting_downstream(port + l);
  }
  return q / lanes;
}

double Engine::queued(std::uint64_t arc) const {
  if (!global_queues_) return queued_now(arc);
  const auto port = n_.arc_port[arc], lanes = n_.lanes(arc);
  double q = 0;
  for (std::uint32_t l = 0; l < lanes; ++l)
    q += queue_snapshot_[port + l] + (port_snapshots_ ? waiting_downstream(port + l) : 0);
  return q / lanes;
}

void Engine::snapshot_ports(node_id lo, node_id hi) {
  std::fill(port_flits_.begin() + n_.in_off[lo], port_flits_.begin() + n_.in_off[hi], 0);
  for (node_id r = lo; r < hi; ++r)
    for_busy_vcs(r, [&](std::size_t iv, bool) { port_flits_[per_vc(iv)] += vc_state(iv).count; });
}

void Engine::snapshot_queues(node_id lo, node_id hi) {
  const auto V = n_.V;
  if (n_.queue_measure == QueueMeasure::credits) {
    for (auto op = n_.out_off[lo]; op < n_.out_off[hi]; ++op) {
      std::uint32_t used = 0;
      for (std::uint32_t v = 0; v < V; ++v) used += n_.B - credits(std::size_t(op) * V + v);
      queue_snapshot_[op] = used;
    }
    return;
  }
  std::fill(queue_snapshot_.begin() + n_.out_off[lo], queue_snapshot_.begin() + n_.out_off[hi], 0);
  for (node_id r = lo; r < hi; ++r)
    for_waiting_flits(r, [&](std::uint32_t op, std::uint32_t flits) { queue_snapshot_[op] += flits; });
}

void Engine::receive(unsigned t) {
  // On a large network (prefetch_), each arrival's channel is prefetched 32 arrivals ahead, its input port's
  // slot 24 ahead, the port's block of the pool 16 ahead, and 8 ahead the input VC or credit counter it goes to
  // (for a VC without an entry, the entry it will most likely take: the last given back).
  auto& sc = scratch_[t];
  const auto& spare = sc.free_entries;
  const auto take = [&](auto prefetching) {
    for (unsigned s = 0; s < senders_; ++s) {
      const auto& flits = flits_due_[due(s, t, now_)];
      for (std::size_t i = 0; i < flits.size(); ++i) {
        if constexpr (prefetching) {
          if (i + 32 < flits.size()) __builtin_prefetch(&n_.chans[flits[i + 32].c]);
          if (i + 24 < flits.size())
            if (const auto ip = n_.chans[flits[i + 24].c].in_port; ip != none32)
              __builtin_prefetch(pooling_ ? static_cast<const void*>(&port_block_[ip]) : &port_busy_[ip]);
          if (i + 16 < flits.size() && pooling_)
            if (const auto ip = n_.chans[flits[i + 16].c].in_port; ip != none32 && port_block_[ip] != none32)
              __builtin_prefetch(&map_slot(port_block_[ip], flits[i + 16].vc));
          if (i + 8 < flits.size())
            if (const auto ip = n_.chans[flits[i + 8].c].in_port; ip != none32) {
              const auto iv = std::size_t(ip) * n_.V + flits[i + 8].vc;
              if (has_entry(iv))
                __builtin_prefetch(&pool_[pooled(iv)]);
              else if (!spare.empty())
                __builtin_prefetch(&pool_[spare.back()]);
            }
        }
        try {
          arrive(flits[i], sc);
        } catch (...) {
          sc.keep_error(n_.chans[flits[i].c].dst);
        }
      }
      const auto& credits = credits_due_[due(s, t, now_)];
      for (std::size_t i = 0; i < credits.size(); ++i) {
        if constexpr (prefetching)
          if (i + 8 < credits.size() && !(credits[i + 8] & terminal_credit))
            __builtin_prefetch(credits_at(credits[i + 8]));
        try {
          arrive_credit(credits[i]);
        } catch (...) {
          sc.keep_error(credit_sender(credits[i]));
        }
      }
    }
  };
  if (prefetch_)
    take(std::true_type{});
  else
    take(std::false_type{});
}

node_id Engine::credit_sender(std::uint64_t counter) const {
  const auto i = (counter & ~terminal_credit) / n_.V;  // the terminal, or the output port
  if (counter & terminal_credit) return n_.router_of(i);
  return node_id(std::upper_bound(n_.out_off.begin(), n_.out_off.end(), i) - n_.out_off.begin() - 1);
}

void Engine::arrive_credit(std::uint64_t counter) {
  if (counter & terminal_credit) {
    if (++tcred_[counter & ~terminal_credit] > std::int32_t(n_.B)) fail("injection credits above the buffer size");
  } else if (give_credit(counter) == n_.B) {
    fail(fmt::format("credits above the buffer size at router {}", credit_sender(counter)));
  }
}

void Engine::arrive(const FlitArrival& a, Scratch& sc) {
  const auto V = n_.V, B = n_.B;
  const auto& ch = n_.chans[a.c];
  const Flit f = a.f;
  const node_id r = ch.dst;
  if (ch.in_port == none32) {  // an ejection channel: the flit reaches its terminal
    deliver(r, n_.term_off[r] + (ch.out_port - n_.out_off[r]), f);
    return;
  }
  const auto ip = ch.in_port;
  const std::size_t iv = std::size_t(ip) * V + a.vc, pv = vc_entry(iv, sc);
  auto& in = pool_[pv];
  if (in.count == B) fail(fmt::format("buffer overflow at router {} port {} VC {}", r, ip, a.vc));
  pooled_flit(pv, in.count) = f;
  const bool held = holding(in);
  ++in.count;
  track_hold(r, iv, held, holding(in));
  auto& s = stats_[r];
  ++s.buffered;
  if (measuring_) s.occupancy_max = std::max<std::uint32_t>(s.occupancy_max, in.count);
  if (in.st == VcState::idle) {
    if (f.seq() != 0) fail("a body flit reached an idle VC");
    in.st = VcState::waiting;
    count_busy_vc(iv, true, sc);
    track_wait(r, iv, true);
    in.ready = now_ + n_.Dr;
  }
}

void Engine::give_back_entry(std::size_t iv, Scratch& sc) {
  // The VC is idle, its buffer empty and its head at slot 0; the port, when none of its slots holds an entry.
  const auto ip = per_vc(iv);
  auto& block = port_block_[ip];
  auto* slots = &map_slot(block, 0);
  const auto vc = iv - std::size_t(ip) * n_.V;
  sc.free_entries.push_back(slots[vc] - 1);
  slots[vc] = 0;
  for (std::uint32_t v = 0; v < n_.V; ++v)
    if (slots[v]) return;
  --sc.busy_ports;
  sc.free_blocks.push_back(block);
  block = none32;
}

std::size_t Engine::vc_entry(std::size_t iv, Scratch& sc) {
  if (!pooling_) return iv;
  const auto ip = per_vc(iv);
  auto& b = port_block_[ip];
  if (b == none32) {
    ++sc.busy_ports;
    if (sc.free_blocks.empty()) {
      b = sc.next_block++;
    } else {
      b = sc.free_blocks.back();
      sc.free_blocks.pop_back();
    }
  }
  auto& slot = map_slot(b, iv - std::size_t(ip) * n_.V);
  if (slot == 0) {
    if (sc.free_entries.empty()) {
      slot = std::uint32_t(sc.next_entry++ + 1);
    } else {
      slot = std::uint32_t(sc.free_entries.back() + 1);
      sc.free_entries.pop_back();
    }
  }
  return slot - std::size_t{1};
}

}  // namespace topo::sim
