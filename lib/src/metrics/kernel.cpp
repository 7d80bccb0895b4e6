#include "topo/metrics/kernel.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "topo/errors.hpp"
#include "topo/registry.hpp"

namespace topo::metrics {

const std::vector<KernelInfo>& kernels() {
  static const std::vector<KernelInfo> list = {
      {Kernel::portable, "portable", "no instruction set extension"},
      {Kernel::avx2, "avx2", "AVX2"},
      {Kernel::avx512, "avx512", "AVX-512 F, VL, DQ and VPOPCNTDQ"},
  };
  return list;
}

std::string_view kernel_name(Kernel k) {
  const Kernel resolved = resolve_kernel(k);
  const auto name = name_of(kernels(), resolved);
  return name.empty() ? "?" : name;
}

bool kernel_supported(Kernel k) {
  switch (k) {
    case Kernel::best:
    case Kernel::portable:
      return true;
#if defined(__x86_64__)
    case Kernel::avx2:
      return __builtin_cpu_supports("avx2");
    case Kernel::avx512:
      return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("avx512f") &&
             __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512dq") &&
             __builtin_cpu_supports("avx512vpopcntdq");
#else
    case Kernel::avx2:
    case Kernel::avx512:
      return false;
#endif
  }
  return false;
}

Kernel resolve_kernel(Kernel k) {
  if (k != Kernel::best) return k;
  return kernel_supported(Kernel::avx512) ? Kernel::avx512
         : kernel_supported(Kernel::avx2) ? Kernel::avx2
                                          : Kernel::portable;
}

Kernel parse_kernel(std::string_view name) {
  const auto& found = find_named(kernels(), name, "kernel");
  if (kernel_supported(found.id)) return found.id;
  std::vector<std::string> runs;
  for (const auto& k : kernels())
    if (kernel_supported(k.id)) runs.push_back(k.name);
  throw UsageError(fmt::format("kernel \"{}\" needs {}, which this CPU lacks (it runs {})", found.name, found.help,
                               fmt::join(runs, ", ")));
}

}  // namespace topo::metrics
