#include <fmt/format.h>

#include <algorithm>

#include "quadrangle_internal.hpp"
#include "topo/errors.hpp"

namespace topo::gen::detail {

std::uint32_t pg3_index(const FiniteField& f, vec4 v) {
  const std::uint32_t q = f.order();
  unsigned lead = 0;
  while (v[lead] == 0) ++lead;
  const auto s = f.inv(v[lead]);
  for (auto& x : v) x = f.mul(x, s);
  switch (lead) {
    case 0:
      return (v[1] * q + v[2]) * q + v[3];
    case 1:
      return q * q * q + v[2] * q + v[3];
    case 2:
      return q * q * q + q * q + v[3];
    default:
      return q * q * q + q * q + q;
  }
}

vec4 pg3_coords(std::uint32_t i, std::uint32_t q) {
  const std::uint32_t q3 = q * q * q;
  if (i < q3) return {1, i / (q * q), i / q % q, i % q};
  i -= q3;
  if (i < q * q) return {0, 1, i / q, i % q};
  i -= q * q;
  if (i < q) return {0, 0, 1, i};
  return {0, 0, 0, 1};
}

std::string vec4_label(const FiniteField& f, const vec4& v) {
  return fmt::format("({},{},{},{})", f.name(v[0]), f.name(v[1]), f.name(v[2]), f.name(v[3]));
}

SymplecticQuadrangle symplectic_quadrangle(const FiniteField& f) {
  const std::uint32_t q = f.order();
  const auto lines = w_points(q);
  auto omega = [&f](const vec4& x, const vec4& y) {
    return f.add(f.sub(f.mul(x[0], y[1]), f.mul(x[1], y[0])), f.sub(f.mul(x[2], y[3]), f.mul(x[3], y[2])));
  };
  SymplecticQuadrangle w;
  w.basis.reserve(lines);
  w.points.reserve(lines * (q + 1));
  // Every line of PG(3,q) once, as the row-reduced basis {r1, r2} with pivots i < j; keep the totally
  // isotropic ones (ω(r1, r2) = 0).
  for (unsigned i = 0; i < 4; ++i)
    for (unsigned j = i + 1; j < 4; ++j) {
      std::vector<unsigned> free1, free2;  // free entries of r1 (after i, not j) and of r2 (after j)
      for (unsigned k = i + 1; k < 4; ++k)
        if (k != j) free1.push_back(k);
      for (unsigned k = j + 1; k < 4; ++k) free2.push_back(k);
      std::uint64_t count = 1;
      for (std::size_t k = 0; k < free1.size() + free2.size(); ++k) count *= q;
      for (std::uint64_t code = 0; code < count; ++code) {
        vec4 r1{0, 0, 0, 0}, r2{0, 0, 0, 0};
        r1[i] = 1;
        r2[j] = 1;
        std::uint64_t c = code;
        for (auto k : free1) r1[k] = FiniteField::elem(c % q), c /= q;
        for (auto k : free2) r2[k] = FiniteField::elem(c % q), c /= q;
        if (omega(r1, r2) != 0) continue;
        if (w.basis.size() == lines) throw Error("w(q): more totally isotropic lines than points (internal error)");
        w.basis.push_back({r1, r2});
        const auto first = w.points.size();
        for (FiniteField::elem t = 0; t < q; ++t) {
          vec4 x;
          for (unsigned k = 0; k < 4; ++k) x[k] = f.add(r1[k], f.mul(t, r2[k]));
          w.points.push_back(pg3_index(f, x));
        }
        w.points.push_back(pg3_index(f, r2));
        std::sort(w.points.begin() + std::ptrdiff_t(first), w.points.end());
      }
    }
  if (w.basis.size() != lines) throw Error("w(q): wrong number of totally isotropic lines (internal error)");
  return w;
}

}  // namespace topo::gen::detail
