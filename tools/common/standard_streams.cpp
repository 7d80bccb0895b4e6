#include "common/standard_streams.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <ctime>
#include <iostream>

#include "common/write_buffer.hpp"

namespace topo::cli {

namespace {

bool stdin_closed = false, stdout_closed = false;
WriteBuffer* stdout_buffer = nullptr;  // never destroyed: it would close descriptor 1

}  // namespace

void hold_closed_standard_descriptors() {
  for (int fd = 0; fd <= 2; ++fd) {
    if (::fcntl(fd, F_GETFD) != -1 || errno != EBADF) continue;
    if (fd == STDIN_FILENO) stdin_closed = true;
    if (fd == STDOUT_FILENO) stdout_closed = true;
    const int held = ::open("/dev/null", fd == STDIN_FILENO ? O_WRONLY : O_RDONLY);
    if (held >= 0 && held != fd) {  // a lower descriptor was closed too and took it: move it
      ::dup2(held, fd);
      ::close(held);
    }
  }
}

void remember_stdout_errors() {
  if (stdout_buffer) return;
  stdout_buffer = new WriteBuffer(STDOUT_FILENO);
  std::cout.rdbuf(stdout_buffer);
}

int stdout_error() {
  return stdout_buffer ? stdout_buffer->error : 0;
}

bool stdin_was_closed() {
  return stdin_closed;
}

bool stdout_was_closed() {
  return stdout_closed;
}

void write_stderr(std::string_view text) noexcept {
  const int saved_errno = errno;
  // SIGPIPE is held while writing, so that stderr on a closed pipe fails the write instead of ending the
  // process; a SIGPIPE the write raised is taken back before the mask is restored.
  sigset_t pipe, old;
  sigemptyset(&pipe);
  sigaddset(&pipe, SIGPIPE);
  pthread_sigmask(SIG_BLOCK, &pipe, &old);
  sigset_t pending;
  sigpending(&pending);
  const bool was_pending = sigismember(&pending, SIGPIPE) == 1;
  bool broken = false;
  while (!text.empty()) {
    const ssize_t n = ::write(STDERR_FILENO, text.data(), text.size());
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && errno == EPIPE) broken = true;
    if (n <= 0) break;
    text.remove_prefix(static_cast<std::size_t>(n));
  }
  if (broken && !was_pending) {
    const timespec zero{0, 0};
    while (sigtimedwait(&pipe, nullptr, &zero) < 0 && errno == EINTR) {
    }
  }
  pthread_sigmask(SIG_SETMASK, &old, nullptr);
  errno = saved_errno;
}

}  // namespace topo::cli
