// A load point split over processes (engine_internal.hpp, across_ranks): the flits and credits that cross from
// one rank's routers to another's, sent every lookahead period with the blocks of the packets whose heads cross;
// the flit counts of the input ports a rank's routers feed, for UGAL's waiting queues, every cycle; the cycle's
// counts added over the ranks; and the point's figures and deadlock report put together from every rank's
// routers (every rank's counts themselves only for the channel loads, which list every channel). Every rank's
// routers draw from their own generators and the counts are integers, so the result is the same as one process's
// for any number of ranks.
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cstring>

#include "engine_internal.hpp"

namespace topo::sim {

namespace {

template <class T>
void put(std::string& out, const T& x) {
  out.append(reinterpret_cast<const char*>(&x), sizeof x);
}

template <class T>
T take(const std::string& in, std::size_t& at) {
  T x;
  std::memcpy(&x, in.data() + at, sizeof x);
  at += sizeof x;
  return x;
}

}  // namespace

int Engine::rank_of(node_id r) const {
  return int(std::upper_bound(rank_first_.begin(), rank_first_.end(), r) - rank_first_.begin() - 1);
}

void Engine::exchange() {
  const auto ranks = std::size_t(ranks_->size());
  auto& sc = scratch();
  const std::size_t route_bytes = n_.narrow_routes ? 4 : 8;
  const auto block_bytes = [&](const Packet& p) { return sizeof(Packet) + Packet::room(p.size_class) * route_bytes; };
  // To each rank: its flits (cycle due, channel, VC, tag, and after a head its packet's block), then its credits,
  // each list after its count, which is written when the list is complete.
  std::vector<std::string> to(ranks);
  std::vector<std::uint64_t> count(ranks), count_at(ranks);
  const auto start_lists = [&] {
    for (std::size_t k = 0; k < ranks; ++k) {
      count[k] = 0;
      count_at[k] = to[k].size();
      put(to[k], count[k]);
    }
  };
  const auto end_lists = [&] {
    for (std::size_t k = 0; k < ranks; ++k) std::memcpy(to[k].data() + count_at[k], &count[k], sizeof count[k]);
  };
  start_lists();
  for (auto& out : out_flits_) {
    for (const auto& [at, a] : out) {
      const auto k = std::size_t(rank_of(n_.chans[a.c].dst));
      auto& b = to[k];
      ++count[k];
      put(b, at);
      put(b, a.c);
      put(b, a.vc);
      put(b, a.f.tag);
      if (a.f.seq() == 0) b.append(reinterpret_cast<const char*>(a.f.p), block_bytes(*a.f.p));
      if (a.f.seq() + 1 == n_.F) sc.spare[a.f.p->size_class].push_back(a.f.p);  // its last flit has left this rank
    }
    out.clear();
  }
  end_lists();
  start_lists();
  for (auto& out : out_credits_) {
    for (const auto& [at, counter] : out) {
      const auto k = std::size_t(rank_of(credit_sender(counter)));
      ++count[k];
      put(to[k], at);
      put(to[k], counter);
    }
    out.clear();
  }
  end_lists();
  for (std::size_t k = 0; k < ranks; ++k)
    if (int(k) != ranks_->rank()) exchanged_ += to[k].size();
  const auto from = ranks_->exchange(to);
  for (std::size_t k = 0; k < ranks; ++k) {
    if (int(k) == ranks_->rank()) continue;
    const auto& in = from[k];
    std::size_t at = 0;
    for (auto i = take<std::uint64_t>(in, at); i > 0; --i) {
      const auto when = take<std::uint64_t>(in, at);
      FlitArrival a;
      a.c = n_.received_channel(take<std::uint32_t>(in, at));
      a.vc = take<std::uint32_t>(in, at);
      a.f.tag = take<std::uint64_t>(in, at);
      if (when <= now_ || when > now_ + wheel_mask_) fail("a flit from another rank due outside the timing wheel");
      const auto key = std::uint64_t(a.c) * n_.V + a.vc;
      if (a.f.seq() == 0) {  // the packet's block, into a block of this rank's
        Packet header;
        std::memcpy(&header, in.data() + at, sizeof header);
        a.f.p = new_block(header.size_class, sc);
        const auto bytes = block_bytes(header);
        std::memcpy(static_cast<void*>(a.f.p), in.data() + at, bytes);
        at += bytes;
        a.f.p->next = nullptr;
        if (n_.F > 1 && !entering_.emplace(key, a.f.p).second)
          fail("a head flit from another rank on a VC whose packet has not ended");
      } else {
        const auto it = entering_.find(key);
        if (it == entering_.end()) fail("a body flit from another rank without its head");
        a.f.p = it->second;
        if (a.f.seq() + 1 == n_.F) entering_.erase(it);
      }
      flits_due_[due(threads_, owner(n_.chans[a.c].dst), when)].push_back(a);
    }
    for (auto i = take<std::uint64_t>(in, at); i > 0; --i) {
      const auto when = take<std::uint64_t>(in, at);
      const auto counter = take<std::uint64_t>(in, at);
      if (when <= now_ || when > now_ + wheel_mask_) fail("a credit from another rank due outside the timing wheel");
      credits_due_[due(threads_, owner(credit_sender(counter)), when)].push_back(counter);
    }
  }
}

void Engine::share_port_snapshots() {
  const auto ranks = std::size_t(ranks_->size());
  std::vector<std::string> to(ranks);
  for (std::size_t k = 0; k < ranks; ++k)
    for (const auto ip : snapshots_out_[k]) put(to[k], port_flits_[ip]);
  const auto from = ranks_->exchange(to);
  for (std::size_t k = 0; k < ranks; ++k) {
    std::size_t at = 0;
    if (from[k].size() != snapshots_in_[k].size() * sizeof(std::uint32_t))
      fail("another rank's port snapshots are not those of the ports this rank feeds");
    for (const auto ip : snapshots_in_[k]) port_flits_[ip] = take<std::uint32_t>(from[k], at);
  }
}

bool Engine::sum_counts(Counts& k, std::uint64_t& busy_ports, std::uint64_t& busy_vcs, bool failed) {
  std::array<std::uint64_t, 14> v = {k.moved,
                                     k.win_delivered,
                                     k.win_latency,
                                     k.win_flits,
                                     k.measured_created,
                                     k.measured_delivered,
                                     k.delivered,
                                     k.created,
                                     std::uint64_t(k.in_net),  // added modulo 2^64: the signed sum
                                     k.created_at,
                                     k.delivered_created_at,
                                     busy_ports,
                                     busy_vcs,
                                     failed ? 1u : 0u};
  ranks_->sum(v);
  k = {v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], std::int64_t(v[8]), v[9], v[10]};
  busy_ports = v[11];
  busy_vcs = v[12];
  return v[13] > 0;
}

std::pair<std::size_t, std::size_t> Engine::sent_by(int rank) const {
  return n_.sent_by(rank_first_[std::size_t(rank)], rank_first_[std::size_t(rank) + 1]);
}

std::array<Engine::CountsPart, 5> Engine::counts_of(int rank) {
  const auto lo = rank_first_[std::size_t(rank)], hi = rank_first_[std::size_t(rank) + 1];
  const auto t0 = n_.term_off[lo], t1 = n_.term_off[hi];
  const auto [c0, c1] = sent_by(rank);
  const auto part = [](auto* first, std::size_t count) {
    return CountsPart{reinterpret_cast<char*>(first), count * sizeof *first};
  };
  // A channel's counts are its sender's: its routers' terminals' two channels, and the network channels from its
  // routers.
  return {part(acc_.data() + t0, t1 - t0), part(gen_.data() + t0, t1 - t0), part(stats_.data() + lo, hi - lo),
          part(sent_.data() + 2 * t0, 2 * (t1 - t0)), part(sent_.data() + c0, c1 - c0)};
}

namespace {

/// Calls f(bytes, count) for the pieces of `parts`, taken as one run of bytes, that are in [from, from + count).
template <class Parts, class F>
void for_bytes(const Parts& parts, std::size_t from, std::size_t count, F&& f) {
  for (const auto& part : parts) {
    if (count == 0) return;
    if (from >= part.bytes) {
      from -= part.bytes;
      continue;
    }
    const auto n = std::min(count, part.bytes - from);
    f(part.first + from, n);
    count -= n;
    from = 0;
  }
}

}  // namespace

void Engine::share_counts() {
  // This rank's terminals', routers' and channels' counts go to every other rank in rounds of at most round_bytes a
  // rank: gathered at once, they would take twice the size of the whole network's counts on every rank (a 32^4
  // torus: 2 x 96 MiB) beside the arrays they fill.
  constexpr std::size_t round_bytes = std::size_t{4} << 20;
  const auto ranks = ranks_->size();
  const auto total = [](const std::array<CountsPart, 5>& parts) {
    std::size_t bytes = 0;
    for (const auto& part : parts) bytes += part.bytes;
    return bytes;
  };
  std::size_t most = 0;
  for (int k = 0; k < ranks; ++k) most = std::max(most, total(counts_of(k)));
  const auto mine = counts_of(ranks_->rank());
  std::string round;
  for (std::size_t from = 0; from < most; from += round_bytes) {
    round.clear();
    for_bytes(mine, from, round_bytes, [&](const char* bytes, std::size_t count) { round.append(bytes, count); });
    const auto all = ranks_->all_gather(round);
    for (int k = 0; k < ranks; ++k) {
      if (k == ranks_->rank()) continue;
      const char* in = all.bytes.data() + all.start[std::size_t(k)];
      for_bytes(counts_of(k), from, round_bytes, [&](char* bytes, std::size_t count) {
        std::memcpy(bytes, in, count);
        in += count;
      });
    }
  }
}

void Engine::share_results(PointResult& res) {
  std::uint64_t exchanged = exchanged_;
  ranks_->sum({&exchanged, 1});
  res.exchanged_bytes = exchanged;
  if (o_.channel_loads) share_counts();
  // The measured packets of this rank's threads, in scratch_[0], then every other rank's, in rank order.
  auto& m = scratch_[0].measured;
  for (std::size_t t = 1; t < scratch_.size(); ++t) {
    m.merge(scratch_[t].measured);
    scratch_[t].measured = PacketStats{};
  }
  std::string packed;
  m.pack(packed);
  const auto all = ranks_->all_gather(packed);
  for (std::size_t k = 0; k + 1 < all.start.size(); ++k) {
    if (int(k) == ranks_->rank()) continue;
    std::size_t at = all.start[k];
    m.merge_packed(all.bytes, at);
  }
}

void Engine::share_deadlock(std::vector<Deadlock::Channel>& channels, std::vector<PacketKey>& stuck) const {
  std::string bytes;
  parallel::pack<Deadlock::Channel>(bytes, channels);
  parallel::pack<PacketKey>(bytes, stuck);
  const auto all = ranks_->all_gather(bytes);
  channels.clear();
  stuck.clear();
  for (std::size_t k = 0; k + 1 < all.start.size(); ++k) {  // in rank order: channels listed by router, as alone
    std::size_t at = all.start[k];
    for (const auto& c : parallel::unpack<Deadlock::Channel>(all.bytes, at))
      if (channels.size() < Deadlock::channels_listed) channels.push_back(c);
    const auto theirs = parallel::unpack<PacketKey>(all.bytes, at);
    stuck.insert(stuck.end(), theirs.begin(), theirs.end());
  }
}

}  // namespace topo::sim
