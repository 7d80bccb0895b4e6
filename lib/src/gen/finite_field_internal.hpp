#pragma once
// Finite fields GF(q) for every prime power q = p^k (doc/definitions.md §3.6), the arithmetic under the projective
// families, Slim Fly and Paley graphs.
//
// Elements are the integers 0..q-1: element e stands for the polynomial sum_j c_j x^j whose
// coefficients c_j in 0..p-1 are the base-p digits of e (so for a prime q, e is just e mod p).
// The field is F_p[x]/(f) for the first monic irreducible f of degree k in the order of its
// lower coefficients read as a base-p number; the primitive element is the smallest element of
// multiplicative order q-1. Both choices are deterministic, so graphs built on a field are reproducible.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace topo::gen {

/// q = p^k with p prime and k >= 1.
struct PrimePower {
  std::uint64_t p = 0;
  unsigned k = 0;
};

/// p and k when q is a prime power, nothing otherwise (q < 2 included). Trial division, cheap for any q < 2^63.
std::optional<PrimePower> prime_power(std::uint64_t q);

/// Validates a field order given on the command line: InputError "--q must be a prime power, got 6"
/// (or naming the FiniteField::max_order limit); returns q. Does not build the field.
std::uint64_t require_field_order(std::int64_t q, const std::string& option = "--q");

/// The field GF(q). Construction costs O(q) memory (log and antilog tables) plus q^2 addition and
/// multiplication tables when q <= table_limit.
class FiniteField {
 public:
  using elem = std::uint32_t;
  static constexpr std::uint64_t max_order = 1u << 20;  // largest q accepted (tables of O(q) words)
  static constexpr std::uint64_t table_limit = 512;     // full q×q tables up to this order

  /// InputError as require_field_order() when q is not a prime power or exceeds max_order.
  explicit FiniteField(std::uint64_t q);

  std::uint32_t order() const { return q_; }
  std::uint32_t characteristic() const { return p_; }
  unsigned degree() const { return k_; }
  /// Coefficients c_0..c_k of the monic irreducible modulus (c_k = 1); {0, 1} for a prime field.
  const std::vector<std::uint32_t>& modulus() const { return modulus_; }
  elem primitive() const { return xi_; }

  elem add(elem a, elem b) const {
    if (!add_.empty()) return add_[std::size_t(a) * q_ + b];
    return slow_add(a, b);
  }
  elem neg(elem a) const { return neg_[a]; }
  elem sub(elem a, elem b) const { return add(a, neg_[b]); }
  elem mul(elem a, elem b) const {
    if (!mul_.empty()) return mul_[std::size_t(a) * q_ + b];
    if (a == 0 || b == 0) return 0;
    const std::uint32_t e = log_[a] + log_[b];
    return exp_[e >= q_ - 1 ? e - (q_ - 1) : e];
  }
  /// Multiplicative inverse; a must be nonzero.
  elem inv(elem a) const { return inv_[a]; }
  /// xi^e for any integer exponent e >= 0.
  elem pow_primitive(std::uint64_t e) const { return exp_[e % (q_ - 1)]; }
  /// The exponent e in 0..q-2 with xi^e = a; a must be nonzero.
  std::uint32_t log(elem a) const { return log_[a]; }
  /// True when a is a nonzero square.
  bool is_square(elem a) const { return a != 0 && (p_ == 2 || log_[a] % 2 == 0); }

  /// Readable name: the integer for a prime field, the polynomial in x otherwise ("x^2+2x+1").
  std::string name(elem a) const;

 private:
  elem slow_add(elem a, elem b) const;
  elem slow_mul(elem a, elem b) const;  // polynomial product reduced by the modulus

  std::uint32_t q_ = 0, p_ = 0;
  unsigned k_ = 0;
  std::vector<std::uint32_t> modulus_;
  elem xi_ = 0;
  std::vector<elem> add_, mul_;  // q×q, only when q <= table_limit
  std::vector<elem> neg_, inv_, exp_, log_;
};

}  // namespace topo::gen
