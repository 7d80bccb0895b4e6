#include <doctest/doctest.h>

#include <map>
#include <set>
#include <tuple>
#include <vector>

#include "topo/errors.hpp"
#include "topo/sim/clex.hpp"

using namespace topo;
using sim::ClexEvent;

namespace {

sim::ClexOptions opts(std::uint32_t k, std::uint32_t L, std::uint32_t M, sim::ClexTraffic t, std::uint64_t seed = 7) {
  sim::ClexOptions o;
  o.clique = k;
  o.levels = L;
  o.messages = M;
  o.traffic = t;
  o.seed = seed;
  return o;
}

std::uint64_t ipow(std::uint64_t b, unsigned e) {
  std::uint64_t r = 1;
  while (e--) r *= b;
  return r;
}

// Replays an audit log: checks link capacity per round, every message's path, and that each
// message is accepted exactly once per instance it takes part in. Returns final positions.
std::map<std::uint32_t, std::uint32_t> replay(const std::vector<ClexEvent>& log,
                                              const std::vector<std::pair<std::uint32_t, std::uint32_t>>& start) {
  std::set<std::tuple<std::uint8_t, std::uint64_t, std::uint32_t, std::uint32_t, std::uint32_t>> used;
  std::map<std::uint32_t, std::uint32_t> pos;
  for (std::uint32_t m = 0; m < start.size(); ++m) pos[m] = start[m].first;
  std::set<std::tuple<std::uint64_t, std::uint32_t, std::uint32_t>> copies;  // (instance, message, relay)
  std::map<std::pair<std::uint64_t, std::uint32_t>, int> accepted;           // (instance, message)
  for (const auto& e : log) {
    // One message per directed link per round of an instance (self-loops included).
    const bool fresh = used.emplace(e.level, e.instance, e.round, e.from, e.to).second;
    CHECK_MESSAGE(fresh, "link used twice in one round");
    if (e.copy) {
      CHECK(e.from == pos[e.message]);
      copies.emplace(e.instance, e.message, e.to);
    } else if (e.from == pos[e.message]) {
      pos[e.message] = e.to;  // the message itself moves (direct, to relay, or over level l)
    } else {
      // A light-traffic relay forwarding a copy it was sent in this instance.
      CHECK(copies.count({e.instance, e.message, e.from}) == 1);
      if (e.accepted) pos[e.message] = e.to;
    }
    if (e.accepted) ++accepted[{e.instance, e.message}];
  }
  for (const auto& [key, n] : accepted) CHECK_MESSAGE(n == 1, "message accepted twice in one instance");
  return pos;
}

}  // namespace

TEST_CASE("clex: tiny instances replayed round by round") {
  for (auto traffic : {sim::ClexTraffic::dense, sim::ClexTraffic::light})
    for (auto [k, L, M] :
         {std::tuple{3u, 2u, 2u}, std::tuple{2u, 3u, 3u}, std::tuple{4u, 2u, 5u}, std::tuple{3u, 3u, 4u}}) {
      CAPTURE(k);
      CAPTURE(L);
      CAPTURE(M);
      const std::uint64_t n = ipow(k, L), total = n * M;
      // A workload we know: message j from node j / M to a rotated node, several per destination.
      auto o = opts(k, L, M, traffic);
      for (std::uint32_t j = 0; j < total; ++j)
        o.workload.emplace_back(j / M, static_cast<std::uint32_t>((j * 7 + 3) % n));
      std::vector<ClexEvent> log;
      o.audit = &log;
      const auto r = sim::simulate_clex(o);
      CHECK(r.undelivered == 0);
      const auto pos = replay(log, o.workload);
      for (std::uint32_t j = 0; j < total; ++j) CHECK(pos.at(j) == o.workload[j].second);
      // Accepted transmissions: one per message per instance; 2^(L-l) instances of A(l) per message.
      for (std::uint32_t l = 1; l <= L; ++l) {
        std::uint64_t acc = 0, uses = 0;
        for (const auto& e : log)
          if (e.level == l) {
            acc += e.accepted;
            ++uses;
          }
        CHECK(acc == total * ipow(2, L - l));
        CHECK(uses == r.per_level[l - 1].link_use_sum);
        if (l >= 2) {
          CHECK(r.per_level[l - 1].hop_sum == total * ipow(2, L - l));
          CHECK(r.per_level[l - 1].mean_hops == doctest::Approx(double(ipow(2, L - l))));
        }
      }
      CHECK(r.a1_remaining.front() == total * ipow(2, L - 1));
      CHECK(r.a1_remaining.back() == 0);
    }
}

TEST_CASE("clex: a single message takes one round per hop, 2^L - 1 hops") {
  for (auto traffic : {sim::ClexTraffic::dense, sim::ClexTraffic::light})
    for (std::uint32_t L = 1; L <= 4; ++L)
      for (std::pair<std::uint32_t, std::uint32_t> sd : {std::pair{0u, 0u}, std::pair{1u, 5u}, std::pair{6u, 2u}}) {
        const std::uint64_t n = ipow(3, L);
        auto o = opts(3, L, 1, traffic);
        o.workload = {{sd.first % std::uint32_t(n), sd.second % std::uint32_t(n)}};
        std::vector<ClexEvent> log;
        o.audit = &log;
        const auto r = sim::simulate_clex(o);
        std::uint64_t rounds = 0, hops = 0;
        for (const auto& s : r.per_level) {
          rounds += s.round_sum;
          hops += s.hop_sum;
          CHECK(s.max_rounds == 1);
          CHECK(s.hop_sum == ipow(2, L - s.level));
        }
        CHECK(rounds == hops);
        CHECK(hops == ipow(2, L) - 1);  // the diameter bound of C(s, L): every level crossed
        CHECK(log.size() == hops);
        CHECK(r.undelivered == 0);
      }
}

TEST_CASE("clex: random permutation workload, paper's invariants") {
  auto o = opts(6, 3, 5, sim::ClexTraffic::dense, 11);
  const auto r = sim::simulate_clex(o);
  CHECK(r.nodes == 216);
  CHECK(r.messages == 216 * 5);
  CHECK(r.undelivered == 0);
  // Every node receives exactly M: the top level and its children see exactly M per node.
  CHECK(r.per_level[2].max_mean_load == doctest::Approx(5.0));
  CHECK(r.per_level[1].max_mean_load == doctest::Approx(5.0));
  CHECK(r.per_level[2].instances == 1);
  CHECK(r.per_level[1].instances == 2 * 6);
  CHECK(r.per_level[0].instances == 4 * 36);
  CHECK(r.per_level[0].max_rounds >= 5);  // dense: relay phases end at round 2p + 1
  CHECK(r.per_level[0].max_rounds % 2 == 1);
  // Figure 3: the remaining counts fall, and the phase histogram covers every instance.
  for (std::size_t p = 1; p < r.a1_remaining.size(); ++p) CHECK(r.a1_remaining[p] < r.a1_remaining[p - 1]);
  std::uint64_t inst = 0;
  for (auto c : r.a1_phases) inst += c;
  CHECK(inst == r.per_level[0].instances);
}

TEST_CASE("clex: same result for any thread count, different for another seed") {
  auto o = opts(5, 3, 4, sim::ClexTraffic::dense, 3);
  o.threads = 1;
  const auto a = sim::simulate_clex(o);
  o.threads = 2;
  const auto b = sim::simulate_clex(o);
  for (std::size_t l = 0; l < a.per_level.size(); ++l) {
    CHECK(a.per_level[l].round_sum == b.per_level[l].round_sum);
    CHECK(a.per_level[l].hop_sum == b.per_level[l].hop_sum);
    CHECK(a.per_level[l].max_rounds == b.per_level[l].max_rounds);
    CHECK(a.per_level[l].max_instance_messages == b.per_level[l].max_instance_messages);
  }
  CHECK(a.a1_remaining == b.a1_remaining);
  o.seed = 4;
  const auto c = sim::simulate_clex(o);
  CHECK(c.a1_remaining != a.a1_remaining);
}

TEST_CASE("clex: light traffic never waits on upper levels at low load, dense pays the handshake") {
  auto o = opts(8, 3, 1, sim::ClexTraffic::light, 5);
  const auto r = sim::simulate_clex(o);
  CHECK(r.per_level[1].max_rounds == 1);
  CHECK(r.per_level[2].max_rounds == 1);
  CHECK(r.per_level[0].max_rounds % 2 == 1);  // light: phase p ends at round 2p - 1
  // The same run with the handshake counted in the mean: exactly 2 more rounds per relayed message.
  auto d = opts(8, 2, 6, sim::ClexTraffic::dense, 5);
  const auto x = sim::simulate_clex(d);
  d.handshake_in_mean = true;
  const auto y = sim::simulate_clex(d);
  const std::uint64_t relayed = x.a1_remaining[1];
  CHECK(y.per_level[0].round_sum - x.per_level[0].round_sum == 2 * relayed);
}

TEST_CASE("clex: bad parameters name the constraint") {
  auto o = opts(1, 2, 3, sim::ClexTraffic::dense);
  CHECK_THROWS_WITH_AS(sim::simulate_clex(o), "--clique: must be at least 2, got 1", InputError);
  o = opts(4, 0, 3, sim::ClexTraffic::dense);
  CHECK_THROWS_WITH_AS(sim::simulate_clex(o), "--levels: must be between 1 and 5, got 0", InputError);
  o = opts(4, 2, 0, sim::ClexTraffic::dense);
  CHECK_THROWS_WITH_AS(sim::simulate_clex(o), "--messages: must be at least 1, got 0", InputError);
  o = opts(4, 2, 1, sim::ClexTraffic::dense);
  o.workload = {{0, 16}};
  CHECK_THROWS_AS(sim::simulate_clex(o), InputError);
}

TEST_CASE("clex: progress reports every copy of steps 1 and 3 and ends with nothing left, results unchanged") {
  for (int threads : {1, 2}) {
    auto o = opts(4, 3, 3, sim::ClexTraffic::dense, 11);
    o.threads = threads;
    const auto plain = sim::simulate_clex(o);
    std::vector<sim::ClexProgress> seen;
    o.progress = [&](const sim::ClexProgress& p) { seen.push_back(p); };
    const auto r = sim::simulate_clex(o);
    // Step 1: 0..4 copies done, step 2 once, step 3: 0..4, each a report of its own.
    REQUIRE(seen.size() == 5 + 1 + 5);
    for (std::size_t i = 0; i < seen.size(); ++i) {
      CHECK(seen[i].level == 3);
      const std::uint32_t step = i < 5 ? 1 : i == 5 ? 2 : 3;
      CHECK(seen[i].step == step);
      CHECK(seen[i].copies == (step == 2 ? 0u : 4u));
      CHECK(seen[i].copies_done == (step == 1 ? i : step == 2 ? 0 : i - 6));
    }
    // 64 nodes x 3 messages; messages are left until the last copy of step 3 has delivered.
    CHECK(seen[0].messages_left == 192);
    CHECK(seen[6].messages_left == 192);
    CHECK(seen.back().messages_left == 0);
    for (std::size_t i = 7; i < seen.size(); ++i) CHECK(seen[i].messages_left < seen[i - 1].messages_left);
    for (std::size_t l = 0; l < r.per_level.size(); ++l) {
      CHECK(r.per_level[l].round_sum == plain.per_level[l].round_sum);
      CHECK(r.per_level[l].hop_sum == plain.per_level[l].hop_sum);
    }
    CHECK(r.a1_remaining == plain.a1_remaining);
  }
  // One level: a single clique, nothing to report.
  auto o = opts(4, 1, 2, sim::ClexTraffic::light);
  int calls = 0;
  o.progress = [&](const sim::ClexProgress&) { ++calls; };
  sim::simulate_clex(o);
  CHECK(calls == 0);
}
