#pragma once
// The graph core: a compact CSR graph with optional per-link and per-node attributes
// and the family metadata that travels with it (doc/definitions.md §2).
#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "topo/graph_column.hpp"
#include "topo/json_value.hpp"

namespace topo {

using node_id = std::uint32_t;
using link_id = std::uint32_t;
inline constexpr node_id no_node = std::numeric_limits<node_id>::max();
/// Largest node count a graph may have (ids are 32-bit and no_node is reserved).
inline constexpr std::uint64_t max_nodes = std::numeric_limits<node_id>::max() - 1;
/// Value of an unset per-link level or dimension.
inline constexpr std::uint8_t no_value8 = std::numeric_limits<std::uint8_t>::max();
inline constexpr std::uint16_t no_class = std::numeric_limits<std::uint16_t>::max();

/// What a graph is and where it came from (doc/definitions.md §2).
struct GraphMeta {
  std::string family;  // empty for graphs of unknown origin
  JsonValue parameters = JsonValue::object();
  JsonValue generator;  // provenance block, null when absent
  /// The nodes that send and receive traffic (sorted ids): in an indirect network the routers that carry
  /// terminals, or the terminals themselves when they are nodes. Empty: every node.
  std::vector<node_id> endpoints;
};

/// Optional attributes of one link, as given to the builder.
struct LinkAttrs {
  std::uint32_t multiplicity = 1;
  std::uint16_t cls = no_class;  // index into GraphBuilder/Graph class names
  std::uint8_t level = no_value8;
  std::uint8_t dim = no_value8;
  std::uint32_t capacity = 0;  // 0 = unset
  friend bool operator==(const LinkAttrs&, const LinkAttrs&) = default;
};

class GraphBuilder;
struct FlatWriter;  // graph_flat.cpp

/// An immutable graph. Undirected links are stored once (source <= target); the adjacency
/// holds one arc per link and direction, multiplicity lives on the link.
class Graph {
 public:
  Graph() = default;

  node_id num_nodes() const { return n_; }
  link_id num_links() const { return static_cast<link_id>(src_.size()); }
  bool directed() const { return directed_; }
  /// True when two links join the same ordered pair (they differ in attributes).
  bool multigraph() const { return multigraph_; }
  bool has_self_loops() const { return self_loops_; }

  node_id source(link_id l) const { return src_[l]; }
  node_id target(link_id l) const { return dst_[l]; }
  std::uint32_t multiplicity(link_id l) const { return mult_.empty() ? 1 : mult_[l]; }
  bool has_multiplicity() const { return !mult_.empty(); }
  /// Sum of multiplicities over all links.
  std::uint64_t total_multiplicity() const;

  bool has_classes() const { return !cls_.empty(); }
  const std::vector<std::string>& class_names() const { return class_names_; }
  std::uint16_t link_class(link_id l) const { return cls_.empty() ? no_class : cls_[l]; }
  std::string_view link_class_name(link_id l) const;
  /// The id of the link class called `name`; no_class when the graph has no such class.
  std::uint16_t find_class(std::string_view name) const;
  bool has_levels() const { return !level_.empty(); }
  std::uint8_t level(link_id l) const { return level_.empty() ? no_value8 : level_[l]; }
  bool has_dims() const { return !dim_.empty(); }
  std::uint8_t dim(link_id l) const { return dim_.empty() ? no_value8 : dim_[l]; }
  bool has_capacities() const { return !capacity_.empty(); }
  std::uint32_t capacity(link_id l) const { return capacity_.empty() ? 0 : capacity_[l]; }
  LinkAttrs attrs(link_id l) const;

  /// Out-neighbours (all neighbours when undirected); one entry per link.
  std::span<const node_id> out_neighbors(node_id v) const {
    // Directed links are sorted by source, so the out-adjacency is the target column itself.
    const node_id* adj = directed_ ? dst_.data() : out_adj_.data();
    return {adj + out_off_[v], adj + out_off_[v + 1]};
  }
  std::span<const link_id> out_links(node_id v) const {
    return {out_link_.data() + out_off_[v], out_link_.data() + out_off_[v + 1]};
  }
  /// Arcs (one per link and direction, in out_links order) are numbered node by node: arc
  /// arc_offset(v) + i is out_links(v)[i]. Routes, link loads and the simulator share this numbering.
  std::uint64_t arc_offset(node_id v) const { return out_off_.empty() ? 0 : out_off_[v]; }
  std::uint64_t num_arcs() const { return out_off_.empty() ? 0 : out_off_.back(); }
  /// The node an arc leaves (binary search over the offsets).
  node_id arc_tail(std::uint64_t arc) const;
  /// The link and the node an arc leads to.
  link_id arc_link(std::uint64_t arc) const { return out_link_[arc]; }
  node_id arc_head(std::uint64_t arc) const { return directed_ ? dst_[arc] : out_adj_[arc]; }
  /// In-neighbours (the same as out_neighbors when undirected).
  std::span<const node_id> in_neighbors(node_id v) const {
    if (!directed_) return out_neighbors(v);
    return {in_adj_.data() + in_off_[v], in_adj_.data() + in_off_[v + 1]};
  }
  std::span<const link_id> in_links(node_id v) const {
    if (!directed_) return out_links(v);
    return {in_link_.data() + in_off_[v], in_link_.data() + in_off_[v + 1]};
  }
  /// The in-adjacency as CSR arrays (all neighbours when undirected): v's in-neighbours are
  /// in_adjacency()[in_offsets()[v]] up to in_adjacency()[in_offsets()[v + 1]], for kernels on raw arrays.
  std::span<const std::uint64_t> in_offsets() const { return directed_ ? in_off_ : out_off_; }
  std::span<const node_id> in_adjacency() const { return directed_ ? in_adj_ : out_adj_; }
  /// Degree counting multiplicity (out-degree when directed; a self-loop counts twice when undirected).
  std::uint64_t out_degree(node_id v) const;
  std::uint64_t in_degree(node_id v) const;

  bool has_labels() const { return !labels_.empty(); }
  const std::string& label(node_id v) const { return labels_[v]; }
  unsigned coord_dims() const { return coord_dims_; }
  std::span<const std::int32_t> coords(node_id v) const {
    return {coords_.data() + std::size_t(v) * coord_dims_, coord_dims_};
  }
  unsigned pos_dims() const { return pos_dims_; }
  std::span<const double> pos(node_id v) const { return {pos_.data() + std::size_t(v) * pos_dims_, pos_dims_}; }

  /// The graph as one block of bytes, 8-aligned: a header of its sizes, names, labels and metadata, then its arrays
  /// (graph_flat.cpp). view_flat gives a graph that reads the arrays in place, from a block that must outlive it and
  /// its copies: the MPI ranks of one machine share one copy of the graph (README.md, "Beyond one machine").
  std::size_t flat_size() const;
  void write_flat(std::byte* out) const&;
  /// The same, releasing each array once it is written, so that its arrays are empty after (a large graph is then
  /// in memory once and an array, not twice).
  void write_flat(std::byte* out) &&;
  static Graph view_flat(const std::byte* block);

  GraphMeta meta;

 private:
  friend class GraphBuilder;
  void flat_header(FlatWriter& w) const;
  template <class Self>
  static void write_flat_of(Self& g, std::byte* out);
  node_id n_ = 0;
  bool directed_ = false;
  bool multigraph_ = false;
  bool self_loops_ = false;
  GraphColumn<node_id> src_, dst_;
  GraphColumn<std::uint32_t> mult_;  // empty: every multiplicity is 1
  GraphColumn<std::uint16_t> cls_;   // empty: no classes
  std::vector<std::string> class_names_;
  GraphColumn<std::uint8_t> level_, dim_;  // empty: unset
  GraphColumn<std::uint32_t> capacity_;    // empty: unset
  GraphColumn<std::uint64_t> out_off_, in_off_;
  GraphColumn<node_id> out_adj_, in_adj_;  // out_adj_ stays empty when directed (dst_ serves)
  GraphColumn<link_id> out_link_, in_link_;
  std::vector<std::string> labels_;
  unsigned coord_dims_ = 0, pos_dims_ = 0;
  GraphColumn<std::int32_t> coords_;
  GraphColumn<double> pos_;
  /// Calls f(column) for every column, in the order of the flat form (graph_flat.cpp).
  template <class Self, class F>
  static void each_column(Self& g, F&& f) {
    f(g.src_), f(g.dst_), f(g.mult_), f(g.cls_), f(g.level_), f(g.dim_), f(g.capacity_), f(g.out_off_), f(g.in_off_),
        f(g.out_adj_), f(g.in_adj_), f(g.out_link_), f(g.in_link_), f(g.coords_), f(g.pos_);
  }
};

/// How the builder treats two links between the same ordered pair with equal attributes.
enum class Duplicates {
  merge,   // one link, multiplicities added
  reject,  // InputError
};

/// Collects links and node attributes, validates them and produces a Graph.
class GraphBuilder {
 public:
  GraphBuilder(std::uint64_t num_nodes, bool directed);

  /// Reserves room for n links, in the attribute columns too once they are used (avoids doubling).
  void reserve_links(std::size_t n);
  /// Interns a link class name and returns its id.
  std::uint16_t class_id(std::string_view name);
  /// Adds a link; throws InputError when an id is out of range or multiplicity is 0.
  void add_link(node_id u, node_id v, const LinkAttrs& a = {});
  void set_label(node_id v, std::string label);
  /// Every node gets `dims` coordinates; call before set_coords.
  void set_coord_dims(unsigned dims);
  void set_coords(node_id v, std::span<const std::int32_t> c);
  void set_pos_dims(unsigned dims);
  void set_pos(node_id v, std::span<const double> p);

  node_id num_nodes() const { return g_.n_; }
  std::size_t num_links() const { return g_.src_.own().size(); }

  /// Sorts, merges or rejects duplicates, builds the adjacency. The builder is empty afterwards.
  Graph finish(Duplicates dup = Duplicates::merge);

  GraphMeta meta;

 private:
  void check_node(node_id v) const;
  Graph g_;
  // class_names_' index: an edge list may name thousands of classes (a matrix's values read as
  // classes, say), and a search of the names per link would take quadratic time.
  std::unordered_map<std::string, std::uint16_t> class_index_;
  bool any_mult_ = false, any_cls_ = false, any_level_ = false, any_dim_ = false, any_cap_ = false;
  std::size_t reserved_ = 0;  // reserve_links() hint, also applied to attribute columns when they appear
};

}  // namespace topo
