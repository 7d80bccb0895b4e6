// A graph as one block of bytes, and a graph that reads its arrays in place from such a block: the MPI ranks of one
// machine share one copy of a large graph (tools/common/io.cpp). The block is for processes of one build on one
// machine: values are in its byte order.
//
// Layout: the header's length (8 bytes), the header (the graph's sizes and flags, class names, labels and
// metadata, and every column's length), then the columns in Graph::each_column's order, each from an 8-byte boundary.
#include <array>
#include <cstring>
#include <nlohmann/json.hpp>
#include <string>
#include <type_traits>

#include "topo/graph.hpp"

namespace topo {

/// Appends values, and sized runs of values, to a header; or, counting, adds up their bytes only (flat_size: the
/// labels of a large graph are not copied to be measured).
struct FlatWriter {
  bool counting = false;
  std::string bytes;
  std::size_t size = 0;
  void append(const void* p, std::size_t n) {
    size += n;
    if (!counting && n > 0) bytes.append(static_cast<const char*>(p), n);
  }
  template <class T>
  void value(const T& x) {
    append(&x, sizeof x);
  }
  template <class T>
  void values(std::span<const T> xs) {
    value(std::uint64_t(xs.size()));
    append(xs.data(), xs.size() * sizeof(T));
  }
  void text(std::string_view s) { values(std::span<const char>(s.data(), s.size())); }
  void texts(const std::vector<std::string>& all) {
    value(std::uint64_t(all.size()));
    for (const auto& s : all) text(s);
  }
};

namespace {

std::size_t aligned(std::size_t bytes) {
  return (bytes + 7) / 8 * 8;
}

/// Reads them back, in the order written.
struct Reader {
  const std::byte* at;
  template <class T>
  T value() {
    T x;
    std::memcpy(&x, at, sizeof x);
    at += sizeof x;
    return x;
  }
  template <class T>
  std::vector<T> values() {
    std::vector<T> xs(value<std::uint64_t>());
    if (!xs.empty()) std::memcpy(xs.data(), at, xs.size() * sizeof(T));
    at += xs.size() * sizeof(T);
    return xs;
  }
  std::string text() {
    const auto chars = values<char>();
    return {chars.begin(), chars.end()};
  }
  std::vector<std::string> texts() {
    std::vector<std::string> all(value<std::uint64_t>());
    for (auto& s : all) s = text();
    return all;
  }
};

}  // namespace

void Graph::flat_header(FlatWriter& w) const {
  w.value(n_);
  w.value(std::array<bool, 3>{directed_, multigraph_, self_loops_});
  w.value(std::array<unsigned, 2>{coord_dims_, pos_dims_});
  w.texts(class_names_);
  w.texts(labels_);
  w.text(meta.family);
  w.text(meta.parameters->dump());
  w.text(meta.generator->dump());
  w.values(std::span<const node_id>(meta.endpoints));
  each_column(*this, [&](const auto& col) { w.value(std::uint64_t(col.size())); });
}

std::size_t Graph::flat_size() const {
  FlatWriter header;
  header.counting = true;
  flat_header(header);
  std::size_t bytes = 8 + aligned(header.size);
  each_column(*this, [&](const auto& col) { bytes += aligned(col.size() * sizeof col[0]); });
  return bytes;
}

template <class Self>
void Graph::write_flat_of(Self& g, std::byte* out) {
  FlatWriter w;
  g.flat_header(w);
  const std::uint64_t length = w.bytes.size();
  std::memcpy(out, &length, 8);
  std::memcpy(out + 8, w.bytes.data(), length);
  out += 8 + aligned(length);
  each_column(g, [&](auto& col) {
    const auto bytes = col.size() * sizeof col[0];
    if (bytes) std::memcpy(out, col.data(), bytes);
    out += aligned(bytes);
    if constexpr (!std::is_const_v<Self>) col.release();
  });
}

void Graph::write_flat(std::byte* out) const& {
  write_flat_of(*this, out);
}

void Graph::write_flat(std::byte* out) && {
  write_flat_of(*this, out);
  labels_ = {};
  class_names_ = {};
}

Graph Graph::view_flat(const std::byte* block) {
  std::uint64_t length = 0;
  std::memcpy(&length, block, 8);
  Reader r{block + 8};
  Graph g;
  g.n_ = r.value<node_id>();
  const auto flags = r.value<std::array<bool, 3>>();
  g.directed_ = flags[0];
  g.multigraph_ = flags[1];
  g.self_loops_ = flags[2];
  const auto dims = r.value<std::array<unsigned, 2>>();
  g.coord_dims_ = dims[0];
  g.pos_dims_ = dims[1];
  g.class_names_ = r.texts();
  g.labels_ = r.texts();
  g.meta.family = r.text();
  g.meta.parameters = nlohmann::json::parse(r.text());
  g.meta.generator = nlohmann::json::parse(r.text());
  g.meta.endpoints = r.values<node_id>();
  const std::byte* at = block + 8 + aligned(length);
  each_column(g, [&](auto& col) {
    const auto size = r.value<std::uint64_t>();
    using T = std::remove_cvref_t<decltype(col[0])>;
    col.look_at(reinterpret_cast<const T*>(at), size);
    at += aligned(size * sizeof(T));
  });
  return g;
}

}  // namespace topo
