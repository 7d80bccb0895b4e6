#include "topo/io/format.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <ostream>

#include "io_internal.hpp"
#include "text_reader_internal.hpp"
#include "topo/errors.hpp"
#include "topo/excerpt.hpp"
#include "topo/gen/description.hpp"
#include "topo/io/gzip.hpp"
#include "topo/registry.hpp"

namespace topo::io {

namespace {

struct FormatEntry {
  Format id;
  std::string_view name;
  bool read, write;
};

// One line per format, in the order of --help.
const std::vector<FormatEntry>& formats() {
  static const std::vector<FormatEntry> list = {
      {Format::automatic, "auto", true, false},
      {Format::edgelist, "edgelist", true, true},
      {Format::plain, "plain", true, true},
      {Format::json, "json", true, true},
      {Format::descriptor, "descriptor", true, true},
      {Format::metis, "metis", true, true},
      {Format::dot, "dot", false, true},
      {Format::graphml, "graphml", true, true},
  };
  return list;
}

std::vector<std::string> names_where(bool FormatEntry::*can) {
  std::vector<std::string> names;
  for (const auto& f : formats())
    if (f.*can) names.emplace_back(f.name);
  return names;
}

}  // namespace

Format parse_format(std::string_view name) {
  if (const auto* f = find_entry(formats(), name)) return f->id;
  throw InputError(fmt::format("unknown format \"{}\" (known: {})", name, fmt::join(output_format_names(), ", ")));
}

std::string_view format_name(Format f) {
  const auto name = name_of(formats(), f);
  return name.empty() ? "?" : name;
}

const std::vector<std::string>& output_format_names() {
  static const std::vector<std::string> names = names_where(&FormatEntry::write);
  return names;
}

const std::vector<std::string>& input_format_names() {
  static const std::vector<std::string> names = names_where(&FormatEntry::read);
  return names;
}

namespace {

// METIS files are named *.graph (the METIS manual's examples, KaHIP) or *.metis, also compressed.
bool has_metis_suffix(std::string_view source) {
  if (io::has_gz_suffix(source)) source.remove_suffix(3);
  for (std::string_view ext : {".graph", ".metis"})
    if (source.size() > ext.size() && source.substr(source.size() - ext.size()) == ext) return true;
  return false;
}

}  // namespace

namespace detail {

std::size_t Text::line_of(std::size_t byte_offset) const {
  byte_offset = std::min(byte_offset, data.size());
  return 1 + static_cast<std::size_t>(std::count(data.begin(), data.begin() + std::ptrdiff_t(byte_offset), '\n'));
}

void Sink::flush() {
  out_.write(buf_.data(), static_cast<std::streamsize>(buf_.size()));
  buf_.clear();
}

nlohmann::json endpoint_ranges(const std::vector<node_id>& ids) {
  nlohmann::json out = nlohmann::json::array();
  for (std::size_t i = 0; i < ids.size();) {
    std::size_t j = i;
    while (j + 1 < ids.size() && ids[j + 1] == ids[j] + 1) ++j;
    out.push_back({ids[i], ids[j]});
    i = j + 1;
  }
  return out;
}

std::vector<node_id> parse_endpoint_ranges(const nlohmann::json& ranges, std::uint64_t nodes) {
  const char* shape = "endpoints must be a list of increasing, disjoint [first, last] node id ranges";
  if (!ranges.is_array() || ranges.empty()) throw InputError(shape);
  std::vector<node_id> ids;
  std::uint64_t next = 0;  // the least id the next range may start at
  for (const auto& r : ranges) {
    if (!r.is_array() || r.size() != 2 || !r[0].is_number_unsigned() || !r[1].is_number_unsigned())
      throw InputError(shape);
    const auto first = r[0].get<std::uint64_t>(), last = r[1].get<std::uint64_t>();
    if (first < next || last < first) throw InputError(shape);
    if (last >= nodes) throw InputError(fmt::format("endpoint {} out of range (the graph has {} nodes)", last, nodes));
    for (std::uint64_t v = first; v <= last; ++v) ids.push_back(node_id(v));
    next = last + 1;
  }
  return ids;
}

Graph rebuild(const std::string& source, std::size_t line, const std::string& family, const nlohmann::json& params,
              const nlohmann::json& generator, std::int64_t nodes, const ReadOptions& opt) {
  try {
    const auto& f = gen::find_family(family);
    Graph g = gen::generate(f, gen::normalize_params(f, params), opt.generate);
    if (nodes >= 0 && std::uint64_t(nodes) != g.num_nodes())
      throw InputError(
          fmt::format("the header says {} nodes but {} {} has {}", nodes, family, params.dump(), g.num_nodes()));
    g.meta.generator = generator;
    return g;
  } catch (const ParseError&) {
    throw;
  } catch (const MemoryLimitError&) {
    throw;
  } catch (const InputError& e) {
    throw ParseError(source, line, e.what());
  } catch (const UsageError& e) {  // a parameter missing from the file is bad input, not a usage error
    throw ParseError(source, line, e.what());
  }
}

}  // namespace detail

namespace {

Graph parse_text(const detail::Text& t, const ReadOptions& opt) {
  const std::string& source = t.source;
  Format f = opt.format;
  if (f == Format::automatic) {
    const auto first = t.data.find_first_not_of(" \t\r\n");
    if (first == std::string::npos) throw ParseError(source, 0, "empty input: expected a graph");
    // Its "%" lines would pass for comments and its entries for links with classes, 1-based: refuse it.
    if (t.data.compare(first, 14, "%%MatrixMarket") == 0)
      throw ParseError(source, 1,
                       "a Matrix Market matrix, not a graph (topomap --demand and topostat --throughput --demand "
                       "read matrices)");
    f = t.data[first] == '{' ? Format::json : t.data[first] == '<' ? Format::graphml : Format::edgelist;
    if (f == Format::edgelist && has_metis_suffix(source)) f = Format::metis;
    const auto header = f == Format::edgelist && t.data[first] != '#' ? detail::metis_shape(t) : std::nullopt;
    if (header) {
      // Its first line "N M" could also be a link: read it as METIS if it is one, else as an edge list, and say
      // which either way.
      try {
        Graph g = detail::read_metis(t, opt);
        if (opt.note)
          opt.note(
              fmt::format("{}: read as METIS (the first line \"{}\" is its header); --format plain reads it as "
                          "an edge list",
                          source, excerpt(*header)));
        return g;
      } catch (const ParseError& e) {
        if (opt.note)
          opt.note(
              fmt::format("{}: read as an edge list: the first line \"{}\" could be a METIS header, but as METIS "
                          "line {}: {}",
                          source, excerpt(*header), e.line, e.message));
      }
    }
  }
  switch (f) {
    case Format::json:
      return detail::read_json(t, opt);
    case Format::graphml:
      return detail::read_graphml(t, opt);
    case Format::metis:
      return detail::read_metis(t, opt);
    case Format::edgelist:
    case Format::plain:
    case Format::descriptor:
      return detail::read_edgelist(t, opt);
    default:
      throw InputError(fmt::format("cannot read the {} format", format_name(f)));
  }
}

}  // namespace

Graph read_graph(std::istream& in, const std::string& source, const ReadOptions& opt) {
  detail::Text t;
  t.source = source;
  detail::TextReader reader(in, opt);
  if (!reader.read(t, /*stop_at_bad_line=*/true)) {
    // The parser refuses the line the reader stopped at, or an earlier one, as it would with the whole input.
    // Should it not, the rest is read and the whole input parsed (notes are given by that parse only).
    ReadOptions quiet = opt;
    quiet.note = nullptr;
    parse_text(t, quiet);
    reader.read(t, /*stop_at_bad_line=*/false);
  }
  return parse_text(t, opt);
}

void write_graph(std::ostream& out, const Graph& g, Format f) {
  switch (f) {
    case Format::edgelist:
      detail::write_edgelist(out, g, false);
      return;
    case Format::plain:
      detail::write_edgelist(out, g, true);
      return;
    case Format::json:
      detail::write_json(out, g);
      return;
    case Format::metis:
      detail::write_metis(out, g);
      return;
    case Format::dot:
      detail::write_dot(out, g);
      return;
    case Format::graphml:
      detail::write_graphml(out, g);
      return;
    case Format::descriptor:
      if (g.meta.family.empty()) throw InputError("a descriptor needs a graph of a known family");
      {
        gen::Description d;
        d.nodes = g.num_nodes();
        d.links = g.total_multiplicity();
        write_descriptor(out, g.meta, d);
      }
      return;
    case Format::automatic:
      break;
  }
  throw InputError(fmt::format("cannot write the {} format", format_name(f)));
}

}  // namespace topo::io
