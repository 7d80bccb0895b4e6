// The BFS level passes for any CPU: wide with 128-bit vectors (SSE on x86-64), and narrow.
#include "bfs_level_kernel.hpp"

namespace topo::metrics::bfs {

void level_pass_portable(LevelPass& pass) {
  level_pass_any<2, wide_words>(pass);
}

void level_pass_narrow(LevelPass& pass) {
  level_pass_any<1, narrow_words>(pass);
}

}  // namespace topo::metrics::bfs
