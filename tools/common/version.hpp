#pragma once
#include <string>

namespace topo::cli {

/// The `--version` text: "TOOL (topo) VERSION", the git commit, and the library versions built in.
std::string version_text(const std::string& tool);

}  // namespace topo::cli
