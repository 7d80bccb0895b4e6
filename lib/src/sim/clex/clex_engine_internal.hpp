#pragma once
// The engine behind simulate_clex (CLEX algorithm A(l), CLEX §II-D and §III): the message records, the options
// every instance reads, the statistics it adds to, and one worker's scratch buffers. A(l) for l > 1 is in
// clex_engine.cpp, A(1) on a clique in clex_clique.cpp, the workload and the result in clex_routing.cpp.
#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

#include "sim/clex/clex_shape_internal.hpp"
#include "topo/rng.hpp"
#include "topo/sim/clex.hpp"

namespace topo::sim::detail {

// One message in flight. tgt[l-1] is the target of the A(l) call the message is in: tgt[L-1] is its
// destination, lower entries are the gateways chosen by the enclosing calls.
struct Msg {
  std::uint32_t cur;
  std::uint32_t id;
  std::uint32_t tgt[kMaxLevels];
};

// Every instance has an id derived from its place in the recursion (parent, step, copy), and its
// own generator seeded by that id: results do not depend on which thread runs which instance.
inline std::uint64_t child_id(std::uint64_t parent, std::uint32_t step, std::uint32_t copy) {
  return stream_seed(parent, (std::uint64_t(step) << 32) | copy);
}

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
  std::function<void(const ClexProgress&)> progress;  // empty: no reports

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
  void spread(int l, std::uint32_t base, Msg* b, Msg* e, std::uint64_t id, Rng& rng);
  void report(std::uint32_t step, std::uint32_t copies_done, std::uint64_t messages_left) const;
  // A(1) on one clique, one function per phase (clex_clique.cpp).
  struct Clique;
  void clique(std::uint32_t base, Msg* b, Msg* e, std::uint64_t id);
  void clique_direct(Clique& c);
  std::uint32_t clique_send_copies(Clique& c, std::uint32_t copies);
  void clique_pick_per_relay(Clique& c);
  void clique_relay_dense(Clique& c, std::uint32_t send_rounds);
  void clique_relay_light(Clique& c, std::uint32_t send_rounds);
  void deliver(Clique& c, std::uint32_t i, std::uint32_t round, std::uint32_t hops);
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

}  // namespace topo::sim::detail
