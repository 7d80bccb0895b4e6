#pragma once
// The symplectic generalised quadrangle W(q): points of PG(3,F_q) and the lines that are totally isotropic for
// ω(x,y) = x0y1 − x1y0 + x2y3 − x3y2. Shared by the gq and delorme families.
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "gen/finite_field_internal.hpp"

namespace topo::gen::detail {

using vec4 = std::array<FiniteField::elem, 4>;

/// (q+1)(q^2+1): the number of points of PG(3,q), and of lines of W(q).
inline std::uint64_t w_points(std::uint64_t q) {
  return (q + 1) * (q * q + 1);
}

/// Points of PG(3,q) normalised to a leading 1: (1,a,b,c) -> a q^2 + b q + c, (0,1,b,c) -> q^3 + b q + c,
/// (0,0,1,c) -> q^3 + q^2 + c, (0,0,0,1) -> q^3 + q^2 + q. v must be nonzero.
std::uint32_t pg3_index(const FiniteField& f, vec4 v);
vec4 pg3_coords(std::uint32_t i, std::uint32_t q);
std::string vec4_label(const FiniteField& f, const vec4& v);

struct SymplecticQuadrangle {
  std::vector<std::array<vec4, 2>> basis;  // per line: its row-reduced basis {r1, r2}
  std::vector<std::uint32_t> points;       // per line: its q+1 points, ascending (flattened, q+1 per line)
};

/// Every totally isotropic line once, in the order of their row-reduced bases (pivot columns i < j, then the
/// free entries as base-q digits).
SymplecticQuadrangle symplectic_quadrangle(const FiniteField& f);

}  // namespace topo::gen::detail
