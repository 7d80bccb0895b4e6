// Mapping files: one node per task and line, or Scotch's "count, then task node" form.
#include <ostream>
#include <utility>

#include "map/reader_internal.hpp"

namespace topo::map {

using namespace detail;

MappingFile read_mapping(const std::string& path) {
  FieldLines lines(path);
  std::vector<std::pair<std::vector<std::uint64_t>, std::size_t>> rows;
  while (lines.next()) {
    const std::size_t ln = lines.number();
    const auto& t = lines.fields();
    if (t.empty() || t[0][0] == '#' || t[0][0] == '%') continue;
    std::vector<std::uint64_t> r;
    r.reserve(t.size());
    for (auto s : t) r.push_back(parse_uint(s, path, ln, "mapping entry"));
    if (r.size() > 2)
      throw ParseError(path, ln, "expected one node per line, or 'task node' after a count line (Scotch)");
    rows.emplace_back(std::move(r), ln);
  }
  if (rows.empty()) throw ParseError(path, lines.number(), "empty mapping");
  MappingFile f;
  const bool scotch = rows[0].first.size() == 1 && rows.size() > 1 && rows[1].first.size() == 2;
  if (scotch) {
    f.format = MappingFormat::scotch;
    const auto count = rows[0].first[0];
    if (count != rows.size() - 1)
      throw ParseError(path, rows[0].second,
                       fmt::format("the count line says {} tasks but {} follow", count, rows.size() - 1));
    f.m.assign(count, no_node);
    for (std::size_t k = 1; k < rows.size(); ++k) {
      const auto& [r, l] = rows[k];
      if (r.size() != 2) throw ParseError(path, l, "expected 'task node'");
      if (r[0] >= count) throw ParseError(path, l, fmt::format("task {} outside 0..{}", r[0], count - 1));
      if (f.m[r[0]] != no_node) throw ParseError(path, l, fmt::format("task {} is mapped twice", r[0]));
      if (r[1] >= max_nodes) throw ParseError(path, l, "node id too large");
      f.m[r[0]] = static_cast<std::uint32_t>(r[1]);
    }
  } else {
    for (const auto& [r, l] : rows) {
      if (r.size() != 1) throw ParseError(path, l, "expected one node id per line");
      if (r[0] >= max_nodes) throw ParseError(path, l, "node id too large");
      f.m.push_back(static_cast<std::uint32_t>(r[0]));
    }
  }
  return f;
}

void write_mapping(std::ostream& out, std::span<const std::uint32_t> m, MappingFormat f) {
  if (f == MappingFormat::scotch) {
    out << m.size() << '\n';
    for (std::size_t i = 0; i < m.size(); ++i) out << i << '\t' << m[i] << '\n';
  } else {
    for (auto v : m) out << v << '\n';
  }
}

}  // namespace topo::map
