#include "topo/excerpt.hpp"

#include <fmt/format.h>

#include <cstdint>

namespace topo {

namespace {

// Length of the valid UTF-8 sequence starting at s[i] (2..4), or 0 when it is not one.
std::size_t utf8_length(std::string_view s, std::size_t i) {
  const auto c = static_cast<unsigned char>(s[i]);
  std::size_t n = 0;
  unsigned char lo = 0x80, hi = 0xBF;  // the range of the second byte
  if (c >= 0xC2 && c <= 0xDF) {
    n = 2;
  } else if (c >= 0xE0 && c <= 0xEF) {
    n = 3;
    if (c == 0xE0) lo = 0xA0;
    if (c == 0xED) hi = 0x9F;  // no surrogates
  } else if (c >= 0xF0 && c <= 0xF4) {
    n = 4;
    if (c == 0xF0) lo = 0x90;
    if (c == 0xF4) hi = 0x8F;
  } else {
    return 0;
  }
  if (i + n > s.size()) return 0;
  for (std::size_t k = 1; k < n; ++k) {
    const auto b = static_cast<unsigned char>(s[i + k]);
    if (k == 1 ? (b < lo || b > hi) : (b < 0x80 || b > 0xBF)) return 0;
  }
  return n;
}

// The code point of the valid UTF-8 sequence of `n` bytes at s[i].
char32_t decode(std::string_view s, std::size_t i, std::size_t n) {
  const auto b = [&](std::size_t k) { return char32_t(static_cast<unsigned char>(s[i + k])); };
  if (n == 2) return (b(0) & 0x1F) << 6 | (b(1) & 0x3F);
  if (n == 3) return (b(0) & 0x0F) << 12 | (b(1) & 0x3F) << 6 | (b(2) & 0x3F);
  return (b(0) & 0x07) << 18 | (b(1) & 0x3F) << 12 | (b(2) & 0x3F) << 6 | (b(3) & 0x3F);
}

// C1 controls and the format characters (Unicode category Cf: bidi overrides and isolates, zero-width
// characters, the byte order mark, tags), line and paragraph separators: they move the cursor, reorder or
// hide text on a terminal.
bool invisible(char32_t c) {
  struct Range {
    char32_t first, last;
  };
  static constexpr Range ranges[] = {
      {0x80, 0x9F},       {0xAD, 0xAD},       {0x600, 0x605},     {0x61C, 0x61C},     {0x6DD, 0x6DD},
      {0x70F, 0x70F},     {0x890, 0x891},     {0x8E2, 0x8E2},     {0x180E, 0x180E},   {0x200B, 0x200F},
      {0x2028, 0x202E},   {0x2060, 0x2064},   {0x2066, 0x206F},   {0xFEFF, 0xFEFF},   {0xFFF9, 0xFFFB},
      {0x110BD, 0x110BD}, {0x110CD, 0x110CD}, {0x13430, 0x1343F}, {0x1BCA0, 0x1BCA3}, {0x1D173, 0x1D17A},
      {0xE0001, 0xE0001}, {0xE0020, 0xE007F},
  };
  for (const auto& r : ranges)
    if (c >= r.first && c <= r.last) return true;
  return false;
}

std::string escape(std::string_view s, std::size_t max_chars) {
  std::string out;
  std::size_t chars = 0, i = 0;
  for (; i < s.size() && chars < max_chars; ++chars) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c >= 0x20 && c < 0x7F) {
      out += static_cast<char>(c);
      ++i;
    } else if (const std::size_t n = c >= 0x80 ? utf8_length(s, i) : 0) {
      if (const char32_t cp = decode(s, i, n); invisible(cp))
        out += fmt::format("\\u{{{:04x}}}", static_cast<std::uint32_t>(cp));
      else
        out.append(s.substr(i, n));
      i += n;
    } else {
      out += c == '\t' ? "\\t" : c == '\n' ? "\\n" : c == '\r' ? "\\r" : fmt::format("\\x{:02x}", c);
      ++i;
    }
  }
  if (i < s.size()) out += "...";
  return out;
}

}  // namespace

bool is_printable(std::string_view s) {
  for (std::size_t i = 0; i < s.size();) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c >= 0x20 && c < 0x7F) {
      ++i;
    } else if (const std::size_t n = c >= 0x80 ? utf8_length(s, i) : 0; n && !invisible(decode(s, i, n))) {
      i += n;
    } else {
      return false;
    }
  }
  return true;
}

std::string printable(std::string_view s) {
  return escape(s, s.size());
}

std::string excerpt(std::string_view s, std::size_t max_chars) {
  return escape(s, max_chars);
}

}  // namespace topo
