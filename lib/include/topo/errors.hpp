#pragma once
// Typed errors thrown by the library. The library never prints and never exits;
// the tools catch these in one place (tools/common/cli.cpp) and map them to exit codes.
#include <cstddef>
#include <stdexcept>
#include <string>

namespace topo {

/// Base of every error the library throws on purpose.
struct Error : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// Bad input data or bad parameters (exit status 1).
struct InputError : Error {
  using Error::Error;
};

/// A syntax or consistency error at a known place in an input file.
/// what() is "file:line: message" (or "file: message" when the line is unknown).
struct ParseError : InputError {
  ParseError(std::string file_, std::size_t line_, const std::string& message_)
      : InputError(format(file_, line_, message_)), file(std::move(file_)), line(line_), message(message_) {}
  std::string file;
  std::size_t line;  // 1-based; 0 = not tied to a line
  std::string message;

 private:
  static std::string format(const std::string& f, std::size_t l, const std::string& m) {
    return l ? f + ":" + std::to_string(l) + ": " + m : f + ": " + m;
  }
};

/// A request that does not make sense as asked (exit status 2).
struct UsageError : Error {
  using Error::Error;
};

}  // namespace topo
