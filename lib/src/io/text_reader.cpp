#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <istream>

#include "text_internal.hpp"
#include "text_reader_internal.hpp"
#include "topo/errors.hpp"
#include "topo/io/gzip.hpp"

namespace topo::io::detail {

namespace {

using topo::detail::is_space;

constexpr std::size_t kPiece = std::size_t(1) << 16;  // small enough for a slow pipe to show its first lines soon

/// A whole line (without its '\n') that every line-based reader refuses: not blank, not a comment, and its first
/// field (as the readers split fields) is not an unsigned integer.
bool refused_line(std::string_view line) {
  const auto first = std::find_if_not(line.begin(), line.end(), is_space);
  if (first == line.end() || line[0] == '#' || line[0] == '%') return false;
  const auto end = std::find_if(first, line.end(), is_space);
  std::uint64_t id = 0;
  return !topo::detail::parse_integer(std::string_view(&*first, static_cast<std::size_t>(end - first)), id);
}

/// The start of a line whose end has not been read yet, already refused: its first non-blank byte is not a digit.
bool refused_start(std::string_view partial) {
  const auto first = std::find_if_not(partial.begin(), partial.end(), is_space);
  if (first == partial.end() || partial[0] == '#' || partial[0] == '%') return false;
  return !std::isdigit(static_cast<unsigned char>(*first));
}

}  // namespace

TextReader::TextReader(std::istream& in, const ReadOptions& opt) : in_(in), opt_(opt) {}

void TextReader::drop_byte_order_mark(Text& t) {
  if (bom_checked_) return;
  bom_checked_ = true;
  if (t.data.compare(0, 3, "\xEF\xBB\xBF") == 0) t.data.erase(0, 3);  // a UTF-8 byte order mark (Windows editors)
}

bool TextReader::line_based(const Text& t) {
  if (line_based_ < 0) {
    const auto first = t.data.find_first_not_of(" \t\r\n");
    if (first == std::string::npos) return false;
    switch (opt_.format) {
      case Format::automatic:
        line_based_ = t.data[first] != '{' && t.data[first] != '<';
        break;
      case Format::edgelist:
      case Format::plain:
      case Format::metis:
      case Format::descriptor:
        line_based_ = 1;
        break;
      default:
        line_based_ = 0;
    }
  }
  return line_based_ == 1;
}

bool TextReader::bad_line_in(const Text& t) {
  if (!line_based(t)) return false;
  const std::string_view data(t.data);
  for (;;) {
    const auto end = data.find('\n', scanned_);
    if (end == std::string_view::npos) return refused_start(data.substr(scanned_));
    if (refused_line(data.substr(scanned_, end - scanned_))) return true;
    scanned_ = end + 1;
  }
}

bool TextReader::read(Text& t, bool stop_at_bad_line) {
  const MemoryBudget& budget = opt_.generate.memory;
  // A file says how long it is: its bytes are then read into one allocation instead of a growing one.
  auto* buf = in_.rdbuf();
  const auto here = buf->pubseekoff(0, std::ios::cur, std::ios::in);
  if (here != std::streampos(-1)) {
    const auto end = buf->pubseekoff(0, std::ios::end, std::ios::in);
    buf->pubseekpos(here, std::ios::in);
    const auto left = static_cast<std::uint64_t>(end - here);
    if (end != std::streampos(-1) && end > here && (!budget.limit || left <= budget.limit))
      t.data.reserve(t.data.size() + static_cast<std::size_t>(left));
  }
  std::string piece(kPiece, '\0');
  for (;;) {
    in_.read(piece.data(), static_cast<std::streamsize>(piece.size()));
    const auto n = static_cast<std::size_t>(in_.gcount());
    if (in_.bad()) throw ParseError(t.source, 0, "read error");
    if (n == 0) break;
    const std::string_view bytes(piece.data(), n);
    if (!started_) {
      // The first piece says whether the input is gzip (two bytes are enough: a piece is shorter only at the end).
      started_ = true;
      if (is_gzip(bytes)) gzip_ = std::make_unique<GzipDecoder>(t.source, &budget);
    }
    if (gzip_) {
      gzip_->feed(bytes, t.data);
    } else {
      t.data.append(bytes);
      if (budget.limit && t.data.size() > budget.limit)
        budget.check(MemoryEstimate().add("input, so far", t.data.size()));
    }
    if (t.data.size() >= 3) drop_byte_order_mark(t);
    if (stop_at_bad_line && bad_line_in(t)) return false;
  }
  if (gzip_) gzip_->finish();
  drop_byte_order_mark(t);
  return true;
}

}  // namespace topo::io::detail
