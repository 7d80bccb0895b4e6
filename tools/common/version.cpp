#include "common/version.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <CLI/Version.hpp>
#include <cstdlib>
#include <vector>

#include "common/job.hpp"
#include "topo/errors.hpp"
#include "topo/versions.hpp"
#include "topo_commit.hpp"

namespace topo::cli {

std::string version_text(const std::string& tool) {
  std::string s = fmt::format("{} (topo) {}\ncommit {}\n", tool, TOPO_VERSION, TOPO_GIT_COMMIT);
  for (const auto& [lib, version] : topo::library_versions()) s += fmt::format("{} {}\n", lib, version);
  s += fmt::format("fmt {}.{}.{}\n", FMT_VERSION / 10000, FMT_VERSION / 100 % 100, FMT_VERSION % 100);
  s += fmt::format("CLI11 {}", CLI11_VERSION);
  if (const auto mpi = mpi_library_version(); !mpi.empty()) s += "\n" + mpi;
  return s;
}

metrics::Kernel kernel_from_environment() {
  const char* name = std::getenv("TOPO_KERNEL");
  if (!name || !*name) return metrics::Kernel::best;
  try {
    return metrics::parse_kernel(name);
  } catch (const UsageError& e) {
    throw UsageError(fmt::format("TOPO_KERNEL: {}", e.what()));
  }
}

std::string kernel_version_line() {
  std::vector<std::string> runs;
  for (const auto& k : metrics::kernels())
    if (metrics::kernel_supported(k.id)) runs.push_back(k.name);
  try {
    const auto kernel = kernel_from_environment();
    return fmt::format("kernel {} (this CPU runs {}; TOPO_KERNEL picks one)", metrics::kernel_name(kernel),
                       fmt::join(runs, ", "));
  } catch (const UsageError& e) {
    return fmt::format("kernel: {}", e.what());
  }
}

}  // namespace topo::cli
