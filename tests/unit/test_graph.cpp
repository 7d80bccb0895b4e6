#include <doctest/doctest.h>
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <nlohmann/json.hpp>
#include <vector>

#include "topo/errors.hpp"
#include "topo/graph.hpp"

using namespace topo;

TEST_CASE("builder interns every one of 65534 link class names once, and refuses one more") {
  GraphBuilder b(2, false);
  for (unsigned c = 0; c + 1 < no_class; ++c) REQUIRE(b.class_id(fmt::format("c{}", c)) == c);
  CHECK(b.class_id("c0") == 0);
  CHECK(b.class_id("c65533") == 65533);
  CHECK_THROWS_WITH_AS(b.class_id("one-more"), "too many link classes", InputError);
  LinkAttrs a;
  a.cls = b.class_id("c40000");
  b.add_link(0, 1, a);
  const Graph g = b.finish();
  CHECK(g.link_class_name(0) == "c40000");
  // The builder starts over: its index went with the graph.
  CHECK(b.class_id("c40000") == 0);
}

TEST_CASE("builder merges equal links into multiplicity and keeps different classes apart") {
  GraphBuilder b(3, false);
  const auto a = b.class_id("a"), c = b.class_id("c");
  LinkAttrs la;
  la.cls = a;
  b.add_link(1, 0, la);
  b.add_link(0, 1, la);
  LinkAttrs lc;
  lc.cls = c;
  b.add_link(0, 1, lc);
  b.add_link(1, 2);
  Graph g = b.finish(Duplicates::merge);
  CHECK(g.num_links() == 3);
  CHECK(g.multigraph());
  CHECK(g.total_multiplicity() == 4);
  CHECK(g.source(0) == 0);
  CHECK(g.target(0) == 1);
  CHECK(g.multiplicity(0) == 2);
  CHECK(g.link_class_name(0) == "a");
  CHECK(g.link_class_name(1) == "c");
  CHECK(g.link_class(2) == no_class);
  CHECK(g.out_degree(0) == 3);
  CHECK(g.out_degree(1) == 4);
  CHECK(g.out_degree(2) == 1);
  CHECK(g.out_neighbors(1).size() == 3);
}

TEST_CASE("builder rejects duplicates when asked, and bad ids always") {
  GraphBuilder b(2, false);
  b.add_link(0, 1);
  b.add_link(1, 0);
  CHECK_THROWS_AS(b.finish(Duplicates::reject), InputError);
  GraphBuilder c(2, true);
  CHECK_THROWS_WITH_AS(c.add_link(0, 2), "node id 2 out of range (the graph has 2 nodes)", InputError);
  LinkAttrs zero;
  zero.multiplicity = 0;
  CHECK_THROWS_AS(c.add_link(0, 1, zero), InputError);
  CHECK_THROWS_AS(GraphBuilder(std::uint64_t{1} << 33, false), InputError);
}

TEST_CASE("directed graphs keep in- and out-adjacency") {
  GraphBuilder b(3, true);
  b.add_link(0, 1);
  b.add_link(2, 1);
  b.add_link(1, 1);
  Graph g = b.finish();
  CHECK(g.directed());
  CHECK(g.has_self_loops());
  CHECK(g.out_degree(0) == 1);
  CHECK(g.in_degree(0) == 0);
  CHECK(g.in_degree(1) == 3);
  CHECK(g.out_degree(1) == 1);
  REQUIRE(g.in_neighbors(1).size() == 3);
  CHECK(g.in_neighbors(1)[0] == 0);
  CHECK(g.in_neighbors(1)[1] == 1);
  CHECK(g.in_neighbors(1)[2] == 2);
}

TEST_CASE("degrees count link ends: arcs on a simple graph, a loop's two ends undirected, multiplicities") {
  // Equal links are merged into one of multiplicity 2.
  const auto build = [](node_id n, bool directed, std::initializer_list<std::pair<node_id, node_id>> links) {
    GraphBuilder b(n, directed);
    for (auto [u, v] : links) b.add_link(u, v);
    return b.finish(Duplicates::merge);
  };
  const Graph s = build(4, false, {{0, 1}, {0, 2}, {0, 3}, {2, 3}});
  CHECK(s.out_degree(0) == 3);
  CHECK(s.out_degree(1) == 1);
  CHECK(s.in_degree(3) == 2);
  const Graph l = build(2, false, {{0, 1}, {1, 1}});
  CHECK(l.out_degree(0) == 1);
  CHECK(l.out_degree(1) == 3);
  const Graph d = build(3, true, {{0, 1}, {0, 2}, {2, 0}});
  CHECK(d.out_degree(0) == 2);
  CHECK(d.in_degree(0) == 1);
  CHECK(d.in_degree(1) == 1);
  CHECK(d.out_degree(1) == 0);
  const Graph m = build(2, true, {{0, 1}, {0, 1}});
  CHECK(m.out_degree(0) == 2);
  CHECK(m.in_degree(1) == 2);
}

TEST_CASE("node attributes: labels, coordinates, positions") {
  GraphBuilder b(2, false);
  b.set_coord_dims(2);
  const std::int32_t c[] = {3, 4};
  b.set_coords(1, c);
  b.set_label(0, "zero");
  b.set_pos_dims(1);
  const double p[] = {0.5};
  b.set_pos(1, p);
  const std::int32_t bad[] = {1};
  CHECK_THROWS_AS(b.set_coords(0, bad), InputError);
  Graph g = b.finish();
  CHECK(g.coord_dims() == 2);
  CHECK(g.coords(1)[1] == 4);
  CHECK(g.label(0) == "zero");
  CHECK(g.label(1).empty());
  CHECK(g.pos(1)[0] == 0.5);
}

namespace {

/// Checks that b is a, accessor by accessor.
void check_same_graph(const Graph& a, const Graph& b) {
  REQUIRE(b.num_nodes() == a.num_nodes());
  REQUIRE(b.num_links() == a.num_links());
  REQUIRE(b.num_arcs() == a.num_arcs());
  CHECK(b.directed() == a.directed());
  CHECK(b.multigraph() == a.multigraph());
  CHECK(b.has_self_loops() == a.has_self_loops());
  CHECK(b.class_names() == a.class_names());
  for (link_id l = 0; l < a.num_links(); ++l) {
    CHECK(b.source(l) == a.source(l));
    CHECK(b.target(l) == a.target(l));
    CHECK(b.attrs(l) == a.attrs(l));
  }
  for (node_id v = 0; v < a.num_nodes(); ++v) {
    const auto eq = [](auto x, auto y) { return std::equal(x.begin(), x.end(), y.begin(), y.end()); };
    CHECK(eq(b.out_neighbors(v), a.out_neighbors(v)));
    CHECK(eq(b.out_links(v), a.out_links(v)));
    CHECK(eq(b.in_neighbors(v), a.in_neighbors(v)));
    CHECK(eq(b.in_links(v), a.in_links(v)));
    CHECK(eq(b.coords(v), a.coords(v)));
    CHECK(eq(b.pos(v), a.pos(v)));
    CHECK(b.arc_offset(v) == a.arc_offset(v));
    CHECK(b.out_degree(v) == a.out_degree(v));
    CHECK(b.in_degree(v) == a.in_degree(v));
    CHECK(b.has_labels() == a.has_labels());
    if (a.has_labels()) CHECK(b.label(v) == a.label(v));
  }
  CHECK(b.meta.family == a.meta.family);
  CHECK(b.meta.parameters == a.meta.parameters);
  CHECK(b.meta.generator == a.meta.generator);
  CHECK(b.meta.endpoints == a.meta.endpoints);
}

/// True when p points into the `bytes` bytes at `block`.
bool inside(const void* p, const std::vector<std::uint64_t>& block) {
  const auto* b = reinterpret_cast<const char*>(block.data());
  const auto* q = static_cast<const char*>(p);
  return q >= b && q < b + block.size() * 8;
}

}  // namespace

TEST_CASE("a graph's flat block gives the same graph read in place, and so do its copies") {
  for (const bool directed : {false, true}) {
    CAPTURE(directed);
    GraphBuilder b(5, directed);
    const auto local = b.class_id("local"), global = b.class_id("global");
    b.add_link(0, 1, {.multiplicity = 3, .cls = local, .level = 1, .dim = 0, .capacity = 7});
    b.add_link(0, 1, {.cls = global});
    b.add_link(3, 2, {.cls = global, .level = 2, .dim = 1});
    b.add_link(4, 4);
    b.add_link(1, 4);
    b.set_coord_dims(2);
    b.set_coords(3, std::array<std::int32_t, 2>{-1, 9});
    b.set_pos_dims(1);
    b.set_pos(2, std::array<double, 1>{0.25});
    b.set_label(4, "four");
    b.meta.family = "test";
    b.meta.parameters = nlohmann::json{{"k", 3}};
    b.meta.generator = nlohmann::json{{"tool", "topogen"}};
    b.meta.endpoints = {0, 2, 4};
    const Graph g = b.finish();
    std::vector<std::uint64_t> block((g.flat_size() + 7) / 8);
    g.write_flat(reinterpret_cast<std::byte*>(block.data()));
    const Graph view = Graph::view_flat(reinterpret_cast<const std::byte*>(block.data()));
    check_same_graph(g, view);
    CHECK(inside(view.out_neighbors(0).data(), block));  // read in place, not copied
    CHECK(inside(view.coords(3).data(), block));
    const Graph copy = view;  // a view's copy views the same block
    check_same_graph(g, copy);
    CHECK(copy.out_links(1).data() == view.out_links(1).data());
    Graph owned = g;  // an owning graph's copy owns its arrays
    check_same_graph(g, owned);
    CHECK(owned.out_links(1).data() != g.out_links(1).data());
    const auto* arrays = owned.out_links(1).data();
    const Graph moved = std::move(owned);  // and a move keeps them
    CHECK(moved.out_links(1).data() == arrays);
    check_same_graph(g, moved);
    // Written from a graph that releases its arrays as it goes: the same block, and an empty graph.
    Graph spent = g;
    std::vector<std::uint64_t> again(block.size());
    std::move(spent).write_flat(reinterpret_cast<std::byte*>(again.data()));
    CHECK(again == block);
    CHECK(spent.num_links() == 0);
    CHECK(spent.num_arcs() == 0);
  }
}
