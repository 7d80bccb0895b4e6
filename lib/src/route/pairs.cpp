#include "topo/route/pairs.hpp"

#include <fmt/format.h>

#include <charconv>
#include <istream>
#include <string_view>

#include "topo/errors.hpp"
#include "topo/excerpt.hpp"

namespace topo::route {

namespace {

std::vector<std::string_view> words(std::string_view line) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (true) {
    i = line.find_first_not_of(" \t\r", i);
    if (i == std::string_view::npos) return out;
    const auto j = std::min(line.find_first_of(" \t\r", i), line.size());
    out.push_back(line.substr(i, j - i));
    i = j;
  }
}

bool parse_id(std::string_view s, std::uint64_t& v) {
  const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  return ec == std::errc() && p == s.data() + s.size();
}

}  // namespace

std::vector<Pair> read_pairs(std::istream& in, const std::string& source, std::uint64_t nodes) {
  std::vector<Pair> out;
  std::string line;
  for (std::size_t no = 1; std::getline(in, line); ++no) {
    const auto w = words(std::string_view(line).substr(0, line.find('#')));
    if (w.empty()) continue;  // blank or comment line
    std::uint64_t s = 0, t = 0;
    if (w.size() != 2 || !parse_id(w[0], s) || !parse_id(w[1], t))
      throw ParseError(source, no,
                       fmt::format("expected two node ids per line: SOURCE TARGET, got \"{}\"", excerpt(line)));
    if (s >= nodes || t >= nodes)
      throw ParseError(source, no,
                       fmt::format("node id {} out of range (the graph has {} nodes)", std::max(s, t), nodes));
    out.emplace_back(node_id(s), node_id(t));
  }
  if (in.bad()) throw ParseError(source, 0, "read error");
  return out;
}

}  // namespace topo::route
