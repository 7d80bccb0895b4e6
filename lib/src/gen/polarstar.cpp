// PolarStar (Lakhotia, Monroe, Isham, Besta, Blach, Hoefler and Petrini, "PolarStar: Expanding the Scalability
// Horizon of Diameter-3 Networks", SPAA 2024, arXiv 2302.07217): the star product (star_product_internal.hpp) of
// the Erdős–Rényi polarity graph ER_q (the structure graph, our demipn's ProjectivePlane) with a supernode S and a
// bijection f of S. The q + 1 quadrics of ER_q (x ⊥ x, its self-loops) join (x, u) and (x, f(u)) with the IQ
// supernode, where f is an involution.
// The supernodes, as in the authors' reference code (SST Merlin's pymerlin-topo-polarstar.py, EvalNet):
//   - paley: the Paley graph of GF(q'), q' = 2d'+1 a prime power = 1 mod 4, f(u) = ξu (ξ the primitive element,
//     a non-square), so that E ∪ f(E) is complete (Property R1). R1 alone gives diameter 3; the quadrics' loops are
//     left unused (f has the fixed point 0 and u ~ ξu may already be a Paley edge), so the (q+1)q' routers of the
//     quadric supernodes have degree d − 1.
//   - iq: the inductive-quad graph of degree d' = 0 or 3 mod 4 on 2d'+2 vertices, f an involution without fixed
//     points such that E ∪ f(E) ∪ {u f(u)} is complete (Property R*): regular of degree d.
// Either way N = (q^2+q+1)·|S|, the degree d = q + 1 + d' and the diameter 3. Node x·|S| + u: x in demipn's
// numbering of the points, u the supernode vertex (the field element for paley).
#include <fmt/format.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <vector>

#include "gen/finite_field_internal.hpp"
#include "gen/projective_plane_internal.hpp"
#include "gen/size_internal.hpp"
#include "gen/star_product_internal.hpp"
#include "topo/errors.hpp"
#include "topo/gen/description.hpp"
#include "topo/gen/registry.hpp"

namespace topo::gen {

namespace {

struct Shape {
  std::uint64_t q;       // ER_q
  bool paley;            // supernode kind
  std::uint64_t degree;  // d', the supernode's degree
  std::uint64_t order() const { return paley ? 2 * degree + 1 : 2 * degree + 2; }
  std::uint64_t structure() const { return ProjectivePlane::size(q); }
};

Shape polarstar_shape(const Params& p) {
  const auto q = require_field_order(get_int(p, "q"));
  const bool paley = get_text(p, "supernode") == "paley";
  const auto d = get_int(p, "supernode_degree");
  if (paley) {
    paley_supernode_degree(d);
  } else if (d < 0 || d % 4 == 1 || d % 4 == 2) {
    throw InputError(
        fmt::format("--supernode-degree {}: an iq supernode needs d' = 0 or 3 mod 4 (d' = 0, 3, 4, 7, 8, 11, ...)", d));
  }
  const Shape s{q, paley, std::uint64_t(d)};
  detail::Count nodes(s.structure());
  nodes *= s.order();
  if (nodes.above(topo::max_nodes))
    throw detail::too_many_nodes(fmt::format("--q {} --supernode-degree {}: (q^2+q+1)|S| =", q, d), nodes);
  return s;
}

Description describe_polarstar(const Shape& s) {
  const std::uint64_t m = s.structure(), order = s.order(), q = s.q;
  const std::uint64_t intra = m * order * s.degree / 2, inter = q * (q + 1) * (q + 1) / 2 * order;
  const std::uint64_t quadric = s.paley ? 0 : (q + 1) * order / 2;
  Description d;
  d.nodes = m * order;
  d.links = intra + inter + quadric;
  d.degree_max = q + 1 + s.degree;
  d.degree_min = s.paley ? q + s.degree : d.degree_max;
  d.formulas["diameter"] = 3;
  d.formulas["supernodes"] = m;
  d.formulas["supernode_order"] = order;
  d.formulas["quadric_supernodes"] = q + 1;
  d.formulas["intra_supernode_links"] = intra + quadric;
  d.formulas["inter_supernode_links"] = inter;
  d.formulas["moore_bound"] = 1 + d.degree_max + d.degree_max * (d.degree_max - 1) +
                              d.degree_max * (d.degree_max - 1) * (d.degree_max - 1);  // M(Δ,3)
  return d;
}

/// The inductive-quad graph of degree d (d = 0 or 3 mod 4): a base (two vertices a, f(a) without edges for d = 0
/// mod 4, one quad for d = 3 mod 4), then a quad per 4 degrees. A quad is 8 vertices a0..a3, b_i = f(a_i), of
/// degree 3: a0 and b0 joined to a1, a2, a3, and a_y, b_y joined to b_{y mod 3 + 1}. A new quad's a0, b0, a1, b1
/// are joined to every earlier "a" vertex and its a2, b2, a3, b3 to every earlier "b" vertex, which adds 4 to the
/// degree of every earlier vertex and brings the new ones to the same degree.
Supernode iq_supernode(std::uint64_t degree) {
  Supernode s;
  s.f.resize(2 * degree + 2);
  std::vector<std::uint32_t> as, bs;  // vertices in A and in f(A)
  const auto add_quad = [&](std::uint32_t at) {
    const auto a = [at](std::uint32_t i) { return at + i; };
    const auto b = [at](std::uint32_t i) { return at + 4 + i; };
    for (std::uint32_t i = 1; i < 4; ++i) {
      s.edges.push_back({a(0), a(i)});
      s.edges.push_back({a(i), b(0)});
    }
    for (std::uint32_t y = 1; y < 4; ++y) {
      const std::uint32_t w = y % 3 + 1;
      s.edges.push_back({a(y), b(w)});
      s.edges.push_back({std::min(b(y), b(w)), std::max(b(y), b(w))});
    }
    for (std::uint32_t i = 0; i < 4; ++i) {
      s.f[a(i)] = b(i);
      s.f[b(i)] = a(i);
      for (auto v : i < 2 ? as : bs)
        for (auto u : {a(i), b(i)}) s.edges.push_back({v, u});
    }
    for (std::uint32_t i = 0; i < 4; ++i) {
      as.push_back(a(i));
      bs.push_back(b(i));
    }
  };
  std::uint32_t next = 0;
  if (degree % 4 == 0) {
    s.f[0] = 1;
    s.f[1] = 0;
    as = {0};
    bs = {1};
    next = 2;
  }
  for (; next < s.f.size(); next += 8) add_quad(next);
  return s;
}

Graph build_polarstar(const Shape& shape) {
  const FiniteField field(shape.q);
  const ProjectivePlane plane(field);
  const Supernode sn = shape.paley ? paley_supernode(shape.order()) : iq_supernode(shape.degree);
  // ER_q's neighbours of x, with x itself for a quadric (x ⊥ x), whose loop only the IQ supernode uses.
  const auto neighbours = [&](std::uint32_t x) {
    auto n = plane.orthogonal(x);
    if (shape.paley) std::erase(n, x);
    return n;
  };
  return star_product(plane.size(), neighbours, sn, describe_polarstar(shape).links);
}

}  // namespace

Family family_polarstar() {
  return {.name = "polarstar",
          .summary = "PolarStar: star product of ER_q with a Paley or inductive-quad supernode, diameter 3",
          .source = "Lakhotia et al., SPAA 2024 (arXiv 2302.07217)",
          .params =
              {{"q", ParamType::integer, "order of the field of ER_q, a prime power: q^2+q+1 supernodes", "", true, {}},
               {"supernode", ParamType::choice, "supernode graph", "iq", false, {"paley", "iq"}},
               {"supernode-degree",
                ParamType::integer,
                "degree d' of the supernode: paley 2d'+1 a prime power = 1 mod 4, iq d' = 0 or 3 mod 4",
                "",
                true,
                {}}},
          .example = {{"q", "3"}, {"supernode", "iq"}, {"supernode-degree", "3"}},
          .describe = [](const Params& p) { return describe_polarstar(polarstar_shape(p)); },
          .build = [](const Params& p) { return build_polarstar(polarstar_shape(p)); },
          // Routed by --algo star-product: a walk of the structure graph with hops inside supernodes.
          .routings = {"star-product"}};
}

}  // namespace topo::gen
