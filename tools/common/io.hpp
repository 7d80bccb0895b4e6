#pragma once
// Input and output files for the tools: "-" is stdin/stdout, -o FILE is written atomically.
#include <fstream>
#include <iosfwd>
#include <memory>
#include <string>

#include "topo/io/format.hpp"
#include "topo/io/gzip.hpp"

namespace topo::cli {

/// Reads a graph from a path ("-" = stdin); errors name the file.
Graph load_graph(const std::string& path, const io::ReadOptions& opt = {});

/// Where a tool writes its result. A file is written to a temporary name beside it and renamed
/// by commit(); without commit() (an error happened) the temporary file is removed.
/// A name ending in ".gz" is written gzip-compressed.
class Output {
 public:
  explicit Output(const std::string& path);
  ~Output();
  Output(const Output&) = delete;
  Output& operator=(const Output&) = delete;
  std::ostream& stream();
  /// Flushes and, for a file, renames it into place; throws topo::Error on a write error.
  void commit();

 private:
  std::string path_, tmp_;
  std::unique_ptr<std::ofstream> file_;
  std::unique_ptr<io::GzipOstream> gz_;  // over file_, for a ".gz" name
  bool committed_ = false;
};

}  // namespace topo::cli
