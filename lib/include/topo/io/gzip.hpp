#pragma once
// gzip (RFC 1952) through zlib: inputs are recognised by their magic bytes, outputs by a ".gz" suffix.
#include <memory>
#include <ostream>
#include <string>
#include <string_view>

#include "topo/memory.hpp"

namespace topo::io {

/// True when `data` starts with the gzip magic bytes 1f 8b.
bool is_gzip(std::string_view data);

/// The decompressed content of a gzip file (several members are concatenated, as gzip -d does).
/// ParseError naming `source` on corrupt or truncated data, and at the line of a NUL byte, as soon as the
/// inflation reaches it (every input topo reads is text; binary data is not inflated whole). With a budget, the
/// compressed and decompressed bytes are held to its limit while they grow: MemoryLimitError ("decompressed input") as
/// soon as they pass it, before a small file has inflated to gigabytes.
std::string gunzip(std::string_view data, const std::string& source, const MemoryBudget* budget = nullptr);

/// True when a file name asks for gzip output ("graph.el.gz").
bool has_gz_suffix(std::string_view path);

/// An ostream that gzip-compresses what is written to it into `sink`. finish() writes the trailer
/// (call it once, before `sink` is flushed); the destructor does not, so an abandoned stream leaves
/// an incomplete file that Output discards anyway.
class GzipOstream : public std::ostream {
 public:
  explicit GzipOstream(std::ostream& sink, int level = 6);
  ~GzipOstream() override;
  GzipOstream(const GzipOstream&) = delete;
  GzipOstream& operator=(const GzipOstream&) = delete;
  /// Flushes the compressor and writes the gzip trailer; Error when zlib fails or `sink` fails.
  void finish();

 private:
  class Buf;
  std::unique_ptr<Buf> buf_;
};

}  // namespace topo::io
