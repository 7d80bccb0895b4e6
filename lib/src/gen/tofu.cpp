// Tofu (Ajima, Sumimoto and Shimizu, IEEE Computer 42(11), 2009; Ajima et al., IEEE Micro 32(1), 2012): a 6-D
// mesh/torus X x Y x Z x a x b x c with a = 2, b = 3, c = 2 fixed: X, Y and Z are rings (meshes with --mesh),
// a and c meshes of two nodes (one link), b a ring of three. A node has 10 links when X, Y, Z ≥ 3. The K computer
// is 24x18x17 (x12 = 88,128 nodes), Fugaku 24x23x24 (158,976 nodes).
//
// Node ids: the mixed-radix number of (x, y, z, a, b, c), x fastest, as in torus; the coordinates are those six,
// a link's class is its axis (x, y, z, a, b, c) and its dimension the axis's index. It is a grid family:
// dimension-order routing applies.
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <nlohmann/json.hpp>

#include "gen/size_internal.hpp"
#include "topo/errors.hpp"
#include "topo/gen/description.hpp"
#include "topo/gen/registry.hpp"

namespace topo::gen {

namespace {

constexpr std::array<const char*, 6> axis_names = {"x", "y", "z", "a", "b", "c"};

Grid tofu_grid(const Params& p) {
  const auto xyz = get_ints(p, "xyz");
  if (xyz.size() != 3) throw InputError(fmt::format("--xyz: expected XxYxZ, got {} sizes", xyz.size()));
  detail::Count nodes(12);
  for (auto k : xyz) {
    if (k < 1) throw InputError(fmt::format("--xyz: every size must be at least 1, got {}", k));
    nodes *= std::uint64_t(k);
  }
  if (nodes.above(topo::max_nodes))
    throw detail::too_many_nodes(fmt::format("--xyz {}x{}x{}: 12XYZ =", xyz[0], xyz[1], xyz[2]), nodes);
  const bool torus = !get_flag(p, "mesh");
  return {{xyz[0], xyz[1], xyz[2], 2, 3, 2}, {torus, torus, torus, false, true, false}};
}

Description describe_tofu(const Grid& g) {
  Description d;
  d.nodes = 1;
  for (auto k : g.sizes) d.nodes *= std::uint64_t(k);
  std::int64_t diameter = 0;
  for (std::size_t i = 0; i < g.sizes.size(); ++i) {
    const auto k = g.sizes[i];
    if (k < 2) continue;
    // A ring of k ≥ 3 has k links, a ring of 2 one link of multiplicity 2 (as torus), a path k − 1.
    d.links += g.wrap[i] ? d.nodes : d.nodes / std::uint64_t(k) * std::uint64_t(k - 1);
    d.degree_max += (g.wrap[i] || k >= 3) ? 2 : 1;
    d.degree_min += g.wrap[i] ? 2 : 1;
    diameter += g.wrap[i] ? k / 2 : k - 1;
  }
  d.formulas["diameter"] = diameter;
  d.formulas["nodes_per_unit"] = 12;  // the a x b x c = 2 x 3 x 2 node group of one (x, y, z)
  return d;
}

Graph build_tofu(const Grid& g) {
  std::uint64_t n = 1;
  for (auto k : g.sizes) n *= std::uint64_t(k);
  GraphBuilder b(n, false);
  std::array<std::uint16_t, 6> cls{};
  for (std::size_t i = 0; i < 6; ++i) cls[i] = b.class_id(axis_names[i]);
  b.reserve_links(std::size_t(n * 6));
  b.set_coord_dims(6);
  std::array<std::int32_t, 6> x{};
  std::array<std::uint64_t, 6> stride{};
  stride[0] = 1;
  for (std::size_t i = 1; i < 6; ++i) stride[i] = stride[i - 1] * std::uint64_t(g.sizes[i - 1]);
  for (std::uint64_t v = 0; v < n; ++v) {
    b.set_coords(node_id(v), x);
    for (std::size_t i = 0; i < 6; ++i) {
      const auto k = g.sizes[i];
      if (k < 2) continue;
      LinkAttrs a;
      a.cls = cls[i];
      a.dim = std::uint8_t(i);
      if (x[i] + 1 < k) {
        a.multiplicity = (g.wrap[i] && k == 2) ? 2 : 1;  // a ring of two: one link counted twice, as in torus
        b.add_link(node_id(v), node_id(v + stride[i]), a);
      } else if (g.wrap[i] && k >= 3) {
        b.add_link(node_id(v), node_id(v - stride[i] * std::uint64_t(k - 1)), a);
      }
    }
    for (std::size_t i = 0; i < 6; ++i) {  // next coordinate, x fastest
      if (++x[i] < g.sizes[i]) break;
      x[i] = 0;
    }
  }
  return b.finish(Duplicates::reject);
}

}  // namespace

Family family_tofu() {
  return {.name = "tofu",
          .summary = "Tofu 6-D mesh/torus XxYxZx2x3x2 (K computer, Fugaku): 12XYZ nodes, degree 10",
          .source = "Ajima et al., IEEE Computer 2009; IEEE Micro 2012",
          .params = {{"xyz", ParamType::dims, "XxYxZ: the sizes of the X, Y and Z axes", "", true, {}},
                     {"mesh", ParamType::flag, "X, Y and Z as meshes, without wrap-around links", "", false, {}}},
          .example = {{"xyz", "3x2x4"}},
          .describe = [](const Params& p) { return describe_tofu(tofu_grid(p)); },
          .build = [](const Params& p) { return build_tofu(tofu_grid(p)); },
          // A product of vertex-transitive factors (rings, K_2, C_3) is vertex-transitive; a mesh axis adds its
          // reflection x -> X-1-x, so the classes are the folded (x, y, z), min(x, X-1-x) and so on.
          .symmetry =
              [](const Params& p) {
                const auto g = tofu_grid(p);
                const auto n = describe_tofu(g).nodes;
                if (g.wrap[0]) return NodeClasses{{0}, {n}};
                std::array<std::uint64_t, 3> half{};
                for (std::size_t i = 0; i < 3; ++i) half[i] = std::uint64_t(g.sizes[i] + 1) / 2;
                NodeClasses c;
                c.class_of.resize(n);
                c.size.assign(half[0] * half[1] * half[2], 0);
                c.representative.assign(c.size.size(), no_node);
                std::array<std::uint64_t, 3> x{};
                for (std::uint64_t v = 0; v < n; ++v) {
                  std::uint64_t r = v, key = 0;
                  for (std::size_t i = 0; i < 3; ++i) {
                    const auto k = std::uint64_t(g.sizes[i]);
                    x[i] = r % k;
                    r /= k;
                  }
                  for (std::size_t i = 3; i-- > 0;)
                    key = key * half[i] + std::min(x[i], std::uint64_t(g.sizes[i]) - 1 - x[i]);
                  c.class_of[v] = std::uint32_t(key);
                  if (c.representative[key] == no_node) c.representative[key] = node_id(v);
                  ++c.size[key];
                }
                return c;
              },
          .grid = tofu_grid};
}

}  // namespace topo::gen
