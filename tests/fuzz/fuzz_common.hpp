#pragma once
// Shared by the libFuzzer targets: every input is run through one reader; a typed topo::Error is the
// expected outcome for bad input, anything else (a crash, a sanitizer report, another exception) is a bug.
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

#include "topo/errors.hpp"

namespace topo::fuzz {

/// Graph-size limits for readers that rebuild families, so that a fuzzed header cannot ask for gigabytes.
constexpr std::uint64_t max_nodes = 1u << 12;
constexpr std::uint64_t max_links = 1u << 15;

inline std::string_view text(const std::uint8_t* data, std::size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

/// The map readers take a path: the input goes to a file of this process's own.
inline const std::string& scratch_file(std::string_view bytes) {
  static const std::string path = "/tmp/topo-fuzz-" + std::to_string(::getpid()) + ".in";
  std::FILE* f = std::fopen(path.c_str(), "wb");
  if (!f) __builtin_trap();
  if (!bytes.empty()) std::fwrite(bytes.data(), 1, bytes.size(), f);
  std::fclose(f);
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
