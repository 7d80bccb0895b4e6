#pragma once
// Input and output files for the tools: "-" is stdin/stdout, -o FILE is written atomically.
#include <iosfwd>
#include <memory>
#include <ostream>
#include <string>

#include "topo/io/format.hpp"
#include "topo/io/gzip.hpp"

namespace topo::cli {

/// Reads a graph from a path ("-" = stdin); errors name the file.
Graph load_graph(const std::string& path, const io::ReadOptions& opt = {});

/// Where a tool writes its result. A regular file (or the target of a symbolic link) is written to a
/// temporary name beside it and renamed by commit(); without commit() (an error happened) the temporary
/// file is removed. A new file gets mode 0666 & ~umask, a replaced one keeps its mode. A character
/// device, FIFO or socket is written directly; a directory is an error. A name ending in ".gz" is
/// written gzip-compressed.
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
  std::string path_;    // as given, for messages
  std::string target_;  // the file that is replaced (symbolic links resolved)
  std::string tmp_;     // empty when writing directly
  class FileBuffer;     // a stream buffer on a file descriptor that remembers the first write error
  std::unique_ptr<FileBuffer> buf_;
  std::unique_ptr<std::ostream> file_;
  std::unique_ptr<io::GzipOstream> gz_;  // over file_, for a ".gz" name
  int slot_ = -1;                        // the signal handler's record of tmp_
  bool committed_ = false;
};

}  // namespace topo::cli
