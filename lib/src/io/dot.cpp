// Graphviz DOT (output only), for drawing small graphs.
#include <fmt/ranges.h>

#include <ostream>

#include "io_internal.hpp"

namespace topo::io::detail {

void write_dot(std::ostream& out, const Graph& g) {
  Sink s(out);
  const char* arrow = g.directed() ? "->" : "--";
  s.print("{} {} {{\n", g.directed() ? "digraph" : "graph",
          nlohmann::json(g.meta.family.empty() ? std::string("G") : g.meta.family).dump());
  for (node_id v = 0; v < g.num_nodes(); ++v) {
    s.print("  {}", v);
    std::vector<std::string> attrs;
    if (g.has_labels()) attrs.push_back(fmt::format("label={}", nlohmann::json(g.label(v)).dump()));
    if (g.pos_dims() >= 2) attrs.push_back(fmt::format("pos=\"{},{}!\"", g.pos(v)[0], g.pos(v)[1]));
    if (!attrs.empty()) s.print(" [{}]", fmt::join(attrs, ", "));
    s.put(";\n");
  }
  for (link_id l = 0; l < g.num_links(); ++l) {
    s.print("  {} {} {}", g.source(l), arrow, g.target(l));
    std::vector<std::string> attrs;
    if (g.link_class(l) != no_class)
      attrs.push_back(fmt::format("class={}", nlohmann::json(g.link_class_name(l)).dump()));
    if (g.level(l) != no_value8) attrs.push_back(fmt::format("level={}", g.level(l)));
    if (g.multiplicity(l) > 1)
      attrs.push_back(fmt::format("multiplicity={}, penwidth={}", g.multiplicity(l), g.multiplicity(l)));
    if (!attrs.empty()) s.print(" [{}]", fmt::join(attrs, ", "));
    s.put(";\n");
  }
  s.put("}\n");
  s.flush();
}

}  // namespace topo::io::detail
