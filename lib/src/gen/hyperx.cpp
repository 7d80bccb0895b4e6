// HyperX (Ahn, Binkert, Davis, McLaren and Schreiber, SC 2009, §3): routers at the points of an
// S_1 x … x S_L lattice, all-to-all in each dimension, K_i parallel links between two routers that differ in
// dimension i only (trunking), T terminals on every router. With every K_i = 1 it is the Hamming graph
// K_S1 x … x K_SL; the trunk is one link of multiplicity K_i. Node ids: the mixed-radix number of the
// coordinates, the first dimension fastest; a link's dimension is the one its ends differ in.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <nlohmann/json.hpp>
#include <vector>

#include "gen/size_internal.hpp"
#include "topo/errors.hpp"
#include "topo/gen/description.hpp"
#include "topo/gen/registry.hpp"

namespace topo::gen {

namespace {

struct Shape {
  std::vector<std::uint64_t> s, k;  // widths S_i and trunking K_i
  std::uint64_t t = 1, nodes = 1;
};

Shape hyperx_shape(const Params& p) {
  Shape h;
  const auto widths = get_ints(p, "widths"), trunking = get_ints(p, "trunking");
  if (widths.empty() || widths.size() >= no_value8)
    throw InputError(fmt::format("--widths: between 1 and {} dimensions", no_value8 - 1));
  if (trunking.size() != 1 && trunking.size() != widths.size())
    throw InputError(fmt::format("--trunking: one value or one per dimension ({}), got {}", widths.size(),
                                 fmt::join(trunking, ",")));
  detail::Count nodes;
  for (std::size_t i = 0; i < widths.size(); ++i) {
    const auto s = widths[i], k = trunking[trunking.size() == 1 ? 0 : i];
    if (s < 2) throw InputError(fmt::format("--widths: every S_i must be at least 2, got {}", s));
    if (k < 1 || k > 65535)
      throw InputError(fmt::format("--trunking: every K_i must be between 1 and 65535, got {}", k));
    h.s.push_back(std::uint64_t(s));
    h.k.push_back(std::uint64_t(k));
    nodes *= std::uint64_t(s);
  }
  if (nodes.above(topo::max_nodes))
    throw detail::too_many_nodes(fmt::format("--widths {}:", fmt::join(widths, "x")), nodes);
  h.nodes = nodes.value();
  const auto t = get_int(p, "terminals");
  if (t < 1 || t > 65535) throw InputError(fmt::format("--terminals must be between 1 and 65535, got {}", t));
  h.t = std::uint64_t(t);
  return h;
}

Description describe_hyperx(const Shape& h) {
  Description d;
  d.nodes = h.nodes;
  std::uint64_t degree = 0;
  for (std::size_t i = 0; i < h.s.size(); ++i) degree += h.k[i] * (h.s[i] - 1);  // §3: Σ K_i (S_i − 1)
  d.degree_min = d.degree_max = degree;
  d.links = h.nodes * degree / 2;
  d.formulas["diameter"] = h.s.size();  // one hop per dimension that differs
  d.formulas["terminals_per_router"] = h.t;
  d.formulas["terminals"] = h.t * h.nodes;  // §3: P = T · Π S_i
  d.formulas["radix"] = h.t + degree;       // §3: R = T + Σ K_i (S_i − 1)
  return d;
}

Graph build_hyperx(const Shape& h) {
  GraphBuilder b(h.nodes, false);
  b.reserve_links(std::size_t(h.nodes * h.s.size()));
  b.set_coord_dims(unsigned(h.s.size()));
  std::vector<std::uint16_t> cls;
  for (std::size_t i = 0; i < h.s.size(); ++i) cls.push_back(b.class_id(fmt::format("dim{}", i)));
  std::vector<std::int32_t> x(h.s.size(), 0);
  for (std::uint64_t v = 0; v < h.nodes; ++v) {
    b.set_coords(node_id(v), x);
    std::uint64_t stride = 1;
    for (std::size_t i = 0; i < h.s.size(); stride *= h.s[i], ++i) {
      LinkAttrs a;
      a.cls = cls[i];
      a.dim = std::uint8_t(i);
      a.multiplicity = std::uint32_t(h.k[i]);
      // To the routers that differ from v in dimension i by a larger coordinate.
      for (std::uint64_t c = std::uint64_t(x[i]) + 1; c < h.s[i]; ++c)
        b.add_link(node_id(v), node_id(v + (c - std::uint64_t(x[i])) * stride), a);
    }
    for (std::size_t i = 0; i < h.s.size(); ++i) {  // next point, first dimension fastest
      if (std::uint64_t(++x[i]) < h.s[i]) break;
      x[i] = 0;
    }
  }
  return b.finish(Duplicates::reject);
}

}  // namespace

Family family_hyperx() {
  return {
      .name = "hyperx",
      .summary = "HyperX: all-to-all in each dimension of an S1x..xSL lattice, K_i trunked links, T terminals",
      .source = "Ahn et al., SC 2009, Sec. 3",
      .params = {{"widths", ParamType::dims, "S_1xS_2x..xS_L: routers per dimension, each at least 2", "", true, {}},
                 {"trunking",
                  ParamType::integer_list,
                  "K_1,..,K_L: parallel links between two routers of one dimension (one value for all)",
                  "1",
                  false,
                  {}},
                 {"terminals", ParamType::integer, "T: terminals per router", "1", false, {}}},
      .example = {{"widths", "3x4"}, {"trunking", "1,2"}, {"terminals", "2"}},
      .describe = [](const Params& p) { return describe_hyperx(hyperx_shape(p)); },
      .build = [](const Params& p) { return build_hyperx(hyperx_shape(p)); },
      .symmetry =
          [](const Params& p) {
            return NodeClasses{{0}, {hyperx_shape(p).nodes}};
          },
      .routings = {"hyperx"},
      .terminals_per_endpoint = [](const Params& p) { return std::uint32_t(hyperx_shape(p).t); }};
}

}  // namespace topo::gen
