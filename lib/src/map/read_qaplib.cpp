// QAPLIB instances (n, A, B) and solutions (n, cost, permutation).
#include <utility>

#include "map/reader_internal.hpp"

namespace topo::map {

using namespace detail;

namespace {

// A token stream that remembers the line of each token.
struct Tokens {
  std::vector<std::pair<std::string, std::size_t>> t;
  std::size_t i = 0, last_line = 0;
  std::string file;
  explicit Tokens(const std::string& path) : file(path) {
    FieldLines lines(path);
    while (lines.next())
      for (auto s : lines.fields()) t.emplace_back(std::string(s), lines.number());
    last_line = lines.number();
  }
  std::pair<std::string, std::size_t> next(const char* what) {
    if (i >= t.size()) throw ParseError(file, last_line, fmt::format("unexpected end of file, expected {}", what));
    return t[i++];
  }
};

}  // namespace

Qap read_qaplib(const std::string& path) {
  Tokens tk(path);
  auto [ns, nl] = tk.next("n");
  const auto n = parse_uint(ns, path, nl, "n");
  if (n == 0 || n > 65535) throw ParseError(path, nl, fmt::format("n must be in 1..65535, got {}", n));
  // The whole file is in tokens already: a short one is refused before 2·n² entries are allocated
  // (n = 24424 asks for 4.8 GB), with the error the loop below would give.
  if (const auto left = tk.t.size() - tk.i; left < 2 * n * n)
    throw ParseError(
        path, tk.last_line,
        fmt::format("unexpected end of file, expected {}", left < n * n ? "an entry of A" : "an entry of B"));
  Qap q;
  q.n = static_cast<std::uint32_t>(n);
  for (auto* m : {&q.a, &q.b}) {
    m->resize(n * n);
    for (auto& x : *m) {
      auto [s, l] = tk.next(m == &q.a ? "an entry of A" : "an entry of B");
      x = parse_real(s, path, l, "matrix entry");
    }
  }
  if (tk.i != tk.t.size()) throw ParseError(path, tk.t[tk.i].second, fmt::format("more than 2·{}² entries", n));
  return q;
}

QapSolution read_qaplib_solution(const std::string& path) {
  Tokens tk(path);
  QapSolution s;
  auto [ns, nl] = tk.next("n");
  const auto n = parse_uint(ns, path, nl, "n");
  if (n == 0 || n > 65535) throw ParseError(path, nl, fmt::format("n must be in 1..65535, got {}", n));
  s.n = static_cast<std::uint32_t>(n);
  auto [cs, cl] = tk.next("the cost");
  s.cost = parse_real(cs, path, cl, "cost");
  bool zero = false;
  for (std::uint64_t i = 0; i < n; ++i) {
    auto [ps, pl] = tk.next("a permutation entry");
    const auto p = parse_uint(ps, path, pl, "permutation entry");
    if (p > n) throw ParseError(path, pl, fmt::format("permutation entry {} outside 1..{}", p, n));
    zero |= p == 0;
    s.perm.push_back(static_cast<std::uint32_t>(p));
  }
  if (tk.i != tk.t.size()) throw ParseError(path, tk.t[tk.i].second, "more than n permutation entries");
  if (!zero)
    for (auto& p : s.perm) --p;  // 1-based, as QAPLIB documents; tai40a.sln is 0-based
  check_mapping(s.perm, s.n, s.n, path);
  return s;
}

QapProblem from_qap(Qap q, const std::string& source) {
  QapProblem p;
  p.demand.n = q.n;
  p.demand.dense = true;
  p.demand.a = std::move(q.a);
  p.demand.source = source;
  p.supply = Supply::from_matrix(q.n, std::move(q.b));
  return p;
}

}  // namespace topo::map
