#include <fmt/format.h>

#include "gen/finite_field_internal.hpp"
#include "topo/errors.hpp"

namespace topo::gen {

std::optional<PrimePower> prime_power(std::uint64_t q) {
  if (q < 2) return std::nullopt;
  std::uint64_t p = q;
  for (std::uint64_t d = 2; d <= q / d; ++d)
    if (q % d == 0) {
      p = d;
      break;
    }
  unsigned k = 0;
  while (q % p == 0) {
    q /= p;
    ++k;
  }
  if (q != 1) return std::nullopt;
  return PrimePower{p, k};
}

std::uint64_t require_field_order(std::int64_t q, const std::string& option) {
  // The size limit first: trial division of a huge q would take seconds.
  if (q > std::int64_t(FiniteField::max_order))
    throw InputError(
        fmt::format("{} must be at most {} (finite field tables), got {}", option, FiniteField::max_order, q));
  if (q < 2 || !prime_power(std::uint64_t(q)))
    throw InputError(fmt::format("{} must be a prime power, got {}", option, q));
  return std::uint64_t(q);
}

namespace {

using Poly = std::vector<std::uint32_t>;  // coefficients, lowest degree first

Poly digits(std::uint64_t e, std::uint32_t p, unsigned k) {
  Poly c(k);
  for (unsigned j = 0; j < k; ++j, e /= p) c[j] = std::uint32_t(e % p);
  return c;
}

std::uint32_t encode(const Poly& c, std::uint32_t p, unsigned k) {
  std::uint64_t e = 0;
  for (unsigned j = k; j-- > 0;) e = e * p + c[j];
  return std::uint32_t(e);
}

// Remainder of f modulo a monic g (coefficients mod p).
Poly poly_mod(Poly f, const Poly& g, std::uint32_t p) {
  const std::size_t dg = g.size() - 1;
  for (std::size_t i = f.size(); i-- > dg;) {
    const std::uint64_t c = f[i];
    if (c == 0) continue;
    for (std::size_t j = 0; j <= dg; ++j)
      f[i - dg + j] = std::uint32_t((f[i - dg + j] + std::uint64_t(p - c) * g[j]) % p);
  }
  f.resize(dg);
  return f;
}

// f of degree k is irreducible iff no monic polynomial of degree 1..k/2 divides it.
bool irreducible(const Poly& f, std::uint32_t p) {
  const unsigned k = unsigned(f.size() - 1);
  for (unsigned d = 1; d <= k / 2; ++d) {
    std::uint64_t count = 1;
    for (unsigned i = 0; i < d; ++i) count *= p;
    for (std::uint64_t low = 0; low < count; ++low) {
      Poly g = digits(low, p, d);
      g.push_back(1);
      const Poly r = poly_mod(f, g, p);
      bool zero = true;
      for (auto c : r) zero = zero && c == 0;
      if (zero) return false;
    }
  }
  return true;
}

std::vector<std::uint64_t> prime_factors(std::uint64_t n) {
  std::vector<std::uint64_t> fs;
  for (std::uint64_t d = 2; d <= n / d; ++d)
    if (n % d == 0) {
      fs.push_back(d);
      while (n % d == 0) n /= d;
    }
  if (n > 1) fs.push_back(n);
  return fs;
}

}  // namespace

FiniteField::FiniteField(std::uint64_t q) {
  require_field_order(static_cast<std::int64_t>(q));
  const auto pk = prime_power(q);
  q_ = std::uint32_t(q);
  p_ = std::uint32_t(pk->p);
  k_ = pk->k;

  // The modulus: x for a prime field (elements are residues), else the first monic irreducible.
  if (k_ == 1) {
    modulus_ = {0, 1};
  } else {
    for (std::uint64_t low = 1; low < q; ++low) {
      if (low % p_ == 0) continue;  // constant term 0: divisible by x
      Poly f = digits(low, p_, k_);
      f.push_back(1);
      if (irreducible(f, p_)) {
        modulus_ = f;
        break;
      }
    }
  }

  // The primitive element: the smallest a with a^((q-1)/r) != 1 for every prime r dividing q-1.
  const auto factors = prime_factors(q - 1);
  auto power = [this](elem a, std::uint64_t e) {
    elem r = 1;
    while (e) {
      if (e & 1) r = slow_mul(r, a);
      a = slow_mul(a, a);
      e >>= 1;
    }
    return r;
  };
  for (elem a = 1; a < q_; ++a) {
    bool primitive = true;
    for (auto r : factors) primitive = primitive && power(a, (q - 1) / r) != 1;
    if (primitive) {
      xi_ = a;
      break;
    }
  }

  exp_.assign(q_ - 1, 0);
  log_.assign(q_, 0);
  elem x = 1;
  for (std::uint32_t e = 0; e + 1 < q_; ++e) {
    exp_[e] = x;
    log_[x] = e;
    x = slow_mul(x, xi_);
  }
  neg_.assign(q_, 0);
  inv_.assign(q_, 0);
  for (elem a = 0; a < q_; ++a) {
    Poly c = digits(a, p_, k_);
    for (auto& d : c) d = (p_ - d) % p_;
    neg_[a] = encode(c, p_, k_);
    if (a) inv_[a] = exp_[(q_ - 1 - log_[a]) % (q_ - 1)];
  }
  if (q_ <= table_limit) {
    add_.resize(std::size_t(q_) * q_);
    mul_.resize(std::size_t(q_) * q_);
    for (elem a = 0; a < q_; ++a)
      for (elem b = 0; b < q_; ++b) {
        add_[std::size_t(a) * q_ + b] = slow_add(a, b);
        mul_[std::size_t(a) * q_ + b] = (a == 0 || b == 0) ? 0 : exp_[(log_[a] + log_[b]) % (q_ - 1)];
      }
  }
}

FiniteField::elem FiniteField::slow_add(elem a, elem b) const {
  if (k_ == 1) return (a + b) % p_;
  elem r = 0, scale = 1;
  for (unsigned j = 0; j < k_; ++j, a /= p_, b /= p_, scale *= p_) r += ((a % p_ + b % p_) % p_) * scale;
  return r;
}

FiniteField::elem FiniteField::slow_mul(elem a, elem b) const {
  if (k_ == 1) return elem(std::uint64_t(a) * b % p_);
  const Poly x = digits(a, p_, k_), y = digits(b, p_, k_);
  Poly prod(2 * k_ - 1, 0);
  for (unsigned i = 0; i < k_; ++i)
    for (unsigned j = 0; j < k_; ++j) prod[i + j] = std::uint32_t((prod[i + j] + std::uint64_t(x[i]) * y[j]) % p_);
  return encode(poly_mod(prod, modulus_, p_), p_, k_);
}

std::string FiniteField::name(elem a) const {
  if (k_ == 1 || a == 0) return std::to_string(a);
  const Poly c = digits(a, p_, k_);
  std::string s;
  for (unsigned j = k_; j-- > 0;) {
    if (c[j] == 0) continue;
    if (!s.empty()) s += '+';
    if (j == 0 || c[j] != 1) s += std::to_string(c[j]);
    if (j >= 1) s += 'x';
    if (j >= 2) s += '^' + std::to_string(j);
  }
  return s;
}

}  // namespace topo::gen
