#include "topo/io/gzip.hpp"

#include <fmt/format.h>
#include <zlib.h>

#include <algorithm>
#include <array>
#include <cstring>
#include <streambuf>

#include "gzip_decoder_internal.hpp"
#include "topo/errors.hpp"

namespace topo::io {

bool is_gzip(std::string_view data) {
  return data.size() >= 2 && static_cast<unsigned char>(data[0]) == 0x1f && static_cast<unsigned char>(data[1]) == 0x8b;
}

bool has_gz_suffix(std::string_view path) {
  return path.size() > 3 && path.substr(path.size() - 3) == ".gz";
}

std::string gunzip(std::string_view data, const std::string& source, const MemoryBudget* budget) {
  std::string out;
  detail::GzipDecoder decoder(source, budget);
  decoder.feed(data, out);
  decoder.finish();
  return out;
}

class GzipOstream::Buf : public std::streambuf {
 public:
  Buf(std::ostream& sink, int level) : sink_(sink) {
    if (deflateInit2(&z_, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK)
      throw Error("gzip: zlib cannot start");
    setp(in_.data(), in_.data() + in_.size());
  }
  ~Buf() override { deflateEnd(&z_); }

  void finish() {
    if (finished_) return;
    pump(Z_FINISH);
    finished_ = true;
  }

 protected:
  int_type overflow(int_type c) override {
    pump(Z_NO_FLUSH);
    if (!traits_type::eq_int_type(c, traits_type::eof())) {
      *pptr() = traits_type::to_char_type(c);
      pbump(1);
    }
    return traits_type::not_eof(c);
  }
  int sync() override { return 0; }  // compressed output is flushed by finish() only

 private:
  // Compresses the pending input; with Z_FINISH, also ends the stream.
  void pump(int flush) {
    z_.next_in = reinterpret_cast<Bytef*>(pbase());
    z_.avail_in = static_cast<uInt>(pptr() - pbase());
    int rc;
    do {
      z_.next_out = reinterpret_cast<Bytef*>(out_.data());
      z_.avail_out = static_cast<uInt>(out_.size());
      rc = deflate(&z_, flush);
      if (rc == Z_STREAM_ERROR) throw Error("gzip: compression failed");
      sink_.write(out_.data(), static_cast<std::streamsize>(out_.size() - z_.avail_out));
    } while (z_.avail_out == 0 || (flush == Z_FINISH && rc != Z_STREAM_END));
    setp(in_.data(), in_.data() + in_.size());
  }

  std::ostream& sink_;
  z_stream z_{};
  std::array<char, 1 << 16> in_{}, out_{};
  bool finished_ = false;
};

GzipOstream::GzipOstream(std::ostream& sink, int level)
    : std::ostream(nullptr), buf_(std::make_unique<Buf>(sink, level)) {
  rdbuf(buf_.get());
}

GzipOstream::~GzipOstream() = default;

void GzipOstream::finish() {
  flush();
  buf_->finish();
}

}  // namespace topo::io
