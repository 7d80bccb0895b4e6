#include "common/io.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <signal.h>  // NOLINT(modernize-deprecated-headers): POSIX sigset_t and pthread_sigmask, not in <csignal>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>

#include "common/job.hpp"
#include "common/signals.hpp"
#include "common/standard_streams.hpp"
#include "common/write_buffer.hpp"
#include "topo/errors.hpp"
#include "topo/excerpt.hpp"

namespace topo::cli {

namespace {

/// The whole input as bytes (compressed or not, as read_graph takes it).
std::string read_bytes(std::istream& in, const std::string& source) {
  std::string bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  if (in.bad()) throw topo::InputError(fmt::format("cannot read {}: {}", source, std::strerror(errno)));
  return bytes;
}

// Standard input closed when the tool started (held by /dev/null since) or a directory: said before reading.
void check_readable(int fd, const std::string& source) {
  if (fd == STDIN_FILENO && stdin_was_closed())
    throw topo::InputError(fmt::format("cannot read {}: standard input is closed", source));
  struct stat st {};
  if (::fstat(fd, &st) == 0 && S_ISDIR(st.st_mode))
    throw topo::InputError(fmt::format("cannot read {}: {}", source, std::strerror(EISDIR)));
}

// read_graph, with a failed read (libstdc++ throws from the stream buffer) as one line naming the input.
Graph read_stream(std::istream& in, const std::string& source, const io::ReadOptions& opt) {
  try {
    return io::read_graph(in, source, opt);
  } catch (const std::ios_base::failure&) {
    throw topo::InputError(fmt::format("cannot read {}: {}", source, std::strerror(errno ? errno : EIO)));
  }
}

}  // namespace

Graph load_graph(const std::string& path, const io::ReadOptions& options) {
  const bool from_stdin = path.empty() || path == "-";
  io::ReadOptions opt = options;
  if (!opt.note)
    opt.note = [](const std::string& note) {
      if (job().rank() == 0)
        write_stderr(fmt::format("{}: note: {}\n", program_invocation_short_name, printable(note)));
    };
  if (auto& ranks = job(); ranks.size() > 1) {
    // Under MPI, rank 0 reads the input (stdin reaches it only), the first rank of every machine parses it, and the
    // ranks of a machine share that one copy of the graph.
    std::string bytes;
    if (ranks.rank() == 0) {
      if (from_stdin) {
        if (isatty(STDIN_FILENO)) throw topo::UsageError("no input: give a graph file or pipe one in (see --help)");
        check_readable(STDIN_FILENO, "<stdin>");
        bytes = read_bytes(std::cin, "<stdin>");
      } else {
        std::ifstream in(path, std::ios::binary);
        if (!in) throw topo::InputError(fmt::format("cannot open {}: {}", path, std::strerror(errno)));
        bytes = read_bytes(in, path);
      }
    }
    ranks.broadcast(bytes);
    Graph g;
    if (ranks.machine_leader()) {
      std::istringstream in(std::move(bytes));
      g = io::read_graph(in, from_stdin ? "<stdin>" : path, opt);
    }
    bytes = {};
    return Graph::view_flat(
        ranks.share_on_machine(g.flat_size(), [&](std::byte* out) { std::move(g).write_flat(out); }));
  }
  if (from_stdin) {
    if (isatty(STDIN_FILENO)) throw topo::UsageError("no input: give a graph file or pipe one in (see --help)");
    check_readable(STDIN_FILENO, "<stdin>");
    return read_stream(std::cin, "<stdin>", opt);
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) throw topo::InputError(fmt::format("cannot open {}: {}", path, std::strerror(errno)));
  struct stat st {};
  if (::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode))
    throw topo::InputError(fmt::format("cannot read {}: {}", path, std::strerror(EISDIR)));
  return read_stream(in, path, opt);
}

namespace {

[[noreturn]] void cannot_write(const std::string& path, int err) {
  throw topo::InputError(fmt::format("cannot write {}: {}", path, std::strerror(err)));
}

// Follows symbolic links (also dangling ones, as `> link` does) to the file that is to be replaced.
std::string resolve_links(const std::string& path) {
  std::string p = path;
  for (int hops = 0;; ++hops) {
    struct stat st {};
    if (::lstat(p.c_str(), &st) != 0 || !S_ISLNK(st.st_mode)) return p;
    if (hops == 40) cannot_write(path, ELOOP);
    std::string target(4096, '\0');
    const ssize_t n = ::readlink(p.c_str(), target.data(), target.size());
    if (n < 0) cannot_write(path, errno);
    target.resize(static_cast<std::size_t>(n));
    if (target.empty() || target[0] != '/') {
      const auto slash = p.rfind('/');
      if (slash != std::string::npos) target.insert(0, p, 0, slash + 1);
    }
    p = target;
  }
}

mode_t current_umask() {
  const mode_t m = ::umask(0);
  ::umask(m);
  return m;
}

int open_special(const std::string& path, const struct stat& st) {
  if (!S_ISSOCK(st.st_mode)) return ::open(path.c_str(), O_WRONLY | O_CLOEXEC | O_NOCTTY);
  sockaddr_un addr{};
  addr.sun_family = AF_UNIX;
  if (path.size() >= sizeof addr.sun_path) {
    errno = ENAMETOOLONG;
    return -1;
  }
  std::memcpy(addr.sun_path, path.c_str(), path.size() + 1);
  const int fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) return -1;
  if (::connect(fd, reinterpret_cast<const sockaddr*>(&addr), sizeof addr) != 0) {
    const int err = errno;
    ::close(fd);
    errno = err;
    return -1;
  }
  return fd;
}

// Signals are held while a temporary file is created or renamed, so the handler never misses one.
struct BlockSignals {
  sigset_t old;
  BlockSignals() {
    const sigset_t s = handled_signals();
    pthread_sigmask(SIG_BLOCK, &s, &old);
  }
  ~BlockSignals() { pthread_sigmask(SIG_SETMASK, &old, nullptr); }
};

}  // namespace

class Output::FileBuffer : public WriteBuffer {
 public:
  using WriteBuffer::WriteBuffer;
};

Output::Output(const std::string& path) : path_(path == "-" ? "" : path) {
  if (path_.empty()) return;
  target_ = resolve_links(path_);
  struct stat st {};
  const bool exists = ::stat(target_.c_str(), &st) == 0;
  if (!exists && errno != ENOENT) cannot_write(path_, errno);
  int fd = -1;
  if (exists && S_ISDIR(st.st_mode)) cannot_write(path_, EISDIR);
  if (exists && !S_ISREG(st.st_mode)) {
    fd = open_special(target_, st);
    if (fd < 0) cannot_write(path_, errno);
  } else {
    BlockSignals hold;
    std::string templ = target_ + ".tmp.XXXXXX";
    fd = ::mkostemp(templ.data(), O_CLOEXEC);
    if (fd < 0) cannot_write(path_, errno);
    tmp_ = templ;
    slot_ = track_temporary(tmp_.c_str());
    if (exists) {
      // Owner first: fchown clears the set-user-ID and set-group-ID bits that fchmod then restores.
      if (::fchown(fd, st.st_uid, st.st_gid) != 0) {  // only root may give a file away; keep the mode anyway
      }
      ::fchmod(fd, st.st_mode & 07777);
    } else {
      ::fchmod(fd, 0666 & ~current_umask());
    }
  }
  buf_ = std::make_unique<FileBuffer>(fd);
  file_ = std::make_unique<std::ostream>(buf_.get());
  if (io::has_gz_suffix(path_)) gz_ = std::make_unique<io::GzipOstream>(*file_);
}

Output::~Output() {
  if (tmp_.empty() || committed_) return;
  BlockSignals hold;
  gz_.reset();
  file_.reset();
  buf_.reset();
  ::unlink(tmp_.c_str());
  untrack_temporary(slot_);
}

std::ostream& Output::stream() {
  if (gz_) return *gz_;
  return file_ ? *file_ : std::cout;
}

void Output::commit() {
  if (!file_) {
    std::cout.flush();
    return;
  }
  errno = 0;
  if (gz_) gz_->finish();
  file_->flush();
  bool ok = static_cast<bool>(*file_);
  if (buf_->close() == nullptr && ok) {
    ok = false;
    if (buf_->error == 0) buf_->error = errno ? errno : EIO;
  }
  if (!ok)
    throw topo::Error(fmt::format("write error on {}: {}", path_, std::strerror(buf_->error ? buf_->error : EIO)));
  if (tmp_.empty()) {
    committed_ = true;
    return;
  }
  BlockSignals hold;
  if (std::rename(tmp_.c_str(), target_.c_str()) != 0)
    throw topo::Error(fmt::format("cannot rename {} to {}: {}", tmp_, target_, std::strerror(errno)));
  committed_ = true;
  untrack_temporary(slot_);
}

}  // namespace topo::cli
