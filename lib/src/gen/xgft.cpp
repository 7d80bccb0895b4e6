// Extended generalized fat tree XGFT(h; m_1..m_h; w_1..w_h) (Öhring, Ibel, Das and Kumar, IPPS 1995, §2): levels
// 0 (the processing nodes) to h. A level-l node is labelled (x_h, …, x_(l+1), y_l, …, y_1) with 0 ≤ x_i < m_i and
// 0 ≤ y_i < w_i; it is linked to the w_(l+1) nodes of level l+1 labelled (x_h, …, x_(l+2), y, y_l, …, y_1),
// 0 ≤ y < w_(l+1): a node has m_l children and w_(l+1) parents. XGFT(n; k, …, k; 1, k, …, k) is the k-ary
// n-tree; w_i < m_i gives slimmed trees. The level-0 nodes are the terminals, nodes of the graph as in fattree.
//
// Node ids: level by level from level 0; within a level, the label read as a mixed-radix number with x_h most
// significant. Coordinates (l, d_h, …, d_1) with d_i = x_i above the level and y_i at or below it.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <nlohmann/json.hpp>
#include <numeric>

#include "gen/size_internal.hpp"
#include "topo/errors.hpp"
#include "topo/gen/description.hpp"
#include "topo/gen/registry.hpp"

namespace topo::gen {

namespace {

struct Tree {
  std::uint64_t h = 0;
  std::vector<std::uint64_t> m, w;       // m[i-1] = m_i, w[i-1] = w_i
  std::vector<std::uint64_t> per_level;  // nodes of level l = Π_{i>l} m_i · Π_{i≤l} w_i
  std::vector<std::uint64_t> first;      // id of level l's first node
  std::uint64_t nodes = 0, links = 0;
};

Tree xgft_shape(const Params& p) {
  const auto m = get_ints(p, "m"), w = get_ints(p, "w");
  if (m.empty() || m.size() > 30) throw InputError(fmt::format("--m: between 1 and 30 levels, got {}", m.size()));
  if (w.size() != m.size())
    throw InputError(fmt::format("--w: one value per level (h = {} from --m), got {}", m.size(), w.size()));
  Tree t;
  t.h = m.size();
  for (std::size_t i = 0; i < m.size(); ++i) {
    if (m[i] < 1 || m[i] > 65535)
      throw InputError(fmt::format("--m: every m_i must be between 1 and 65535, got {}", m[i]));
    if (w[i] < 1 || w[i] > 65535)
      throw InputError(fmt::format("--w: every w_i must be between 1 and 65535, got {}", w[i]));
    t.m.push_back(std::uint64_t(m[i]));
    t.w.push_back(std::uint64_t(w[i]));
  }
  detail::Count nodes(0);
  std::uint64_t links = 0;  // below 31 levels of 2^32 nodes with 2^16 parents each
  for (std::uint64_t l = 0; l <= t.h; ++l) {
    detail::Count level;
    for (std::uint64_t i = l + 1; i <= t.h; ++i) level *= t.m[i - 1];
    for (std::uint64_t i = 1; i <= l; ++i) level *= t.w[i - 1];
    if (level.above(topo::max_nodes))
      throw detail::too_many_nodes(
          fmt::format("--m {} --w {}: level {} alone has", fmt::join(m, ","), fmt::join(w, ","), l), level);
    t.first.push_back(nodes.above(topo::max_nodes) ? 0 : nodes.value());
    t.per_level.push_back(level.value());
    nodes += level.value();
    if (l < t.h) links += level.value() * t.w[l];  // w_(l+1) parents each
  }
  if (nodes.above(topo::max_nodes))
    throw detail::too_many_nodes(fmt::format("--m {} --w {}: the levels' sum", fmt::join(m, ","), fmt::join(w, ",")),
                                 nodes);
  t.nodes = nodes.value();
  t.links = links;
  return t;
}

Description describe_xgft(const Tree& t) {
  Description d;
  d.nodes = t.nodes;
  d.links = t.links;
  d.degree_min = ~std::uint64_t{0};
  for (std::uint64_t l = 0; l <= t.h; ++l) {  // m_l children (none at level 0), w_(l+1) parents (none at level h)
    const std::uint64_t deg = (l > 0 ? t.m[l - 1] : 0) + (l < t.h ? t.w[l] : 0);
    d.degree_min = std::min(d.degree_min, deg);
    d.degree_max = std::max(d.degree_max, deg);
  }
  d.formulas["terminals"] = t.per_level[0];  // Π m_i
  d.formulas["switches"] = t.nodes - t.per_level[0];
  d.formulas["nodes_per_level"] = t.per_level;
  // Two terminals whose labels first differ in x_l meet at level l at the lowest; with m_h ≥ 2 some differ in x_h.
  std::uint64_t top = 0;
  for (std::uint64_t l = 1; l <= t.h; ++l)
    if (t.m[l - 1] >= 2) top = l;
  d.formulas["terminal_diameter"] = 2 * top;
  return d;
}

Graph build_xgft(const Tree& t) {
  GraphBuilder b(t.nodes, false);
  const auto term = b.class_id("terminal"), up = b.class_id("tree");
  b.reserve_links(std::size_t(t.links));
  b.set_coord_dims(unsigned(t.h + 1));
  // Digit i (1..h) of a level-l label has radix r_i = m_i above l and w_i at or below it, and weight Π_{j<i} r_j.
  std::vector<std::int32_t> c(t.h + 1);
  for (std::uint64_t l = 0; l <= t.h; ++l) {
    std::vector<std::uint64_t> radix(t.h + 1, 1), weight(t.h + 2, 1), up_weight(t.h + 2, 1);
    for (std::uint64_t i = 1; i <= t.h; ++i) radix[i] = i > l ? t.m[i - 1] : t.w[i - 1];
    for (std::uint64_t i = 1; i <= t.h; ++i) weight[i + 1] = weight[i] * radix[i];
    for (std::uint64_t v = 0; v < t.per_level[l]; ++v) {
      const auto id = node_id(t.first[l] + v);
      c[0] = std::int32_t(l);
      for (std::uint64_t i = 1; i <= t.h; ++i) c[t.h + 1 - i] = std::int32_t(v / weight[i] % radix[i]);
      b.set_coords(id, c);
      if (l == t.h) continue;
      // Parents: digit l+1 (x_(l+1), radix m_(l+1)) becomes y, radix w_(l+1); the digits below keep their weight.
      const std::uint64_t below = v % weight[l + 1], above = v / weight[l + 2];
      LinkAttrs a;
      a.cls = l == 0 ? term : up;
      a.level = std::uint8_t(l + 1);
      for (std::uint64_t y = 0; y < t.w[l]; ++y) {
        const std::uint64_t parent = (above * t.w[l] + y) * weight[l + 1] + below;
        b.add_link(id, node_id(t.first[l + 1] + parent), a);
      }
    }
  }
  b.meta.endpoints.resize(t.per_level[0]);  // traffic flows between the level-0 nodes only
  std::iota(b.meta.endpoints.begin(), b.meta.endpoints.end(), node_id{0});
  return b.finish(Duplicates::reject);
}

}  // namespace

Family family_xgft() {
  return {.name = "xgft",
          .summary = "extended generalized fat tree XGFT(h; m_1..m_h; w_1..w_h): k-ary n-trees, slimmed trees",
          .source = "Ohring, Ibel, Das and Kumar, IPPS 1995, Sec. 2",
          .params =
              {{"m", ParamType::integer_list, "m_1,..,m_h: children of a level-i node (h = their count)", "", true, {}},
               {"w", ParamType::integer_list, "w_1,..,w_h: parents of a level-(i-1) node", "", true, {}}},
          .example = {{"m", "3,2,2"}, {"w", "1,2,1"}},
          .describe = [](const Params& p) { return describe_xgft(xgft_shape(p)); },
          .build = [](const Params& p) { return build_xgft(xgft_shape(p)); },
          // Permuting the values of one digit among the nodes that share the digits above it is an automorphism:
          // transitive on each level.
          .symmetry =
              [](const Params& p) {
                const auto t = xgft_shape(p);
                NodeClasses c;
                c.class_of.resize(t.nodes);
                for (std::uint64_t l = 0; l <= t.h; ++l) {
                  c.representative.push_back(node_id(t.first[l]));
                  c.size.push_back(t.per_level[l]);
                  std::fill_n(c.class_of.begin() + std::ptrdiff_t(t.first[l]), t.per_level[l], std::uint32_t(l));
                }
                return c;
              },
          // The terminals are nodes (level 0): one each.
          .terminals_per_endpoint = [](const Params&) { return std::uint32_t{1}; }};
}

}  // namespace topo::gen
