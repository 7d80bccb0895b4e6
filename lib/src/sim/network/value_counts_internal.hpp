#pragma once
// Latencies counted by value, for their mean and quantiles without a value kept per packet: a table of
// counts for values below 2^16 (latencies in cycles, nearly always), a list of the larger ones.
#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "topo/sim/network_sim.hpp"

namespace topo::sim {

class ValueCounts {
 public:
  void add(std::uint32_t x) {
    ++n_;
    if (x >= dense) {
      large_.push_back(x);
      return;
    }
    if (x >= count_.size())
      count_.resize(std::max<std::size_t>(x + 1, std::min<std::size_t>(2 * count_.size(), dense)));
    ++count_[x];
  }
  void merge(const ValueCounts& o);
  /// Appends the counts to `out` (parallel::pack), for another process of the same build to merge.
  void pack(std::string& out) const;
  /// Merges the counts that pack wrote at `at` of `in`, and moves `at` past them.
  void merge_packed(const std::string& in, std::size_t& at);
  std::uint64_t size() const { return n_; }
  /// Mean, median, 99th percentile (the ceil(0.99 n)-th smallest) and maximum.
  Quantiles quantiles() const;

 private:
  static constexpr std::uint32_t dense = 1 << 16;
  std::vector<std::uint64_t> count_;  // count_[x]: values equal to x, x < dense
  std::vector<std::uint32_t> large_;  // values from dense on, in the order added
  std::uint64_t n_ = 0;
};

}  // namespace topo::sim
