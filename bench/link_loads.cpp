// Exact split-routing link loads alone: wall time of metrics::link_loads, parsing excluded,
// best of RUNS, with u and the largest arc load to compare with another tool.
// Usage: link_loads GRAPH [THREADS] [RUNS]; TOPO_KERNEL picks the kernel, as for topostat.
#include "topo/metrics/link_loads.hpp"

#include <chrono>
#include <cstdio>
#include <cstdlib>

#include "common/io.hpp"
#include "common/version.hpp"

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: link_loads GRAPH [THREADS] [RUNS]\n");
    return 2;
  }
  const auto g = topo::cli::load_graph(argv[1]);
  const int threads = argc > 2 ? std::atoi(argv[2]) : 0;
  const int runs = argc > 3 ? std::atoi(argv[3]) : 1;
  double best = 1e300;
  topo::metrics::LinkLoads loads;
  const auto kernel = topo::cli::kernel_from_environment();
  for (int run = 0; run < runs; ++run) {
    const auto t0 = std::chrono::steady_clock::now();
    loads = topo::metrics::link_loads(g, topo::metrics::Routing::split, threads, {}, g.meta.endpoints, nullptr, kernel);
    best = std::min(best, std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  }
  std::printf("seconds %.3f u %.15f mean %.10f max %.10f nodes %u arcs %llu\n", best, loads.u, loads.mean, loads.max,
              g.num_nodes(), static_cast<unsigned long long>(g.num_arcs()));
}
