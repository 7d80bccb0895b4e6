#include <fmt/format.h>

#include <algorithm>

#include "gen/projective_plane_internal.hpp"

namespace topo::gen {

ProjectivePlane::point ProjectivePlane::coords(std::uint32_t i) const {
  const std::uint32_t q = f_.order();
  if (i < q * q) return {1, i / q, i % q};
  if (i < q * q + q) return {0, 1, i - q * q};
  return {0, 0, 1};
}

std::uint32_t ProjectivePlane::index(point v) const {
  const std::uint32_t q = f_.order();
  unsigned lead = 0;
  while (lead < 3 && v[lead] == 0) ++lead;
  const elem s = f_.inv(v[lead]);  // v is nonzero by contract
  for (auto& x : v) x = f_.mul(x, s);
  if (lead == 0) return v[1] * q + v[2];
  if (lead == 1) return q * q + v[2];
  return q * q + q;
}

bool ProjectivePlane::perpendicular(std::uint32_t a, std::uint32_t b) const {
  const point x = coords(a), y = coords(b);
  elem s = 0;
  for (unsigned j = 0; j < 3; ++j) s = f_.add(s, f_.mul(x[j], y[j]));
  return s == 0;
}

std::vector<std::uint32_t> ProjectivePlane::orthogonal(std::uint32_t i) const {
  // The kernel of x -> L·x: with L normalised (L[lead] = 1), e_j - L[j] e_lead for j != lead is a
  // basis {u, w}; its points are u + t·w (t in F_q) and w.
  const point l = coords(i);
  unsigned lead = 0;
  while (l[lead] == 0) ++lead;
  std::array<point, 2> basis{};
  unsigned n = 0;
  for (unsigned j = 0; j < 3; ++j) {
    if (j == lead) continue;
    point b{0, 0, 0};
    b[j] = 1;
    b[lead] = f_.neg(l[j]);
    basis[n++] = b;
  }
  std::vector<std::uint32_t> out;
  out.reserve(f_.order() + 1);
  for (elem t = 0; t < f_.order(); ++t) {
    point v;
    for (unsigned j = 0; j < 3; ++j) v[j] = f_.add(basis[0][j], f_.mul(t, basis[1][j]));
    out.push_back(index(v));
  }
  out.push_back(index(basis[1]));
  std::sort(out.begin(), out.end());
  return out;
}

std::string ProjectivePlane::label(std::uint32_t i) const {
  const point x = coords(i);
  return fmt::format("({},{},{})", f_.name(x[0]), f_.name(x[1]), f_.name(x[2]));
}

}  // namespace topo::gen
