// The batched link-load passes for AVX-512: one 512-bit vector per node and lane set. Built with -mavx2 -mavx512f
// -mavx512vl -mavx512dq (lib/CMakeLists.txt).
#include "load_pass_body.hpp"

namespace topo::metrics::loads {

LoadKernel load_kernel_avx512() {
  return {forward_any, backward_any};
}

}  // namespace topo::metrics::loads
