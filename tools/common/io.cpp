#include "common/io.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>

#include "topo/errors.hpp"

namespace topo::cli {

Graph load_graph(const std::string& path, const io::ReadOptions& opt) {
  if (path.empty() || path == "-") {
    if (isatty(STDIN_FILENO)) throw topo::UsageError("no input: give a graph file or pipe one in (see --help)");
    return io::read_graph(std::cin, "<stdin>", opt);
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) throw topo::InputError(fmt::format("cannot open {}: {}", path, std::strerror(errno)));
  return io::read_graph(in, path, opt);
}

Output::Output(const std::string& path) : path_(path == "-" ? "" : path) {
  if (path_.empty()) return;
  std::string templ = path_ + ".tmp.XXXXXX";
  const int fd = mkstemp(templ.data());
  if (fd < 0) throw topo::InputError(fmt::format("cannot write {}: {}", path_, std::strerror(errno)));
  ::close(fd);
  tmp_ = templ;
  file_ = std::make_unique<std::ofstream>(tmp_, std::ios::binary | std::ios::trunc);
  if (!*file_) {
    std::remove(tmp_.c_str());
    throw topo::InputError(fmt::format("cannot write {}: {}", path_, std::strerror(errno)));
  }
  if (io::has_gz_suffix(path_)) gz_ = std::make_unique<io::GzipOstream>(*file_);
}

Output::~Output() {
  if (file_ && !committed_) {
    gz_.reset();
    file_.reset();
    std::remove(tmp_.c_str());
  }
}

std::ostream& Output::stream() {
  if (gz_) return *gz_;
  return file_ ? static_cast<std::ostream&>(*file_) : std::cout;
}

void Output::commit() {
  if (!file_) {
    std::cout.flush();
    return;
  }
  if (gz_) gz_->finish();
  file_->flush();
  file_->close();
  if (file_->fail()) throw topo::Error(fmt::format("write error on {}: {}", tmp_, std::strerror(errno)));
  if (std::rename(tmp_.c_str(), path_.c_str()) != 0)
    throw topo::Error(fmt::format("cannot rename {} to {}: {}", tmp_, path_, std::strerror(errno)));
  committed_ = true;
}

}  // namespace topo::cli
