#pragma once
// The instruction set of the distance sweeps and the link-load sweeps (lib/src/metrics/bfs_level_*.cpp and
// load_pass_*.cpp, each compiled once per instruction set). Every kernel gives the same distances and the
// same link loads, bit for bit; they differ in speed only.
#include <string>
#include <string_view>
#include <vector>

namespace topo::metrics {

enum class Kernel {
  best,      // the widest this CPU runs
  portable,  // no instruction set extension (SSE2 on x86-64; what other CPUs run)
  avx2,      // AVX2
  avx512,    // AVX-512 F, VL, DQ and VPOPCNTDQ (Ice Lake, Zen 4 and later)
};

/// A kernel a user can name (TOPO_KERNEL): registered once, in kernel.cpp.
struct KernelInfo {
  Kernel id;
  std::string name;
  std::string help;  // the instruction set it needs
};
const std::vector<KernelInfo>& kernels();  // portable, avx2, avx512
std::string_view kernel_name(Kernel k);    // "portable", ...; best: the name of the kernel it resolves to

bool kernel_supported(Kernel k);  // best and portable: always
/// `best` as the widest kernel this CPU runs; any other kernel as it is.
Kernel resolve_kernel(Kernel k);
/// The kernel called `name` when this CPU runs it; UsageError naming the kernels it does run otherwise.
Kernel parse_kernel(std::string_view name);

}  // namespace topo::metrics
