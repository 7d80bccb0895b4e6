#pragma once
// gzip inflation a piece at a time, so that a reader can stop at the first bad line of a stream instead of
// inflating all of it first (topo/io/gzip.hpp's gunzip inflates a whole buffer through it).
#include <memory>
#include <string>
#include <string_view>

#include "topo/memory.hpp"

namespace topo::io::detail {

class GzipDecoder {
 public:
  /// `source` names the input in errors; with a budget, the compressed and decompressed bytes are held to its limit.
  GzipDecoder(std::string source, const MemoryBudget* budget);
  ~GzipDecoder();
  GzipDecoder(const GzipDecoder&) = delete;
  GzipDecoder& operator=(const GzipDecoder&) = delete;

  /// Inflates the next compressed bytes and appends the text to `out` (which holds all the text so far).
  /// Members are concatenated (as gzip -d reads them); anything else after one (zero padding) ends the data.
  /// ParseError on corrupt data and at the line of a NUL byte (every input topo reads is text); MemoryLimitError
  /// when the bytes pass the budget's limit.
  void feed(std::string_view compressed, std::string& out);
  /// At the end of the input: ParseError when the last member is truncated.
  void finish() const;

 private:
  struct Stream;
  std::unique_ptr<Stream> z_;
  std::string source_;
  const MemoryBudget* budget_;
  std::string pending_;       // the first byte of what may be the next member's magic
  std::size_t consumed_ = 0;  // compressed bytes fed so far
  std::size_t newlines_ = 0;  // in the text appended so far, to name a NUL byte's line
  bool in_member_ = false;    // inside a member (its end not yet reached)
  bool ended_ = false;        // trailing bytes that are not a member: the rest is ignored
};

}  // namespace topo::io::detail
