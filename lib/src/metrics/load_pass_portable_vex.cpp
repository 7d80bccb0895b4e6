// The portable link-load passes (128-bit vectors) in AVX's VEX encoding, for x86-64 CPUs that have AVX
// when the portable kernel is forced. Built with -mavx (lib/CMakeLists.txt). On such a CPU the legacy SSE
// encoding of the same code runs 2 to 3 times slower (measured on an AMD EPYC of family 26): an SSE
// instruction keeps the upper bits of the wider register it writes, a VEX one clears them.
#include "load_pass_body.hpp"

namespace topo::metrics::loads {

LoadKernel load_kernel_portable_vex() {
  return {forward_any, backward_any};
}

}  // namespace topo::metrics::loads
