#pragma once
// An input read a piece at a time (inflated when it is gzip), so that a line-based text stops being read at its
// first line no line-based format accepts: `yes x | topostat` and a gigabyte of binary data fail at line 1 at
// once instead of after the whole stream has been held in memory.
#include <iosfwd>
#include <memory>
#include <string>

#include "gzip_decoder_internal.hpp"
#include "io_internal.hpp"

namespace topo::io::detail {

class TextReader {
 public:
  /// Reads `in`, naming it `source`; `opt` gives the format asked for and the memory budget the bytes are held to.
  TextReader(std::istream& in, const ReadOptions& opt);

  /// Appends the input to `t.data` (without a UTF-8 byte order mark) until its end: true. With `stop_at_bad_line`,
  /// a text read as an edge list or METIS file stops early, after the first line that no such format accepts (a
  /// line that is not blank, not a '#' or '%' comment, and does not start with a node id): false, and the parser
  /// then names that line (or an earlier one) without the rest of the input being read.
  bool read(Text& t, bool stop_at_bad_line);

 private:
  void drop_byte_order_mark(Text& t);
  bool line_based(const Text& t);
  bool bad_line_in(const Text& t);

  std::istream& in_;
  const ReadOptions& opt_;
  std::unique_ptr<GzipDecoder> gzip_;
  bool started_ = false;      // the first piece was seen (gzip or not)
  bool bom_checked_ = false;  // the first three bytes of the text were seen (a byte order mark or not)
  int line_based_ = -1;       // -1: not known before the first non-blank byte
  std::size_t scanned_ = 0;   // t.data before this offset is made of lines already checked
};

}  // namespace topo::io::detail
