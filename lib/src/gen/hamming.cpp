// Hamming graph K_n^d (the flattened butterfly, generalized hypercube): words of length d over n symbols,
// adjacent when they differ in one position (Projective Networks §4.1, Tables 2–5).
#include <fmt/format.h>

#include <nlohmann/json.hpp>
#include <vector>

#include "gen/size_internal.hpp"
#include "topo/errors.hpp"
#include "topo/gen/description.hpp"
#include "topo/gen/registry.hpp"

namespace topo::gen {

namespace {

struct Shape {
  std::uint64_t n, d, nodes;
};

Shape hamming_shape(const Params& p) {
  const auto n = get_int(p, "side"), d = get_int(p, "dims");
  if (n < 2) throw InputError(fmt::format("--side must be at least 2, got {}", n));
  if (d < 1 || d >= no_value8)
    throw InputError(fmt::format("--dims must be between 1 and {}, got {}", no_value8 - 1, d));
  detail::Count nodes;
  for (std::int64_t i = 0; i < d; ++i) nodes *= std::uint64_t(n);
  if (nodes.above(topo::max_nodes))
    throw detail::too_many_nodes(fmt::format("--side {} --dims {}: n^d =", n, d), nodes);
  return {std::uint64_t(n), std::uint64_t(d), nodes.value()};
}

Description describe_hamming(const Shape& s) {
  Description d;
  d.nodes = s.nodes;
  d.degree_min = d.degree_max = s.d * (s.n - 1);
  d.links = s.nodes * d.degree_max / 2;
  d.formulas["diameter"] = s.d;
  // W(t) = C(d,t)(n−1)^t; mean over distinct pairs d(n−1)/n · N/(N−1).
  std::vector<std::uint64_t> w;
  std::uint64_t binom = 1, pw = 1;
  for (std::uint64_t t = 0; t <= s.d; ++t) {
    w.push_back(binom * pw);
    binom = binom * (s.d - t) / (t + 1);
    pw *= s.n - 1;
  }
  d.formulas["distance_distribution"] = w;
  const double nn = double(s.nodes);
  d.formulas["mean_distance_distinct"] = double(s.d) * double(s.n - 1) / double(s.n) * nn / (nn - 1);
  // Table 3: Δ0 = n terminals per router, R = (d+1)n − d.
  d.formulas["terminals_per_router"] = s.n;
  d.formulas["radix"] = (s.d + 1) * s.n - s.d;
  return d;
}

}  // namespace

Family family_hamming() {
  return {.name = "hamming",
          .summary = "Hamming graph K_n^d (flattened butterfly): n^d nodes, degree d(n-1)",
          .source = "Projective Networks §4.1, Tables 2-5",
          .params = {{"side", ParamType::integer, "symbols per position n (the side of the K_n factors)", "", true, {}},
                     {"dims", ParamType::integer, "number of positions d (K_n factors)", "2", false, {}}},
          .example = {{"side", "3"}, {"dims", "2"}},
          .describe = [](const Params& p) { return describe_hamming(hamming_shape(p)); },
          .build =
              [](const Params& p) {
                const auto s = hamming_shape(p);
                GraphBuilder b(s.nodes, false);
                const auto cls = b.class_id("hamming");
                b.reserve_links(std::size_t(describe_hamming(s).links));
                b.set_coord_dims(unsigned(s.d));
                std::vector<std::int32_t> x(s.d, 0);
                for (std::uint64_t v = 0; v < s.nodes; ++v) {
                  b.set_coords(node_id(v), x);
                  std::uint64_t stride = 1;
                  for (std::uint64_t i = 0; i < s.d; ++i, stride *= s.n) {
                    LinkAttrs a;
                    a.cls = cls;
                    a.dim = std::uint8_t(i);
                    // Join v to the words that differ from it in position i by a larger symbol.
                    for (std::uint64_t c = std::uint64_t(x[i]) + 1; c < s.n; ++c)
                      b.add_link(node_id(v), node_id(v + (c - std::uint64_t(x[i])) * stride), a);
                  }
                  for (std::uint64_t i = 0; i < s.d; ++i) {  // next word, first position fastest
                    if (std::uint64_t(++x[i]) < s.n) break;
                    x[i] = 0;
                  }
                }
                return b.finish(Duplicates::reject);
              },
          .symmetry =
              [](const Params& p) {
                return NodeClasses{{0}, {hamming_shape(p).nodes}};
              }};
}

}  // namespace topo::gen
