// Demand readers: Matrix Market, Harwell–Boeing, weighted edge lists, QAPLIB; mapping files.
#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <fstream>
#include <ostream>
#include <sstream>

#include "topo/errors.hpp"
#include "topo/excerpt.hpp"
#include "topo/map/problem.hpp"

namespace topo::map {

namespace {

std::ifstream open(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw InputError(fmt::format("cannot open {}", path));
  return in;
}

std::vector<std::string_view> split_ws(std::string_view line) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && std::isspace(static_cast<unsigned char>(line[i]))) ++i;
    if (i >= line.size()) break;
    std::size_t j = i;
    while (j < line.size() && !std::isspace(static_cast<unsigned char>(line[j]))) ++j;
    out.push_back(line.substr(i, j - i));
    i = j;
  }
  return out;
}

std::string lower(std::string_view s) {
  std::string r(s);
  for (auto& c : r) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return r;
}

std::uint64_t parse_uint(std::string_view t, const std::string& file, std::size_t line, const char* what) {
  std::uint64_t v = 0;
  auto [p, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
  if (ec != std::errc() || p != t.data() + t.size())
    throw ParseError(file, line, fmt::format("{}: expected a non-negative integer, got '{}'", what, excerpt(t)));
  return v;
}

// Reads Fortran numbers too: D exponents, and "1.5-3" (exponent without a letter).
double parse_real(std::string_view t, const std::string& file, std::size_t line, const char* what) {
  std::string s;
  s.reserve(t.size() + 1);
  const bool has_exp_letter = t.find_first_of("eEdD") != std::string_view::npos;
  for (std::size_t i = 0; i < t.size(); ++i) {
    char c = t[i];
    if (c == 'D' || c == 'd') c = 'E';
    if (!has_exp_letter && i > 0 && (c == '-' || c == '+') && std::isdigit(static_cast<unsigned char>(t[i - 1])))
      s.push_back('E');
    s.push_back(c);
  }
  double v = 0;
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || p != s.data() + s.size() || !std::isfinite(v))
    throw ParseError(file, line, fmt::format("{}: expected a number, got '{}'", what, excerpt(t)));
  return v;
}

struct Entry {
  std::uint32_t i, j;
  double v;
};

// Pair weights from ordered entries (see the convention in problem.hpp). Symmetric files are mirrored
// first; an ordered entry stored twice adds in a general file and is taken once in a symmetric one
// (YOUNG*C are labelled symmetric but store both triangles).
Demand build(std::uint32_t n, std::vector<Entry> e, bool symmetric, std::string source) {
  std::vector<Entry> all;
  all.reserve(e.size() * (symmetric ? 2 : 1));
  for (const auto& x : e) {
    if (x.i == x.j) continue;  // S_uu = 0: the diagonal never costs anything
    all.push_back(x);
    if (symmetric) all.push_back({x.j, x.i, x.v});
  }
  std::sort(all.begin(), all.end(), [](const Entry& a, const Entry& b) { return a.i != b.i ? a.i < b.i : a.j < b.j; });
  std::vector<Entry> merged;
  for (const auto& x : all) {
    if (!merged.empty() && merged.back().i == x.i && merged.back().j == x.j) {
      if (!symmetric) merged.back().v += x.v;
      continue;
    }
    merged.push_back(x);
  }
  // pair {i,j}: (|a_ij| + |a_ji|) / 2
  std::vector<Entry> pairs;
  for (const auto& x : merged) pairs.push_back({std::min(x.i, x.j), std::max(x.i, x.j), x.v / 2});
  std::sort(pairs.begin(), pairs.end(),
            [](const Entry& a, const Entry& b) { return a.i != b.i ? a.i < b.i : a.j < b.j; });
  std::vector<Entry> up;
  for (const auto& x : pairs) {
    if (!up.empty() && up.back().i == x.i && up.back().j == x.j)
      up.back().v += x.v;
    else
      up.push_back(x);
  }
  Demand d;
  d.n = n;
  d.source = std::move(source);
  d.off.assign(std::size_t(n) + 1, 0);
  for (const auto& x : up) {
    if (x.v == 0) continue;
    ++d.off[x.i + 1];
    ++d.off[x.j + 1];
  }
  for (std::size_t i = 0; i < n; ++i) d.off[i + 1] += d.off[i];
  d.adj.resize(d.off[n]);
  d.w.resize(d.off[n]);
  auto pos = d.off;
  for (const auto& x : up) {
    if (x.v == 0) continue;
    d.adj[pos[x.i]] = x.j;
    d.w[pos[x.i]++] = x.v;
    d.adj[pos[x.j]] = x.i;
    d.w[pos[x.j]++] = x.v;
  }
  for (std::uint32_t i = 0; i < n; ++i) {  // rows sorted by neighbour for reproducible sums
    std::vector<std::pair<std::uint32_t, double>> row;
    for (auto k = d.off[i]; k < d.off[i + 1]; ++k) row.emplace_back(d.adj[k], d.w[k]);
    std::sort(row.begin(), row.end());
    for (std::size_t k = 0; k < row.size(); ++k) {
      d.adj[d.off[i] + k] = row[k].first;
      d.w[d.off[i] + k] = row[k].second;
    }
  }
  return d;
}

bool ends_with(const std::string& s, std::string_view suf) {
  return s.size() >= suf.size() && lower(s.substr(s.size() - suf.size())) == suf;
}

}  // namespace

Demand Demand::to_dense() const {
  if (dense) return *this;
  Demand d;
  d.n = n;
  d.dense = true;
  d.source = source;
  d.a.assign(std::size_t(n) * n, 0.0);
  for (std::uint32_t i = 0; i < n; ++i)
    for (auto k = off[i]; k < off[i + 1]; ++k) d.a[std::size_t(i) * n + adj[k]] = w[k] / 2;
  return d;
}

Demand Demand::padded(std::uint32_t slots) const {
  if (slots < n) throw InputError(fmt::format("{} tasks but only {} nodes", n, slots));
  if (slots == n) return *this;
  Demand d = *this;
  d.n = slots;
  if (dense) {
    d.a.assign(std::size_t(slots) * slots, 0.0);
    for (std::uint32_t i = 0; i < n; ++i)
      std::copy_n(a.data() + std::size_t(i) * n, n, d.a.data() + std::size_t(i) * slots);
  } else {
    d.off.resize(std::size_t(slots) + 1, off[n]);
  }
  return d;
}

Demand Demand::cropped(std::uint32_t k) const {
  if (k >= n) return *this;
  Demand d;
  d.n = k;
  d.dense = dense;
  d.source = source;
  if (dense) {
    d.a.resize(std::size_t(k) * k);
    for (std::uint32_t i = 0; i < k; ++i)
      std::copy_n(a.data() + std::size_t(i) * n, k, d.a.data() + std::size_t(i) * k);
    return d;
  }
  d.off.push_back(0);
  for (std::uint32_t i = 0; i < k; ++i) {
    for (auto e = off[i]; e < off[i + 1]; ++e)
      if (adj[e] < k) {
        d.adj.push_back(adj[e]);
        d.w.push_back(w[e]);
      }
    d.off.push_back(d.adj.size());
  }
  return d;
}

Demand read_matrix_market(const std::string& path, Weights wt) {
  auto in = open(path);
  std::string line;
  std::size_t ln = 0;
  if (!std::getline(in, line)) throw ParseError(path, 1, "empty file");
  ++ln;
  auto h = split_ws(line);
  if (h.size() < 5 || lower(h[0]) != "%%matrixmarket" || lower(h[1]) != "matrix")
    throw ParseError(path, 1, "not a Matrix Market file (expected '%%MatrixMarket matrix ...')");
  if (lower(h[2]) != "coordinate")
    throw ParseError(path, 1, "only coordinate matrices are supported, got " + excerpt(lower(h[2])));
  const auto field = lower(h[3]), sym = lower(h[4]);
  if (field != "real" && field != "integer" && field != "pattern" && field != "complex")
    throw ParseError(path, 1, "unknown field '" + excerpt(field) + "'");
  if (sym != "general" && sym != "symmetric" && sym != "skew-symmetric" && sym != "hermitian")
    throw ParseError(path, 1, "unknown symmetry '" + excerpt(sym) + "'");
  const std::size_t values = field == "pattern" ? 0 : field == "complex" ? 2 : 1;
  std::uint64_t rows = 0, cols = 0, nnz = 0;
  bool have_size = false;
  std::vector<Entry> e;
  while (std::getline(in, line)) {
    ++ln;
    auto t = split_ws(line);
    if (t.empty() || t[0][0] == '%') continue;
    if (!have_size) {
      if (t.size() != 3) throw ParseError(path, ln, "expected 'rows cols entries'");
      rows = parse_uint(t[0], path, ln, "rows");
      cols = parse_uint(t[1], path, ln, "cols");
      nnz = parse_uint(t[2], path, ln, "entries");
      if (rows != cols)
        throw ParseError(path, ln, fmt::format("a demand matrix must be square, got {}x{}", rows, cols));
      if (rows > max_nodes) throw ParseError(path, ln, "too many rows");
      have_size = true;
      e.reserve(nnz);
      continue;
    }
    if (t.size() != 2 + values)
      throw ParseError(path, ln, fmt::format("expected {} fields, got {}", 2 + values, t.size()));
    const auto i = parse_uint(t[0], path, ln, "row"), j = parse_uint(t[1], path, ln, "column");
    if (i < 1 || i > rows || j < 1 || j > rows)
      throw ParseError(path, ln, fmt::format("index ({}, {}) outside 1..{}", i, j, rows));
    double v = 1;
    if (wt == Weights::magnitude && values == 1) v = std::fabs(parse_real(t[2], path, ln, "value"));
    if (wt == Weights::magnitude && values == 2)
      v = std::hypot(parse_real(t[2], path, ln, "real part"), parse_real(t[3], path, ln, "imaginary part"));
    if (values && wt == Weights::unit) (void)parse_real(t[2], path, ln, "value");
    e.push_back({static_cast<std::uint32_t>(i - 1), static_cast<std::uint32_t>(j - 1), v});
  }
  if (!have_size) throw ParseError(path, ln, "no size line");
  if (e.size() != nnz)
    throw ParseError(path, ln, fmt::format("the size line says {} entries but the file has {}", nnz, e.size()));
  return build(static_cast<std::uint32_t>(rows), std::move(e), sym != "general", path);
}

namespace {

struct FortranFormat {
  std::size_t per_line = 0, width = 0;
};

FortranFormat parse_format(std::string_view f, const std::string& file, std::size_t line) {
  std::string s;
  for (char c : f)
    if (!std::isspace(static_cast<unsigned char>(c)) && c != '(' && c != ')')
      s += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  if (auto p = s.find('P'); p != std::string::npos) s = s.substr(p + 1);  // scale factor "1P"
  if (!s.empty() && s[0] == ',') s = s.substr(1);
  std::size_t i = 0;
  FortranFormat r;
  while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i])))
    r.per_line = r.per_line * 10 + std::size_t(s[i++] - '0');
  if (r.per_line == 0) r.per_line = 1;
  if (i >= s.size() || std::string_view("IEDFG").find(s[i]) == std::string_view::npos)
    throw ParseError(file, line, fmt::format("unsupported Fortran format '{}'", excerpt(f)));
  ++i;
  while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i])))
    r.width = r.width * 10 + std::size_t(s[i++] - '0');
  if (r.width == 0) throw ParseError(file, line, fmt::format("unsupported Fortran format '{}'", excerpt(f)));
  return r;
}

}  // namespace

Demand read_harwell_boeing(const std::string& path, Weights wt) {
  auto in = open(path);
  std::string line;
  std::size_t ln = 0;
  auto next = [&](const char* what) -> const std::string& {
    if (!std::getline(in, line))
      throw ParseError(path, ln + 1, fmt::format("unexpected end of file, expected {}", what));
    ++ln;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    return line;
  };
  next("the title line");
  auto t = split_ws(next("the card counts"));
  if (t.size() < 4) throw ParseError(path, ln, "expected TOTCRD PTRCRD INDCRD VALCRD [RHSCRD]");
  const auto ptrcrd = parse_uint(t[1], path, ln, "PTRCRD"), indcrd = parse_uint(t[2], path, ln, "INDCRD");
  const auto valcrd = parse_uint(t[3], path, ln, "VALCRD");
  const auto rhscrd = t.size() > 4 ? parse_uint(t[4], path, ln, "RHSCRD") : 0;
  t = split_ws(next("the matrix type line"));
  if (t.size() < 4) throw ParseError(path, ln, "expected MXTYPE NROW NCOL NNZERO");
  const auto type = lower(t[0]);
  if (type.size() != 3 || std::string_view("rcp").find(type[0]) == std::string_view::npos ||
      std::string_view("sunhzr").find(type[1]) == std::string_view::npos)
    throw ParseError(path, ln, "unknown matrix type '" + excerpt(t[0]) + "'");
  if (type[2] != 'a') throw ParseError(path, ln, "elemental (unassembled) matrices are not supported");
  const auto nrow = parse_uint(t[1], path, ln, "NROW"), ncol = parse_uint(t[2], path, ln, "NCOL");
  const auto nnz = parse_uint(t[3], path, ln, "NNZERO");
  if (nrow != ncol) throw ParseError(path, ln, fmt::format("a demand matrix must be square, got {}x{}", nrow, ncol));
  if (nrow > max_nodes) throw ParseError(path, ln, "too many rows");
  const std::string fl = next("the format line");
  const std::size_t fmt_line = ln;
  auto field = [&](std::size_t a, std::size_t b) {
    return a < fl.size() ? std::string_view(fl).substr(a, b) : std::string_view();
  };
  const auto pf = parse_format(field(0, 16), path, fmt_line), inf = parse_format(field(16, 16), path, fmt_line);
  const bool has_values = type[0] != 'p' && valcrd > 0;
  FortranFormat vf;
  if (has_values) vf = parse_format(field(32, 20), path, fmt_line);
  if (rhscrd > 0) next("the right-hand side line");
  auto read_block = [&](std::uint64_t cards, std::size_t count, const FortranFormat& f, const char* what, auto&& put) {
    std::size_t got = 0;
    for (std::uint64_t c = 0; c < cards && got < count; ++c) {
      next(what);
      for (std::size_t k = 0; k < f.per_line && got < count; ++k) {
        if (k * f.width >= line.size()) break;
        auto s = std::string_view(line).substr(k * f.width, f.width);
        while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
        while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
        if (s.empty()) continue;
        put(got++, s);
      }
    }
    if (got != count) throw ParseError(path, ln, fmt::format("{}: expected {} values, found {}", what, count, got));
  };
  std::vector<std::uint64_t> colptr(ncol + 1);
  std::vector<std::uint32_t> rowind(nnz);
  read_block(ptrcrd, ncol + 1, pf, "column pointers",
             [&](std::size_t k, std::string_view s) { colptr[k] = parse_uint(s, path, ln, "column pointer"); });
  read_block(indcrd, nnz, inf, "row indices", [&](std::size_t k, std::string_view s) {
    const auto r = parse_uint(s, path, ln, "row index");
    if (r < 1 || r > nrow) throw ParseError(path, ln, fmt::format("row index {} outside 1..{}", r, nrow));
    rowind[k] = static_cast<std::uint32_t>(r - 1);
  });
  const std::size_t per = type[0] == 'c' ? 2 : 1;
  std::vector<double> val;
  if (has_values) {
    val.resize(nnz * per);
    read_block(valcrd, nnz * per, vf, "values",
               [&](std::size_t k, std::string_view s) { val[k] = parse_real(s, path, ln, "value"); });
  }
  if (colptr[0] != 1 || colptr[ncol] != nnz + 1) throw ParseError(path, ln, "column pointers do not span 1..NNZERO+1");
  std::vector<Entry> e;
  e.reserve(nnz);
  for (std::uint64_t c = 0; c < ncol; ++c) {
    if (colptr[c + 1] < colptr[c]) throw ParseError(path, ln, "column pointers decrease");
    for (auto k = colptr[c] - 1; k < colptr[c + 1] - 1; ++k) {
      double v = 1;
      if (wt == Weights::magnitude && has_values)
        v = per == 2 ? std::hypot(val[2 * k], val[2 * k + 1]) : std::fabs(val[k]);
      e.push_back({rowind[k], static_cast<std::uint32_t>(c), v});
    }
  }
  return build(static_cast<std::uint32_t>(nrow), std::move(e), type[1] == 's' || type[1] == 'h' || type[1] == 'z',
               path);
}

Demand read_edge_list(const std::string& path, Weights wt) {
  auto in = open(path);
  std::string line;
  std::size_t ln = 0;
  std::uint64_t n = 0;
  std::vector<Entry> e;
  while (std::getline(in, line)) {
    ++ln;
    auto t = split_ws(line);
    if (t.empty()) continue;
    if (t[0][0] == '#') {
      if (t.size() == 3 && t[1] == "nodes:") n = std::max(n, parse_uint(t[2], path, ln, "nodes"));
      continue;
    }
    if (t.size() != 2 && t.size() != 3) throw ParseError(path, ln, "expected 'u v [weight]'");
    const auto u = parse_uint(t[0], path, ln, "u"), v = parse_uint(t[1], path, ln, "v");
    if (u >= max_nodes || v >= max_nodes) throw ParseError(path, ln, "node id too large");
    double w = 1;
    if (t.size() == 3) {
      w = parse_real(t[2], path, ln, "weight");
      if (wt == Weights::magnitude)
        w = std::fabs(w);
      else
        w = 1;
    }
    n = std::max({n, u + 1, v + 1});
    // one line = one undirected pair: enter it in both orders so the pair weight is w
    e.push_back({static_cast<std::uint32_t>(u), static_cast<std::uint32_t>(v), w});
    e.push_back({static_cast<std::uint32_t>(v), static_cast<std::uint32_t>(u), w});
  }
  if (n == 0) throw ParseError(path, ln, "no tasks");
  return build(static_cast<std::uint32_t>(n), std::move(e), false, path);
}

Demand read_demand(const std::string& path, Weights wt) {
  if (ends_with(path, ".mtx")) return read_matrix_market(path, wt);
  for (auto ext :
       {".rua", ".rsa", ".psa", ".csa", ".pua", ".cua", ".rza", ".pza", ".rha", ".cha", ".pha", ".rra", ".hb", ".rb"})
    if (ends_with(path, ext)) return read_harwell_boeing(path, wt);
  return read_edge_list(path, wt);
}

namespace {

// A token stream that remembers the line of each token.
struct Tokens {
  std::vector<std::pair<std::string, std::size_t>> t;
  std::size_t i = 0, last_line = 0;
  std::string file;
  explicit Tokens(const std::string& path) : file(path) {
    auto in = open(path);
    std::string line;
    std::size_t ln = 0;
    while (std::getline(in, line)) {
      ++ln;
      for (auto s : split_ws(line)) t.emplace_back(std::string(s), ln);
    }
    last_line = ln;
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

void check_mapping(std::span<const std::uint32_t> m, std::uint32_t tasks, std::uint32_t nodes,
                   const std::string& what) {
  if (m.size() < tasks) throw InputError(fmt::format("{}: maps {} tasks, the demand has {}", what, m.size(), tasks));
  if (m.size() > nodes) throw InputError(fmt::format("{}: maps {} tasks onto {} nodes", what, m.size(), nodes));
  std::vector<std::uint32_t> seen(nodes, no_node);
  for (std::uint32_t i = 0; i < m.size(); ++i) {
    if (m[i] >= nodes)
      throw InputError(fmt::format("{}: task {} is mapped to node {}, but there are {} nodes", what, i, m[i], nodes));
    if (seen[m[i]] != no_node)
      throw InputError(fmt::format("{}: tasks {} and {} are both mapped to node {}", what, seen[m[i]], i, m[i]));
    seen[m[i]] = i;
  }
}

Mapping complete(std::span<const std::uint32_t> m, std::uint32_t nodes) {
  Mapping r(m.begin(), m.end());
  std::vector<char> used(nodes, 0);
  for (auto v : m) used[v] = 1;
  for (std::uint32_t v = 0; v < nodes; ++v)
    if (!used[v]) r.push_back(v);
  return r;
}

MappingFile read_mapping(const std::string& path) {
  auto in = open(path);
  std::string line;
  std::size_t ln = 0;
  std::vector<std::pair<std::vector<std::uint64_t>, std::size_t>> rows;
  while (std::getline(in, line)) {
    ++ln;
    auto t = split_ws(line);
    if (t.empty() || t[0][0] == '#' || t[0][0] == '%') continue;
    std::vector<std::uint64_t> r;
    for (auto s : t) r.push_back(parse_uint(s, path, ln, "mapping entry"));
    if (r.size() > 2)
      throw ParseError(path, ln, "expected one node per line, or 'task node' after a count line (Scotch)");
    rows.emplace_back(std::move(r), ln);
  }
  if (rows.empty()) throw ParseError(path, ln, "empty mapping");
  MappingFile f;
  const bool scotch = rows[0].first.size() == 1 && rows.size() > 1 && rows[1].first.size() == 2;
  if (scotch) {
    f.format = MappingFormat::scotch;
    const auto count = rows[0].first[0];
    if (count != rows.size() - 1)
      throw ParseError(path, rows[0].second,
                       fmt::format("the count line says {} tasks but {} follow", count, rows.size() - 1));
    f.m.assign(count, no_node);
    for (std::size_t k = 1; k < rows.size(); ++k) {
      const auto& [r, l] = rows[k];
      if (r.size() != 2) throw ParseError(path, l, "expected 'task node'");
      if (r[0] >= count) throw ParseError(path, l, fmt::format("task {} outside 0..{}", r[0], count - 1));
      if (f.m[r[0]] != no_node) throw ParseError(path, l, fmt::format("task {} is mapped twice", r[0]));
      if (r[1] >= max_nodes) throw ParseError(path, l, "node id too large");
      f.m[r[0]] = static_cast<std::uint32_t>(r[1]);
    }
  } else {
    for (const auto& [r, l] : rows) {
      if (r.size() != 1) throw ParseError(path, l, "expected one node id per line");
      if (r[0] >= max_nodes) throw ParseError(path, l, "node id too large");
      f.m.push_back(static_cast<std::uint32_t>(r[0]));
    }
  }
  return f;
}

void write_mapping(std::ostream& out, std::span<const std::uint32_t> m, MappingFormat f) {
  if (f == MappingFormat::scotch) {
    out << m.size() << '\n';
    for (std::size_t i = 0; i < m.size(); ++i) out << i << '\t' << m[i] << '\n';
  } else {
    for (auto v : m) out << v << '\n';
  }
}

}  // namespace topo::map
