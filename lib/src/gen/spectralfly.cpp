// SpectralFly (Young et al., IPDPS 2022): the Ramanujan graph X^{p,q} of Lubotzky, Phillips and Sarnak
// (Combinatorica 8, 1988), p and q distinct odd primes, p = 1 mod 4. The p + 1 integer solutions of
// a0^2 + a1^2 + a2^2 + a3^2 = p with a0 > 0 odd and a1, a2, a3 even (Jacobi) give the matrices
//   [a0 + a1 x + a3 y,  −a1 y + a2 + a3 x]
//   [−a1 y − a2 + a3 x,  a0 − a1 x − a3 y]   over GF(q), x^2 + y^2 + 1 = 0 (Davidoff, Sarnak and Valette's form),
// of determinant p. X^{p,q} is the Cayley graph of PSL(2, q) when p is a square mod q (Legendre symbol (p/q) = 1,
// N = q(q^2 − 1)/2) and of PGL(2, q) otherwise (N = q(q^2 − 1), bipartite), with these generators: (p+1)-regular,
// and every eigenvalue but ±(p+1) has |λ| ≤ 2√p.
//
// Numbering: breadth-first from the identity, each node's neighbours v·s taken in the order of the solutions
// (a0, a1, a2, a3) ascending, nodes numbered as they are reached; x is the least element with −1 − x^2 a square,
// y the least square root of it. A node's coordinates are its matrix [a b; c d] scaled so that the first nonzero of
// a, b is 1.
#include <fmt/format.h>

#include <array>
#include <cmath>
#include <nlohmann/json.hpp>
#include <unordered_map>

#include "gen/size_internal.hpp"
#include "topo/errors.hpp"
#include "topo/gen/description.hpp"
#include "topo/gen/registry.hpp"

namespace topo::gen {

namespace {

using Matrix = std::array<std::uint64_t, 4>;  // a b c d, entries mod q

bool is_prime(std::int64_t n) {
  if (n < 2) return false;
  for (std::int64_t d = 2; d * d <= n; ++d)
    if (n % d == 0) return false;
  return true;
}

std::uint64_t power(std::uint64_t b, std::uint64_t e, std::uint64_t m) {
  std::uint64_t r = 1 % m;
  for (b %= m; e; e >>= 1, b = b * b % m)
    if (e & 1) r = r * b % m;
  return r;
}

struct Lps {
  std::uint64_t p, q;
  bool psl;                  // (p/q) = 1: PSL(2, q); otherwise PGL(2, q)
  std::vector<Matrix> gens;  // the p + 1 generators, normalised

  std::uint64_t nodes() const { return psl ? q * (q * q - 1) / 2 : q * (q * q - 1); }

  Matrix normalise(Matrix m) const {
    const std::uint64_t lead = m[0] != 0 ? m[0] : m[1];
    const std::uint64_t inv = power(lead, q - 2, q);
    for (auto& x : m) x = x * inv % q;
    return m;
  }
  Matrix times(const Matrix& u, const Matrix& v) const {
    return normalise({(u[0] * v[0] + u[1] * v[2]) % q, (u[0] * v[1] + u[1] * v[3]) % q, (u[2] * v[0] + u[3] * v[2]) % q,
                      (u[2] * v[1] + u[3] * v[3]) % q});
  }
  std::uint64_t code(const Matrix& m) const { return ((m[0] * q + m[1]) * q + m[2]) * q + m[3]; }
};

Lps spectralfly_lps(const Params& params) {
  const auto p = get_int(params, "p"), q = get_int(params, "q");
  // Bounds first, so that the primality tests below stay short: the degree p + 1 and N ~ q^3 fit 32-bit ids.
  if (p < 5 || p >= (std::int64_t(1) << 20))
    throw InputError(fmt::format("--p must be a prime congruent to 1 mod 4 below 2^20, got {}", p));
  if (q < 3 || q >= (std::int64_t(1) << 20))
    throw InputError(fmt::format("--q must be an odd prime other than --p below 2^20, got {}", q));
  if (!is_prime(p) || p % 4 != 1)
    throw InputError(fmt::format("--p must be a prime congruent to 1 mod 4 below 2^20, got {}", p));
  if (!is_prime(q) || q == p)
    throw InputError(fmt::format("--q must be an odd prime other than --p below 2^20, got {}", q));
  detail::Count n{std::uint64_t(q)};
  n *= std::uint64_t(q) * std::uint64_t(q) - 1;
  if (n.above(topo::max_nodes)) throw detail::too_many_nodes(fmt::format("--q {}: up to q(q^2-1) =", q), n);
  Lps l{std::uint64_t(p), std::uint64_t(q), power(std::uint64_t(p % q), (q - 1) / 2, q) == 1, {}};
  // x^2 + y^2 = −1 (mod q): x the least with −1 − x^2 a square (0 included), y its least root.
  const std::uint64_t uq = l.q;
  std::uint64_t x = 0, y = 0;
  for (bool found = false; !found; ++x)
    for (y = 0; y < uq && !found; ++y) found = (x * x + y * y + 1) % uq == 0;
  --x, --y;
  auto mod = [uq](std::int64_t v) {
    return std::uint64_t(((v % std::int64_t(uq)) + std::int64_t(uq)) % std::int64_t(uq));
  };
  const auto xs = std::int64_t(x), ys = std::int64_t(y);
  const auto r = std::int64_t(std::sqrt(double(p))) + 1;
  for (std::int64_t a0 = 1; a0 <= r; a0 += 2)
    for (std::int64_t a1 = -r - (r % 2); a1 <= r; a1 += 2)
      for (std::int64_t a2 = -r - (r % 2); a2 <= r; a2 += 2)
        for (std::int64_t a3 = -r - (r % 2); a3 <= r; a3 += 2) {
          if (a0 * a0 + a1 * a1 + a2 * a2 + a3 * a3 != p) continue;
          l.gens.push_back(l.normalise({mod(a0 + a1 * xs + a3 * ys), mod(-a1 * ys + a2 + a3 * xs),
                                        mod(-a1 * ys - a2 + a3 * xs), mod(a0 - a1 * xs - a3 * ys)}));
        }
  // Jacobi: p + 1 solutions. Over a small q two of them can be the same element, which would give parallel links;
  // for q > 2√p never: the quaternions mod q are the matrices, α = λβ forces λ = ±1, and entries below q/2 differ.
  for (std::size_t i = 0; i < l.gens.size(); ++i)
    for (std::size_t j = i + 1; j < l.gens.size(); ++j)
      if (l.gens[i] == l.gens[j])
        throw InputError(
            fmt::format("--q {} is too small for --p {}: two generators are the same element of "
                        "PGL(2,{}) (q > 2*sqrt(p) avoids it)",
                        q, p, q));
  return l;
}

Description describe_spectralfly(const Lps& l) {
  Description d;
  d.nodes = l.nodes();
  d.links = d.nodes * (l.p + 1) / 2;
  d.degree_min = d.degree_max = l.p + 1;
  d.formulas["group"] = l.psl ? "PSL(2,q)" : "PGL(2,q)";
  d.formulas["legendre_p_q"] = l.psl ? 1 : -1;
  d.formulas["bipartite"] = !l.psl;
  // Lubotzky, Phillips and Sarnak: |λ| ≤ 2√p for every eigenvalue but ±(p+1), and diameter ≤ 2 log_p N + 2 log_p 2 + 1.
  d.formulas["ramanujan_bound"] = 2 * std::sqrt(double(l.p));
  const double logp = std::log(double(l.p));
  d.formulas["diameter_upper_bound"] =
      std::uint64_t(std::floor(2 * std::log(double(d.nodes)) / logp + 2 * std::log(2.0) / logp + 1));
  return d;
}

Graph build_spectralfly(const Lps& l) {
  const auto d = describe_spectralfly(l);
  GraphBuilder b(d.nodes, false);
  LinkAttrs a;
  a.cls = b.class_id("lps");
  b.reserve_links(std::size_t(d.links));
  b.set_coord_dims(4);
  std::vector<Matrix> at;
  at.reserve(std::size_t(d.nodes));
  std::unordered_map<std::uint64_t, node_id> id;
  id.reserve(std::size_t(d.nodes));
  at.push_back({1, 0, 0, 1});
  id.emplace(l.code(at[0]), 0);
  for (std::size_t v = 0; v < at.size(); ++v) {
    const Matrix m = at[v];
    const std::array<std::int32_t, 4> c{std::int32_t(m[0]), std::int32_t(m[1]), std::int32_t(m[2]), std::int32_t(m[3])};
    b.set_coords(node_id(v), c);
    b.set_label(node_id(v), fmt::format("[{} {}; {} {}]", m[0], m[1], m[2], m[3]));
    for (const auto& s : l.gens) {
      const Matrix w = l.times(m, s);
      auto [it, fresh] = id.emplace(l.code(w), node_id(at.size()));
      if (fresh) {
        if (at.size() == d.nodes)
          throw InputError(fmt::format("spectralfly: more than {} elements reached; not an LPS graph", d.nodes));
        at.push_back(w);
      }
      if (v < it->second) b.add_link(node_id(v), it->second, a);
    }
  }
  if (at.size() != d.nodes)
    throw InputError(fmt::format("spectralfly: {} of {} elements reached; not an LPS graph", at.size(), d.nodes));
  return b.finish(Duplicates::reject);
}

}  // namespace

Family family_spectralfly() {
  return {.name = "spectralfly",
          .summary = "SpectralFly: the LPS Ramanujan graph X^{p,q}, (p+1)-regular Cayley graph of PSL(2,q) or PGL(2,q)",
          .source = "Young et al., IPDPS 2022; Lubotzky, Phillips and Sarnak 1988",
          .params = {{"p", ParamType::integer, "prime, 1 mod 4: the degree is p+1", "", true, {}},
                     {"q", ParamType::integer, "odd prime other than p: the field of the matrix group", "", true, {}}},
          .example = {{"p", "5"}, {"q", "7"}},
          .describe = [](const Params& p) { return describe_spectralfly(spectralfly_lps(p)); },
          .build = [](const Params& p) { return build_spectralfly(spectralfly_lps(p)); },
          // A Cayley graph: vertex-transitive.
          .symmetry =
              [](const Params& p) {
                return NodeClasses{{0}, {spectralfly_lps(p).nodes()}};
              }};
}

}  // namespace topo::gen
