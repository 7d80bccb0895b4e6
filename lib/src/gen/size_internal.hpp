#pragma once
// Node counts computed from parameters before anything is allocated: a product that cannot wrap around, and
// the one-line error that states the count when it is above the 32-bit node ids.
#include <fmt/format.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>

#include "topo/errors.hpp"
#include "topo/graph.hpp"

namespace topo::gen::detail {

/// A count built from factors and terms of at least 1: exact below 2^64, and past that an estimate in
/// long double (its range holds the product of 255 factors of 2^63).
class Count {
 public:
  explicit Count(std::uint64_t v = 1) : exact_(v), approx_(static_cast<long double>(v)) {}
  Count& operator*=(std::uint64_t f) {
    huge_ = huge_ || __builtin_mul_overflow(exact_, f, &exact_);
    approx_ *= static_cast<long double>(f);
    return *this;
  }
  Count& operator+=(std::uint64_t t) {
    huge_ = huge_ || __builtin_add_overflow(exact_, t, &exact_);
    approx_ += static_cast<long double>(t);
    return *this;
  }
  /// base^exponent (base >= 2, exponent >= 0), without a loop as long as the exponent.
  static Count power(std::uint64_t base, std::int64_t exponent) {
    Count c;
    for (std::int64_t i = 0; i < exponent && !c.huge_; ++i) c *= base;
    if (c.huge_) c.approx_ = std::pow(static_cast<long double>(base), static_cast<long double>(exponent));
    return c;
  }
  bool above(std::uint64_t limit) const { return huge_ || exact_ > limit; }
  /// The value; only meaningful when !above(2^64 - 1).
  std::uint64_t value() const { return exact_; }
  /// "1000000000000000", "about 1.27e+30" from 2^64 on, "more than 2^64" beyond the range of long double.
  std::string text() const {
    if (!huge_) return std::to_string(exact_);
    return std::isfinite(approx_) ? fmt::format("about {:.3g}", approx_) : std::string("more than 2^64");
  }

 private:
  std::uint64_t exact_;
  long double approx_;
  bool huge_ = false;
};

/// InputError "WHAT: N nodes exceed the limit of 4294967294 (32-bit node ids)"; WHAT names the parameters and
/// the formula, e.g. "--side 100 --dims 9: n^d =".
inline InputError too_many_nodes(std::string_view what, const Count& nodes) {
  return InputError(
      fmt::format("{} {} nodes exceed the limit of {} (32-bit node ids)", what, nodes.text(), topo::max_nodes));
}

/// InputError "WHAT N links exceed the limit of 4294967295 (32-bit link ids)".
inline InputError too_many_links(std::string_view what, const Count& links) {
  return InputError(fmt::format("{} {} links exceed the limit of {} (32-bit link ids)", what, links.text(),
                                std::numeric_limits<link_id>::max()));
}

}  // namespace topo::gen::detail
