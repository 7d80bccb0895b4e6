#pragma once
// What the demand, QAPLIB and mapping readers share: opening a file, numbers with file:line errors, and the
// pair weights a demand is built from.
#include <fmt/format.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "text_internal.hpp"
#include "topo/errors.hpp"
#include "topo/excerpt.hpp"
#include "topo/io/gzip.hpp"
#include "topo/map/problem.hpp"

namespace topo::map::detail {

using topo::detail::lower;
using topo::detail::split_ws;

/// The file's text, decompressed when it is gzip (recognised by its magic bytes, as graph files are).
inline std::istringstream open(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(fmt::format("cannot open {}: {}", path, std::strerror(errno)));
  std::string data((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (io::is_gzip(data)) data = io::gunzip(data, path);
  return std::istringstream(std::move(data));
}

/// The lines of a text file split into fields at white space, and the 1-based number of the last line read
/// (for ParseError).
class FieldLines {
 public:
  explicit FieldLines(const std::string& path) : in_(open(path)) {}
  explicit FieldLines(std::istringstream text) : in_(std::move(text)) {}
  /// Reads the next line; false at the end of the file, where number() stays at the last line.
  bool next() {
    if (!std::getline(in_, line_)) return false;
    ++number_;
    fields_ = split_ws(line_);
    return true;
  }
  const std::vector<std::string_view>& fields() const { return fields_; }
  std::size_t number() const { return number_; }

 private:
  std::istringstream in_;
  std::string line_;
  std::size_t number_ = 0;
  std::vector<std::string_view> fields_;
};

inline std::uint64_t parse_uint(std::string_view t, const std::string& file, std::size_t line, const char* what) {
  std::uint64_t v = 0;
  if (!topo::detail::parse_integer(t, v))
    throw ParseError(file, line, fmt::format("{}: expected a non-negative integer, got '{}'", what, excerpt(t)));
  return v;
}

// Reads Fortran numbers too: D exponents, and "1.5-3" (exponent without a letter).
inline double parse_real(std::string_view t, const std::string& file, std::size_t line, const char* what) {
  std::string s;
  s.reserve(t.size() + 1);
  const bool has_exp_letter = t.find_first_of("eEdD") != std::string_view::npos;
  for (std::size_t i = 0; i < t.size(); ++i) {
    char c = t[i];
    if (c == 'D' || c == 'd') c = 'E';
    if (!has_exp_letter && i > 0 && (c == '-' || c == '+') && std::isdigit(static_cast<unsigned char>(t[i - 1])))
      s.push_back('E');
    s.push_back(c);
  }
  double v = 0;
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || p != s.data() + s.size() || !std::isfinite(v))
    throw ParseError(file, line, fmt::format("{}: expected a number, got '{}'", what, excerpt(t)));
  return v;
}

/// A demand's task count against the readers' limit (never above max_tasks).
inline void check_tasks(std::uint64_t n, std::uint64_t limit, const std::string& file, std::size_t line) {
  limit = std::min(limit, max_tasks);
  if (n > limit)
    throw ParseError(
        file, line,
        fmt::format("{} tasks exceed the limit of {}{} for a demand", n, limit, limit == max_tasks ? " (2^24)" : ""));
}

struct Entry {
  std::uint32_t i, j;
  double v;
};

// Pair weights from ordered entries (see the convention in problem.hpp). Symmetric files are mirrored
// first; an ordered entry stored twice adds in a general file and is taken once in a symmetric one
// (YOUNG*C are labelled symmetric but store both triangles). In demand.cpp.
Demand build(std::uint32_t n, std::vector<Entry> e, bool symmetric, std::string source);

// The demand readers on a text already read: `path` names it in errors.
Demand matrix_market_text(std::istringstream text, const std::string& path, Weights wt, std::uint64_t task_limit);
Demand harwell_boeing_text(std::istringstream text, const std::string& path, Weights wt, std::uint64_t task_limit);
Demand edge_list_text(std::istringstream text, const std::string& path, Weights wt, std::uint64_t task_limit);

inline bool ends_with(std::string_view s, std::string_view suf) {
  return s.size() >= suf.size() && lower(s.substr(s.size() - suf.size())) == suf;
}

}  // namespace topo::map::detail
