// Incremental evaluation of swap moves, shared by the local-search methods.
#include <fmt/format.h>

#include "map_internal.hpp"
#include "topo/errors.hpp"
#include "topo/map/methods.hpp"

namespace topo::map {

SwapEvaluator::SwapEvaluator(const Demand& d, const Supply& s, Mapping m) : d_(d), s_(s), m_(std::move(m)) {
  if (d.n != s.size()) throw InputError("internal: the demand must be padded to the number of nodes");
  if (!d.dense && !s.symmetric()) throw InputError("a sparse demand needs a symmetric supply");
  inv_.assign(m_.size(), 0);
  for (std::uint32_t i = 0; i < m_.size(); ++i) inv_[m_[i]] = i;
  cost_ = evaluate(d, s, m_);
}

double SwapEvaluator::delta(std::uint32_t a, std::uint32_t b) const {
  if (a == b) return 0;
  const auto pa = m_[a], pb = m_[b];
  return detail::visit_rows(s_, [&](auto row) {
    if (!d_.dense) {
      // Only the pairs with one end in {a, b} change; S is symmetric, so S_{m(h),pa} = row(pa)[m(h)].
      const auto* ra = row(pa);
      const auto* rb = row(pb);
      double x = 0;
      for (auto k = d_.off[a]; k < d_.off[a + 1]; ++k) {
        const auto h = d_.adj[k];
        if (h != b) x += d_.w[k] * (double(rb[m_[h]]) - double(ra[m_[h]]));
      }
      for (auto k = d_.off[b]; k < d_.off[b + 1]; ++k) {
        const auto h = d_.adj[k];
        if (h != a) x += d_.w[k] * (double(ra[m_[h]]) - double(rb[m_[h]]));
      }
      return x;
    }
    // Dense, possibly asymmetric A and S (Taillard's RoTS compute_delta).
    const auto n = d_.n;
    const double* A = d_.a.data();
    auto Aij = [&](std::uint32_t i, std::uint32_t j) { return A[std::size_t(i) * n + j]; };
    const auto* ra = row(pa);
    const auto* rb = row(pb);
    double x = (Aij(a, a) - Aij(b, b)) * (double(rb[pb]) - double(ra[pa])) +
               (Aij(a, b) - Aij(b, a)) * (double(rb[pa]) - double(ra[pb]));
    const double* Aa = A + std::size_t(a) * n;
    const double* Ab = A + std::size_t(b) * n;
    if (s_.symmetric()) {
      for (std::uint32_t k = 0; k < n; ++k) {
        if (k == a || k == b) continue;
        const auto pk = m_[k];
        const double diff = double(rb[pk]) - double(ra[pk]);
        x += (Aij(k, a) - Aij(k, b) + Aa[k] - Ab[k]) * diff;
      }
    } else {
      for (std::uint32_t k = 0; k < n; ++k) {
        if (k == a || k == b) continue;
        const auto pk = m_[k];
        const auto* rk = row(pk);
        x += (Aij(k, a) - Aij(k, b)) * (double(rk[pb]) - double(rk[pa])) +
             (Aa[k] - Ab[k]) * (double(rb[pk]) - double(ra[pk]));
      }
    }
    return x;
  });
}

void SwapEvaluator::apply(std::uint32_t a, std::uint32_t b, double delta) {
  std::swap(m_[a], m_[b]);
  inv_[m_[a]] = a;
  inv_[m_[b]] = b;
  cost_ += delta;
}

}  // namespace topo::map
