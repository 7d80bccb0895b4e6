#pragma once
// Versions of the libraries topo was built with, for `--version`.
#include <string>
#include <utility>
#include <vector>

namespace topo {

/// (library, version) pairs of the libraries compiled into libtopo: nauty/Traces and METIS.
std::vector<std::pair<std::string, std::string>> library_versions();

}  // namespace topo
