// The BFS level pass with AVX-512: one 512-bit vector per node, bits counted with VPOPCNTQ. Built with
// -mavx512f -mavx512vl -mavx512vpopcntdq (lib/CMakeLists.txt).
#include "bfs_level_kernel.hpp"

namespace topo::metrics::bfs {

void level_pass_avx512(LevelPass& pass) {
  level_pass_any<8, wide_words>(pass);
}

}  // namespace topo::metrics::bfs
