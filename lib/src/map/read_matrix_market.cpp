// Demand from a Matrix Market coordinate file (pattern, real, integer or complex; any symmetry).
#include <algorithm>
#include <cmath>

#include "map/reader_internal.hpp"

namespace topo::map {

using namespace detail;

Demand read_matrix_market(const std::string& path, Weights wt, std::uint64_t task_limit) {
  return detail::matrix_market_text(open(path), path, wt, task_limit);
}

Demand detail::matrix_market_text(std::istringstream text, const std::string& path, Weights wt,
                                  std::uint64_t task_limit) {
  FieldLines lines(std::move(text));
  if (!lines.next()) throw ParseError(path, 1, "empty file");
  const auto h = lines.fields();
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
  while (lines.next()) {
    const std::size_t ln = lines.number();
    const auto& t = lines.fields();
    if (t.empty() || t[0][0] == '%') continue;
    if (!have_size) {
      if (t.size() != 3) throw ParseError(path, ln, "expected 'rows cols entries'");
      rows = parse_uint(t[0], path, ln, "rows");
      cols = parse_uint(t[1], path, ln, "cols");
      nnz = parse_uint(t[2], path, ln, "entries");
      if (rows != cols)
        throw ParseError(path, ln, fmt::format("a demand matrix must be square, got {}x{}", rows, cols));
      check_tasks(rows, task_limit, path, ln);
      have_size = true;
      e.reserve(std::min<std::uint64_t>(nnz, std::uint64_t{1} << 20));  // the header may lie: grow past 1M entries
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
  const std::size_t ln = lines.number();
  if (!have_size) throw ParseError(path, ln, "no size line");
  if (e.size() != nnz)
    throw ParseError(path, ln, fmt::format("the size line says {} entries but the file has {}", nnz, e.size()));
  return build(static_cast<std::uint32_t>(rows), std::move(e), sym != "general", path);
}

}  // namespace topo::map
