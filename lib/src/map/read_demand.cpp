// A demand file read by its extension: Matrix Market, Harwell-Boeing, or else a weighted edge list; a
// gzip-compressed file (NAME.mtx.gz) by the extension before ".gz" (the readers decompress it).

#include "map/reader_internal.hpp"

namespace topo::map {

using namespace detail;

Demand read_demand(const std::string& path, Weights wt, std::uint64_t task_limit) {
  const std::string_view name = ends_with(path, ".gz") ? std::string_view(path).substr(0, path.size() - 3) : path;
  if (ends_with(name, ".mtx")) return read_matrix_market(path, wt, task_limit);
  for (auto ext :
       {".rua", ".rsa", ".psa", ".csa", ".pua", ".cua", ".rza", ".pza", ".rha", ".cha", ".pha", ".rra", ".hb", ".rb"})
    if (ends_with(name, ext)) return read_harwell_boeing(path, wt, task_limit);
  return read_edge_list(path, wt, task_limit);
}

}  // namespace topo::map
