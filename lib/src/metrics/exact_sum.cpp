#include "exact_sum.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>

namespace topo::metrics {

namespace {
constexpr double to_fixed = 0x1p60, from_fixed = 0x1p-60;
}  // namespace

void ExactSum::add(std::span<const double> terms) {
  // x · 2^60 truncated, as whole · 2^60 + the fraction's 60 bits: two plain 64-bit conversions instead of a
  // library call for a 128-bit one (x - floor(x) is exact).
  const Fixed unit = Fixed(1) << 60;
  for (std::size_t i = 0; i < terms.size(); ++i) {
    const double whole = std::floor(terms[i]);
    acc_[i] += Fixed(std::int64_t(whole)) * unit + std::int64_t((terms[i] - whole) * to_fixed);
  }
}

void ExactSum::merge(const ExactSum& other) {
  for (std::size_t i = 0; i < acc_.size(); ++i) acc_[i] += other.acc_[i];
}

std::vector<double> ExactSum::total(parallel::Ranks& ranks) {
  const auto n = acc_.size();
  if (ranks.size() > 1) {
    const std::size_t slice = (n + std::size_t(ranks.size()) - 1) / std::size_t(ranks.size());
    for (std::size_t lo = 0; lo < n; lo += slice) {
      const std::size_t len = std::min(slice, n - lo);
      const auto all = ranks.gather(std::string(reinterpret_cast<const char*>(acc_.data() + lo), len * sizeof(Fixed)));
      std::vector<Fixed> theirs(len);
      for (std::size_t r = 1; r < all.size(); ++r) {
        std::memcpy(theirs.data(), all[r].data(), len * sizeof(Fixed));  // a string's bytes may be less aligned
        for (std::size_t i = 0; i < len; ++i) acc_[lo + i] += theirs[i];
      }
    }
  }
  std::vector<double> out(n);
  for (std::size_t i = 0; i < n; ++i) out[i] = double(acc_[i]) * from_fixed;
  if (ranks.size() > 1) {
    std::string bytes;
    if (ranks.rank() == 0) parallel::pack<double>(bytes, out);
    ranks.broadcast(bytes);
    std::size_t at = 0;
    out = parallel::unpack<double>(bytes, at);
  }
  return out;
}

}  // namespace topo::metrics
