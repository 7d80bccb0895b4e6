#pragma once
// The projective plane P2(F_q) with the canonical representatives of Projective Networks §3.1:
// P2(F_q) = {(1,x,y), (0,1,x), (0,0,1)}, a line represented by its dual point, P ⊥ L iff P·L = 0.
// Shared by the pn, demipn and oft families.
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "gen/finite_field_internal.hpp"

namespace topo::gen {

class ProjectivePlane {
 public:
  using elem = FiniteField::elem;
  using point = std::array<elem, 3>;

  explicit ProjectivePlane(const FiniteField& f) : f_(f) {}

  /// q^2+q+1 points, numbered (1,x,y) -> x*q+y, (0,1,x) -> q^2+x, (0,0,1) -> q^2+q.
  static std::uint64_t size(std::uint64_t q) { return q * q + q + 1; }
  std::uint32_t size() const { return std::uint32_t(size(f_.order())); }
  point coords(std::uint32_t i) const;
  /// The number of a nonzero vector's point (it is normalised to its canonical representative).
  std::uint32_t index(point v) const;
  /// The q+1 points orthogonal to point i (the points on the line with dual point i), ascending.
  std::vector<std::uint32_t> orthogonal(std::uint32_t i) const;
  bool perpendicular(std::uint32_t a, std::uint32_t b) const;
  /// "(1,x,x+1)" with the field's element names.
  std::string label(std::uint32_t i) const;

 private:
  const FiniteField& f_;
};

}  // namespace topo::gen
