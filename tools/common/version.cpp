#include "common/version.hpp"

#include <fmt/format.h>

#include <CLI/Version.hpp>

#include "common/job.hpp"
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

}  // namespace topo::cli
