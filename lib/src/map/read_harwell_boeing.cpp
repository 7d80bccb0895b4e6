// Demand from a Harwell-Boeing file: header cards, Fortran formats, compressed sparse columns.
#include <algorithm>
#include <cctype>
#include <cmath>

#include "map/reader_internal.hpp"

namespace topo::map {

using namespace detail;

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

Demand read_harwell_boeing(const std::string& path, Weights wt, std::uint64_t task_limit) {
  return detail::harwell_boeing_text(open(path), path, wt, task_limit);
}

Demand detail::harwell_boeing_text(std::istringstream in, const std::string& path, Weights wt,
                                   std::uint64_t task_limit) {
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
  check_tasks(nrow, task_limit, path, ln);
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
  // NNZERO may lie: the arrays grow with what the cards hold, from at most 1M entries reserved.
  const std::size_t first_reserve = std::size_t{1} << 20;
  std::vector<std::uint32_t> rowind;
  rowind.reserve(std::min<std::uint64_t>(nnz, first_reserve));
  read_block(ptrcrd, ncol + 1, pf, "column pointers",
             [&](std::size_t k, std::string_view s) { colptr[k] = parse_uint(s, path, ln, "column pointer"); });
  read_block(indcrd, nnz, inf, "row indices", [&](std::size_t, std::string_view s) {
    const auto r = parse_uint(s, path, ln, "row index");
    if (r < 1 || r > nrow) throw ParseError(path, ln, fmt::format("row index {} outside 1..{}", r, nrow));
    rowind.push_back(static_cast<std::uint32_t>(r - 1));
  });
  const std::size_t per = type[0] == 'c' ? 2 : 1;
  std::vector<double> val;
  if (has_values) {
    val.reserve(std::min<std::uint64_t>(nnz * per, first_reserve));
    read_block(valcrd, nnz * per, vf, "values",
               [&](std::size_t, std::string_view s) { val.push_back(parse_real(s, path, ln, "value")); });
  }
  if (colptr[0] != 1 || colptr[ncol] != nnz + 1) throw ParseError(path, ln, "column pointers do not span 1..NNZERO+1");
  // All of them before any is used: one above NNZERO+1 in the middle would index past the row indices.
  for (std::uint64_t c = 0; c < ncol; ++c)
    if (colptr[c + 1] < colptr[c]) throw ParseError(path, ln, "column pointers decrease");
  std::vector<Entry> e;
  e.reserve(nnz);
  for (std::uint64_t c = 0; c < ncol; ++c) {
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

}  // namespace topo::map
