#include "topo/excerpt.hpp"

#include <fmt/format.h>

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

std::string escape(std::string_view s, std::size_t max_chars) {
  std::string out;
  std::size_t chars = 0, i = 0;
  for (; i < s.size() && chars < max_chars; ++chars) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c >= 0x20 && c < 0x7F) {
      out += static_cast<char>(c);
      ++i;
    } else if (const std::size_t n = c >= 0x80 ? utf8_length(s, i) : 0) {
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

std::string printable(std::string_view s) {
  return escape(s, s.size());
}

std::string excerpt(std::string_view s, std::size_t max_chars) {
  return escape(s, max_chars);
}

}  // namespace topo
