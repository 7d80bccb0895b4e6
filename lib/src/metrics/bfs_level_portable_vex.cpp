// The portable BFS level pass (128-bit vectors) in AVX's VEX encoding, for x86-64 CPUs that have AVX when
// the portable kernel is forced (load_pass_portable_vex.cpp says why). Built with -mavx
// (lib/CMakeLists.txt).
#include "bfs_level_kernel.hpp"

namespace topo::metrics::bfs {

void level_pass_portable_vex(LevelPass& pass) {
  level_pass_any<2, wide_words>(pass);
}

}  // namespace topo::metrics::bfs
