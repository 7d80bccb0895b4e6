// A demand file read by its extension: Matrix Market, Harwell-Boeing, or else a weighted edge list.

#include "map/reader_internal.hpp"

namespace topo::map {

using namespace detail;

Demand read_demand(const std::string& path, Weights wt) {
  if (ends_with(path, ".mtx")) return read_matrix_market(path, wt);
  for (auto ext :
       {".rua", ".rsa", ".psa", ".csa", ".pua", ".cua", ".rza", ".pza", ".rha", ".cha", ".pha", ".rra", ".hb", ".rb"})
    if (ends_with(path, ext)) return read_harwell_boeing(path, wt);
  return read_edge_list(path, wt);
}

}  // namespace topo::map
