// Built and run by bench/clex_build.sh.
// In-process build of CLEX C(1/4,4): time and peak memory of the generator + builder only.
#include <chrono>
#include <cstdio>
#include <cstdlib>

#include "topo/gen/families.hpp"
int main(int argc, char** argv) {
  const unsigned k = argc > 1 ? unsigned(std::atoi(argv[1])) : 32, L = argc > 2 ? unsigned(std::atoi(argv[2])) : 4;
  const bool swap = argc > 3 && argv[3][0] == 's';
  auto t0 = std::chrono::steady_clock::now();
  topo::Graph g = topo::gen::make_clex(k, L, swap);
  auto t1 = std::chrono::steady_clock::now();
  std::printf("nodes %u links %u multigraph %d loops %d time %.2f s\n", g.num_nodes(), g.num_links(), g.multigraph(),
              g.has_self_loops(), std::chrono::duration<double>(t1 - t0).count());
}
