// A demand file read by its extension: Matrix Market, Harwell-Boeing, or else a weighted edge list; a
// gzip-compressed file (NAME.mtx.gz) by the extension before ".gz" (the readers decompress it). A stream
// (standard input) has no name to go by: its first lines say which format it is.

#include <cctype>
#include <istream>

#include "map/reader_internal.hpp"

namespace topo::map {

using namespace detail;

namespace {

const char* const harwell_boeing_extensions[] = {".rua", ".rsa", ".psa", ".csa", ".pua", ".cua", ".rza",
                                                 ".pza", ".rha", ".cha", ".pha", ".rra", ".hb",  ".rb"};

// A Harwell-Boeing file's third line starts with its matrix type: R, C or P; S, U, H, Z or R; A or E.
bool harwell_boeing_type(const std::string& text) {
  std::istringstream in(text);
  std::string line;
  for (int i = 0; i < 3 && std::getline(in, line); ++i) {
  }
  const auto t = split_ws(line);
  if (t.empty() || t[0].size() != 3) return false;
  const auto up = [&](std::size_t i) { return static_cast<char>(std::toupper(static_cast<unsigned char>(t[0][i]))); };
  return std::string_view("RCP").find(up(0)) != std::string_view::npos &&
         std::string_view("SUHZR").find(up(1)) != std::string_view::npos &&
         std::string_view("AE").find(up(2)) != std::string_view::npos;
}

}  // namespace

Demand read_demand(const std::string& path, Weights wt, std::uint64_t task_limit) {
  const std::string_view name = ends_with(path, ".gz") ? std::string_view(path).substr(0, path.size() - 3) : path;
  if (ends_with(name, ".mtx")) return read_matrix_market(path, wt, task_limit);
  for (auto ext : harwell_boeing_extensions)
    if (ends_with(name, ext)) return read_harwell_boeing(path, wt, task_limit);
  return read_edge_list(path, wt, task_limit);
}

Demand read_demand(std::istream& in, const std::string& name, Weights wt, std::uint64_t task_limit) {
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (in.bad()) throw InputError(fmt::format("{}: read error", name));
  if (io::is_gzip(text)) text = io::gunzip(text, name);
  if (text.rfind("%%MatrixMarket", 0) == 0) return matrix_market_text(std::istringstream(text), name, wt, task_limit);
  if (harwell_boeing_type(text)) return harwell_boeing_text(std::istringstream(text), name, wt, task_limit);
  return edge_list_text(std::istringstream(std::move(text)), name, wt, task_limit);
}

}  // namespace topo::map
