#pragma once
// Shared by the libFuzzer targets: every input is run through one reader; a typed topo::Error is the
// expected outcome for bad input, anything else (a crash, a sanitizer report, another exception) is a bug.
#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>
#include <string>
#include <string_view>

#include "topo/errors.hpp"

namespace topo::fuzz {

/// Graph-size limits for readers that rebuild families, so that a fuzzed header cannot ask for gigabytes.
constexpr std::uint64_t max_nodes = 1u << 12;
constexpr std::uint64_t max_links = 1u << 15;
/// Task limit for the demand readers: a header asking for the readers' own 2^24 tasks cost 0.6 s an input
/// (two arrays of 2^24 offsets), and the demand target fell to 600 executions per second.
constexpr std::uint64_t max_tasks = 1u << 16;

inline std::string_view text(const std::uint8_t* data, std::size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

/// The map readers take a path: the input goes to an in-memory file of this process's own (memfd), named
/// by /proc/self/fd. A file on disk cost 3 ms per input (ext4 flushes a truncated-and-rewritten file on
/// close): 300 executions per second instead of thousands.
inline const std::string& scratch_file(std::string_view bytes) {
  static const int fd = ::memfd_create("topo-fuzz-input", 0);
  static const std::string path = "/proc/self/fd/" + std::to_string(fd);
  if (fd < 0 || ::ftruncate(fd, 0) != 0) __builtin_trap();
  for (std::size_t done = 0; done < bytes.size();) {
    const auto n = ::pwrite(fd, bytes.data() + done, bytes.size() - done, static_cast<off_t>(done));
    if (n <= 0) __builtin_trap();
    done += static_cast<std::size_t>(n);
  }
  return path;
}

template <class F>
int expect_typed_errors(F&& f) {
  try {
    f();
  } catch (const topo::Error&) {
  }
  return 0;
}

}  // namespace topo::fuzz
