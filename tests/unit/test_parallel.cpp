// The library's side of multi-process runs (topo/parallel/ranks.hpp): the split by cost, packing, and
// the distributed distances, link loads and mapping restarts checked against one process, with the
// ranks played by threads of this process (the MPI build runs the same code under mpirun: tests/mpi/).
#include <doctest/doctest.h>

#include <barrier>
#include <nlohmann/json.hpp>
#include <thread>
#include <type_traits>

#include "topo/gen/registry.hpp"
#include "topo/map/methods.hpp"
#include "topo/metrics/distance.hpp"
#include "topo/metrics/link_loads.hpp"
#include "topo/metrics/symmetry.hpp"
#include "topo/parallel/ranks.hpp"

using namespace topo;

namespace {

Graph family(const std::string& name, std::map<std::string, std::string> raw) {
  const auto& f = gen::find_family(name);
  return gen::generate(f, gen::parse_params(f, raw));
}

/// P ranks as threads: the collectives meet at a barrier.
struct ThreadJob {
  explicit ThreadJob(int p) : size(p), sync(p), slots(std::size_t(p)) {}
  int size;
  std::barrier<> sync;
  std::vector<std::string> slots;
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

TEST_CASE("parallel: link loads from 2 and 3 ranks are bit for bit one process's") {
  const auto g = family("random-regular", {{"nodes", "300"}, {"degree", "4"}, {"seed", "5"}});
  const auto torus = family("torus", {{"dims", "6x5"}});
  const auto generators = metrics::automorphism_orbits(torus).generators;  // nauty once, outside the threads
  for (auto r : {metrics::Routing::split, metrics::Routing::ecmp, metrics::Routing::single}) {
    CAPTURE(metrics::routing_name(r));
    const auto alone = metrics::link_loads(g, r, 1);
    const auto alone_sym = metrics::loads_by_symmetry_possible(torus, r)
                               ? metrics::link_loads_by_symmetry(torus, r, generators, 1)
                               : metrics::link_loads(torus, r, 1);
    for (int p : {2, 3}) {
      CAPTURE(p);
      const auto all = on_ranks(p, [&](parallel::Ranks& ranks) {
        const auto sym = metrics::loads_by_symmetry_possible(torus, r)
                             ? metrics::link_loads_by_symmetry(torus, r, generators, 1, &ranks)
                             : metrics::link_loads(torus, r, 1, {}, {}, &ranks);
        return std::pair(metrics::link_loads(g, r, 1, {}, {}, &ranks), sym);
      });
      for (const auto& [l, sym] : all) {
        CHECK(l.arc_load == alone.arc_load);  // exact: the parts are added in the same order
        CHECK(l.max == alone.max);
        CHECK(sym.arc_load == alone_sym.arc_load);
      }
    }
  }
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
