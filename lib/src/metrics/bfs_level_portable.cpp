// The BFS level pass for any CPU: 128-bit vectors (SSE on x86-64).
#include "bfs_level_kernel.hpp"

namespace topo::metrics::bfs {

void level_pass_portable(LevelPass& pass) {
  level_pass_any<2>(pass);
}

}  // namespace topo::metrics::bfs
