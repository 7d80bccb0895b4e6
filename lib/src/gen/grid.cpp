// Tori, meshes and rings over mixed-radix dimensions (doc/definitions.md §3.1), with the Blue Gene/L and
// QCDOC partition presets of the dissertation's Tables 3 and 4.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <array>
#include <nlohmann/json.hpp>
#include <string_view>

#include "gen/size_internal.hpp"
#include "topo/errors.hpp"
#include "topo/gen/description.hpp"
#include "topo/gen/families.hpp"
#include "topo/gen/registry.hpp"

namespace topo::gen {

namespace {

struct Preset {
  std::string_view name;
  std::vector<std::int64_t> dims;
};

// Dissertation Table 3 (BG/L, X×Y×Z) and Table 4 (QCDOC, X×Y×Z×K×M×N).
const std::vector<Preset>& presets() {
  static const std::vector<Preset> all = {
      {"bgl-32", {4, 4, 2}},
      {"bgl-64", {8, 4, 2}},
      {"bgl-128", {8, 4, 4}},
      {"bgl-256", {8, 4, 8}},
      {"bgl-512", {8, 8, 8}},
      {"bgl-1024", {8, 8, 16}},
      {"bgl-2048", {16, 8, 16}},
      {"bgl-4096", {32, 8, 16}},
      {"qcdoc-64", {2, 2, 2, 2, 2, 2}},
      {"qcdoc-512", {2, 2, 2, 4, 4, 4}},
      {"qcdoc-1024", {2, 2, 2, 4, 4, 8}},
      {"qcdoc-2048", {2, 2, 2, 4, 4, 16}},
      {"qcdoc-4096", {2, 2, 2, 8, 8, 8}},
  };
  return all;
}

std::vector<std::string> preset_names() {
  std::vector<std::string> names;
  for (const auto& p : presets()) names.emplace_back(p.name);
  return names;
}

std::vector<std::int64_t> resolve_dims(const Params& p) {
  const bool has_dims = has(p, "dims"), has_preset = has(p, "preset");
  if (has_dims && has_preset) throw UsageError("give --dims or --preset, not both");
  std::vector<std::int64_t> dims;
  if (has_preset) {
    const auto name = get_text(p, "preset");
    for (const auto& pr : presets())
      if (pr.name == name) dims = pr.dims;
  } else if (has_dims) {
    dims = get_ints(p, "dims");
  } else {
    throw UsageError("missing --dims (or --preset)");
  }
  if (dims.empty()) throw InputError("--dims: at least one dimension is needed");
  if (dims.size() >= no_value8) throw InputError(fmt::format("--dims: at most {} dimensions", no_value8 - 1));
  detail::Count n;
  for (auto k : dims) {
    if (k < 1) throw InputError(fmt::format("--dims: every size must be at least 1, got {}", k));
    n *= std::uint64_t(k);
  }
  if (n.above(topo::max_nodes)) throw detail::too_many_nodes(fmt::format("--dims {}:", fmt::join(dims, "x")), n);
  return dims;
}

double ring_mean(std::int64_t k, bool wrap) {
  // Mean distance over all ordered pairs of a ring (or path) of k nodes, self included.
  const double kd = double(k);
  if (!wrap) return (kd * kd - 1) / (3 * kd);
  return k % 2 == 0 ? kd / 4 : (kd * kd - 1) / (4 * kd);
}

Description describe_grid(const std::vector<std::int64_t>& dims, bool wrap) {
  Description d;
  d.nodes = 1;
  for (auto k : dims) d.nodes *= std::uint64_t(k);
  std::int64_t diameter = 0;
  double mean = 0;
  for (auto k : dims) {
    if (k >= 2) {
      d.links += wrap ? d.nodes : d.nodes / std::uint64_t(k) * std::uint64_t(k - 1);
      d.degree_max += (wrap || k >= 3) ? 2 : 1;
      d.degree_min += (wrap && k >= 2) ? 2 : 1;
    }
    diameter += wrap ? k / 2 : k - 1;
    mean += ring_mean(k, wrap);
  }
  d.formulas["diameter"] = diameter;
  d.formulas["mean_distance_all_pairs"] = mean;
  // The straight cut across the largest even dimension k: 2N/k links in a torus (two per ring, a
  // size-2 ring's link counting twice), N/k in a mesh — the bisection width of k-ary n-cubes.
  std::int64_t k_even = 0;
  for (auto k : dims)
    if (k % 2 == 0) k_even = std::max(k_even, k);
  if (k_even > 0) d.formulas["bisection"] = std::int64_t(d.nodes) / k_even * (wrap ? 2 : 1);
  return d;
}

std::vector<ParamSpec> grid_params(bool with_presets) {
  std::vector<ParamSpec> ps = {{"dims", ParamType::dims, "sizes of the dimensions, e.g. 8x8x16", "", false, {}}};
  if (with_presets)
    ps.push_back({"preset", ParamType::choice,
                  "a Blue Gene/L or QCDOC partition (dissertation Tables 3 and 4) instead of --dims", "", false,
                  preset_names()});
  return ps;
}

}  // namespace

Graph make_grid(const std::vector<std::int64_t>& dims, bool wrap) {
  std::uint64_t n = 1;
  for (auto k : dims) n *= std::uint64_t(k);
  GraphBuilder b(n, false);
  const auto cls = b.class_id(wrap ? "torus" : "mesh");
  const auto nd = static_cast<unsigned>(dims.size());
  b.set_coord_dims(nd);
  std::vector<std::int32_t> x(nd, 0);
  std::vector<std::uint64_t> stride(nd, 1);
  for (unsigned i = 1; i < nd; ++i) stride[i] = stride[i - 1] * std::uint64_t(dims[i - 1]);
  b.reserve_links(static_cast<std::size_t>(n * nd));
  for (std::uint64_t v = 0; v < n; ++v) {
    b.set_coords(static_cast<node_id>(v), x);
    for (unsigned i = 0; i < nd; ++i) {
      const auto k = dims[i];
      if (k < 2) continue;
      LinkAttrs a;
      a.cls = cls;
      a.dim = static_cast<std::uint8_t>(i);
      if (x[i] + 1 < k) {
        // The wrap of a size-2 dimension doubles the one link (doc/definitions.md §2: multiplicity 2).
        a.multiplicity = (wrap && k == 2) ? 2 : 1;
        b.add_link(static_cast<node_id>(v), static_cast<node_id>(v + stride[i]), a);
      } else if (wrap && k >= 3) {
        b.add_link(static_cast<node_id>(v), static_cast<node_id>(v - stride[i] * std::uint64_t(k - 1)), a);
      }
    }
    for (unsigned i = 0; i < nd; ++i) {  // next coordinate, first dimension fastest
      if (++x[i] < dims[i]) break;
      x[i] = 0;
    }
  }
  return b.finish(Duplicates::reject);
}

namespace {
NodeClasses vertex_transitive(std::uint64_t nodes) {
  return {{0}, {nodes}};
}
Grid grid_shape(const std::vector<std::int64_t>& dims, bool wrap) {
  return {dims, std::vector<bool>(dims.size(), wrap)};
}

}  // namespace

Family family_torus() {
  return {.name = "torus",
          .summary = "k-ary n-cube: a torus over any mixed-radix dimensions (Blue Gene/L, QCDOC presets)",
          .source = "dissertation §3.3.2, Tables 3-4",
          .params = grid_params(true),
          .example = {{"dims", "4x3x2"}},
          .describe = [](const Params& p) { return describe_grid(resolve_dims(p), true); },
          .build = [](const Params& p) { return make_grid(resolve_dims(p), true); },
          .symmetry = [](const Params& p) { return vertex_transitive(describe_grid(resolve_dims(p), true).nodes); },
          .grid = [](const Params& p) { return grid_shape(resolve_dims(p), true); }};
}

Family family_mesh() {
  return {.name = "mesh",
          .summary = "mesh (torus without wrap-around links) over any mixed-radix dimensions",
          .source = "dissertation §3.3.2",
          .params = grid_params(true),
          .example = {{"dims", "3x4"}},
          .describe = [](const Params& p) { return describe_grid(resolve_dims(p), false); },
          .build = [](const Params& p) { return make_grid(resolve_dims(p), false); },
          .grid = [](const Params& p) { return grid_shape(resolve_dims(p), false); }};
}

Family family_ring() {
  auto nodes = [](const Params& p) {
    const auto n = get_int(p, "nodes");
    if (n < 1 || std::uint64_t(n) > topo::max_nodes)
      throw InputError(fmt::format("--nodes must be between 1 and {}, got {}", topo::max_nodes, n));
    return std::vector<std::int64_t>{n};
  };
  return {.name = "ring",
          .summary = "cycle of n nodes (a 1-D torus)",
          .source = "doc/definitions.md §3.1",
          .params = {{"nodes", ParamType::integer, "number of nodes", "", true, {}}},
          .example = {{"nodes", "7"}},
          .describe = [nodes](const Params& p) { return describe_grid(nodes(p), true); },
          .build = [nodes](const Params& p) { return make_grid(nodes(p), true); },
          .symmetry = [nodes](const Params& p) { return vertex_transitive(std::uint64_t(nodes(p)[0])); },
          .grid = [nodes](const Params& p) { return grid_shape(nodes(p), true); }};
}

}  // namespace topo::gen
