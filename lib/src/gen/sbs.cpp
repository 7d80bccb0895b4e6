// Scalable barrel shifter (dissertation Table 2, ref. [26]): 2^n nodes on a ring, u ~ v iff
// u = v ± 2^i (mod 2^n) for some i in [0, n). The shifts +2^(n-1) and -2^(n-1) reach the same node,
// so the degree is 2n - 1 (29 for n = 15, as in Table 2).
#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "gen/size_internal.hpp"
#include "topo/errors.hpp"
#include "topo/gen/description.hpp"
#include "topo/gen/registry.hpp"

namespace topo::gen {

namespace {

unsigned sbs_dim(const Params& p) {
  const auto n = get_int(p, "dim");
  if (n < 2) throw InputError(fmt::format("--dim: n must be between 2 and 31, got {}", n));
  if (n > 31) throw detail::too_many_nodes(fmt::format("--dim {}: 2^n =", n), detail::Count::power(2, n));
  return static_cast<unsigned>(n);
}

Graph build_sbs(unsigned n) {
  const std::uint64_t size = std::uint64_t{1} << n, mask = size - 1;
  GraphBuilder b(size, false);
  const auto shift = b.class_id("shift");
  b.set_coord_dims(1);
  b.reserve_links(static_cast<std::size_t>(size * n));
  for (std::uint64_t v = 0; v < size; ++v) {
    const std::int32_t c[1] = {static_cast<std::int32_t>(v)};
    b.set_coords(static_cast<node_id>(v), c);
    for (unsigned i = 0; i < n; ++i) {
      // The shift by 2^(n-1) is its own inverse: add that link from the lower half only.
      if (i == n - 1 && v >= size / 2) continue;
      LinkAttrs a;
      a.cls = shift;
      a.dim = static_cast<std::uint8_t>(i);
      b.add_link(static_cast<node_id>(v), static_cast<node_id>((v + (std::uint64_t{1} << i)) & mask), a);
    }
  }
  return b.finish(Duplicates::reject);
}

}  // namespace

Family family_sbs() {
  return {.name = "sbs",
          .summary = "scalable barrel shifter: 2^n nodes, u ~ v iff u = v +- 2^i mod 2^n, degree 2n-1",
          .source = "dissertation Table 2 [26]",
          .params = {{"dim", ParamType::integer, "n: 2^n nodes, shifts 2^0..2^(n-1)", "", true, {}}},
          .example = {{"dim", "4"}},
          .describe =
              [](const Params& p) {
                const unsigned n = sbs_dim(p);
                Description r;
                r.nodes = std::uint64_t{1} << n;
                r.links = r.nodes * (n - 1) + r.nodes / 2;
                r.degree_min = r.degree_max = 2 * n - 1;
                return r;
              },
          .build = [](const Params& p) { return build_sbs(sbs_dim(p)); },
          // A Cayley graph of Z_{2^n}: vertex-transitive.
          .symmetry =
              [](const Params& p) {
                return NodeClasses{{0}, {std::uint64_t{1} << sbs_dim(p)}};
              }};
}

}  // namespace topo::gen
