// The batched link-load passes for AVX2: 256-bit vectors. Built with -mavx2 (lib/CMakeLists.txt).
#include "load_pass_body.hpp"

namespace topo::metrics::loads {

LoadKernel load_kernel_avx2() {
  return {forward_any, backward_any};
}

}  // namespace topo::metrics::loads
