#include <doctest/doctest.h>
#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "topo/errors.hpp"
#include "topo/gen/registry.hpp"
#include "topo/map/methods.hpp"
#include "topo/rng.hpp"

using namespace topo;

namespace {

Graph gen_of(const std::string& family, std::map<std::string, std::string> raw) {
  const auto& f = gen::find_family(family);
  return gen::generate(f, gen::parse_params(f, raw));
}

// A random sparse demand on n tasks with integer weights (exact sums).
map::Demand random_sparse(std::uint32_t n, std::uint32_t pairs, Rng& rng) {
  std::vector<std::vector<double>> w(n, std::vector<double>(n, 0));
  for (std::uint32_t k = 0; k < pairs; ++k) {
    auto i = rng.below(n), j = rng.below(n);
    if (i == j) continue;
    w[i][j] = w[j][i] = double(1 + rng.below(9));
  }
  map::Demand d;
  d.n = n;
  d.off.push_back(0);
  for (std::uint32_t i = 0; i < n; ++i) {
    for (std::uint32_t j = 0; j < n; ++j)
      if (w[i][j] != 0) {
        d.adj.push_back(j);
        d.w.push_back(w[i][j]);
      }
    d.off.push_back(d.adj.size());
  }
  return d;
}

void check_moves(const map::Demand& d, const map::Supply& s, Rng& rng, int moves) {
  const auto N = s.size();
  map::Mapping m(N);
  for (std::uint32_t i = 0; i < N; ++i) m[i] = i;
  rng.shuffle(m.data(), m.size());
  map::SwapEvaluator ev(d, s, m);
  int bad = 0;
  for (int k = 0; k < moves; ++k) {
    const auto a = std::uint32_t(rng.below(N)), b = std::uint32_t(rng.below(N));
    const double x = ev.delta(a, b);
    ev.apply(a, b, x);
    const double full = map::evaluate(d, s, ev.mapping());
    if (std::fabs(full - ev.cost()) > 1e-9 * std::max(1.0, std::fabs(full))) ++bad;
  }
  CHECK(bad == 0);
}

}  // namespace

TEST_CASE("map: sparse swap delta equals full recomputation after every move (torus, idle nodes)") {
  Rng rng(7);
  const auto g = gen_of("torus", {{"dims", "6x5x4"}});
  const auto s = map::Supply::from_graph(g, 1ull << 30, false);
  CHECK(s.kind() == map::Supply::Kind::dense8);
  CHECK(s.diameter() == 3 + 2 + 2);
  for (std::uint32_t tasks : {120u, 97u}) {  // all nodes busy, and 23 idle nodes
    const auto d = random_sparse(tasks, 400, rng).padded(120);
    check_moves(d, s, rng, 2000);
  }
}

TEST_CASE("map: BFS rows on demand give the same costs and deltas as the dense matrix") {
  Rng rng(11);
  const auto g = gen_of("mesh", {{"dims", "9x7"}});
  const auto dense = map::Supply::from_graph(g, 1ull << 30, false);
  const auto rows = map::Supply::from_graph(g, 1ull << 30, true, 4);
  CHECK(rows.kind() == map::Supply::Kind::rows);
  const auto d = random_sparse(63, 150, rng);
  check_moves(d, rows, rng, 1000);
  map::Mapping m(63);
  for (std::uint32_t i = 0; i < 63; ++i) m[i] = (i * 5) % 63;
  CHECK(map::evaluate(d, dense, m) == map::evaluate(d, rows, m));
  for (std::uint32_t u = 0; u < 63; u += 7)
    for (std::uint32_t v = 0; v < 63; v += 3) CHECK(dense(u, v) == rows(u, v));
}

TEST_CASE("map: dense delta equals full recomputation (asymmetric and symmetric QAP)") {
  Rng rng(3);
  const auto val = [&rng] { return double(rng.below(21)); };
  for (bool sym : {false, true}) {
    const std::uint32_t n = 23;
    map::Demand d;
    d.n = n;
    d.dense = true;
    d.a.resize(n * n);
    std::vector<double> b(n * n);
    for (std::uint32_t i = 0; i < n; ++i)
      for (std::uint32_t j = 0; j < n; ++j) {
        d.a[i * n + j] = val();
        b[i * n + j] = i == j ? 0 : val();
      }
    if (sym)
      for (std::uint32_t i = 0; i < n; ++i)
        for (std::uint32_t j = 0; j < i; ++j) b[i * n + j] = b[j * n + i];
    const auto s = map::Supply::from_matrix(n, b);
    CHECK(s.symmetric() == sym);
    check_moves(d, s, rng, 2000);
  }
}

TEST_CASE("map: the dense form of a sparse demand has the same cost") {
  Rng rng(5);
  const auto g = gen_of("torus", {{"dims", "4x4x4"}});
  const auto s = map::Supply::from_graph(g, 1ull << 30, false);
  const auto d = random_sparse(64, 200, rng);
  const auto dd = d.to_dense();
  map::Mapping m(64);
  for (std::uint32_t i = 0; i < 64; ++i) m[i] = (i * 13) % 64;
  CHECK(map::evaluate(d, s, m) == doctest::Approx(map::evaluate(dd, s, m)));
  check_moves(dd, s, rng, 500);
}

TEST_CASE("map: every method returns a permutation no worse than its start where it should") {
  Rng rng(9);
  const auto g = gen_of("torus", {{"dims", "8x8"}});
  const auto s = map::Supply::from_graph(g, 1ull << 30, false);
  const auto d = random_sparse(60, 150, rng);
  for (const auto& method : map::methods()) {
    CAPTURE(method.name);
    const auto& m = method.name;
    map::SolveOptions o;
    o.method = m;
    o.iterations = m == "tabu" ? 300 : m == "genetic" ? 50 : 20000;
    o.restarts = 2;
    o.network = &g;
    const auto r = map::solve(d, s, o);
    CHECK_NOTHROW(map::check_mapping(r.mapping, 64, 64, "result"));
    CHECK(r.cost == doctest::Approx(map::evaluate(d.padded(64), s, r.mapping)));
    if (method.default_iterations)  // the searches all start from or keep ROMap
      CHECK(r.cost <= r.identity_cost);
  }
}

TEST_CASE("map: restarts give the same answer whatever the thread count") {
  Rng rng(13);
  const auto g = gen_of("torus", {{"dims", "8x8"}});
  const auto s = map::Supply::from_graph(g, 1ull << 30, false);
  const auto d = random_sparse(64, 150, rng);
  map::SolveOptions o;
  o.method = "anneal";
  o.iterations = 30000;
  o.restarts = 3;
  o.threads = 1;
  const auto r1 = map::solve(d, s, o);
  o.threads = 2;
  const auto r2 = map::solve(d, s, o);
  CHECK(r1.mapping == r2.mapping);
  CHECK(r1.cost == r2.cost);
  CHECK(r1.best_restart == r2.best_restart);
}

TEST_CASE("map: the default restarts are eight, the same for every thread count") {
  Rng rng(17);
  const auto g = gen_of("torus", {{"dims", "8x8"}});
  const auto s = map::Supply::from_graph(g, 1ull << 30, false);
  const auto d = random_sparse(64, 150, rng);
  map::SolveOptions o;
  CHECK(o.restarts == 8);
  o.method = "tabu";
  o.iterations = 200;
  o.threads = 1;
  const auto r1 = map::solve(d, s, o);
  CHECK(r1.iterations == 8 * 200);
  for (int threads : {2, 3}) {  // 3 threads run 3, 3 and 2 restarts
    CAPTURE(threads);
    o.threads = threads;
    const auto r = map::solve(d, s, o);
    CHECK(r.mapping == r1.mapping);
    CHECK(r.cost == r1.cost);
    CHECK(r.best_restart == r1.best_restart);
    CHECK(r.iterations == r1.iterations);
  }
}

TEST_CASE("map: a supply matrix that does not fit is refused with its size") {
  const auto g = gen_of("torus", {{"dims", "16x16"}});
  try {
    (void)map::Supply::from_graph(g, 1000, false);
    FAIL("expected InputError");
  } catch (const InputError& e) {
    CHECK(std::string(e.what()) ==
          "the supply matrix of 256 nodes needs 65536 bytes (0.0 GiB), more than the limit of 1000 bytes; use "
          "--supply rows to compute BFS rows on demand");
  }
}

TEST_CASE("map: more tasks than nodes is an error") {
  Rng rng(1);
  const auto g = gen_of("ring", {{"nodes", "10"}});
  const auto s = map::Supply::from_graph(g, 1ull << 30, false);
  const auto d = random_sparse(12, 20, rng);
  map::SolveOptions o;
  CHECK_THROWS_WITH_AS(map::solve(d, s, o), "12 tasks but the network has only 10 nodes", InputError);
}

TEST_CASE("map: a demand without tasks maps trivially") {
  const auto g = gen_of("ring", {{"nodes", "5"}});
  const auto s = map::Supply::from_graph(g, 1ull << 30, false);
  map::Demand d;
  d.off.assign(1, 0);
  map::SolveOptions o;
  const auto r = map::solve(d, s, o);
  CHECK(r.cost == 0);
  CHECK(r.mapping.size() == 5);
}

TEST_CASE("map: the demand readers refuse more tasks than their limit before allocating them") {
  const auto dir = std::filesystem::temp_directory_path();
  const auto write = [&](const std::string& name, const std::string& text) {
    const auto path = (dir / ("topo-test-" + std::to_string(::getpid()) + "-" + name)).string();
    std::ofstream(path) << text;
    return path;
  };
  const auto refused = [](auto&& read, const std::string& expected) {
    try {
      read();
      FAIL("the limit let the demand through");
    } catch (const topo::ParseError& e) {
      CHECK(std::string(e.what()).find(expected) != std::string::npos);
    }
  };
  const auto el = write("limit.el", "# nodes: 11\n0 1\n");
  CHECK(map::read_edge_list(el, map::Weights::magnitude, 11).n == 11);
  refused([&] { (void)map::read_edge_list(el, map::Weights::magnitude, 10); }, "11 tasks exceed the limit of 10 ");
  const auto mtx = write("limit.mtx", "%%MatrixMarket matrix coordinate pattern general\n12 12 1\n1 2\n");
  CHECK(map::read_demand(mtx).n == 12);
  refused([&] { (void)map::read_demand(mtx, map::Weights::magnitude, 10); }, ":2: 12 tasks exceed the limit of 10 ");
  // The default is the readers' own limit, 2^24, and a larger one does not lift it.
  const auto huge = write("huge.el", "# nodes: 16777217\n0 1\n");
  refused([&] { (void)map::read_edge_list(huge, map::Weights::magnitude, std::uint64_t{1} << 30); },
          "16777217 tasks exceed the limit of 16777216 (2^24)");
  for (const auto& p : {el, mtx, huge}) std::filesystem::remove(p);
}
