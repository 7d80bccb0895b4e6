// The BFS level pass with AVX2: 256-bit vectors. Built with -mavx2 (lib/CMakeLists.txt).
#include "bfs_level_kernel.hpp"

namespace topo::metrics::bfs {

void level_pass_avx2(LevelPass& pass) {
  level_pass_any<4, wide_words>(pass);
}

}  // namespace topo::metrics::bfs
