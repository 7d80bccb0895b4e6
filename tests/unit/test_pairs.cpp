// toporoute --pairs files.
#include <doctest/doctest.h>

#include <sstream>

#include "topo/errors.hpp"
#include "topo/route/pairs.hpp"

namespace {
std::vector<topo::route::Pair> pairs(const std::string& text, std::uint64_t nodes = 10) {
  std::istringstream in(text);
  return topo::route::read_pairs(in, "p.txt", nodes);
}
std::string error(const std::string& text, std::uint64_t nodes = 10) {
  try {
    (void)pairs(text, nodes);
  } catch (const topo::ParseError& e) {
    return e.what();
  }
  return "no error";
}
}  // namespace

TEST_CASE("pairs files: pairs, comments and blank lines") {
  const auto p = pairs("# routes\n0 1\n\n  3\t9  # a comment\n9 0\n");
  REQUIRE(p.size() == 3);
  CHECK(p[0] == topo::route::Pair{0, 1});
  CHECK(p[1] == topo::route::Pair{3, 9});
  CHECK(p[2] == topo::route::Pair{9, 0});
  CHECK(pairs("").empty());
}

TEST_CASE("pairs files: malformed lines are errors naming the line, never skipped") {
  CHECK(error("0 1\nabc def\n") == "p.txt:2: expected two node ids per line: SOURCE TARGET, got \"abc def\"");
  CHECK(error("0\n") == "p.txt:1: expected two node ids per line: SOURCE TARGET, got \"0\"");
  CHECK(error("0 1 2\n") == "p.txt:1: expected two node ids per line: SOURCE TARGET, got \"0 1 2\"");
  CHECK(error("-1 2\n") == "p.txt:1: expected two node ids per line: SOURCE TARGET, got \"-1 2\"");
  CHECK(error("1x 2\n") == "p.txt:1: expected two node ids per line: SOURCE TARGET, got \"1x 2\"");
  CHECK(error("0 10\n") == "p.txt:1: node id 10 out of range (the graph has 10 nodes)");
  CHECK(error("0 18446744073709551616\n").find("p.txt:1: expected two node ids") == 0);
  CHECK(error("\x01\xff 2\n") == "p.txt:1: expected two node ids per line: SOURCE TARGET, got \"\\x01\\xff 2\"");
}
