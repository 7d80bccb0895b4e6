// CLEX algorithm A(1) on one clique (CLEX §II-D and the modifications of §III), one function per phase:
// the direct round, then relay phases (copies sent to relays, one copy per relay and target kept, delivery after
// a handshake in dense traffic or directly in light traffic) until every message has arrived.
#include <algorithm>
#include <cmath>

#include "sim/clex/clex_engine_internal.hpp"

namespace topo::sim::detail {

// One A(1) instance: the clique of nodes base..base+k-1 and its m messages b[0..m).
struct Engine::Clique {
  std::uint32_t base;
  Msg* b;
  std::uint32_t m;
  std::uint64_t id;
  Rng rng;
  LevelAcc& st;
  std::uint64_t mean_offset = 0;  // rounds left out of the mean rounds (the dense handshake)
  std::uint32_t clock = 1;        // rounds so far

  std::uint32_t src(std::uint32_t i) const { return b[i].cur - base; }
  std::uint32_t dst(std::uint32_t i) const { return b[i].tgt[0] - base; }
};

void Engine::deliver(Clique& c, std::uint32_t i, std::uint32_t round, std::uint32_t hops) {
  c.b[i].cur = c.b[i].tgt[0];
  stamp_[i] = 1;
  c.st.round_sum += round - c.mean_offset;
  c.st.hop_sum += hops;
}

// A(1) on the clique of nodes base..base+k-1 (CLEX §II-D and the modifications of §III).
void Engine::clique(std::uint32_t base, Msg* b, Msg* e, std::uint64_t id) {
  const auto m = static_cast<std::uint32_t>(e - b);
  auto& st = acc.lv[0];
  Acc::add_at(acc.remaining, 0, m);
  if (m == 0) {
    Acc::add_at(acc.phases, 0, 1);
    return;
  }
  Clique c{base, b, m, id, Rng(id), st};
  stamp_.assign(m, 0);  // 1 = delivered

  clique_direct(c);
  std::uint32_t phase = 1;
  if (!rem_.empty() && p_.dense) {
    // Request and acknowledge before the first relay phase; later handshakes overlap the previous
    // phase's payload rounds (1 + 2p rounds for p phases: CLEX §III-A, "1 + 2 log* 32 = 7").
    c.clock += 2;
    if (!p_.handshake_in_mean) c.mean_offset = 2;
  }
  double kcopies = 1;  // k(1) = 1
  perm_.resize(p_.k);
  while (!rem_.empty()) {
    ++phase;
    std::uint32_t copies =
        static_cast<std::uint32_t>(p_.ceil_copies ? std::ceil(kcopies - 1e-12) : std::floor(kcopies + 1e-12));
    copies = std::max(copies, 1u);
    const std::uint32_t send_rounds = clique_send_copies(c, copies);
    clique_pick_per_relay(c);
    if (p_.dense)
      clique_relay_dense(c, send_rounds);
    else
      clique_relay_light(c, send_rounds);
    std::size_t keep = 0;
    for (std::uint32_t i : rem_)
      if (stamp_[i] == 0) rem_[keep++] = i;
    rem_.resize(keep);
    Acc::add_at(acc.remaining, phase, rem_.size());
    // CLEX §II-D step 4: k(i+1) = min{k(i) e^(floor(k(i))/5), sqrt(log n)}.
    kcopies = std::min(kcopies * std::exp(std::floor(kcopies) / 5.0), p_.copy_cap);
  }
  Acc::add_at(acc.phases, phase, 1);
  st.max_rounds = std::max(st.max_rounds, c.clock);
}

// Phase 1: along every link one message for that neighbour, if there is one; self-loops included.
// The others are left in rem_.
void Engine::clique_direct(Clique& c) {
  const std::uint32_t k = p_.k, m = c.m, kk = k * k;
  cnt_.assign(std::size_t(kk) + 1, 0);
  for (std::uint32_t i = 0; i < m; ++i) ++cnt_[c.src(i) * k + c.dst(i) + 1];
  for (std::uint32_t x = 0; x < kk; ++x) cnt_[x + 1] += cnt_[x];
  idx_.resize(m);
  pos_.assign(cnt_.begin(), cnt_.end() - 1);
  for (std::uint32_t i = 0; i < m; ++i) idx_[pos_[c.src(i) * k + c.dst(i)]++] = i;
  rem_.clear();
  for (std::uint32_t x = 0; x < kk; ++x) {
    const std::uint32_t lo = cnt_[x], n = cnt_[x + 1] - lo;
    if (n == 0) continue;
    const auto pick = static_cast<std::uint32_t>(lo + c.rng.below(n));
    for (std::uint32_t y = lo; y < cnt_[x + 1]; ++y)
      if (y != pick) rem_.push_back(idx_[y]);
    const std::uint32_t i = idx_[pick];
    event(1, c.id, 1, c.b[i].cur, c.b[i].tgt[0], c.b[i].id, false, true);
    ++c.st.link_use_sum;
    deliver(c, i, 1, 1);
  }
  Acc::add_at(acc.remaining, 1, rem_.size());
}

// Distribute `copies` copies (requests) of each node's remaining messages over all k nodes, every
// node getting the same number up to one (CLEX §II-D step 1); block s/k goes out in send round s/k+1.
// Leaves the relay slots in entries_; returns the send rounds light traffic used (0 for dense).
std::uint32_t Engine::clique_send_copies(Clique& c, std::uint32_t copies) {
  const std::uint32_t k = p_.k;
  std::sort(rem_.begin(), rem_.end(),
            [&](std::uint32_t x, std::uint32_t y) { return c.src(x) != c.src(y) ? c.src(x) < c.src(y) : x < y; });
  entries_.clear();
  std::uint32_t send_rounds = 0;
  for (std::size_t a = 0; a < rem_.size();) {
    std::size_t z = a;
    const std::uint32_t v = c.src(rem_[a]);
    while (z < rem_.size() && c.src(rem_[z]) == v) ++z;
    idx_.clear();
    for (std::size_t y = a; y < z; ++y)
      for (std::uint32_t x = 0; x < copies; ++x) idx_.push_back(rem_[y]);
    c.rng.shuffle(idx_.data(), idx_.size());
    const auto ncopies = static_cast<std::uint32_t>(idx_.size());
    for (std::uint32_t s = 0; s < ncopies; ++s) {
      if (s % k == 0) {
        for (std::uint32_t j = 0; j < k; ++j) perm_[j] = j;
        c.rng.shuffle(perm_.data(), k);
      }
      const std::uint32_t i = idx_[s], relay = perm_[s % k];
      entries_.push_back(Entry{relay, c.dst(i), i});
      if (!p_.dense) {  // light: the copy itself travels now
        event(1, c.id, c.clock + s / k + 1, c.base + v, c.base + relay, c.b[i].id, true, false);
        ++c.st.link_use_sum;
      }
    }
    if (!p_.dense) send_rounds = std::max(send_rounds, (ncopies + k - 1) / k);
    a = z;
  }
  return send_rounds;
}

// Every relay forwards (light) or accepts (dense) one copy per target, chosen at random: entries_
// keeps those.
void Engine::clique_pick_per_relay(Clique& c) {
  const std::uint32_t k = p_.k, kk = k * k;
  cnt_.assign(std::size_t(kk) + 1, 0);
  for (const auto& en : entries_) ++cnt_[en.relay * k + en.target + 1];
  for (std::uint32_t x = 0; x < kk; ++x) cnt_[x + 1] += cnt_[x];
  chosen_.resize(entries_.size());
  pos_.assign(cnt_.begin(), cnt_.end() - 1);
  for (const auto& en : entries_) chosen_[pos_[en.relay * k + en.target]++] = en;
  entries_.clear();
  for (std::uint32_t x = 0; x < kk; ++x) {
    const std::uint32_t lo = cnt_[x], n = cnt_[x + 1] - lo;
    if (n) entries_.push_back(chosen_[lo + c.rng.below(n)]);
  }
}

// Dense traffic: the sender of a message acknowledged by several relays uses one of them, at random;
// then it sends the message (link src->relay may carry several) and the relay forwards it.
void Engine::clique_relay_dense(Clique& c, std::uint32_t send_rounds) {
  const std::uint32_t k = p_.k, kk = k * k;
  c.rng.shuffle(entries_.data(), entries_.size());
  chosen_.clear();
  for (const auto& en : entries_)
    if (stamp_[en.msg] == 0) {
      stamp_[en.msg] = 2;
      chosen_.push_back(en);
    }
  link_.assign(std::size_t(kk), 0);
  std::vector<std::uint32_t>& sround = idx_;
  sround.resize(chosen_.size());
  for (std::size_t x = 0; x < chosen_.size(); ++x) {
    const auto& en = chosen_[x];
    sround[x] = ++link_[c.src(en.msg) * k + en.relay];
    send_rounds = std::max(send_rounds, sround[x]);
  }
  for (std::size_t x = 0; x < chosen_.size(); ++x) {
    const auto& en = chosen_[x];
    event(1, c.id, c.clock + sround[x], c.b[en.msg].cur, c.base + en.relay, c.b[en.msg].id, false, false);
    event(1, c.id, c.clock + send_rounds + 1, c.base + en.relay, c.base + en.target, c.b[en.msg].id, false, true);
    c.st.link_use_sum += 2;
  }
  c.clock += send_rounds + 1;
  for (const auto& en : chosen_) deliver(c, en.msg, c.clock, 2);
}

// Light traffic: each relay forwards its copies; the first copy of a message to arrive delivers it, the
// others are duplicates.
void Engine::clique_relay_light(Clique& c, std::uint32_t send_rounds) {
  c.clock += send_rounds + 1;
  for (const auto& en : entries_) {
    ++c.st.link_use_sum;
    const bool first = stamp_[en.msg] == 0;
    event(1, c.id, c.clock, c.base + en.relay, c.base + en.target, c.b[en.msg].id, false, first);
    if (first)
      deliver(c, en.msg, c.clock, 2);
    else
      ++acc.duplicates;
  }
}

}  // namespace topo::sim::detail
