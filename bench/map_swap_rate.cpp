// Sparse swap evaluations per second: random swaps of a demand mapped onto a network, each
// evaluated incrementally (SwapEvaluator::delta), none applied. Usage: map_swap_rate GRAPH DEMAND [SECONDS]
#include <chrono>
#include <cstdio>

#include "common/io.hpp"
#include "topo/map/methods.hpp"
#include "topo/rng.hpp"

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: map_swap_rate GRAPH DEMAND [SECONDS]\n");
    return 2;
  }
  const double seconds = argc > 3 ? std::atof(argv[3]) : 3.0;
  const auto g = topo::cli::load_graph(argv[1]);
  auto d = topo::map::read_demand(argv[2]);
  const auto all_tasks = d.n;
  const auto tasks = d.n > g.num_nodes() ? g.num_nodes() : d.n;
  d = d.cropped(tasks).padded(g.num_nodes());
  const auto s = topo::map::Supply::from_graph(g, 1ull << 33, false);
  topo::map::Mapping m(g.num_nodes());
  for (std::uint32_t i = 0; i < m.size(); ++i) m[i] = i;
  topo::map::SwapEvaluator ev(d, s, m);
  topo::Rng rng(1);
  // Pre-drawn pairs, so the figure is the evaluation and not the random number generator.
  std::vector<std::pair<std::uint32_t, std::uint32_t>> pairs(1 << 20);
  for (auto& p : pairs) p = {std::uint32_t(rng.below(tasks)), std::uint32_t(rng.below(g.num_nodes()))};
  double sink = 0;
  std::uint64_t evals = 0;
  const auto t0 = std::chrono::steady_clock::now();
  double el = 0;
  while (el < seconds) {
    for (const auto& [a, b] : pairs) sink += ev.delta(a, b);
    evals += pairs.size();
    el = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  }
  std::printf("tasks %u (of %u), nodes %u, demand pairs %llu, supply %s\n", tasks, all_tasks, g.num_nodes(),
              static_cast<unsigned long long>(d.pairs()),
              s.kind() == topo::map::Supply::Kind::dense8 ? "uint8" : "uint16");
  std::printf("%llu swap evaluations in %.3f s: %.3g per second (checksum %g)\n",
              static_cast<unsigned long long>(evals), el, double(evals) / el, sink);
}
