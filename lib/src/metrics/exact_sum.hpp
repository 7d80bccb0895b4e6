#pragma once
// Per-arc sums whose bits do not depend on how their terms are grouped (reproducible summation). Each term
// array, one part of the work computed in a fixed order, is added in fixed point: units of 2^-60 in 128-bit
// integers, where addition is exact and so associative. Threads and processes can each add any parts and
// merge their sums in any order; the total is rounded to double once, at the end.
#include <cstdint>
#include <span>
#include <vector>

#include "topo/parallel/ranks.hpp"

namespace topo::metrics {

class ExactSum {
 public:
  explicit ExactSum(std::uint64_t size) : acc_(size, 0) {}
  /// Adds terms[i] to sum i. Terms are rounded down to multiples of 2^-60 (exact for terms of 2^-7 or more);
  /// a term must be below 2^63 and a sum below 2^66 (7.4e19; a load of every ordered pair of 2^32 nodes is
  /// below 1.9e19).
  void add(std::span<const double> terms);
  void merge(const ExactSum& other);
  /// Every rank's sums added up, rounded to double, on every rank (every rank must call it). Rank 0 receives
  /// the others' sums in slices of about size()/ranks entries, so it never holds much more than two sums.
  std::vector<double> total(parallel::Ranks& ranks);
  std::uint64_t size() const { return acc_.size(); }

 private:
  __extension__ typedef __int128 Fixed;
  std::vector<Fixed> acc_;
};

}  // namespace topo::metrics
