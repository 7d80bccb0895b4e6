// What makes a mapping valid (distinct nodes, in range, every task placed), and its completion to all nodes.
#include <fmt/format.h>

#include "topo/errors.hpp"
#include "topo/map/problem.hpp"

namespace topo::map {

void check_mapping(std::span<const std::uint32_t> m, std::uint32_t tasks, std::uint32_t nodes,
                   const std::string& what) {
  if (m.size() < tasks) throw InputError(fmt::format("{}: maps {} tasks, the demand has {}", what, m.size(), tasks));
  if (m.size() > nodes) throw InputError(fmt::format("{}: maps {} tasks onto {} nodes", what, m.size(), nodes));
  std::vector<std::uint32_t> seen(nodes, no_node);
  for (std::uint32_t i = 0; i < m.size(); ++i) {
    if (m[i] >= nodes)
      throw InputError(fmt::format("{}: task {} is mapped to node {}, but there are {} nodes", what, i, m[i], nodes));
    if (seen[m[i]] != no_node)
      throw InputError(fmt::format("{}: tasks {} and {} are both mapped to node {}", what, seen[m[i]], i, m[i]));
    seen[m[i]] = i;
  }
}

Mapping complete(std::span<const std::uint32_t> m, std::uint32_t nodes) {
  Mapping r(m.begin(), m.end());
  std::vector<char> used(nodes, 0);
  for (auto v : m) used[v] = 1;
  for (std::uint32_t v = 0; v < nodes; ++v)
    if (!used[v]) r.push_back(v);
  return r;
}

}  // namespace topo::map
