// METIS graph files: 1-based adjacency lists, multiplicity as edge weight.
#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <ostream>
#include <tuple>

#include "io_internal.hpp"
#include "text_internal.hpp"
#include "topo/errors.hpp"
#include "topo/excerpt.hpp"

namespace topo::io::detail {

namespace {

using topo::detail::parse_integer;
using topo::detail::split_ws;

// The header line: N M [FMT [NCON]]; FMT's digits say whether lines carry vertex sizes, vertex weights and
// edge weights (METIS 5 manual, section 4.1.1).
struct MetisHeader {
  std::uint64_t nodes = 0, edges = 0;
  bool sizes = false, vertex_weights = false, edge_weights = false;
  std::uint64_t ncon = 0;
};

bool parse_header(std::string_view line, MetisHeader& h) {
  const auto tok = split_ws(line);
  if (tok.size() < 2 || tok.size() > 4) return false;
  if (!parse_integer(tok[0], h.nodes) || !parse_integer(tok[1], h.edges)) return false;
  if (tok.size() >= 3) {
    const auto f = tok[2];
    if (f.empty() || f.size() > 3 || f.find_first_not_of("01") != std::string_view::npos) return false;
    const std::string fmt3 = std::string(3 - f.size(), '0') + std::string(f);
    h.sizes = fmt3[0] == '1';
    h.vertex_weights = fmt3[1] == '1';
    h.edge_weights = fmt3[2] == '1';
  }
  h.ncon = h.vertex_weights ? 1 : 0;
  if (tok.size() == 4) {
    if (!h.vertex_weights || !parse_integer(tok[3], h.ncon) || h.ncon == 0 || h.ncon > 1024) return false;
  }
  return true;
}

// The lines of a METIS file without its comment lines ('%'), with their 1-based numbers, one at a time; a last
// line break ends the last line rather than starting an empty one.
class ContentLines {
 public:
  explicit ContentLines(const std::string& d) : lines_(d) {}
  bool next(std::size_t& number, std::string_view& line) {
    while (lines_.next(line)) {
      if (line.empty() || line[0] != '%') {
        number = lines_.number();
        return true;
      }
    }
    return false;
  }

 private:
  topo::detail::Lines lines_;
};

std::vector<std::pair<std::size_t, std::string_view>> content_lines(const std::string& d) {
  std::vector<std::pair<std::size_t, std::string_view>> out;
  ContentLines lines(d);
  std::size_t number = 0;
  std::string_view line;
  while (lines.next(number, line)) out.emplace_back(number, line);
  return out;
}

}  // namespace

std::optional<std::string_view> metis_shape(const Text& t) {
  // Streamed: an edge list whose first line is not a METIS header is not split into lines here.
  ContentLines lines(t.data);
  std::size_t number = 0;
  std::string_view header, line;
  MetisHeader h;
  if (!lines.next(number, header) || !parse_header(header, h) || h.nodes == 0) return std::nullopt;
  std::uint64_t node_lines = 0;
  while (node_lines <= h.nodes && lines.next(number, line)) ++node_lines;
  if (node_lines == h.nodes) return header;
  return std::nullopt;
}

Graph read_metis(const Text& t, const ReadOptions& opt) {
  const auto lines = content_lines(t.data);
  if (lines.empty()) throw ParseError(t.source, 0, "empty input: expected a METIS header line \"N M [FMT [NCON]]\"");
  MetisHeader h;
  const auto [header_line, header] = lines[0];
  if (!parse_header(header, h))
    throw ParseError(t.source, header_line,
                     fmt::format("expected a METIS header \"N M [FMT [NCON]]\", got \"{}\"", excerpt(header)));
  if (h.nodes > opt.generate.max_nodes)
    throw ParseError(t.source, header_line,
                     fmt::format("{} nodes exceed the limit of {}", h.nodes, opt.generate.max_nodes));
  if (lines.size() - 1 < h.nodes)
    throw ParseError(
        t.source, lines.back().first,
        fmt::format("the header says {} nodes but the file has {} node lines (truncated?)", h.nodes, lines.size() - 1));
  if (lines.size() - 1 > h.nodes)
    throw ParseError(t.source, lines[h.nodes + 1].first,
                     fmt::format("the header says {} nodes but the file has more node lines", h.nodes));
  opt.generate.memory.check(gen::estimate_memory(opt.generate, h.nodes, std::min(h.edges, t.data.size() / 2), false));

  // Every edge is listed at both ends: (smaller end, larger end, weight) from each side, compared at the end.
  std::vector<std::tuple<node_id, node_id, std::uint64_t>> up, down;
  const std::size_t skip = (h.sizes ? 1 : 0) + h.ncon;
  const std::size_t per_neighbour = h.edge_weights ? 2 : 1;
  std::vector<std::string_view> tok;
  for (std::uint64_t v = 0; v < h.nodes; ++v) {
    const auto [number, line] = lines[v + 1];
    auto bad = [&, number = number](const std::string& msg) { return ParseError(t.source, number, msg); };
    split_ws(line, tok);
    if (tok.size() < skip || (tok.size() - skip) % per_neighbour != 0)
      throw bad(fmt::format("expected {}{}neighbour{}, got \"{}\"",
                            skip ? fmt::format("{} vertex size and weight fields, then ", skip) : "",
                            h.edge_weights ? "pairs of " : "", h.edge_weights ? " and weight" : "s", excerpt(line)));
    for (std::size_t i = skip; i < tok.size(); i += per_neighbour) {
      std::uint64_t u = 0, w = 1;
      if (!parse_integer(tok[i], u) || u == 0 || u > h.nodes)
        throw bad(fmt::format("neighbour \"{}\" is not a node between 1 and {}", excerpt(tok[i]), h.nodes));
      if (u - 1 == v) throw bad(fmt::format("node {} lists itself: METIS has no self-loops", v + 1));
      if (h.edge_weights && (!parse_integer(tok[i + 1], w) || w == 0 || w > 0xffffffffu))
        throw bad(fmt::format("edge weight \"{}\" is not a positive integer of 32 bits", excerpt(tok[i + 1])));
      if (u - 1 > v)
        up.emplace_back(node_id(v), node_id(u - 1), w);
      else
        down.emplace_back(node_id(u - 1), node_id(v), w);
    }
  }
  if (up.size() != h.edges || down.size() != h.edges)
    throw ParseError(t.source, header_line,
                     fmt::format("the header says {} edges but the node lines list {} neighbours (each edge at both "
                                 "ends: {} expected)",
                                 h.edges, up.size() + down.size(), 2 * h.edges));
  std::sort(up.begin(), up.end());
  std::sort(down.begin(), down.end());
  if (up != down) {
    const auto [a, b] = std::mismatch(up.begin(), up.end(), down.begin());
    const auto& e = a != up.end() && (b == down.end() || *a < *b) ? *a : *b;
    throw ParseError(
        t.source, 0,
        fmt::format("edge {} {} is not listed alike at both ends", std::get<0>(e) + 1, std::get<1>(e) + 1));
  }
  GraphBuilder b(h.nodes, false);
  b.reserve_links(up.size());
  for (const auto& [u, v, w] : up) {
    LinkAttrs a;
    a.multiplicity = static_cast<std::uint32_t>(w);
    b.add_link(u, v, a);
  }
  try {
    return b.finish(Duplicates::reject);
  } catch (const InputError& e) {
    throw ParseError(t.source, 0, e.what());
  }
}

void write_metis(std::ostream& out, const Graph& g) {
  if (g.directed()) throw InputError("the METIS format holds undirected graphs only");
  // METIS allows neither self-loops nor repeated neighbours: merge parallel links into weights.
  std::vector<std::map<node_id, std::uint64_t>> adj(g.num_nodes());
  std::uint64_t edges = 0;
  bool weighted = false;
  for (link_id l = 0; l < g.num_links(); ++l) {
    const node_id u = g.source(l), v = g.target(l);
    if (u == v) continue;
    auto& w = adj[u][v];
    if (w == 0) ++edges;
    w += g.multiplicity(l);
    adj[v][u] = w;
    weighted = weighted || w > 1;
  }
  Sink s(out);
  s.print("{} {}{}\n", g.num_nodes(), edges, weighted ? " 001" : "");
  for (node_id v = 0; v < g.num_nodes(); ++v) {
    bool first = true;
    for (const auto& [u, w] : adj[v]) {
      if (!first) s.put(" ");
      s.print("{}", u + 1);
      if (weighted) s.print(" {}", w);
      first = false;
    }
    s.put("\n");
  }
  s.flush();
}

}  // namespace topo::io::detail
