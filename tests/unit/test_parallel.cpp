// The library's side of multi-process runs (topo/parallel/ranks.hpp): the split by cost, packing, and
// the distributed distances, link loads and mapping restarts checked against one process, with the
// ranks played by threads of this process (the MPI build runs the same code under mpirun: tests/mpi/).
#include <doctest/doctest.h>

#include <barrier>
#include <cmath>
#include <nlohmann/json.hpp>
#include <thread>
#include <type_traits>

#include "fixtures.hpp"
#include "metrics/exact_sum.hpp"
#include "topo/gen/registry.hpp"
#include "topo/map/methods.hpp"
#include "topo/metrics/distance.hpp"
#include "topo/metrics/link_loads.hpp"
#include "topo/metrics/symmetry.hpp"
#include "topo/parallel/ranks.hpp"
#include "topo/sim/network_sim.hpp"

using namespace topo;
using topo::test::family;

namespace {

/// P ranks as threads: the collectives meet at a barrier.
struct ThreadJob {
  explicit ThreadJob(int p)
      : size(p), sync(p), slots(std::size_t(p)), mail(std::size_t(p) * std::size_t(p)), sums(std::size_t(p)) {}
  int size;
  std::barrier<> sync;
  std::vector<std::string> slots;
  std::vector<std::string> mail;  // from rank a to rank b: mail[a * size + b]
  std::vector<std::vector<std::uint64_t>> sums;
  std::string shared;
};

class ThreadRank final : public parallel::Ranks {
 public:
  ThreadRank(ThreadJob& job, int rank) : job_(job), rank_(rank) {}
  int rank() const override { return rank_; }
  int size() const override { return job_.size; }
  void broadcast(std::string& bytes) override {
    if (rank_ == 0) job_.shared = bytes;
    job_.sync.arrive_and_wait();
    if (rank_ != 0) bytes = job_.shared;
    job_.sync.arrive_and_wait();
  }
  std::vector<std::string> gather(const std::string& bytes) override {
    job_.slots[std::size_t(rank_)] = bytes;
    job_.sync.arrive_and_wait();
    std::vector<std::string> all;
    if (rank_ == 0) all = job_.slots;
    job_.sync.arrive_and_wait();
    return all;
  }
  void sum(std::span<std::uint64_t> values) override {
    job_.sums[std::size_t(rank_)].assign(values.begin(), values.end());
    job_.sync.arrive_and_wait();
    for (std::size_t i = 0; i < values.size(); ++i) {
      values[i] = 0;
      for (const auto& s : job_.sums) values[i] += s.at(i);
    }
    job_.sync.arrive_and_wait();
  }
  parallel::Gathered all_gather(const std::string& bytes) override {
    const auto from = exchange(std::vector<std::string>(std::size_t(job_.size), bytes));
    parallel::Gathered all{{}, {0}};
    for (const auto& b : from) {
      all.bytes += b;
      all.start.push_back(all.bytes.size());
    }
    return all;
  }
  std::vector<std::string> exchange(const std::vector<std::string>& to_rank) override {
    const auto p = std::size_t(job_.size), me = std::size_t(rank_);
    for (std::size_t k = 0; k < p; ++k) job_.mail[me * p + k] = to_rank.at(k);
    job_.sync.arrive_and_wait();
    std::vector<std::string> from(p);
    for (std::size_t k = 0; k < p; ++k) from[k] = job_.mail[k * p + me];
    job_.sync.arrive_and_wait();
    return from;
  }

 private:
  ThreadJob& job_;
  int rank_;
};

/// What `run(ranks)` returns on each of P thread ranks.
template <class F>
auto on_ranks(int p, F run) {
  ThreadJob job(p);
  std::vector<std::invoke_result_t<F, parallel::Ranks&>> out(static_cast<std::size_t>(p));
  std::vector<std::thread> threads;
  for (int r = 0; r < p; ++r)
    threads.emplace_back([&, r] {
      ThreadRank me(job, r);
      out[std::size_t(r)] = run(me);
    });
  for (auto& t : threads) t.join();
  return out;
}

}  // namespace

TEST_CASE("parallel: split_by_cost gives consecutive shares of about equal cost") {
  using V = std::vector<std::size_t>;
  CHECK(parallel::split_by_cost(std::vector<double>{1, 1, 1, 1}, 2) == V{0, 2, 4});
  CHECK(parallel::split_by_cost(std::vector<double>{3, 1, 1, 1}, 2) == V{0, 1, 4});
  CHECK(parallel::split_by_cost(std::vector<double>{1, 1, 1, 1, 1, 1, 1, 1}, 3) == V{0, 3, 5, 8});
  CHECK(parallel::split_by_cost(std::vector<double>{0, 0, 0, 1}, 2) == V{0, 3, 4});
  CHECK(parallel::split_by_cost(std::vector<double>{1, 1}, 4) == V{0, 0, 1, 1, 2});
  CHECK(parallel::split_by_cost(std::vector<double>{}, 3) == V{0, 0, 0, 0});
  CHECK(parallel::split_by_cost(std::vector<double>{5, 5, 5}, 1) == V{0, 3});
}

TEST_CASE("parallel: pack and unpack give the values back") {
  std::string bytes;
  const std::vector<double> a = {1.5, -2, 1e300};
  const std::vector<std::uint32_t> b = {7, 8};
  parallel::pack<double>(bytes, a);
  parallel::pack<std::uint32_t>(bytes, b);
  parallel::pack<char>(bytes, std::vector<char>{});
  std::size_t at = 0;
  CHECK(parallel::unpack<double>(bytes, at) == a);
  CHECK(parallel::unpack<std::uint32_t>(bytes, at) == b);
  CHECK(parallel::unpack<char>(bytes, at).empty());
  CHECK(at == bytes.size());
}

TEST_CASE("parallel: distances from 2 and 3 ranks equal one process's") {
  const auto g = family("random-regular", {{"nodes", "1500"}, {"degree", "5"}, {"seed", "2"}});
  metrics::DistanceOptions one;
  one.threads = 1;
  const auto alone = metrics::distance_distribution(g, one);
  const std::vector<node_id> sources = {0, 17, 400, 1499, 3};
  const std::vector<std::uint64_t> weights = {1, 2, 3, 4, 5};
  const auto alone_from = metrics::distance_distribution_from(g, sources, weights, one);
  for (int p : {2, 3}) {
    CAPTURE(p);
    const auto all = on_ranks(p, [&](parallel::Ranks& ranks) {
      auto opt = one;
      opt.ranks = &ranks;
      return std::pair(metrics::distance_distribution(g, opt),
                       metrics::distance_distribution_from(g, sources, weights, opt));
    });
    for (const auto& [d, from] : all) {
      CHECK(d.histogram == alone.histogram);
      CHECK(d.eccentricity == alone.eccentricity);
      CHECK(d.sources == alone.sources);
      CHECK(d.diameter == alone.diameter);
      CHECK(d.mean_all == alone.mean_all);
      CHECK(from.histogram == alone_from.histogram);
      CHECK(from.source_distance_sum == alone_from.source_distance_sum);
      CHECK(from.source_reached == alone_from.source_reached);
      CHECK(from.eccentricity == alone_from.eccentricity);
    }
  }
}

TEST_CASE("parallel: link loads from 2, 3 and 6 ranks (more ranks than parts) are bit for bit one process's") {
  // 600 sources: 75 sweep groups, 4 parts of whole groups.
  const auto g = family("random-regular", {{"nodes", "600"}, {"degree", "4"}, {"seed", "5"}});
  const auto torus = family("torus", {{"dims", "6x5"}});
  const auto generators = metrics::automorphism_orbits(torus).generators;  // nauty once, outside the threads
  for (auto r : {metrics::Routing::split, metrics::Routing::ecmp, metrics::Routing::single}) {
    CAPTURE(metrics::routing_name(r));
    const auto alone = metrics::link_loads(g, r, 1);
    CHECK(metrics::link_loads(g, r, 2).arc_load == alone.arc_load);
    const auto alone_sym = metrics::loads_by_symmetry_possible(torus, r)
                               ? metrics::link_loads_by_symmetry(torus, r, generators, 1)
                               : metrics::link_loads(torus, r, 1);
    for (int p : {2, 3, 6}) {
      CAPTURE(p);
      const auto all = on_ranks(p, [&](parallel::Ranks& ranks) {
        const auto sym = metrics::loads_by_symmetry_possible(torus, r)
                             ? metrics::link_loads_by_symmetry(torus, r, generators, 1, &ranks)
                             : metrics::link_loads(torus, r, 1, {}, {}, &ranks);
        return std::pair(metrics::link_loads(g, r, 1, {}, {}, &ranks), sym);
      });
      for (const auto& [l, sym] : all) {
        CHECK(l.arc_load == alone.arc_load);  // exact: the parts are added in fixed point
        CHECK(l.max == alone.max);
        CHECK(sym.arc_load == alone_sym.arc_load);
      }
    }
  }
}

TEST_CASE("parallel: loads under the family's routing from 2 and 5 ranks are one process's, route counts too") {
  const auto torus = family("torus", {{"dims", "8x10"}});  // 80 sources: 5 parts
  const auto alone = metrics::link_loads(torus, metrics::Routing::family, 1);
  CHECK(alone.algorithm == "dor");
  CHECK(alone.mean_hops == doctest::Approx(4.5 * 80 / 79));  // mean torus distance 2 + 2.5, over other nodes
  CHECK(metrics::link_loads(torus, metrics::Routing::family, 2).arc_load == alone.arc_load);
  for (int p : {2, 5}) {
    CAPTURE(p);
    const auto all = on_ranks(p, [&](parallel::Ranks& ranks) {
      return metrics::link_loads(torus, metrics::Routing::family, 1, {}, {}, &ranks);
    });
    for (const auto& l : all) {
      CHECK(l.arc_load == alone.arc_load);
      CHECK(l.mean_hops == alone.mean_hops);
    }
  }
}

TEST_CASE("parallel: exact sums have the same bits however the terms are grouped") {
  std::vector<std::vector<double>> terms;
  std::uint64_t x = 12345;
  for (int k = 0; k < 40; ++k) {
    std::vector<double> t(3);
    for (auto& v : t) {
      x = x * 6364136223846793005ULL + 1442695040888963407ULL;
      v = double(x >> 11) * 0x1p-53 * std::pow(10.0, double(k % 7) - 2);  // 0.01 .. 1e4
    }
    terms.push_back(t);
  }
  metrics::ExactSum in_order(3), backwards(3), halves(3), other_half(3);
  for (const auto& t : terms) in_order.add(t);
  for (auto t = terms.rbegin(); t != terms.rend(); ++t) backwards.add(*t);
  for (std::size_t k = 0; k < terms.size(); ++k) (k % 2 ? halves : other_half).add(terms[k]);
  halves.merge(other_half);
  auto& one = parallel::single_process();
  const auto sum = in_order.total(one);
  CHECK(backwards.total(one) == sum);
  CHECK(halves.total(one) == sum);
  for (std::size_t i = 0; i < 3; ++i) {  // and the sum is right: to within the rounding of the fixed point
    long double exact = 0;
    for (const auto& t : terms) exact += t[i];
    CHECK(double(exact) == doctest::Approx(sum[i]).epsilon(1e-15));
  }
  metrics::ExactSum tenths(1);  // 0.1 is not a multiple of 2^-60: each term is truncated once
  for (int k = 0; k < 10; ++k) tenths.add(std::vector<double>{0.1});
  CHECK(tenths.total(one)[0] == doctest::Approx(1.0).epsilon(1e-16));
}

TEST_CASE("parallel: mapping restarts on 2 and 3 ranks keep the single process's best") {
  const auto g = family("torus", {{"dims", "6x6"}});
  const auto s = map::Supply::from_graph(g, 1ull << 30, false);
  map::Demand d;
  d.n = 36;
  d.off.push_back(0);
  for (std::uint32_t i = 0; i < 36; ++i) {
    for (std::uint32_t j = 0; j < 36; ++j)
      if (i != j && (i * 7 + j * 11) % 5 == 0) {
        d.adj.push_back(j);
        d.w.push_back(double(1 + (i + j) % 4));
      }
    d.off.push_back(d.adj.size());
  }
  for (const std::string method : {"anneal", "genetic"}) {
    CAPTURE(method);
    map::SolveOptions o;
    o.method = method;
    o.iterations = method == "genetic" ? 20 : 3000;
    o.restarts = 7;
    o.threads = 1;
    o.network = &g;
    const auto alone = map::solve(d, s, o);
    for (int p : {2, 3}) {
      CAPTURE(p);
      const auto all = on_ranks(p, [&](parallel::Ranks& ranks) {
        auto oi = o;
        oi.ranks = &ranks;
        return map::solve(d, s, oi);
      });
      for (const auto& r : all) {
        CHECK(r.mapping == alone.mapping);
        CHECK(r.cost == alone.cost);
        CHECK(r.best_restart == alone.best_restart);
        CHECK(r.iterations == alone.iterations);
      }
    }
  }
}

namespace {

/// What one process's run and the same run split over 2 and 3 thread ranks give: the point's JSON, the channels'
/// loads, the peaks and the deadlock report must be equal.
void check_split_run(const Graph& g, const sim::SimOptions& o, double rate, std::uint64_t seed) {
  const sim::Simulator s(g, o);
  const auto alone = s.run(rate, seed);
  for (int p : {2, 3}) {
    CAPTURE(p);
    const auto all = on_ranks(p, [&](parallel::Ranks& ranks) { return s.run(rate, seed, {}, 0, &ranks); });
    for (const auto& r : all) {
      CHECK(sim::point_json(r) == sim::point_json(alone));
      CHECK(r.channel_util == alone.channel_util);
      CHECK(r.busy_ports_peak == alone.busy_ports_peak);
      CHECK(r.busy_vcs_peak == alone.busy_vcs_peak);
      CHECK(r.flits_in_flight_peak == alone.flits_in_flight_peak);
      CHECK(r.deadlock.has_value() == alone.deadlock.has_value());
      if (r.deadlock && alone.deadlock) {
        CHECK(r.deadlock->cycle == alone.deadlock->cycle);
        CHECK(r.deadlock->stuck_packets == alone.deadlock->stuck_packets);
        CHECK(r.deadlock->channels.size() == alone.deadlock->channels.size());
      }
    }
    // Each rank's own simulator, which keeps its own routers' channels only (no channel loads asked for), gives the
    // same, and refuses a point that it would run whole.
    auto split = o;
    split.channel_loads = false;
    const auto own = on_ranks(p, [&](parallel::Ranks& ranks) {
      const sim::Simulator mine(g, split, &ranks);
      bool refused = false;
      try {
        mine.run(rate, seed);
      } catch (const Error&) {
        refused = true;
      }
      return std::pair(refused, sim::point_json(mine.run(rate, seed, {}, 0, &ranks)));
    });
    for (const auto& [refused, json] : own) {
      CHECK(refused);
      CHECK(json == sim::point_json(alone));
    }
  }
}

}  // namespace

TEST_CASE("parallel: a simulation split over 2 and 3 ranks gives one process's result") {
  auto o = test::quick_sim();
  o.channel_loads = true;
  SUBCASE("torus, dimension order, 3-flit packets, 2 threads a rank") {
    o.packet_size = 3;
    o.threads = 2;
    const auto g = family("torus", {{"dims", "4x4"}});
    check_split_run(g, o, 0.3, 5);
    o.messages = 5;  // a batch
    check_split_run(g, o, 0, 5);
  }
  SUBCASE("mesh, Valiant, 2-flit packets near saturation") {
    o.algo = "valiant";
    o.packet_size = 2;
    o.vcs = 4;
    check_split_run(family("mesh", {{"dims", "4x4"}}), o, 0.2, 3);
  }
  SUBCASE("dragonfly, UGAL on credits and minimal-adaptive, 10- and 40-cycle links") {
    const auto g = family("dragonfly", {{"h", "2"}});
    o.link_latency = "local=10,global=40";
    o.algo = "ugal";
    o.ugal_queue = "credits";
    check_split_run(g, o, 0.4, 2);
    o.algo = "minimal-adaptive";
    o.vcs = 4;
    check_split_run(g, o, 0.4, 2);
  }
  SUBCASE("a deadlocked ring is reported the same") {
    o = test::ring_tornado_one_vc();
    o.channel_loads = true;
    o.allow_deadlock = true;
    const auto g = family("ring", {{"nodes", "8"}});
    REQUIRE(sim::Simulator(g, o).run(1.0, 1).deadlock);
    check_split_run(g, o, 1.0, 1);
  }
  SUBCASE("UGAL on the flits waiting at the next routers, and PAR") {
    // Under group-shift, where the queues decide (the mutation that leaves the snapshots out fails here).
    const auto g = family("dragonfly", {{"h", "2"}});
    o.traffic = "group-shift";
    o.algo = "ugal";
    check_split_run(g, o, 0.3, 4);
    o.algo = "par";
    o.vcs = 4;
    check_split_run(g, o, 0.3, 4);
  }
  SUBCASE("UGAL-G, which reads every router's queues, is refused on every rank") {
    o.algo = "ugal-g";
    const sim::Simulator s(family("dragonfly", {{"h", "2"}}), o);
    const auto all = on_ranks(2, [&](parallel::Ranks& ranks) {
      try {
        s.run(0.1, 1, {}, 0, &ranks);
      } catch (const UsageError& e) {
        return std::string(e.what());
      }
      return std::string();
    });
    for (const auto& m : all) CHECK(m.find("reads the queues of every router") != std::string::npos);
  }
}
