#pragma once
// The topology family registry: one entry per family with its parameter spec and builder.
// The same spec feeds topogen's options, --help, --list, the descriptor format and completions.
#include <cstdint>
#include <functional>
#include <map>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "topo/graph.hpp"
#include "topo/memory.hpp"

namespace topo::gen {

/// Parameters of one family instance, keyed by parameter name (underscores), as in the file header.
using Params = nlohmann::json;

enum class ParamType {
  integer,       // 12
  integer_list,  // 6,12
  dims,          // 8x8x16
  choice,        // one of `choices`
  flag,          // present or not
  text,          // free text
};

struct ParamSpec {
  std::string name;  // option name, e.g. "bypass-dims"; the JSON key is "bypass_dims"
  ParamType type = ParamType::integer;
  std::string help;
  std::string default_value;  // as typed on the command line; empty = no default
  bool required = false;
  std::vector<std::string> choices;
  std::string key() const;  // name with '-' replaced by '_'
};

struct Description;  // topo/gen/description.hpp
struct Listing;      // topo/gen/description.hpp

/// Classes of nodes that the family's automorphisms map onto each other (orbits, or finer), so that
/// a BFS from one representative per class, weighted by the class size, gives every distance.
/// topostat verifies a sample of every class before trusting it.
struct NodeClasses {
  std::vector<node_id> representative;
  std::vector<std::uint64_t> size;           // sums to the number of nodes
  std::vector<std::uint32_t> class_of = {};  // per node; may be empty when there is one class
};

/// The shape of a grid family (tori, meshes, rings, hypercubes): node coordinates (x0, …, x(n-1)) with
/// 0 ≤ xi < sizes[i], links between nodes one apart in one dimension, around the ring where wrap[i].
struct Grid {
  std::vector<std::int64_t> sizes;
  std::vector<bool> wrap;
};

/// A family's search: when the parameter `param` is given, `list` lists instances instead of building one.
struct Search {
  std::string param;  // JSON key, e.g. "search"
  std::function<Listing(const Params&)> list;
};

struct Family {
  std::string name;
  std::string summary;            // one line for --list
  std::string source;             // paper and section the definition comes from
  std::vector<ParamSpec> params;  // a random family has a "seed" parameter, recorded like the others
  /// A small instance (option name -> value as typed) that the tests build and check against describe().
  std::map<std::string, std::string> example;
  /// Validates the parameters (InputError naming the failed constraint) and returns the sizes.
  std::function<Description(const Params&)> describe;
  /// Builds the graph; called only after describe() accepted the parameters.
  std::function<Graph(const Params&)> build;
  /// The family's known symmetry; empty when it has none to offer.
  std::function<NodeClasses(const Params&)> symmetry = {};
  // Capabilities that algorithms outside gen/ read (through family_of), instead of comparing names.
  /// Grid families: the sizes and wrap-around of the coordinates (dimension-order routing, tornado).
  std::function<Grid(const Params&)> grid = {};
  /// Routing algorithms made for this family's structure (toporoute --algo names, e.g. "hdn").
  std::vector<std::string> routings = {};
  /// Families that can list feasible instances in a size band.
  std::optional<Search> search = {};
  /// The terminals each router that carries terminals has, where the family fixes them: the endpoints
  /// (GraphMeta::endpoints) of an indirect family (1 where the terminals are nodes themselves), every router
  /// of a direct family such as the dragonfly (h); empty for the others.
  std::function<std::uint32_t(const Params&)> terminals_per_endpoint = {};
  /// The registered family this one is another name of (the same graphs under its users' name and parameters,
  /// lib/src/gen/aliases.cpp); empty for a family of its own.
  std::string alias_of = {};
};

/// Every family, in the order of `topogen --list`.
const std::vector<Family>& families();
/// The family of that name; InputError listing the known names when there is none.
const Family& find_family(std::string_view name);

/// The registered family a graph's metadata names; nullptr when it names none or one that is not registered.
const Family* family_of(const Graph& g);
/// The grid of a graph of a grid family (from its metadata's parameters); nullopt for any other graph.
std::optional<Grid> grid_of(const Graph& g);
/// True when the graph's family lists `routing` among its structure-specific routings.
bool family_offers(const Graph& g, std::string_view routing);
/// The terminals per endpoint router of the graph's family (Family::terminals_per_endpoint); nullopt when it
/// fixes none.
std::optional<std::uint32_t> terminals_per_endpoint(const Graph& g);

/// Converts command-line strings (by option name) into typed parameters, applying defaults.
/// InputError on a malformed value or a missing required parameter.
Params parse_params(const Family& f, const std::map<std::string, std::string>& raw);
/// Checks parameters that came from a file header against the spec (types, unknown keys), applying defaults.
Params normalize_params(const Family& f, const Params& p);

struct GenerateOptions {
  std::uint64_t max_nodes = topo::max_nodes;
  std::uint64_t max_links = 0;  // 0 = no limit but the memory budget's
  /// The memory the run may take, checked after describe() and before build() (no limit by default).
  MemoryBudget memory;
  /// What the run needs for an instance of that size: the graph and what the caller will allocate for it.
  /// Empty: the graph alone (graph_memory).
  std::function<MemoryEstimate(std::uint64_t nodes, std::uint64_t links, bool directed)> estimate = {};
};

/// The estimate of `opt` for an instance of that size (the graph alone when it has none).
MemoryEstimate estimate_memory(const GenerateOptions& opt, std::uint64_t nodes, std::uint64_t links, bool directed);

/// describe() to validate and size-check (nodes, links, memory), then build(); sets family and parameters on the
/// graph.
Graph generate(const Family& f, const Params& p, const GenerateOptions& opt = {});

// Helpers for family implementations.
std::int64_t get_int(const Params& p, const std::string& key);
std::vector<std::int64_t> get_ints(const Params& p, const std::string& key);
std::string get_text(const Params& p, const std::string& key);
bool get_flag(const Params& p, const std::string& key);
bool has(const Params& p, const std::string& key);

}  // namespace topo::gen
