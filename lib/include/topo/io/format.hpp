#pragma once
// Graph file formats (doc/definitions.md §2, man/topo-formats.5).
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

#include "topo/gen/registry.hpp"
#include "topo/graph.hpp"

namespace topo::io {

enum class Format {
  automatic,   // reading only: detect from the first bytes
  edgelist,    // "# topo-edgelist 1" header lines, then one link per line
  plain,       // two columns, no header (igraph, SNAP, numpy)
  json,        // networkx node-link JSON with topo's fields
  descriptor,  // header lines only; readers rebuild the graph through the family registry
  metis,       // METIS graph file
  dot,         // Graphviz (writing only)
  graphml,     // GraphML (XML)
};

/// Parses a format name as given to --format; InputError on an unknown one.
Format parse_format(std::string_view name);
std::string_view format_name(Format f);
/// The names accepted by parse_format for writing.
const std::vector<std::string>& output_format_names();
/// The names --format accepts for reading ("auto" first).
const std::vector<std::string>& input_format_names();

struct ReadOptions {
  Format format = Format::automatic;
  bool plain_directed = false;    // how to read a plain edge list (it cannot say)
  gen::GenerateOptions generate;  // limits when rebuilding a descriptor
  /// Told how an input that could be read two ways was read (a METIS file recognised by its shape), so that
  /// the guess is never silent; may be empty.
  std::function<void(const std::string&)> note;
};

/// Reads a graph; `source` names the input in error messages ("graph.el", "<stdin>") and, by its extension,
/// says that a file is METIS (.graph, .metis). Throws ParseError naming the line of the first problem.
Graph read_graph(std::istream& in, const std::string& source, const ReadOptions& opt = {});

/// Writes a graph in any output format except descriptor.
void write_graph(std::ostream& out, const Graph& g, Format f);

/// Writes the descriptor of a family instance (header lines only, no graph is built).
void write_descriptor(std::ostream& out, const GraphMeta& meta, const gen::Description& d);

}  // namespace topo::io
