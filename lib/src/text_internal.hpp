#pragma once
// Text helpers every reader in the library shares: whitespace splitting, integer parsing, lower case.
#include <cctype>
#include <charconv>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

namespace topo::detail {

/// White space as std::isspace sees it in the "C" locale (space, \t, \n, \v, \f, \r), without its call.
constexpr bool is_space(char c) {
  return c == ' ' || (c >= '\t' && c <= '\r');
}

/// The fields of a line separated by runs of white space (is_space), without empty ones, into `out` (cleared
/// first): a reader that splits every line keeps one vector instead of allocating one per line.
inline void split_ws(std::string_view line, std::vector<std::string_view>& out) {
  out.clear();
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && is_space(line[i])) ++i;
    if (i >= line.size()) break;
    std::size_t j = i;
    while (j < line.size() && !is_space(line[j])) ++j;
    out.push_back(line.substr(i, j - i));
    i = j;
  }
}

/// The fields of a line separated by runs of white space, without empty ones.
inline std::vector<std::string_view> split_ws(std::string_view line) {
  std::vector<std::string_view> out;
  split_ws(line, out);
  return out;
}

/// Iterates over the lines of a text (without their '\n' or a '\r' before it) with their 1-based numbers; a last
/// line break ends the last line rather than starting an empty one.
class Lines {
 public:
  explicit Lines(const std::string& d) : d_(d) {}
  bool next(std::string_view& line) {
    if (pos_ >= d_.size()) return false;
    auto end = d_.find('\n', pos_);
    if (end == std::string::npos) end = d_.size();
    line = std::string_view(d_).substr(pos_, end - pos_);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    pos_ = end + 1;
    ++number_;
    return true;
  }
  std::size_t number() const { return number_; }

 private:
  const std::string& d_;
  std::size_t pos_ = 0, number_ = 0;
};

/// Parses all of `s` as a decimal integer of type Int; false (and v unspecified) on anything else, an empty
/// string or a value out of range.
template <class Int>
bool parse_integer(std::string_view s, Int& v) {
  const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  return ec == std::errc{} && p == s.data() + s.size() && !s.empty();
}

/// ASCII lower case.
inline std::string lower(std::string_view s) {
  std::string r(s);
  for (auto& c : r) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return r;
}

}  // namespace topo::detail
