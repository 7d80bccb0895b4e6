#pragma once
// Per-format readers and writers behind topo/io/format.hpp.
#include <fmt/format.h>

#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>

#include "topo/io/format.hpp"

namespace topo::io::detail {

/// A whole input, kept in memory so that parse errors can name lines and formats can be detected.
struct Text {
  std::string data;
  std::string source;
  std::size_t line_of(std::size_t byte_offset) const;
};

Graph read_edgelist(const Text& t, const ReadOptions& opt);
/// The deepest nesting of arrays and objects a JSON text may have. Parsing is iterative, but copying and printing
/// a parsed value recurse once per level: a deeper text is refused before it is parsed.
constexpr std::size_t max_json_depth = 256;
/// The byte offset of the bracket that opens level max_json_depth + 1 of a JSON text, or npos when it nests no
/// deeper (brackets inside strings do not count).
std::size_t find_too_deep(std::string_view json);
/// A node's "coords": integers of 32 bits, checked one by one (nlohmann converts a float or a large integer
/// unchecked); InputError "coords must be integers of 32 bits, got X" otherwise.
std::vector<std::int32_t> coords_of(const nlohmann::json& c);
Graph read_json(const Text& t, const ReadOptions& opt);
Graph read_graphml(const Text& t, const ReadOptions& opt);
/// The header line when the text has the shape of a METIS file: a first line "N M [FMT [NCON]]" (after '%'
/// comments) and then exactly N lines; nullopt otherwise. A plain edge list of that shape is possible but rare:
/// read_graph says which it chose.
std::optional<std::string_view> metis_shape(const Text& t);
Graph read_metis(const Text& t, const ReadOptions& opt);
/// Rebuilds a graph from a family name and parameters, checking the counts the file claims.
Graph rebuild(const std::string& source, std::size_t line, const std::string& family, const nlohmann::json& params,
              const nlohmann::json& generator, std::int64_t nodes, const ReadOptions& opt);

/// The endpoints as a list of inclusive id ranges [[first, last], ...], and back (InputError on
/// ranges that are not increasing, disjoint and below `nodes`).
nlohmann::json endpoint_ranges(const std::vector<node_id>& ids);
std::vector<node_id> parse_endpoint_ranges(const nlohmann::json& ranges, std::uint64_t nodes);

void write_edgelist(std::ostream& out, const Graph& g, bool plain);
void write_json(std::ostream& out, const Graph& g);
void write_metis(std::ostream& out, const Graph& g);
void write_dot(std::ostream& out, const Graph& g);
void write_graphml(std::ostream& out, const Graph& g);

/// Buffered writer: formats into memory, flushes to the stream in large blocks.
class Sink {
 public:
  explicit Sink(std::ostream& out) : out_(out) {}
  ~Sink() = default;
  template <class... Args>
  void print(fmt::format_string<Args...> f, Args&&... args) {
    fmt::format_to(std::back_inserter(buf_), f, std::forward<Args>(args)...);
    if (buf_.size() > (1u << 20)) flush();
  }
  void put(std::string_view s) {
    buf_.append(s.data(), s.data() + s.size());
    if (buf_.size() > (1u << 20)) flush();
  }
  void flush();

 private:
  std::ostream& out_;
  fmt::memory_buffer buf_;
};

}  // namespace topo::io::detail
