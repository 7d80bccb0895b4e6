// The edge list with JSON header lines, plain edge lists from other tools, and descriptors (doc/definitions.md §2).
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <ostream>

#include "io_internal.hpp"
#include "text_internal.hpp"
#include "topo/errors.hpp"
#include "topo/excerpt.hpp"
#include "topo/gen/description.hpp"

namespace topo::io::detail {

namespace {

constexpr std::string_view kMagic = "# topo-edgelist";

using topo::detail::Lines;
using topo::detail::split_ws;

bool parse_u64(std::string_view s, std::uint64_t& v) {
  return topo::detail::parse_integer(s, v);
}

bool is_blank(std::string_view line) {
  return line.find_first_not_of(" \t\r") == std::string_view::npos;
}

enum class Column { source, target, cls, level, dim, multiplicity, capacity };

Column column_of(const std::string& name, const std::string& source, std::size_t line) {
  if (name == "source") return Column::source;
  if (name == "target") return Column::target;
  if (name == "class") return Column::cls;
  if (name == "level") return Column::level;
  if (name == "dim") return Column::dim;
  if (name == "multiplicity") return Column::multiplicity;
  if (name == "capacity") return Column::capacity;
  throw ParseError(source, line,
                   fmt::format("unknown column \"{}\" (known: source, target, class, level, dim, multiplicity, "
                               "capacity)",
                               excerpt(name)));
}

/// A "# node:" line, applied once the header has given the number of nodes. The form topogen writes for a family's
/// nodes, {"id":N,"coords":[...]}, is read directly (`direct`: id and coords); any other line keeps its JSON value.
struct NodeLine {
  std::size_t line = 0;
  bool direct = false;
  nlohmann::json value;
  std::uint64_t id = 0;
  std::vector<std::int32_t> coords;
};

/// An integer in JSON's form (no leading zero) at the start of `s`, taken off it: false when there is none or it does
/// not fit Int.
template <class Int>
bool read_json_integer(std::string_view& s, Int& out) {
  const std::size_t lead = s.starts_with('-') ? 1 : 0;
  if (s.size() > lead + 1 && s[lead] == '0' && s[lead + 1] >= '0' && s[lead + 1] <= '9') return false;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
  if (ec != std::errc()) return false;
  s.remove_prefix(static_cast<std::size_t>(end - s.data()));
  return true;
}

bool read_literal(std::string_view& s, std::string_view literal) {
  if (!s.starts_with(literal)) return false;
  s.remove_prefix(literal.size());
  return true;
}

/// {"id":N,"coords":[c0,c1,...]} between blanks, at least one coordinate, each an integer of 32 bits: a family's
/// node line without JSON's parser (a million of them were most of the reading of a 100³ torus). False for any
/// other text, which JSON's parser then reads.
bool read_coords_node_line(std::string_view text, NodeLine& node) {
  const auto first = text.find_first_not_of(" \t");
  if (first == std::string_view::npos) return false;
  std::string_view s = text.substr(first, text.find_last_not_of(" \t\r") - first + 1);
  if (!read_literal(s, "{\"id\":") || !read_json_integer(s, node.id) || !read_literal(s, ",\"coords\":[")) return false;
  node.coords.clear();
  do {
    std::int32_t c = 0;
    if (!read_json_integer(s, c)) return false;
    node.coords.push_back(c);
  } while (read_literal(s, ","));
  node.direct = read_literal(s, "]}") && s.empty();
  return node.direct;
}

struct Header {
  std::string family;
  nlohmann::json parameters = nlohmann::json::object();
  nlohmann::json generator;
  nlohmann::json endpoints;  // null: every node carries terminals
  std::size_t endpoints_line = 0;
  bool directed = false;
  bool descriptor = false;
  std::int64_t nodes = -1, links = -1;
  std::vector<Column> columns{Column::source, Column::target};
  std::vector<NodeLine> node_lines;
};

void apply_node(GraphBuilder& b, const NodeLine& node, const std::string& source) {
  auto bad = [&](const std::string& msg) { return ParseError(source, node.line, msg); };
  const nlohmann::json& v = node.value;
  if (!node.direct && (!v.is_object() || !v.contains("id") || !v["id"].is_number_unsigned()))
    throw bad("a node line needs an object with a non-negative integer \"id\"");
  const auto id = node.direct ? node.id : v["id"].get<std::uint64_t>();
  if (id >= b.num_nodes())
    throw bad(fmt::format("node id {} out of range (the graph has {} nodes)", id, b.num_nodes()));
  const auto nid = static_cast<node_id>(id);
  try {
    if (node.direct) {
      b.set_coords(nid, node.coords);
      return;
    }
    if (v.contains("label")) {
      if (!v["label"].is_string()) throw bad("node label must be a string");
      b.set_label(nid, v["label"].get<std::string>());
    }
    if (v.contains("coords")) b.set_coords(nid, coords_of(v["coords"]));
    if (v.contains("pos")) b.set_pos(nid, v["pos"].get<std::vector<double>>());
  } catch (const nlohmann::json::exception&) {
    throw bad("node coords must be integers and pos must be numbers");
  } catch (const InputError& e) {
    throw bad(e.what());
  }
}

Graph read_header_edgelist(const Text& t, const ReadOptions& opt) {
  Lines lines(t.data);
  std::string_view line;
  lines.next(line);
  {
    auto rest = line.substr(kMagic.size());
    auto tok = split_ws(rest);
    if (tok.size() != 1 || tok[0] != "1")
      throw ParseError(
          t.source, 1,
          fmt::format("unsupported edge list version \"{}\" (this is topo {})", excerpt(rest), TOPO_VERSION));
  }
  Header h;
  std::size_t first_link_line = 0;
  std::string_view first_link;
  while (lines.next(line)) {
    if (is_blank(line)) continue;
    if (line[0] != '#') {
      first_link_line = lines.number();
      first_link = line;
      break;
    }
    auto body = line.substr(1);
    auto colon = body.find(':');
    if (colon == std::string_view::npos) continue;  // a plain comment
    auto key_tok = split_ws(body.substr(0, colon));
    if (key_tok.size() != 1) continue;
    const std::string key(key_tok[0]);
    nlohmann::json value;
    const auto text = body.substr(colon + 1);
    if (key == "node") {
      NodeLine node;
      node.line = lines.number();
      if (read_coords_node_line(text, node)) {
        h.node_lines.push_back(std::move(node));
        continue;
      }
    }
    if (find_too_deep(text) != std::string_view::npos)
      throw ParseError(t.source, lines.number(),
                       fmt::format("header \"{}\": JSON nested deeper than {} levels", excerpt(key), max_json_depth));
    try {
      value = nlohmann::json::parse(text);
    } catch (const nlohmann::json::exception&) {
      throw ParseError(t.source, lines.number(), fmt::format("header \"{}\": value is not valid JSON", excerpt(key)));
    }
    auto bad_type = [&](const char* what) {
      return ParseError(t.source, lines.number(), fmt::format("header \"{}\" must be {}", excerpt(key), what));
    };
    if (key == "family") {
      if (!value.is_string()) throw bad_type("a string");
      h.family = value.get<std::string>();
    } else if (key == "parameters") {
      if (!value.is_object()) throw bad_type("an object");
      h.parameters = value;
    } else if (key == "generator") {
      h.generator = value;
    } else if (key == "endpoints") {
      h.endpoints = value;
      h.endpoints_line = lines.number();
    } else if (key == "directed" || key == "descriptor" || key == "multigraph") {
      if (!value.is_boolean()) throw bad_type("true or false");
      if (key == "directed") h.directed = value.get<bool>();
      if (key == "descriptor") h.descriptor = value.get<bool>();
    } else if (key == "nodes" || key == "links") {
      if (!value.is_number_unsigned()) throw bad_type("a non-negative integer");
      (key == "nodes" ? h.nodes : h.links) = value.get<std::int64_t>();
    } else if (key == "columns") {
      if (!value.is_array() || value.size() < 2 || value[0] != "source" || value[1] != "target")
        throw bad_type("a list starting with \"source\", \"target\"");
      h.columns.clear();
      for (const auto& c : value) {
        if (!c.is_string()) throw bad_type("a list of names");
        h.columns.push_back(column_of(c.get<std::string>(), t.source, lines.number()));
      }
    } else if (key == "node") {
      NodeLine node;
      node.line = lines.number();
      node.value = std::move(value);
      h.node_lines.push_back(std::move(node));
    }
    // Other keys are left for newer versions and ignored.
  }

  if (h.descriptor) {
    if (first_link_line) throw ParseError(t.source, first_link_line, "a descriptor has no link lines");
    if (h.family.empty()) throw ParseError(t.source, 1, "a descriptor needs a \"family\" header line");
    return rebuild(t.source, 1, h.family, h.parameters, h.generator, h.nodes, opt);
  }
  if (h.nodes < 0) throw ParseError(t.source, 1, "the header has no \"nodes\" line");
  if (h.links < 0) throw ParseError(t.source, 1, "the header has no \"links\" line");
  if (std::uint64_t(h.nodes) > opt.generate.max_nodes)
    throw ParseError(t.source, 1, fmt::format("{} nodes exceed the limit of {}", h.nodes, opt.generate.max_nodes));
  // The run's memory, as for a descriptor, before the graph is built (the counts are checked below).
  opt.generate.memory.check(
      gen::estimate_memory(opt.generate, std::uint64_t(h.nodes), std::uint64_t(h.links), h.directed));

  GraphBuilder b(std::uint64_t(h.nodes), h.directed);
  b.meta.family = h.family;
  b.meta.parameters = h.parameters;
  b.meta.generator = h.generator;
  if (!h.endpoints.is_null()) {
    try {
      b.meta.endpoints = parse_endpoint_ranges(h.endpoints, std::uint64_t(h.nodes));
    } catch (const InputError& e) {
      throw ParseError(t.source, h.endpoints_line, e.what());
    }
  }
  if (!h.node_lines.empty()) {
    const auto& first = h.node_lines.front().value;
    if (h.node_lines.front().direct)
      b.set_coord_dims(static_cast<unsigned>(h.node_lines.front().coords.size()));
    else if (first.contains("coords") && first["coords"].is_array())
      b.set_coord_dims(static_cast<unsigned>(first["coords"].size()));
    if (first.contains("pos") && first["pos"].is_array()) b.set_pos_dims(static_cast<unsigned>(first["pos"].size()));
    for (const auto& node : h.node_lines) apply_node(b, node, t.source);
  }
  // The header's count is only a claim until the lines are counted: reserve no more than the text could
  // hold (a link line takes at least 4 bytes), so that "# links: 566666666666666" cannot ask for petabytes.
  b.reserve_links(static_cast<std::size_t>(std::min<std::uint64_t>(std::uint64_t(h.links), t.data.size() / 4 + 1)));

  std::int64_t count = 0;
  std::size_t last_line = lines.number();
  std::vector<std::string_view> tok;
  auto take = [&](std::string_view ln, std::size_t number) {
    split_ws(ln, tok);
    auto bad = [&](const std::string& msg) { return ParseError(t.source, number, msg); };
    if (tok.size() != h.columns.size())
      throw bad(fmt::format("expected {} columns, got {}: \"{}\"", h.columns.size(), tok.size(), excerpt(ln)));
    std::uint64_t ends[2] = {0, 0};
    LinkAttrs a;
    for (std::size_t i = 0; i < tok.size(); ++i) {
      const auto s = tok[i];
      std::uint64_t x = 0;
      switch (h.columns[i]) {
        case Column::source:
        case Column::target:
          if (!parse_u64(s, x))
            throw bad(fmt::format("expected two node ids, got \"{} {}\"", excerpt(tok[0]),
                                  tok.size() > 1 ? excerpt(tok[1]) : ""));
          if (x >= std::uint64_t(h.nodes))
            throw bad(fmt::format("node id {} out of range (the header says {} nodes)", x, h.nodes));
          ends[h.columns[i] == Column::target] = x;
          break;
        case Column::cls:
          if (s != "-") {
            try {
              a.cls = b.class_id(s);
            } catch (const InputError& e) {
              throw bad(e.what());
            }
          }
          break;
        case Column::level:
        case Column::dim:
          if (s == "-") break;
          if (!parse_u64(s, x) || x >= no_value8)
            throw bad(fmt::format("expected a {} between 0 and {} or -, got \"{}\"",
                                  h.columns[i] == Column::level ? "level" : "dim", no_value8 - 1, excerpt(s)));
          (h.columns[i] == Column::level ? a.level : a.dim) = static_cast<std::uint8_t>(x);
          break;
        case Column::multiplicity:
          if (!parse_u64(s, x) || x == 0 || x > 0xffffffffu)
            throw bad(fmt::format("expected a positive multiplicity, got \"{}\"", excerpt(s)));
          a.multiplicity = static_cast<std::uint32_t>(x);
          break;
        case Column::capacity:
          if (!parse_u64(s, x) || x > 0xffffffffu)
            throw bad(fmt::format("expected a capacity, got \"{}\"", excerpt(s)));
          a.capacity = static_cast<std::uint32_t>(x);
          break;
      }
    }
    b.add_link(static_cast<node_id>(ends[0]), static_cast<node_id>(ends[1]), a);
    ++count;
    last_line = number;
  };
  if (first_link_line) take(first_link, first_link_line);
  while (lines.next(line)) {
    if (is_blank(line) || line[0] == '#') continue;
    take(line, lines.number());
  }
  if (count != h.links)
    throw ParseError(t.source, last_line,
                     fmt::format("the header says {} links but the file has {}{}", h.links, count,
                                 count < h.links ? " (truncated?)" : ""));
  try {
    return b.finish(Duplicates::reject);
  } catch (const InputError& e) {
    throw ParseError(t.source, 0, e.what());
  }
}

Graph read_plain_edgelist(const Text& t, const ReadOptions& opt) {
  // The links are kept as two ids each until the largest id, and with it the number of nodes, is known; the few
  // links with a class keep it aside, with their line for its errors.
  struct Ends {
    node_id u, v;
  };
  struct Classed {
    std::size_t link;
    std::string_view cls;
    std::size_t line;
  };
  std::vector<Ends> ends;
  std::vector<Classed> classed;
  ends.reserve(static_cast<std::size_t>(std::count(t.data.begin(), t.data.end(), '\n')) + 1);
  std::vector<std::string_view> tok;
  std::uint64_t max_id = 0;
  Lines lines(t.data);
  std::string_view line;
  while (lines.next(line)) {
    if (is_blank(line) || line[0] == '#' || line[0] == '%') continue;
    split_ws(line, tok);
    std::uint64_t u = 0, v = 0;
    if (tok.size() < 2 || !parse_u64(tok[0], u) || !parse_u64(tok[1], v))
      throw ParseError(t.source, lines.number(), fmt::format("expected two node ids, got \"{}\"", excerpt(line)));
    // A third column is a link class; networkx's "{...}" attribute dicts are skipped.
    if (tok.size() == 3 && tok[2].front() != '{')
      classed.push_back({ends.size(), tok[2], lines.number()});
    else if (tok.size() > 3 && tok[2].front() != '{')
      throw ParseError(t.source, lines.number(),
                       fmt::format("expected two or three columns, got {}: \"{}\"", tok.size(), excerpt(line)));
    if (u >= topo::max_nodes || v >= topo::max_nodes)
      throw ParseError(t.source, lines.number(), fmt::format("node id {} too large", std::max(u, v)));
    max_id = std::max({max_id, u, v});
    ends.push_back({static_cast<node_id>(u), static_cast<node_id>(v)});
  }
  if (ends.empty()) throw ParseError(t.source, 0, "no links found: expected lines of two node ids");
  if (max_id + 1 > opt.generate.max_nodes)
    throw ParseError(t.source, 0, fmt::format("{} nodes exceed the limit of {}", max_id + 1, opt.generate.max_nodes));
  // N is the largest id plus one: "0 300000000" asks for 300 million nodes. The run's memory is checked before the
  // builder allocates them, as for a header's counts.
  opt.generate.memory.check(gen::estimate_memory(opt.generate, max_id + 1, ends.size(), opt.plain_directed));
  GraphBuilder b(max_id + 1, opt.plain_directed);
  b.reserve_links(ends.size());
  auto next_classed = classed.begin();
  for (std::size_t i = 0; i < ends.size(); ++i) {
    LinkAttrs a;
    if (next_classed != classed.end() && next_classed->link == i) {
      try {
        a.cls = b.class_id(next_classed->cls);
      } catch (const InputError& e) {
        throw ParseError(t.source, next_classed->line, e.what());
      }
      ++next_classed;
    }
    b.add_link(ends[i].u, ends[i].v, a);
  }
  return b.finish(Duplicates::merge);
}

void write_header_line(Sink& s, std::string_view key, const nlohmann::json& value) {
  s.print("# {}: {}\n", key, value.dump());
}

void write_meta(Sink& s, const GraphMeta& meta) {
  s.put("# topo-edgelist 1\n");
  if (!meta.family.empty()) {
    write_header_line(s, "family", meta.family);
    write_header_line(s, "parameters", meta.parameters);
  }
  if (!meta.generator->is_null()) write_header_line(s, "generator", meta.generator);
  if (!meta.endpoints.empty()) write_header_line(s, "endpoints", endpoint_ranges(meta.endpoints));
}

}  // namespace

Graph read_edgelist(const Text& t, const ReadOptions& opt) {
  if (opt.format != Format::plain && t.data.compare(0, kMagic.size(), kMagic) == 0) return read_header_edgelist(t, opt);
  if (opt.format == Format::descriptor)
    throw ParseError(t.source, 1, "expected a descriptor (\"# topo-edgelist 1\" header lines)");
  return read_plain_edgelist(t, opt);
}

void write_edgelist(std::ostream& out, const Graph& g, bool plain) {
  Sink s(out);
  if (plain) {
    for (link_id l = 0; l < g.num_links(); ++l) s.print("{} {}\n", g.source(l), g.target(l));
    s.flush();
    return;
  }
  write_meta(s, g.meta);
  write_header_line(s, "directed", g.directed());
  write_header_line(s, "multigraph", g.multigraph());
  write_header_line(s, "nodes", g.num_nodes());
  write_header_line(s, "links", g.num_links());
  nlohmann::json columns = {"source", "target"};
  if (g.has_classes()) columns.push_back("class");
  if (g.has_levels()) columns.push_back("level");
  if (g.has_dims()) columns.push_back("dim");
  if (g.has_multiplicity()) columns.push_back("multiplicity");
  if (g.has_capacities()) columns.push_back("capacity");
  write_header_line(s, "columns", columns);
  if (g.has_labels() || g.coord_dims() || g.pos_dims()) {
    for (node_id v = 0; v < g.num_nodes(); ++v) {
      s.print("# node: {{\"id\":{}", v);
      if (g.has_labels()) s.print(",\"label\":{}", nlohmann::json(g.label(v)).dump());
      if (g.coord_dims()) s.print(",\"coords\":[{}]", fmt::join(g.coords(v), ","));
      if (g.pos_dims()) s.print(",\"pos\":[{}]", fmt::join(g.pos(v), ","));
      s.put("}\n");
    }
  }
  auto opt8 = [](std::uint8_t x) { return x == no_value8 ? std::string("-") : std::to_string(x); };
  for (link_id l = 0; l < g.num_links(); ++l) {
    s.print("{} {}", g.source(l), g.target(l));
    if (g.has_classes()) {
      auto c = g.link_class_name(l);
      s.print(" {}", c.empty() ? std::string_view("-") : c);
    }
    if (g.has_levels()) s.print(" {}", opt8(g.level(l)));
    if (g.has_dims()) s.print(" {}", opt8(g.dim(l)));
    if (g.has_multiplicity()) s.print(" {}", g.multiplicity(l));
    if (g.has_capacities()) s.print(" {}", g.capacity(l));
    s.put("\n");
  }
  s.flush();
}

}  // namespace topo::io::detail

namespace topo::io {

void write_descriptor(std::ostream& out, const GraphMeta& meta, const gen::Description& d) {
  detail::Sink s(out);
  detail::write_meta(s, meta);
  detail::write_header_line(s, "descriptor", true);
  detail::write_header_line(s, "directed", d.directed);
  detail::write_header_line(s, "nodes", d.nodes);
  s.flush();
}

}  // namespace topo::io
