// The batched link-load passes for any CPU (SSE on x86-64).
#include "load_pass_body.hpp"

namespace topo::metrics::loads {

LoadKernel load_kernel_portable() {
  return {forward_any, backward_any};
}

}  // namespace topo::metrics::loads
