// CLEX algorithm A(l), simulated as in CLEX §III: recursive calls run one after another, each
// instance counts its own rounds. See topo/sim/clex.hpp and doc/definitions.md §7.1.
#include "topo/sim/clex.hpp"

#include <fmt/format.h>
#include <omp.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

#include "topo/errors.hpp"

namespace topo::sim {

namespace {

constexpr int kMaxLevels = 5;

// One message in flight. tgt[l-1] is the target of the A(l) call the message is in: tgt[L-1] is its
// destination, lower entries are the gateways chosen by the enclosing calls.
struct Msg {
  std::uint32_t cur;
  std::uint32_t id;
  std::uint32_t tgt[kMaxLevels];
};

std::uint64_t splitmix(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

std::uint64_t hash(std::uint64_t x) {
  return splitmix(x);
}

// Every instance has an id derived from its place in the recursion (parent, step, copy), and its
// own generator seeded by that id: results do not depend on which thread runs which instance.
std::uint64_t child_id(std::uint64_t parent, std::uint32_t step, std::uint32_t copy) {
  return hash(parent ^ hash((std::uint64_t(step) << 32) | copy));
}

// xoshiro256**
class Rng {
 public:
  explicit Rng(std::uint64_t seed) {
    for (auto& w : s_) w = splitmix(seed);
  }
  std::uint64_t next() {
    const std::uint64_t result = rotl(s_[1] * 5, 7) * 9, t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }
  // The modulo bias is below n / 2^64: irrelevant for n < 2^32.
  std::uint32_t below(std::uint64_t n) { return static_cast<std::uint32_t>(next() % n); }
  template <class T>
  void shuffle(T* b, std::size_t n) {
    for (std::size_t i = n; i > 1; --i) std::swap(b[i - 1], b[below(i)]);
  }

 private:
  static std::uint64_t rotl(std::uint64_t x, int r) { return (x << r) | (x >> (64 - r)); }
  std::array<std::uint64_t, 4> s_{};
};

struct Params {
  std::uint32_t k = 0;
  int L = 0;
  std::array<std::uint64_t, kMaxLevels + 1> pow{};  // pow[d] = k^d
  bool dense = true;
  bool ceil_copies = true;
  double copy_cap = 1;
  bool handshake_in_mean = false;
  bool random_spread = true;
  std::vector<ClexEvent>* audit = nullptr;

  std::uint32_t digit(std::uint32_t node, int d) const {  // d = 1..L
    return static_cast<std::uint32_t>((node / pow[std::size_t(d - 1)]) % k);
  }
};

struct LevelAcc {
  std::uint64_t round_sum = 0, hop_sum = 0, link_use_sum = 0, instances = 0, max_count = 0;
  std::uint32_t max_rounds = 0;
};

struct Acc {
  std::array<LevelAcc, kMaxLevels> lv{};
  std::vector<std::uint64_t> remaining;  // Figure 3: after phase p of A(1), summed
  std::vector<std::uint64_t> phases;     // A(1) instances by number of phases
  std::uint64_t duplicates = 0;

  static void add_at(std::vector<std::uint64_t>& v, std::size_t i, std::uint64_t x) {
    if (v.size() <= i) v.resize(i + 1, 0);
    v[i] += x;
  }
  void merge(const Acc& o) {
    for (std::size_t l = 0; l < lv.size(); ++l) {
      auto& a = lv[l];
      const auto& b = o.lv[l];
      a.round_sum += b.round_sum;
      a.hop_sum += b.hop_sum;
      a.link_use_sum += b.link_use_sum;
      a.instances += b.instances;
      a.max_count = std::max(a.max_count, b.max_count);
      a.max_rounds = std::max(a.max_rounds, b.max_rounds);
    }
    for (std::size_t i = 0; i < o.remaining.size(); ++i) add_at(remaining, i, o.remaining[i]);
    for (std::size_t i = 0; i < o.phases.size(); ++i) add_at(phases, i, o.phases[i]);
    duplicates += o.duplicates;
  }
};

// A relay slot of a phase of A(1): a copy (light) or request (dense) of message `msg` at `relay`.
struct Entry {
  std::uint32_t relay, target, msg;
};

// One worker: its statistics and its scratch buffers, reused by every instance it runs so that no
// memory is allocated per message.
class Engine {
 public:
  explicit Engine(const Params& p) : p_(p) {}

  void run(int l, std::uint32_t base, Msg* b, Msg* e, std::uint64_t id, std::vector<Engine>* team);

  Acc acc;

 private:
  template <class Key>
  void group(Msg* b, Msg* e, std::uint32_t nkeys, Key key, std::vector<std::uint32_t>& off);
  void clique(std::uint32_t base, Msg* b, Msg* e, std::uint64_t id);
  void spread(int l, std::uint32_t base, Msg* b, Msg* e, std::uint64_t id, Rng& rng);
  void event(int level, std::uint64_t inst, std::uint32_t round, std::uint32_t from, std::uint32_t to,
             std::uint32_t msg, bool copy, bool accepted) {
    if (p_.audit)
      p_.audit->push_back(ClexEvent{static_cast<std::uint8_t>(level), inst, round, from, to, msg, copy, accepted});
  }

  const Params& p_;
  std::vector<Msg> scratch_;
  std::array<std::vector<std::uint32_t>, kMaxLevels + 1> off_;
  std::vector<std::uint32_t> pos_, idx_, rem_, stamp_, cnt_, link_, perm_;
  std::vector<Entry> entries_, chosen_;
};

// Stable counting sort of [b, e) by key, using the engine's scratch; off gets the bucket offsets.
template <class Key>
void Engine::group(Msg* b, Msg* e, std::uint32_t nkeys, Key key, std::vector<std::uint32_t>& off) {
  const auto m = static_cast<std::size_t>(e - b);
  off.assign(std::size_t(nkeys) + 1, 0);
  for (Msg* x = b; x != e; ++x) ++off[std::size_t(key(*x)) + 1];
  for (std::size_t i = 0; i < nkeys; ++i) off[i + 1] += off[i];
  if (scratch_.size() < m) scratch_.resize(m);
  pos_.assign(off.begin(), off.end() - 1);
  for (Msg* x = b; x != e; ++x) scratch_[pos_[key(*x)]++] = *x;
  std::copy(scratch_.begin(), scratch_.begin() + static_cast<std::ptrdiff_t>(m), b);
}

// A(l) on the level-l copy whose smallest node is `base`, for the messages [b, e) (all inside it).
void Engine::run(int l, std::uint32_t base, Msg* b, Msg* e, std::uint64_t id, std::vector<Engine>* team) {
  auto& st = acc.lv[std::size_t(l - 1)];
  const auto count = static_cast<std::uint64_t>(e - b);
  ++st.instances;
  st.max_count = std::max(st.max_count, count);
  if (l == 1) {
    clique(base, b, e, id);
    return;
  }
  const std::uint32_t k = p_.k;
  const auto sub = static_cast<std::uint32_t>(p_.pow[std::size_t(l - 1)]);    // nodes per copy
  const auto inner = static_cast<std::uint32_t>(p_.pow[std::size_t(l - 2)]);  // gateways per (copy, copy)
  Rng rng(id);
  auto& off = off_[std::size_t(l)];
  const std::size_t ti = std::size_t(l - 2);  // index of the sub-call's target

  // Run A(l-1) in every copy on the groups of `off`; threads only at the top level.
  auto recurse = [&](std::uint32_t step) {
    const bool parallel = team && team->size() > 1;
    if (parallel) {
#pragma omp parallel for schedule(dynamic, 1) num_threads(static_cast <int>(team->size()))
      for (std::int64_t i = 0; i < std::int64_t(k); ++i) {
        const auto c = static_cast<std::uint32_t>(i);
        (*team)[std::size_t(omp_get_thread_num())].run(l - 1, base + c * sub, b + off[c], b + off[c + 1],
                                                       child_id(id, step, c), nullptr);
      }
    } else {
      for (std::uint32_t c = 0; c < k; ++c)
        run(l - 1, base + c * sub, b + off[c], b + off[c + 1], child_id(id, step, c), nullptr);
    }
  };

  // Step 1 (CLEX §II-D): move each message to a gateway of its copy towards the destination copy,
  // chosen u.i.r. among the k^(l-2) valid ones: (u1..u_{l-2}, c, i, rest).
  for (Msg* x = b; x != e; ++x) {
    const std::uint32_t i = p_.digit(x->cur, l), c = p_.digit(x->tgt[ti + 1], l);
    x->tgt[ti] = base + i * sub + c * inner + (inner > 1 ? rng.below(inner) : 0);
  }
  group(
      b, e, k, [&](const Msg& m) { return p_.digit(m.cur, l); }, off);
  recurse(1);

  // Step 2: every gateway forwards over its k level-l links.
  spread(l, base, b, e, id, rng);

  // Step 3: A(l-1) in every destination copy delivers to the targets of this call.
  for (Msg* x = b; x != e; ++x) x->tgt[ti] = x->tgt[ti + 1];
  group(
      b, e, k, [&](const Msg& m) { return p_.digit(m.cur, l); }, off);
  recurse(3);
}

// Step 2 of A(l): gateway g = (u, c, i, rest) sends over its links to (u, j, c, rest), j in [0,k),
// balancing: each link gets floor(X/k) or one more, the links that get one more chosen at random
// (CLEX §III-A, second modification), and the messages matched to links at random.
void Engine::spread(int l, std::uint32_t base, Msg* b, Msg* e, std::uint64_t id, Rng& rng) {
  const std::uint32_t k = p_.k;
  const auto sub = static_cast<std::uint32_t>(p_.pow[std::size_t(l - 1)]);
  const auto inner = static_cast<std::uint32_t>(p_.pow[std::size_t(l - 2)]);
  const auto nodes = static_cast<std::uint32_t>(p_.pow[std::size_t(l)]);
  auto& st = acc.lv[std::size_t(l - 1)];
  auto& off = off_[std::size_t(l)];
  group(
      b, e, nodes, [&](const Msg& m) { return m.cur - base; }, off);
  perm_.resize(k);
  for (std::uint32_t g = 0; g < nodes; ++g) {
    const std::uint32_t X = off[g + 1] - off[g];
    if (X == 0) continue;
    Msg* mb = b + off[g];
    const std::uint32_t gnode = base + g, c = p_.digit(gnode, l - 1), u = g % inner;
    const std::uint32_t q = X / k, r = X % k;
    for (std::uint32_t j = 0; j < k; ++j) perm_[j] = j;
    if (p_.random_spread) {
      rng.shuffle(perm_.data(), k);
      rng.shuffle(mb, X);
    }
    st.max_rounds = std::max(st.max_rounds, q + (r ? 1u : 0u));
    for (std::uint32_t s = 0; s < X; ++s) {
      const std::uint32_t round = s < q * k ? s / k + 1 : q + 1;
      const std::uint32_t j = s < q * k ? s % k : perm_[s - q * k];
      const std::uint32_t to = base + c * sub + j * inner + u;
      event(l, id, round, gnode, to, mb[s].id, false, true);
      mb[s].cur = to;
      st.round_sum += round;
      ++st.hop_sum;
      ++st.link_use_sum;
    }
  }
}

// A(1) on the clique of nodes base..base+k-1 (CLEX §II-D and the modifications of §III).
void Engine::clique(std::uint32_t base, Msg* b, Msg* e, std::uint64_t id) {
  const std::uint32_t k = p_.k;
  const auto m = static_cast<std::uint32_t>(e - b);
  auto& st = acc.lv[0];
  Acc::add_at(acc.remaining, 0, m);
  if (m == 0) {
    Acc::add_at(acc.phases, 0, 1);
    return;
  }
  Rng rng(id);
  auto src = [&](std::uint32_t i) { return b[i].cur - base; };
  auto dst = [&](std::uint32_t i) { return b[i].tgt[0] - base; };
  stamp_.assign(m, 0);  // 1 = delivered
  std::uint64_t mean_offset = 0;
  auto deliver = [&](std::uint32_t i, std::uint32_t round, std::uint32_t hops) {
    b[i].cur = b[i].tgt[0];
    stamp_[i] = 1;
    st.round_sum += round - mean_offset;
    st.hop_sum += hops;
  };

  // Phase 1: along every link one message for that neighbour, if there is one; self-loops included.
  const std::uint32_t kk = k * k;
  cnt_.assign(std::size_t(kk) + 1, 0);
  for (std::uint32_t i = 0; i < m; ++i) ++cnt_[src(i) * k + dst(i) + 1];
  for (std::uint32_t x = 0; x < kk; ++x) cnt_[x + 1] += cnt_[x];
  idx_.resize(m);
  pos_.assign(cnt_.begin(), cnt_.end() - 1);
  for (std::uint32_t i = 0; i < m; ++i) idx_[pos_[src(i) * k + dst(i)]++] = i;
  rem_.clear();
  for (std::uint32_t x = 0; x < kk; ++x) {
    const std::uint32_t lo = cnt_[x], n = cnt_[x + 1] - lo;
    if (n == 0) continue;
    const std::uint32_t pick = lo + rng.below(n);
    for (std::uint32_t y = lo; y < cnt_[x + 1]; ++y)
      if (y != pick) rem_.push_back(idx_[y]);
    const std::uint32_t i = idx_[pick];
    event(1, id, 1, b[i].cur, b[i].tgt[0], b[i].id, false, true);
    ++st.link_use_sum;
    deliver(i, 1, 1);
  }
  Acc::add_at(acc.remaining, 1, rem_.size());
  std::uint32_t clock = 1, phase = 1;
  if (!rem_.empty() && p_.dense) {
    // Request and acknowledge before the first relay phase; later handshakes overlap the previous
    // phase's payload rounds (1 + 2p rounds for p phases: CLEX §III-A, "1 + 2 log* 32 = 7").
    clock += 2;
    if (!p_.handshake_in_mean) mean_offset = 2;
  }
  double kcopies = 1;  // k(1) = 1
  perm_.resize(k);
  while (!rem_.empty()) {
    ++phase;
    std::uint32_t copies =
        static_cast<std::uint32_t>(p_.ceil_copies ? std::ceil(kcopies - 1e-12) : std::floor(kcopies + 1e-12));
    copies = std::max(copies, 1u);
    // Distribute the copies (requests) of each node's remaining messages over all k nodes, every
    // node getting the same number up to one (CLEX §II-D step 1); block s/k goes out in send round s/k+1.
    std::sort(rem_.begin(), rem_.end(),
              [&](std::uint32_t x, std::uint32_t y) { return src(x) != src(y) ? src(x) < src(y) : x < y; });
    entries_.clear();
    std::uint32_t send_rounds = 0;
    for (std::size_t a = 0; a < rem_.size();) {
      std::size_t z = a;
      const std::uint32_t v = src(rem_[a]);
      while (z < rem_.size() && src(rem_[z]) == v) ++z;
      idx_.clear();
      for (std::size_t y = a; y < z; ++y)
        for (std::uint32_t c = 0; c < copies; ++c) idx_.push_back(rem_[y]);
      rng.shuffle(idx_.data(), idx_.size());
      const auto ncopies = static_cast<std::uint32_t>(idx_.size());
      for (std::uint32_t s = 0; s < ncopies; ++s) {
        if (s % k == 0) {
          for (std::uint32_t j = 0; j < k; ++j) perm_[j] = j;
          rng.shuffle(perm_.data(), k);
        }
        const std::uint32_t i = idx_[s], relay = perm_[s % k];
        entries_.push_back(Entry{relay, dst(i), i});
        if (!p_.dense) {  // light: the copy itself travels now
          event(1, id, clock + s / k + 1, base + v, base + relay, b[i].id, true, false);
          ++st.link_use_sum;
        }
      }
      if (!p_.dense) send_rounds = std::max(send_rounds, (ncopies + k - 1) / k);
      a = z;
    }
    // Every relay forwards (light) or accepts (dense) one copy per target, chosen at random.
    cnt_.assign(std::size_t(kk) + 1, 0);
    for (const auto& en : entries_) ++cnt_[en.relay * k + en.target + 1];
    for (std::uint32_t x = 0; x < kk; ++x) cnt_[x + 1] += cnt_[x];
    chosen_.resize(entries_.size());
    pos_.assign(cnt_.begin(), cnt_.end() - 1);
    for (const auto& en : entries_) chosen_[pos_[en.relay * k + en.target]++] = en;
    entries_.clear();
    for (std::uint32_t x = 0; x < kk; ++x) {
      const std::uint32_t lo = cnt_[x], n = cnt_[x + 1] - lo;
      if (n) entries_.push_back(chosen_[lo + rng.below(n)]);
    }
    if (p_.dense) {
      // The sender of a message acknowledged by several relays uses one of them, at random; then it
      // sends the message (link src->relay may carry several) and the relay forwards it.
      rng.shuffle(entries_.data(), entries_.size());
      chosen_.clear();
      for (const auto& en : entries_)
        if (stamp_[en.msg] == 0) {
          stamp_[en.msg] = 2;
          chosen_.push_back(en);
        }
      link_.assign(std::size_t(kk), 0);
      std::vector<std::uint32_t>& sround = idx_;
      sround.resize(chosen_.size());
      for (std::size_t c = 0; c < chosen_.size(); ++c) {
        const auto& en = chosen_[c];
        sround[c] = ++link_[src(en.msg) * k + en.relay];
        send_rounds = std::max(send_rounds, sround[c]);
      }
      for (std::size_t c = 0; c < chosen_.size(); ++c) {
        const auto& en = chosen_[c];
        event(1, id, clock + sround[c], b[en.msg].cur, base + en.relay, b[en.msg].id, false, false);
        event(1, id, clock + send_rounds + 1, base + en.relay, base + en.target, b[en.msg].id, false, true);
        st.link_use_sum += 2;
      }
      clock += send_rounds + 1;
      for (const auto& en : chosen_) deliver(en.msg, clock, 2);
    } else {
      clock += send_rounds + 1;
      for (const auto& en : entries_) {
        ++st.link_use_sum;
        const bool first = stamp_[en.msg] == 0;
        event(1, id, clock, base + en.relay, base + en.target, b[en.msg].id, false, first);
        if (first)
          deliver(en.msg, clock, 2);
        else
          ++acc.duplicates;
      }
    }
    std::size_t keep = 0;
    for (std::uint32_t i : rem_)
      if (stamp_[i] == 0) rem_[keep++] = i;
    rem_.resize(keep);
    Acc::add_at(acc.remaining, phase, rem_.size());
    // CLEX §II-D step 4: k(i+1) = min{k(i) e^(floor(k(i))/5), sqrt(log n)}.
    kcopies = std::min(kcopies * std::exp(std::floor(kcopies) / 5.0), p_.copy_cap);
  }
  Acc::add_at(acc.phases, phase, 1);
  st.max_rounds = std::max(st.max_rounds, clock);
}

}  // namespace

ClexResult simulate_clex(const ClexOptions& o) {
  if (o.clique < 2) throw InputError(fmt::format("--clique: must be at least 2, got {}", o.clique));
  if (o.levels < 1 || o.levels > std::uint32_t(kMaxLevels))
    throw InputError(fmt::format("--levels: must be between 1 and {}, got {}", kMaxLevels, o.levels));
  Params p;
  p.k = o.clique;
  p.L = static_cast<int>(o.levels);
  p.pow[0] = 1;
  for (std::size_t d = 1; d <= std::size_t(p.L); ++d) {
    p.pow[d] = p.pow[d - 1] * p.k;
    if (p.pow[d] > std::numeric_limits<std::uint32_t>::max())
      throw InputError(fmt::format("--clique/--levels: k^L = {}^{} nodes do not fit 32-bit node ids", p.k, p.L));
  }
  const auto n = p.pow[std::size_t(p.L)];
  std::uint64_t total = o.workload.empty() ? n * o.messages : o.workload.size();
  if (o.workload.empty() && o.messages < 1)
    throw InputError(fmt::format("--messages: must be at least 1, got {}", o.messages));
  if (total > std::numeric_limits<std::uint32_t>::max())
    throw InputError(fmt::format("--messages: {} messages in all do not fit 32-bit message ids", total));
  p.dense = o.traffic == ClexTraffic::dense;
  p.ceil_copies = o.copies == ClexCopyRounding::ceil;
  p.copy_cap = std::sqrt(std::log(double(o.copy_cap == ClexCopyCap::clique ? p.k : n)));
  p.handshake_in_mean = o.handshake_in_mean;
  p.random_spread = o.spread == ClexSpread::random;
  p.audit = o.audit;

  // The workload: message j starts at node j / M; destinations are a uniformly random permutation
  // of the multiset holding every node M times (CLEX §III-A).
  std::vector<Msg> msgs(total);
  const std::size_t top = std::size_t(p.L - 1);
  if (!o.workload.empty()) {
    for (std::size_t j = 0; j < total; ++j) {
      const auto [s, d] = o.workload[j];
      if (s >= n || d >= n)
        throw InputError(
            fmt::format("workload: message {} names node {} of a network of {} nodes", j, std::max(s, d), n));
      msgs[j].cur = s;
      msgs[j].tgt[top] = d;
    }
  } else {
    for (std::size_t j = 0; j < total; ++j) msgs[j].cur = msgs[j].tgt[top] = static_cast<std::uint32_t>(j / o.messages);
    std::uint64_t ws = o.seed ^ 0x776f726b6c6f6164ULL;
    Rng rng(hash(ws));
    if (o.destinations == ClexWorkload::permutation)
      for (std::size_t i = total; i > 1; --i) std::swap(msgs[i - 1].tgt[top], msgs[rng.below(i)].tgt[top]);
    else
      for (auto& m : msgs) m.tgt[top] = rng.below(n);
  }
  for (std::size_t j = 0; j < total; ++j) msgs[j].id = static_cast<std::uint32_t>(j);

  int threads = o.threads > 0 ? o.threads : omp_get_max_threads();
  if (o.audit || p.L == 1) threads = 1;
  std::vector<Engine> team;
  team.reserve(std::size_t(threads));
  for (int t = 0; t < threads; ++t) team.emplace_back(p);
  std::uint64_t top_seed = o.seed;
  team[0].run(p.L, 0, msgs.data(), msgs.data() + total, hash(top_seed), &team);

  Acc acc;
  for (const auto& e : team) acc.merge(e.acc);
  ClexResult r;
  r.clique = p.k;
  r.levels = o.levels;
  r.nodes = n;
  r.messages = total;
  for (const auto& m : msgs)
    if (m.cur != m.tgt[top]) ++r.undelivered;
  const double M = double(total);
  for (int l = 1; l <= p.L; ++l) {
    const auto& a = acc.lv[std::size_t(l - 1)];
    ClexLevelStats s;
    s.level = std::uint32_t(l);
    s.instances = a.instances;
    s.max_rounds = a.max_rounds;
    s.round_sum = a.round_sum;
    s.hop_sum = a.hop_sum;
    s.link_use_sum = a.link_use_sum;
    s.max_instance_messages = a.max_count;
    s.mean_rounds = M > 0 ? double(a.round_sum) / M : 0;
    s.mean_hops = M > 0 ? double(a.hop_sum) / M : 0;
    s.mean_link_uses = M > 0 ? double(a.link_use_sum) / M : 0;
    s.max_mean_load = double(a.max_count) / double(p.pow[std::size_t(l)]);
    r.per_level.push_back(s);
  }
  r.a1_remaining = acc.remaining;
  r.a1_phases = acc.phases;
  r.a1_duplicates = acc.duplicates;

  // Torus comparisons, computed from our columns the way CLEX §III-A/B does. Link lengths grow by
  // q = k^(1/3) per level; torus shortest paths cross ~ one top-level link length.
  const double q = std::cbrt(double(p.k)), torus_hops = 1.5 * std::cbrt(double(n));
  double prop = 0, rounds = 0, hops = 0;
  std::string pf, rf, hf;
  for (int l = p.L; l >= 1; --l) {
    const auto& s = r.per_level[std::size_t(l - 1)];
    const int e = p.L - l;
    prop += s.mean_rounds / std::pow(q, e);
    rounds += s.mean_rounds;
    hops += s.mean_hops;
    const char* sep = l == p.L ? "" : " + ";
    if (e == 0)
      pf += fmt::format("{}{:.2f}", sep, s.mean_rounds);
    else if (e == 1)
      pf += fmt::format("{}{:.2f}/{:.2f}", sep, s.mean_rounds, q);
    else
      pf += fmt::format("{}{:.2f}/{:.2f}^{}", sep, s.mean_rounds, q, e);
    rf += fmt::format("{}{:.2f}", sep, s.mean_rounds);
    hf += fmt::format("{}{:.2f}", sep, s.mean_hops);
  }
  r.propagation_ratio = {prop, "sum_l R_l / (k^(1/3))^(L-l) = " + pf};
  const std::string th = fmt::format("3 * {}^({}/3)", n == 0 ? 0 : p.k, p.L);
  r.hop_reduction = {rounds > 0 ? torus_hops / rounds : 0, th + " / (2 * (" + rf + "))"};
  r.bandwidth_gain = {hops > 0 ? torus_hops / hops : 0, th + " / (2 * (" + hf + "))"};

  r.message_record_bytes = sizeof(Msg);
  r.working_bytes = 2 * total * sizeof(Msg) + 2 * (n + 1) * sizeof(std::uint32_t);
  r.bytes_per_extra_thread = p.L > 1 ? acc.lv[std::size_t(p.L - 2)].max_count * sizeof(Msg) : 0;
  r.bytes_per_node = double(r.working_bytes) / double(n);
  return r;
}

ClexAllToAllResult clex_all_to_all(const ClexAllToAllOptions& o) {
  if (o.clique < 2) throw InputError(fmt::format("--clique: must be at least 2, got {}", o.clique));
  if (o.levels < 1 || o.levels > std::uint32_t(kMaxLevels))
    throw InputError(fmt::format("--levels: must be between 1 and {}, got {}", kMaxLevels, o.levels));
  const std::uint32_t k = o.clique;
  const int L = static_cast<int>(o.levels);
  std::array<std::uint64_t, kMaxLevels + 1> pw{};
  pw[0] = 1;
  for (std::size_t d = 1; d <= std::size_t(L); ++d) {
    pw[d] = pw[d - 1] * k;
    if (pw[d] > (1u << 28))
      throw InputError(fmt::format("--clique/--levels: k^L = {}^{} nodes is too many for flooding trees", k, L));
  }
  const auto n = static_cast<std::uint32_t>(pw[std::size_t(L)]);
  ClexAllToAllResult r;
  r.clique = k;
  r.levels = o.levels;
  r.nodes = n;
  std::vector<std::uint32_t> src;
  if (o.sources == 0 ? n <= 4096 : o.sources >= n) {
    r.all_sources = true;
    for (std::uint32_t v = 0; v < n; ++v) src.push_back(v);
  } else {
    // A sample of distinct sources (partial Fisher-Yates over a lazily materialised identity).
    const std::uint32_t want = o.sources == 0 ? 16 : o.sources;
    std::uint64_t st = o.seed ^ 0x736f7572636573ULL;
    Rng rng(hash(st));
    std::vector<std::uint32_t> ids(n);
    for (std::uint32_t v = 0; v < n; ++v) ids[v] = v;
    for (std::uint32_t i = 0; i < want; ++i) {
      std::swap(ids[i], ids[i + rng.below(n - i)]);
      src.push_back(ids[i]);
    }
  }
  r.sources = src.size();
  // Link lengths: the paper's worst case on level l, sqrt(3) k^(l/3) / 2 node spacings (§II-C).
  std::vector<double> len(std::size_t(L) + 1);
  for (int l = 1; l <= L; ++l) len[std::size_t(l)] = std::sqrt(3.0) * std::cbrt(std::pow(double(k), l)) / 2;

  struct PerSource {
    std::uint64_t hop_sum = 0;
    std::uint32_t max_hops = 0, max_level_links = 0;
    double len_sum = 0, max_len = 0;
    std::vector<std::uint64_t> links;
  };
  std::vector<PerSource> shortest(src.size()), ascending(src.size());
  const int threads = o.threads > 0 ? o.threads : omp_get_max_threads();
  auto step = [&](std::uint32_t u, int l, std::uint32_t j) {  // the level-l link number j of u
    if (l == 1) return u - u % k + j;
    const auto a = static_cast<std::uint32_t>(pw[std::size_t(l - 2)]),
               b = static_cast<std::uint32_t>(pw[std::size_t(l - 1)]);
    const std::uint32_t dl1 = (u / a) % k, dl = (u / b) % k;
    return u - dl1 * a - dl * b + dl1 * b + j * a;
  };
#pragma omp parallel num_threads(threads)
  {
    std::vector<std::uint8_t> dist(n), plevel(n), cnt(std::size_t(n) * std::size_t(L));
    std::vector<double> plen(n);
    std::vector<std::uint32_t> frontier, next;
#pragma omp for schedule(dynamic, 1)
    for (std::int64_t si = 0; si < std::int64_t(src.size()); ++si) {
      const std::uint32_t s = src[std::size_t(si)];
      // Shortest-path tree: breadth-first, keeping per node the shortest physical length among its
      // shortest hop paths; lower levels are scanned first, so equal lengths keep the lower level.
      auto& res = shortest[std::size_t(si)];
      res.links.assign(std::size_t(L), 0);
      std::fill(dist.begin(), dist.end(), std::uint8_t(255));
      dist[s] = 0;
      plen[s] = 0;
      for (int x = 0; x < L; ++x) cnt[std::size_t(s) * std::size_t(L) + std::size_t(x)] = 0;
      frontier.assign(1, s);
      for (std::uint32_t d = 0; !frontier.empty(); ++d) {
        next.clear();
        for (std::uint32_t u : frontier)
          for (int l = 1; l <= L; ++l)
            for (std::uint32_t j = 0; j < k; ++j) {
              const std::uint32_t w = step(u, l, j);
              if (w == u) continue;
              const double lw = plen[u] + len[std::size_t(l)];
              const bool fresh = dist[w] == 255;
              if (!fresh && !(dist[w] == d + 1 && lw < plen[w] - 1e-9)) continue;
              if (fresh) next.push_back(w);
              dist[w] = static_cast<std::uint8_t>(d + 1);
              plen[w] = lw;
              plevel[w] = static_cast<std::uint8_t>(l);
              for (int x = 0; x < L; ++x)
                cnt[std::size_t(w) * std::size_t(L) + std::size_t(x)] =
                    static_cast<std::uint8_t>(cnt[std::size_t(u) * std::size_t(L) + std::size_t(x)] + (x == l - 1));
            }
        std::swap(frontier, next);
      }
      for (std::uint32_t w = 0; w < n; ++w) {
        if (w == s || dist[w] == 255) continue;  // every node is reached: diameter <= 2^L - 1
        res.hop_sum += dist[w];
        res.max_hops = std::max<std::uint32_t>(res.max_hops, dist[w]);
        res.len_sum += plen[w];
        res.max_len = std::max(res.max_len, plen[w]);
        ++res.links[std::size_t(plevel[w] - 1)];
        for (int x = 0; x < L; ++x)
          res.max_level_links =
              std::max<std::uint32_t>(res.max_level_links, cnt[std::size_t(w) * std::size_t(L) + std::size_t(x)]);
      }
      // Ascending tree: step l uses the level-l link number f_l; the k^L choices of (f1..fL) reach
      // every node once (digit L ends as f1, digit l-1 as f_l). Depth first over the prefixes.
      auto& asc = ascending[std::size_t(si)];
      asc.links.assign(std::size_t(L), 0);
      asc.max_level_links = 1;
      struct Frame {
        std::uint32_t node, hops;
        double len;
      };
      std::array<Frame, kMaxLevels + 1> stack{};
      std::array<std::uint32_t, kMaxLevels + 1> choice{};
      int depth = 0;
      stack[0] = Frame{s, 0, 0};
      choice[1] = 0;
      while (depth >= 0) {
        if (depth == L) {
          if (stack[std::size_t(L)].node != s) {
            asc.hop_sum += stack[std::size_t(L)].hops;
            asc.max_hops = std::max(asc.max_hops, stack[std::size_t(L)].hops);
            asc.len_sum += stack[std::size_t(L)].len;
            asc.max_len = std::max(asc.max_len, stack[std::size_t(L)].len);
          }
          --depth;
          continue;
        }
        const int l = depth + 1;
        if (choice[std::size_t(l)] == k) {
          --depth;
          continue;
        }
        const Frame& f = stack[std::size_t(depth)];
        const std::uint32_t w = step(f.node, l, choice[std::size_t(l)]++);
        const bool moves = w != f.node;
        if (moves) ++asc.links[std::size_t(l - 1)];
        stack[std::size_t(l)] = Frame{w, f.hops + (moves ? 1u : 0u), f.len + (moves ? len[std::size_t(l)] : 0.0)};
        depth = l;
        if (l < L) choice[std::size_t(l + 1)] = 0;
      }
    }
  }
  const double side = std::cbrt(double(n));
  r.torus_mean_hops = 1.5 * side;  // CLEX §II-C: (k1 + k2 + k3) / 2 with k1 = k2 = k3 = n^(1/3)
  double sum = 0;
  for (int i = 0; i < L; ++i) sum += std::pow(double(n), -double(i) / (3.0 * L));
  r.paper_max_propagation = std::sqrt(3.0) * side / 2 * sum;
  auto reduce = [&](const std::vector<PerSource>& per) {
    ClexTreeStats t;
    std::uint64_t hop_sum = 0;
    double len_sum = 0;
    t.links_per_level.assign(std::size_t(L), 0);
    for (const auto& x : per) {
      hop_sum += x.hop_sum;
      len_sum += x.len_sum;
      t.max_hops = std::max(t.max_hops, x.max_hops);
      t.max_propagation = std::max(t.max_propagation, x.max_len);
      t.max_links_on_a_level = std::max(t.max_links_on_a_level, x.max_level_links);
      for (std::size_t l = 0; l < std::size_t(L); ++l) t.links_per_level[l] += double(x.links[l]);
    }
    const double pairs = double(per.size()) * double(n - 1);
    for (auto& e : t.links_per_level) e /= double(per.size());
    t.mean_hops = pairs > 0 ? double(hop_sum) / pairs : 0;
    t.mean_propagation = pairs > 0 ? len_sum / pairs : 0;
    t.hop_reduction = t.mean_hops > 0 ? r.torus_mean_hops / t.mean_hops : 0;
    t.propagation_ratio = t.mean_propagation / r.torus_mean_hops;
    return t;
  };
  r.shortest = reduce(shortest);
  r.ascending = reduce(ascending);
  return r;
}

}  // namespace topo::sim
