// Reading a stream stops at its first refused line: the error is the one the whole input would give, and the
// bytes after that line are not read (an endless stream ends, a huge one is not held in memory first).
#include <doctest/doctest.h>

#include <sstream>
#include <streambuf>
#include <string>

#include "topo/errors.hpp"
#include "topo/io/format.hpp"
#include "topo/io/gzip.hpp"

using namespace topo;

namespace {

/// `head`, then `line` repeated forever, counting the bytes handed out.
class EndlessBuf : public std::streambuf {
 public:
  EndlessBuf(std::string head, const std::string& line) : head_(std::move(head)) {
    while (block_.size() < 4096) block_ += line;
  }
  std::size_t served() const { return served_; }

 protected:
  int_type underflow() override {
    std::string& next = head_done_ || head_.empty() ? block_ : head_;
    head_done_ = true;
    setg(next.data(), next.data(), next.data() + next.size());
    served_ += next.size();
    return traits_type::to_int_type(next[0]);
  }

 private:
  std::string head_, block_;
  bool head_done_ = false;
  std::size_t served_ = 0;
};

ParseError read_error(std::istream& in, io::ReadOptions opt = {}) {
  try {
    io::read_graph(in, "s", opt);
  } catch (const ParseError& e) {
    return e;
  }
  FAIL("the stream was accepted");
  return ParseError("", 0, "");
}

}  // namespace

TEST_CASE("an endless stream of refused lines ends at line 1") {
  EndlessBuf buf("", "x\n");
  std::istream in(&buf);
  const auto e = read_error(in);
  CHECK(e.line == 1);
  CHECK(std::string(e.what()) == "s:1: expected two node ids, got \"x\"");
  CHECK(buf.served() < (1u << 20));
}

TEST_CASE("a refused line after good ones is named, and what follows it is not read") {
  std::string head;
  for (int i = 0; i < 1000; ++i) head += std::to_string(i) + " " + std::to_string(i + 1) + "\n";
  head += "# a comment\n\n% another\n7 x\nnot a link\n";
  EndlessBuf buf(head, "0 1\n");
  std::istream in(&buf);
  // "7 x" starts with a node id: the reader goes on to "not a link" (line 1005), the parser names line 1004.
  const auto e = read_error(in);
  CHECK(e.line == 1004);
  CHECK(buf.served() < (1u << 20));
}

TEST_CASE("a topo edge list stops at its first refused link line") {
  const std::string head = "# topo-edgelist 1\n# nodes: 3\n# links: 2\n0 1\nzero two\n";
  EndlessBuf buf(head, "1 2\n");
  std::istream in(&buf);
  const auto e = read_error(in);
  CHECK(e.line == 5);
  CHECK(std::string(e.what()) == "s:5: expected two node ids, got \"zero two\"");
}

TEST_CASE("binary data stops the reading at once, before its line ends") {
  EndlessBuf buf("", std::string(64, '\0'));
  std::istream in(&buf);
  CHECK(read_error(in).line == 1);
  CHECK(buf.served() < (1u << 20));
}

TEST_CASE("a stream past the memory limit is refused while it is read") {
  io::ReadOptions opt;
  opt.generate.memory.limit = 8u << 20;
  for (const char* line : {"0 1\n", "{\n"}) {
    EndlessBuf buf("", line);
    std::istream in(&buf);
    CHECK_THROWS_AS(io::read_graph(in, "s", opt), MemoryLimitError);
    CHECK(buf.served() < (9u << 20));
  }
}

TEST_CASE("JSON is read whole: its lines, none of which starts with a node id, are not refused early") {
  // Several pieces long, so that a reader that stopped after its first piece would leave truncated JSON.
  std::string text = "{\"directed\": false, \"multigraph\": false, \"graph\": {},\n\"nodes\": [";
  for (int i = 0; i < 20000; ++i) text += (i ? ",\n" : "") + std::string("{\"id\": ") + std::to_string(i) + "}";
  text += "],\n\"links\": [";
  for (int i = 0; i + 1 < 20000; ++i)
    text += (i ? ",\n" : "") + std::string("{\"source\": ") + std::to_string(i) +
            ", \"target\": " + std::to_string(i + 1) + "}";
  text += "]}\n";
  REQUIRE(text.size() > (1u << 18));
  std::istringstream json(text);
  CHECK(io::read_graph(json, "s").num_links() == 19999);
}

TEST_CASE("a gzip stream is inflated a piece at a time and stops at its first refused line") {
  std::ostringstream packed;
  {
    io::GzipOstream z(packed);
    z << "0 1\n1 2\nbad line\n";
    for (int i = 0; i < 200000; ++i) z << "2 3\n";
    z.finish();
  }
  std::istringstream in(packed.str());
  const auto e = read_error(in);
  CHECK(e.line == 3);
  CHECK(std::string(e.what()) == "s:3: expected two node ids, got \"bad line\"");
  // Concatenated members are one text, as gzip -d reads them.
  std::ostringstream two;
  for (const char* part : {"0 1\n", "1 2\n"}) {
    io::GzipOstream z(two);
    z << part;
    z.finish();
  }
  std::istringstream both(two.str());
  CHECK(io::read_graph(both, "s").num_links() == 2);
}
