#include <doctest/doctest.h>

#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

#include "topo/errors.hpp"
#include "topo/gen/description.hpp"
#include "topo/gen/families.hpp"
#include "topo/gen/registry.hpp"
#include "topo/io/format.hpp"

using namespace topo;

namespace {
std::string write(const Graph& g, io::Format f) {
  std::ostringstream out;
  io::write_graph(out, g, f);
  return out.str();
}
Graph read(const std::string& text, io::ReadOptions opt = {}) {
  std::istringstream in(text);
  return io::read_graph(in, "g.el", opt);
}
void check_same(const Graph& a, const Graph& b) {
  REQUIRE(a.num_nodes() == b.num_nodes());
  REQUIRE(a.num_links() == b.num_links());
  CHECK(a.directed() == b.directed());
  CHECK(a.multigraph() == b.multigraph());
  CHECK(a.meta.family == b.meta.family);
  CHECK(a.meta.parameters == b.meta.parameters);
  CHECK(a.meta.generator == b.meta.generator);
  for (link_id l = 0; l < a.num_links(); ++l) {
    CHECK(a.source(l) == b.source(l));
    CHECK(a.target(l) == b.target(l));
    CHECK(a.multiplicity(l) == b.multiplicity(l));
    CHECK(a.link_class_name(l) == b.link_class_name(l));
    CHECK(a.level(l) == b.level(l));
    CHECK(a.dim(l) == b.dim(l));
    CHECK(a.capacity(l) == b.capacity(l));
  }
  REQUIRE(a.coord_dims() == b.coord_dims());
  REQUIRE(a.pos_dims() == b.pos_dims());
  REQUIRE(a.has_labels() == b.has_labels());
  for (node_id v = 0; v < a.num_nodes(); ++v) {
    for (unsigned k = 0; k < a.coord_dims(); ++k) CHECK(a.coords(v)[k] == b.coords(v)[k]);
    for (unsigned k = 0; k < a.pos_dims(); ++k) CHECK(a.pos(v)[k] == b.pos(v)[k]);
    if (a.has_labels()) CHECK(a.label(v) == b.label(v));
  }
}

Graph rich_graph() {
  GraphBuilder b(4, true);
  b.set_label(2, "two \"quoted\"");
  b.set_pos_dims(3);
  const double p[] = {0.1, -2.5, 1e-7};
  b.set_pos(3, p);
  LinkAttrs a;
  a.cls = b.class_id("clique");
  a.level = 1;
  a.capacity = 4;
  b.add_link(0, 1, a);
  b.add_link(1, 1, a);
  a.level = 2;
  a.multiplicity = 3;
  b.add_link(0, 1, a);
  b.add_link(3, 2);
  b.meta.family = "clex";
  b.meta.parameters = nlohmann::json{{"clique", 2}};
  b.meta.generator = nlohmann::json{{"tool", "test"}};
  return b.finish();
}
}  // namespace

TEST_CASE("edge list and JSON round trips are lossless") {
  for (const Graph& g : {gen::make_grid({2, 3, 4}, true), rich_graph()}) {
    const Graph from_el = read(write(g, io::Format::edgelist));
    check_same(g, from_el);
    const Graph from_json = read(write(g, io::Format::json));
    check_same(g, from_json);
    CHECK(write(from_json, io::Format::edgelist) == write(g, io::Format::edgelist));
  }
}

TEST_CASE("edge list header is the documented one") {
  Graph g = gen::make_grid({3}, true);
  g.meta.family = "ring";
  g.meta.parameters = nlohmann::json{{"nodes", 3}};
  CHECK(write(g, io::Format::edgelist) ==
        "# topo-edgelist 1\n# family: \"ring\"\n# parameters: {\"nodes\":3}\n# directed: false\n"
        "# multigraph: false\n# nodes: 3\n# links: 3\n# columns: [\"source\",\"target\",\"class\",\"dim\"]\n"
        "# node: {\"id\":0,\"coords\":[0]}\n# node: {\"id\":1,\"coords\":[1]}\n# node: {\"id\":2,\"coords\":[2]}\n"
        "0 1 torus 0\n0 2 torus 0\n1 2 torus 0\n");
  CHECK(write(g, io::Format::plain) == "0 1\n0 2\n1 2\n");
}

TEST_CASE("node lines: the family form read directly, any other by JSON's parser, with the same errors") {
  const std::string head = "# topo-edgelist 1\n# nodes: 3\n# links: 1\n";
  // The form topogen writes, with blanks and a carriage return, beside JSON with the keys in another order.
  const Graph g = read(head +
                       "# node:  {\"id\":0,\"coords\":[-2147483648,7]} \r\n# node: {\"coords\":[1, 2],\"id\":1}\n"
                       "# node: {\"id\":2,\"coords\":[2147483647,-0]}\n0 1\n");
  REQUIRE(g.coord_dims() == 2);
  CHECK(std::vector<std::int32_t>(g.coords(0).begin(), g.coords(0).end()) ==
        std::vector<std::int32_t>{-2147483647 - 1, 7});
  CHECK(std::vector<std::int32_t>(g.coords(1).begin(), g.coords(1).end()) == std::vector<std::int32_t>{1, 2});
  CHECK(std::vector<std::int32_t>(g.coords(2).begin(), g.coords(2).end()) == std::vector<std::int32_t>{2147483647, 0});
  // What the direct reading refuses goes to JSON's parser, which says what is wrong.
  CHECK_THROWS_WITH_AS(read(head + "# node: {\"id\":07,\"coords\":[1]}\n0 1\n"),
                       "g.el:4: header \"node\": value is not valid JSON", ParseError);
  CHECK_THROWS_WITH_AS(read(head + "# node: {\"id\":0,\"coords\":[2147483648]}\n0 1\n"),
                       "g.el:4: coords must be integers of 32 bits, got 2147483648", ParseError);
  CHECK_THROWS_WITH_AS(read(head + "# node: {\"id\":3,\"coords\":[1]}\n0 1\n"),
                       "g.el:4: node id 3 out of range (the graph has 3 nodes)", ParseError);
  CHECK_THROWS_WITH_AS(read(head + "# node: {\"id\":0,\"coords\":[1]}\n# node: {\"id\":1,\"coords\":[1,2]}\n0 1\n"),
                       "g.el:5: node 1 has 2 coordinates, expected 1", ParseError);
}

TEST_CASE("plain edge lists from other tools: N is the largest id + 1") {
  const Graph g = read("# written by something else\n0 1\n1 2 {}\n\n5 2\n");
  CHECK(g.num_nodes() == 6);
  CHECK(g.num_links() == 3);
  CHECK_FALSE(g.directed());
  io::ReadOptions directed;
  directed.plain_directed = true;
  CHECK(read("0 1\n1 0\n", directed).num_links() == 2);
  CHECK(read("0 1\n1 0\n").multiplicity(0) == 2);
}

TEST_CASE("a plain edge list's third column classes the links it is on, and only those") {
  const Graph g = read("0 1 local\n1 2\n2 3 global\n% comment\n3 0 local\n");
  REQUIRE(g.num_links() == 4);
  std::map<std::pair<node_id, node_id>, std::string> cls;
  for (link_id l = 0; l < g.num_links(); ++l)
    cls[std::minmax(g.source(l), g.target(l))] = g.link_class(l) == no_class ? "-" : std::string(g.link_class_name(l));
  CHECK(cls == std::map<std::pair<node_id, node_id>, std::string>{
                   {{0, 1}, "local"}, {{1, 2}, "-"}, {{2, 3}, "global"}, {{0, 3}, "local"}});
}

TEST_CASE("descriptors are rebuilt through the registry") {
  const auto& f = gen::find_family("torus");
  const auto p = gen::parse_params(f, {{"dims", "4x4"}});
  std::ostringstream out;
  io::write_descriptor(out, GraphMeta{"torus", p, nlohmann::json(), {}}, f.describe(p));
  const Graph g = read(out.str());
  CHECK(g.num_nodes() == 16);
  CHECK(g.num_links() == 32);
  CHECK(g.meta.family == "torus");
  CHECK_THROWS_WITH_AS(read(out.str() + "0 1\n"), "g.el:7: a descriptor has no link lines", ParseError);
}

TEST_CASE("readers never accept a graph that is not the one in the file") {
  const std::string head = "# topo-edgelist 1\n# directed: false\n# nodes: 3\n# links: 2\n";
  CHECK(read(head + "0 1\n1 2\n").num_links() == 2);
  CHECK_THROWS_WITH_AS(read(head + "0 1\n"), "g.el:5: the header says 2 links but the file has 1 (truncated?)",
                       ParseError);
  CHECK_THROWS_WITH_AS(read(head + "0 1\n1 2\n2 0\n"), "g.el:7: the header says 2 links but the file has 3",
                       ParseError);
  CHECK_THROWS_WITH_AS(read(head + "0 1\n1 3\n"), "g.el:6: node id 3 out of range (the header says 3 nodes)",
                       ParseError);
  CHECK_THROWS_WITH_AS(read(head + "0 x\n1 2\n"), "g.el:5: expected two node ids, got \"0 x\"", ParseError);
  CHECK_THROWS_WITH_AS(read(head + "0 1 2\n1 2\n"), "g.el:5: expected 2 columns, got 3: \"0 1 2\"", ParseError);
  CHECK_THROWS_AS(read(head + "0 1\n1 0\n"), ParseError);  // duplicate link
  CHECK_THROWS_WITH_AS(read("# topo-edgelist 1\n# links: 2\n0 1\n"), "g.el:1: the header has no \"nodes\" line",
                       ParseError);
  CHECK_THROWS_WITH_AS(read("# topo-edgelist 2\n"), doctest::Contains("unsupported edge list version"), ParseError);
  CHECK_THROWS_WITH_AS(read("# topo-edgelist 1\n# nodes: {\n"), "g.el:2: header \"nodes\": value is not valid JSON",
                       ParseError);
  CHECK_THROWS_WITH_AS(read("0 1\nfoo bar\n"), "g.el:2: expected two node ids, got \"foo bar\"", ParseError);
  CHECK_THROWS_AS(read(""), ParseError);
}

TEST_CASE("JSON errors") {
  const std::string good = write(gen::make_grid({3}, true), io::Format::json);
  CHECK_THROWS_WITH_AS(read(good.substr(0, good.size() / 2)), doctest::Contains("truncated JSON"), ParseError);
  CHECK_THROWS_WITH_AS(read("{\"nodes\": [{\"id\": 0}], \"links\": [{\"source\": 0, \"target\": 1}]}"),
                       "g.el: link 0: target 1 is not a node", ParseError);
  CHECK_THROWS_WITH_AS(read("{\"nodes\": [], \"links\": 3}"), doctest::Contains("\"links\""), ParseError);
  CHECK_THROWS_WITH_AS(read("{\"a\": 1,\n \"b\": }"), doctest::Contains("g.el:2: invalid JSON"), ParseError);
}

TEST_CASE("JSON from other tools: string ids, \"edges\", undirected duplicates in a multigraph") {
  const Graph g = read(
      "{\"directed\": false, \"multigraph\": true, \"nodes\": [{\"id\": \"a\"}, {\"id\": \"b\"}],"
      " \"edges\": [{\"source\": \"a\", \"target\": \"b\"}, {\"source\": \"b\", \"target\": \"a\"}]}");
  CHECK(g.num_nodes() == 2);
  CHECK(g.label(0) == "a");
  CHECK(g.num_links() == 1);
  CHECK(g.multiplicity(0) == 2);
}

TEST_CASE("METIS is read back as it was written") {
  const Graph g = gen::make_grid({2, 3}, true);  // multiplicity 2 along the dimension of size 2
  const auto metis = write(g, io::Format::metis);
  io::ReadOptions ro;
  ro.format = io::Format::metis;
  std::istringstream in(metis);
  const Graph h = io::read_graph(in, "t.graph", ro);
  CHECK(h.num_nodes() == g.num_nodes());
  CHECK(h.num_links() == g.num_links());
  CHECK(h.total_multiplicity() == g.total_multiplicity());
  CHECK(write(h, io::Format::metis) == metis);
  // By its shape, with a note; a METIS-shaped edge list that is no METIS graph is an edge list, with a note.
  std::string note;
  io::ReadOptions detect;
  detect.note = [&](const std::string& n) { note = n; };
  std::istringstream shaped(metis);
  CHECK(io::read_graph(shaped, "-", detect).num_nodes() == 6);
  CHECK(note ==
        "-: read as METIS (the first line \"6 9 001\" is its header); --format plain reads it as an edge "
        "list");
  std::istringstream plain("1 0\n2 3\n");
  CHECK(io::read_graph(plain, "-", detect).num_nodes() == 4);
  CHECK(note.find("read as an edge list: the first line \"1 0\" could be a METIS header") == 3);
}

TEST_CASE("METIS errors name the line") {
  io::ReadOptions ro;
  ro.format = io::Format::metis;
  auto error = [&](const std::string& text) {
    std::istringstream in(text);
    try {
      (void)io::read_graph(in, "m.graph", ro);
    } catch (const ParseError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  CHECK(error("3 2\n2\n1\n\n") ==
        "m.graph:1: the header says 2 edges but the node lines list 2 neighbours (each edge at both ends: 4 expected)");
  CHECK(error("3 2\n2 3\n1\n2\n") == "m.graph: edge 1 3 is not listed alike at both ends");
  CHECK(error("2 1\n1\n2\n") == "m.graph:2: node 1 lists itself: METIS has no self-loops");
  CHECK(error("2 1 001\n2\n1 1\n") == "m.graph:2: expected pairs of neighbour and weight, got \"2\"");
  CHECK(error("% comment\n2 1 011\n5 2 1\n7 1 1\n") == "no error");  // vertex weights are skipped
}

TEST_CASE("JSON nesting is bounded") {
  const std::string deep = std::string(300, '[') + std::string(300, ']');
  std::istringstream in("{\"nodes\": [], \"links\": [], \"graph\": {\"x\": " + deep + "}}");
  CHECK_THROWS_WITH_AS((void)io::read_graph(in, "d.json"), "d.json:1: JSON nested deeper than 256 levels", ParseError);
  // Brackets inside strings do not count; 255 levels inside the document's own two are read.
  const std::string ok = std::string(254, '[') + "\"[[[[\"" + std::string(254, ']');
  std::istringstream fine("{\"nodes\": [{\"id\": 0}], \"links\": [], \"graph\": {\"generator\": " + ok + "}}");
  CHECK(io::read_graph(fine, "d.json").num_nodes() == 1);
}

TEST_CASE("METIS and DOT writers") {
  const Graph g = gen::make_grid({2, 3}, true);
  const auto metis = write(g, io::Format::metis);
  CHECK(metis.substr(0, metis.find('\n')) == "6 9 001");
  CHECK(metis.find("\n2 2 3 1 5 1\n") != std::string::npos);  // node 1 (id 0): node 2 weight 2, 3 and 5
  const auto dot = write(gen::make_grid({3}, false), io::Format::dot);
  CHECK(dot.find("0 -- 1 [class=\"mesh\"]") != std::string::npos);
  GraphBuilder b(2, true);
  b.add_link(0, 1);
  CHECK_THROWS_AS(write(b.finish(), io::Format::metis), InputError);
}
