#include <fmt/format.h>
#include <zlib.h>

#include <algorithm>
#include <array>
#include <cstring>

#include "gzip_decoder_internal.hpp"
#include "topo/errors.hpp"
#include "topo/io/gzip.hpp"

namespace topo::io::detail {

struct GzipDecoder::Stream {
  z_stream z{};
  bool open = false;
  Stream() = default;
  Stream(const Stream&) = delete;
  Stream& operator=(const Stream&) = delete;
  ~Stream() {
    if (open) inflateEnd(&z);
  }
};

GzipDecoder::GzipDecoder(std::string source, const MemoryBudget* budget)
    : z_(std::make_unique<Stream>()), source_(std::move(source)), budget_(budget) {}

GzipDecoder::~GzipDecoder() = default;

void GzipDecoder::feed(std::string_view compressed, std::string& out) {
  consumed_ += compressed.size();
  std::string joined;
  if (!pending_.empty()) {
    joined = pending_;
    joined.append(compressed);
    pending_.clear();
    compressed = joined;
  }
  std::array<char, 1 << 16> chunk;
  std::size_t pos = 0;
  z_stream& z = z_->z;
  while (pos < compressed.size() && !ended_) {
    if (!in_member_) {
      if (compressed.size() - pos < 2) {  // the next member's magic may continue in the next piece
        pending_.assign(1, compressed[pos]);
        return;
      }
      if (!is_gzip(compressed.substr(pos))) {
        ended_ = true;
        return;
      }
      if (!z_->open) {
        if (inflateInit2(&z, 15 + 16) != Z_OK) throw InputError(fmt::format("{}: gzip: zlib cannot start", source_));
        z_->open = true;
      } else {
        inflateReset(&z);
      }
      in_member_ = true;
    }
    const std::size_t n = std::min<std::size_t>(compressed.size() - pos, std::size_t(1) << 30);
    z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(compressed.data() + pos));
    z.avail_in = static_cast<uInt>(n);
    for (;;) {
      z.next_out = reinterpret_cast<Bytef*>(chunk.data());
      z.avail_out = static_cast<uInt>(chunk.size());
      const int rc = inflate(&z, Z_NO_FLUSH);
      if (rc != Z_OK && rc != Z_STREAM_END && rc != Z_BUF_ERROR)
        throw ParseError(source_, 0, fmt::format("gzip: {}", z.msg ? z.msg : "corrupt data"));
      const std::size_t got = chunk.size() - z.avail_out;
      // A NUL byte ends the inflation at once, at its line, instead of after the whole (perhaps gigabytes of)
      // binary data has been inflated.
      if (const void* nul = std::memchr(chunk.data(), 0, got)) {
        const auto at = static_cast<std::size_t>(static_cast<const char*>(nul) - chunk.data());
        throw ParseError(source_,
                         1 + newlines_ + static_cast<std::size_t>(std::count(chunk.data(), chunk.data() + at, '\n')),
                         "a NUL byte in the decompressed data: not a text file");
      }
      newlines_ += static_cast<std::size_t>(std::count(chunk.data(), chunk.data() + got, '\n'));
      out.append(chunk.data(), got);
      if (budget_ && budget_->limit && consumed_ + out.size() > budget_->limit)
        budget_->check(
            MemoryEstimate().add("compressed input", consumed_).add("decompressed input, so far", out.size()));
      if (rc == Z_STREAM_END) {
        in_member_ = false;
        break;
      }
      if (rc == Z_BUF_ERROR || (z.avail_in == 0 && z.avail_out != 0)) break;  // needs the next piece
    }
    pos += n - z.avail_in;
  }
}

void GzipDecoder::finish() const {
  if (in_member_) throw ParseError(source_, 0, "gzip: the compressed data is truncated");
}

}  // namespace topo::io::detail
