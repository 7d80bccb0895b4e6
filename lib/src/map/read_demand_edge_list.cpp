// Demand from a weighted edge list: one undirected pair "u v [weight]" per line.
#include <algorithm>
#include <cmath>

#include "map/reader_internal.hpp"

namespace topo::map {

using namespace detail;

Demand read_edge_list(const std::string& path, Weights wt, std::uint64_t task_limit) {
  return detail::edge_list_text(open(path), path, wt, task_limit);
}

Demand detail::edge_list_text(std::istringstream text, const std::string& path, Weights wt, std::uint64_t task_limit) {
  FieldLines lines(std::move(text));
  std::uint64_t n = 0;
  std::vector<Entry> e;
  while (lines.next()) {
    const std::size_t ln = lines.number();
    const auto& t = lines.fields();
    if (t.empty()) continue;
    if (t[0][0] == '#') {
      if (t.size() == 3 && t[1] == "nodes:") n = std::max(n, parse_uint(t[2], path, ln, "nodes"));
      continue;
    }
    if (t.size() != 2 && t.size() != 3) throw ParseError(path, ln, "expected 'u v [weight]'");
    const auto u = parse_uint(t[0], path, ln, "u"), v = parse_uint(t[1], path, ln, "v");
    if (u >= max_nodes || v >= max_nodes) throw ParseError(path, ln, "node id too large");
    double w = 1;
    if (t.size() == 3) {
      w = parse_real(t[2], path, ln, "weight");
      if (wt == Weights::magnitude)
        w = std::fabs(w);
      else
        w = 1;
    }
    n = std::max({n, u + 1, v + 1});
    // one line = one undirected pair: enter it in both orders so the pair weight is w
    e.push_back({static_cast<std::uint32_t>(u), static_cast<std::uint32_t>(v), w});
    e.push_back({static_cast<std::uint32_t>(v), static_cast<std::uint32_t>(u), w});
  }
  if (n == 0) throw ParseError(path, lines.number(), "no tasks");
  check_tasks(n, task_limit, path, 0);  // before the narrowing below ("# nodes: 4294967297" would become 1)
  return build(static_cast<std::uint32_t>(n), std::move(e), false, path);
}

}  // namespace topo::map
