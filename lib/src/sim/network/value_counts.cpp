// Latencies counted by value (value_counts_internal.hpp).
#include <algorithm>
#include <cmath>

#include "topo/parallel/ranks.hpp"
#include "value_counts_internal.hpp"

namespace topo::sim {

void ValueCounts::merge(const ValueCounts& o) {
  if (count_.size() < o.count_.size()) count_.resize(o.count_.size(), 0);
  for (std::size_t x = 0; x < o.count_.size(); ++x) count_[x] += o.count_[x];
  large_.insert(large_.end(), o.large_.begin(), o.large_.end());
  n_ += o.n_;
}

void ValueCounts::pack(std::string& out) const {
  parallel::pack<std::uint64_t>(out, count_);
  parallel::pack<std::uint32_t>(out, large_);
}

void ValueCounts::merge_packed(const std::string& in, std::size_t& at) {
  ValueCounts o;
  o.count_ = parallel::unpack<std::uint64_t>(in, at);
  o.large_ = parallel::unpack<std::uint32_t>(in, at);
  for (const auto c : o.count_) o.n_ += c;
  o.n_ += o.large_.size();
  merge(o);
}

Quantiles ValueCounts::quantiles() const {
  Quantiles q;
  if (!n_) return q;
  // The sum in integers, exact (a double sum of the values in any order is too while below 2^53).
  std::uint64_t sum = 0, counted = 0;
  for (std::size_t x = 0; x < count_.size(); ++x) {
    sum += x * count_[x];
    counted += count_[x];
  }
  for (auto x : large_) sum += x;
  q.mean = double(sum) / double(n_);
  auto large = large_;
  // The k-th smallest (from 0) of the f-quantile: in the table, else among the larger values.
  const auto at = [&](double f) {
    const auto k = std::min<std::uint64_t>(n_ - 1, std::uint64_t(std::ceil(f * double(n_))) - (f > 0 ? 1 : 0));
    if (k >= counted) {
      const auto i = std::ptrdiff_t(k - counted);
      std::nth_element(large.begin(), large.begin() + i, large.end());
      return double(large[std::size_t(i)]);
    }
    std::uint64_t seen = 0;
    std::size_t x = 0;
    while ((seen += count_[x]) <= k) ++x;
    return double(x);
  };
  q.p50 = at(0.5);
  q.p99 = at(0.99);
  q.max = at(1);
  return q;
}

}  // namespace topo::sim
