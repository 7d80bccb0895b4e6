// Terminals (engine_internal.hpp): open-loop packet generation into an unbounded source queue, the
// routing decision at injection, injection of one flit per cycle on a free injection VC with credit,
// ejection and the per-packet figures; and the batch workload (--messages).
#include <fmt/format.h>

#include <algorithm>

#include "engine_internal.hpp"

namespace topo::sim {

Packet* Engine::new_block(std::uint32_t size_class, Scratch& sc) const {
  auto& spare = sc.spare[size_class];
  if (spare.empty()) {
    const auto bytes = sizeof(Packet) + Packet::room(size_class) * (n_.narrow_routes ? 4 : 8);
    void* block =
        arena_ ? sc.blocks.take(bytes, alignof(Packet)) : ::operator new (bytes, std::align_val_t{alignof(Packet)});
    return new (block) Packet{.size_class = std::uint8_t(size_class)};
  }
  Packet* p = spare.back();
  spare.pop_back();
  return p;
}

void Engine::free_block(Packet* p) const {
  if (!arena_) ::operator delete (p, std::align_val_t{alignof(Packet)});
}

Packet* Engine::with_route(Packet* p, const std::uint64_t* hops, std::uint32_t n, Scratch& sc,
                           std::uint32_t room) const {
  std::uint32_t c = 0;  // the smallest size class with room for the route and its last entry
  while (Packet::room(c) < std::uint64_t(std::max(n, room)) + 1) ++c;
  sc.size_class = c;  // a guess for the next new packets, which get their routes later
  if (c != p->size_class) {
    Packet* q = new_block(c, sc);
    *q = *p;
    q->size_class = std::uint8_t(c);
    sc.spare[p->size_class].push_back(p);
    p = q;
  }
  write_route(p, hops, 0, n);
  return p;
}

void Engine::write_route(Packet* p, const std::uint64_t* hops, std::uint32_t from, std::uint32_t n) const {
  const auto last = route_eject(p->dst_term - n_.term_off[p->dst_router]);
  if (n_.narrow_routes) {  // the class in route_class_bits bits, not 8
    const auto bits = n_.route_class_bits;
    const auto narrow = [&](std::uint64_t e) { return std::uint32_t((e >> 8) << bits | (e & ((1u << bits) - 1))); };
    auto* to = reinterpret_cast<std::uint32_t*>(p + 1) + from;
    for (std::uint32_t h = 0; h < n; ++h) to[h] = narrow(hops[h]);
    to[n] = narrow(last);
  } else {
    auto* to = reinterpret_cast<std::uint64_t*>(p + 1) + from;
    std::copy(hops, hops + n, to);
    to[n] = last;
  }
}

Packet* Engine::packet_block(std::uint64_t src, std::uint64_t dst, std::uint64_t created, bool measured,
                             Scratch& sc) const {
  Packet* p = new_block(sc.size_class, sc);  // a delivered packet's block, or a new one
  p->next = nullptr;
  p->injected = 0;
  p->hop = 0;
  p->link_cycles = 0;
  p->reevaluate = false;
  p->created = created;
  p->src_term = src;
  p->dst_term = dst;
  p->dst_router = n_.router_of(dst);
  p->measured = measured;
  return p;
}

Packet* Engine::new_packet(node_id r, std::uint64_t term, Scratch& sc) {
  Packet* p = packet_block(term, d_.pick(term, trng_[term]), now_, measuring_, sc);
  ++stats_[r].injected;
  auto& k = sc.k;
  ++k.created;
  k.created_at += now_;
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

Packet* Engine::take_queued(std::uint64_t term, Scratch& sc) {
  if (Packet* p = q_head_[term]) {
    q_head_[term] = p->next;
    if (!q_head_[term]) q_tail_[term] = nullptr;
    p->next = nullptr;
    return p;
  }
  const auto first = n_.term_off[rank_lo_], width = n_.term_off[rank_hi_] - first;
  return packet_block(term, batch_dst_[batch_next_[term]++ * width + (term - first)], batch_created_, true, sc);
}

void Engine::terminals(node_id r, Scratch& sc) {
  const auto V = n_.V;
  const auto t0 = n_.term_off[r];
  const auto nt = n_.terms(r);
  for (std::uint32_t t = 0; t < nt; ++t) {
    const std::uint64_t term = t0 + t;
    const bool had_work = cur_[term] || has_queued(term);
    if (injecting_ && born_[term]) new_packet(r, term, sc);
    if (!cur_[term] && has_queued(term)) {
      // A free injection VC with room (the whole packet under virtual cut-through).
      const auto need = n_.vct ? std::int32_t(n_.F) : 1;
      std::uint32_t vc = none32;
      for (std::uint32_t k = 0; k < V && vc == none32; ++k) {
        const auto v = cur_vc_[term] + 1 + k < V ? cur_vc_[term] + 1 + k : cur_vc_[term] + 1 + k - V;
        if (!tbusy_[term * V + v] && tcred_[term * V + v] >= need) vc = v;
      }
      if (vc != none32) {
        Packet* p = take_queued(term, sc);
        p->injected = now_;
        const auto seed = trng_[term]();
        std::uint32_t hops = 0, room = 0;
        const std::uint64_t* route = nullptr;
        if (r_.pure() && !(route = known_.find(r, p->dst_router, hops)))
          route = sc.routes.lookup(r, p->dst_router, hops);
        if (!route) {
          auto& out = sc.source_route;
          const bool drew = sc.route_rng.run(seed, [&](route::Rng& rng) {
            r_.at_source(out, r, p->dst_router, rng, [&](std::uint64_t arc) { return queued(arc); });
          });
          pack_route(out, p->dst_router, sc.route);
          p->reevaluate = out.reroute_hops > 0;
          room = p->reevaluate ? out.reroute_hops : 0;
          if (r_.pure() && !drew) sc.routes.store(r, p->dst_router, sc.route);
          route = sc.route.data();
          hops = std::uint32_t(sc.route.size());
        }
        p = with_route(p, route, hops, sc, room);
        cur_[term] = p;
        cur_seq_[term] = 0;
        cur_vc_[term] = vc;
        tbusy_[term * V + vc] = 1;
      }
    }
    if (Packet* p = cur_[term]; p && tcred_[term * V + cur_vc_[term]] > 0) {
      --tcred_[term * V + cur_vc_[term]];
      const auto seq = cur_seq_[term];
      send(n_.in_chan[n_.in_off[r] + t],
           seq == 0 ? Flit::head(p, 0, r_.source_routed() ? next_on_route(*p, 0) : next_at(*p, r)) : Flit::body(p, seq),
           cur_vc_[term]);
      ++sc.k.in_net;
      ++sc.k.moved;
      if (++cur_seq_[term] == n_.F) {
        tbusy_[term * V + cur_vc_[term]] = 0;
        cur_[term] = nullptr;
      }
    }
    const bool has_work = cur_[term] || has_queued(term);
    if (has_work != had_work) term_work_[r] = has_work ? term_work_[r] + 1 : term_work_[r] - 1;
  }
}

void Engine::deliver(node_id r, std::uint64_t term, const Flit& f) {
  Packet* p = f.p;
  if (p->dst_term != term) fail(fmt::format("a flit for terminal {} reached terminal {}", p->dst_term, term));
  if (f.seq() == 0) p->hop = routers_left(f);  // for the tail flit
  auto& sc = scratch();
  auto& k = sc.k;
  --k.in_net;
  ++k.win_flits;
  if (measuring_) ++acc_[term];
  if (f.seq() + 1 < n_.F) return;
  auto& s = stats_[r];
  ++s.delivered;
  ++k.delivered;
  k.delivered_created_at += p->created;
  const auto latency = now_ - p->created;
  ++k.win_delivered;
  k.win_latency += latency;
  if (p->measured) {
    ++k.measured_delivered;
    auto& m = sc.measured;
    m.packet_latency.add(std::uint32_t(latency));
    m.network_latency.add(std::uint32_t(now_ - p->injected));
    const std::size_t hops = p->hop ? p->hop - 1 : 0;  // the last router-to-terminal step is not a hop
    const auto link_cycles = n_.link_latency == none32 ? p->link_cycles : hops * n_.link_latency;
    const double zero = zero_load_latency(n_, std::uint32_t(hops), link_cycles);
    if (double(latency) < zero - 1e-9)
      fail(fmt::format("a packet of {} hops took {} cycles, below the zero-load {}", hops, latency, zero));
    m.queueing.add(std::uint32_t(double(latency) - zero));
    if (m.hops.size() <= hops) m.hops.resize(hops + 1, 0);
    ++m.hops[hops];
  }
  sc.spare[p->size_class].push_back(p);
}

void Engine::batch_load() {
  // Every terminal sends M packets and receives M: round i sends along a random permutation (CLEX §III). The
  // permutations' generator is seeded with the first draw of terminal 0's, which the rank that runs terminal 0 takes
  // from it (as one process does) and every other rank makes alike.
  const auto t_lo = n_.term_off[rank_lo_], t_hi = n_.term_off[rank_hi_];
  std::uint64_t seed = 1;
  if (n_.terminals() > 0) {
    seed = Rng(terminal_seed(0))();
    if (t_lo == 0 && t_hi > 0) trng_[0]();
  }
  Rng rng(seed ^ 0xBA7C4ull);
  const auto terms = n_.terminals(), M = o_.messages;
  if (terms > none32) throw InputError(fmt::format("--messages: {} terminals, more than batch mode takes", terms));
  std::vector<std::uint64_t> pi(terms);
  batch_dst_.resize(M * (t_hi - t_lo));  // this rank's terminals' destinations
  for (std::uint64_t m = 0; m < M; ++m) {
    for (std::uint64_t i = 0; i < terms; ++i) pi[i] = i;
    rng.shuffle(pi.data(), terms);
    for (auto s = t_lo; s < t_hi; ++s) batch_dst_[m * (t_hi - t_lo) + (s - t_lo)] = std::uint32_t(pi[s]);
  }
  batch_next_ = ZeroedArray<std::uint64_t>(terms, true);
  batch_created_ = now_;
  // Counted as new_packet counts the packets it makes, all of them now.
  for (auto s = t_lo; s < t_hi; ++s) {  // this rank's terminals
    stats_[n_.router_of(s)].injected += M;
    gen_[s] += M * n_.F;
    ++term_work_[n_.router_of(s)];
  }
  auto& k = scratch().k;
  k.created += M * terms;
  k.measured_created += M * terms;
  k.created_at += now_ * M * terms;
}

}  // namespace topo::sim
