#pragma once
#include <string>

#include "topo/metrics/kernel.hpp"

namespace topo::cli {

/// The `--version` text: "TOOL (topo) VERSION", the git commit, and the library versions built in.
std::string version_text(const std::string& tool);

/// The kernel TOPO_KERNEL names (unset or empty: metrics::Kernel::best, the widest this CPU runs);
/// UsageError naming the variable when it names no kernel, or one this CPU cannot run.
metrics::Kernel kernel_from_environment();
/// The line `--version` adds for a tool with vector kernels: "kernel avx512 (this CPU runs portable, avx2,
/// avx512; TOPO_KERNEL picks one)", or why TOPO_KERNEL cannot be used.
std::string kernel_version_line();

}  // namespace topo::cli
