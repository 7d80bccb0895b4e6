#pragma once
// The star product G * S of a structure graph G and a supernode graph S with one bijection f of S (Bermond,
// Delorme and Farhi), as PolarStar and Bundlefly use it: node (x, u) is x·|S| + u with coordinates (x, u);
// (x, u) ~ (x, v) for every edge uv of S (class intra-supernode) and (x, u) ~ (y, f(u)) for every link x < y of G
// (class inter-supernode). A self-loop x ~ x of G, taken only when f is an involution, joins (x, u) and (x, f(u))
// for u < f(u) (class intra-supernode: both ends are in supernode x).
#include <array>
#include <cstdint>
#include <functional>
#include <vector>

#include "topo/graph.hpp"

namespace topo::gen {

/// A supernode graph: its edges (each once) and the bijection f of its vertices.
struct Supernode {
  std::vector<std::array<std::uint32_t, 2>> edges;
  std::vector<std::uint32_t> f;
  std::uint32_t order() const { return std::uint32_t(f.size()); }
};

/// The Paley graph of GF(q), q = 1 mod 4 a prime power (vertices the field's elements), with f(u) = ξu for the
/// field's primitive element ξ, a non-square: f maps the edges onto the non-edges, so E ∪ f(E) is complete
/// (PolarStar's Property R1).
Supernode paley_supernode(std::uint64_t q);

/// d' when a Paley supernode of degree d' exists (2d'+1 a prime power = 1 mod 4); otherwise the InputError
/// "--supernode-degree 3: a paley supernode needs 2d'+1 a prime power = 1 mod 4 (d' = 2, 4, 6, ...)".
std::uint64_t paley_supernode_degree(std::int64_t d);

/// The star product of the structure graph on `structure_nodes` vertices, `neighbours(x)` listing x's neighbours
/// (x itself for a self-loop), with `s`; `links` is the number of links, for the builder's reservation.
Graph star_product(std::uint32_t structure_nodes,
                   const std::function<std::vector<std::uint32_t>(std::uint32_t)>& neighbours, const Supernode& s,
                   std::uint64_t links);

}  // namespace topo::gen
