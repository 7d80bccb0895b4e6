#pragma once
// A stream buffer on a file descriptor that remembers why its first write failed (the errno), for the message.
#include <cerrno>
#include <ext/stdio_filebuf.h>
#include <ios>

namespace topo::cli {

class WriteBuffer : public __gnu_cxx::stdio_filebuf<char> {
 public:
  explicit WriteBuffer(int fd) : stdio_filebuf(fd, std::ios::out | std::ios::binary, 1 << 16) {}
  int error = 0;  // errno of the first failed write

 protected:
  int_type overflow(int_type c) override {
    errno = 0;
    return note(stdio_filebuf::overflow(c), traits_type::eof());
  }
  int sync() override {
    errno = 0;
    return note(stdio_filebuf::sync(), -1);
  }
  std::streamsize xsputn(const char* s, std::streamsize n) override {
    errno = 0;
    const auto written = stdio_filebuf::xsputn(s, n);
    if (written < n && error == 0) error = errno ? errno : EIO;
    return written;
  }

 private:
  template <class T>
  T note(T result, T failed) {
    if (result == failed && error == 0) error = errno ? errno : EIO;
    return result;
  }
};

}  // namespace topo::cli
