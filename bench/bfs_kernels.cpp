// Exact all-pairs BFS time of each BFS kernel this CPU runs, best of 3, parsing excluded.
// Usage: bfs_kernels GRAPH [THREADS]
#include <chrono>
#include <cstdio>
#include <cstdlib>

#include "common/io.hpp"
#include "topo/metrics/distance.hpp"

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: bfs_kernels GRAPH [THREADS]\n");
    return 2;
  }
  const auto g = topo::cli::load_graph(argv[1]);
  topo::metrics::DistanceOptions opt;
  opt.threads = argc > 2 ? std::atoi(argv[2]) : 0;
  const struct {
    topo::metrics::Kernel kernel;
    const char* name;
  } kernels[] = {{topo::metrics::Kernel::portable, "portable (128-bit vectors)"},
                 {topo::metrics::Kernel::avx2, "AVX2 (256-bit vectors)"},
                 {topo::metrics::Kernel::avx512, "AVX-512 VPOPCNTDQ (512-bit vectors)"}};
  for (const auto& k : kernels) {
    if (!topo::metrics::kernel_supported(k.kernel)) {
      std::printf("%-36s not supported by this CPU\n", k.name);
      continue;
    }
    opt.kernel = k.kernel;
    double best = 1e300, mean = 0;
    for (int run = 0; run < 3; ++run) {
      const auto t0 = std::chrono::steady_clock::now();
      mean = topo::metrics::distance_distribution(g, opt).mean_all;
      best = std::min(best, std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
    }
    std::printf("%-36s %8.3f s  (mean distance %.4f)\n", k.name, best, mean);
  }
}
