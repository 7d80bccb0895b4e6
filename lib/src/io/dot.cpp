// Graphviz DOT (output only), for drawing small graphs.
#include <fmt/ranges.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <ostream>
#include <utility>
#include <vector>

#include "io_internal.hpp"

namespace topo::io::detail {

namespace {

// A drawing position from integer coordinates (grids, tori, ...): the first coordinate along x, the
// second along y, and every further one repeats the picture beside (odd) or above (even) the last.
struct CoordLayout {
  std::vector<double> stride;  // per coordinate
  std::vector<bool> along_x;
  explicit CoordLayout(const Graph& g) : stride(g.coord_dims(), 1), along_x(g.coord_dims()) {
    std::vector<std::int64_t> span(g.coord_dims(), 1);
    for (node_id v = 0; v < g.num_nodes(); ++v)
      for (unsigned d = 0; d < g.coord_dims(); ++d) span[d] = std::max<std::int64_t>(span[d], g.coords(v)[d] + 1);
    double x = 0, y = 0;
    for (unsigned d = 0; d < g.coord_dims(); ++d) {
      along_x[d] = d % 2 == 0;
      auto& extent = along_x[d] ? x : y;  // of the picture so far, along this axis
      if (d >= 2) extent += 1;            // a gap of one between the copies
      stride[d] = d >= 2 ? extent : 1;
      extent = d >= 2 ? extent * double(span[d]) : double(span[d]);
    }
  }
  std::pair<double, double> at(const Graph& g, node_id v) const {
    double x = 0, y = 0;
    for (unsigned d = 0; d < g.coord_dims(); ++d) (along_x[d] ? x : y) += stride[d] * g.coords(v)[d];
    return {x, y};
  }
};

}  // namespace

void write_dot(std::ostream& out, const Graph& g) {
  Sink s(out);
  const bool from_coords = g.pos_dims() < 2 && g.coord_dims() >= 1;
  const CoordLayout layout = from_coords ? CoordLayout(g) : CoordLayout(Graph());
  const char* arrow = g.directed() ? "->" : "--";
  s.print("{} {} {{\n", g.directed() ? "digraph" : "graph",
          nlohmann::json(g.meta.family.empty() ? std::string("G") : g.meta.family).dump());
  for (node_id v = 0; v < g.num_nodes(); ++v) {
    s.print("  {}", v);
    std::vector<std::string> attrs;
    if (g.has_labels())
      attrs.push_back(fmt::format("label={}", nlohmann::json(g.label(v)).dump()));
    else if (g.coord_dims() >= 1)
      attrs.push_back(fmt::format("label=\"({})\"", fmt::join(g.coords(v), ",")));
    if (g.pos_dims() >= 2) {
      attrs.push_back(fmt::format("pos=\"{},{}!\"", g.pos(v)[0], g.pos(v)[1]));
    } else if (from_coords) {
      const auto [x, y] = layout.at(g, v);
      attrs.push_back(fmt::format("pos=\"{},{}!\"", x, y));
    }
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
