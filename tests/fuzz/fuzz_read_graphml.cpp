// Fuzzes the graph reader on GraphML (parsed by libxml2; topo reads the tree it gives).
#include <sstream>

#include "fuzz_common.hpp"
#include "topo/io/format.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return topo::fuzz::expect_typed_errors([&] {
    std::istringstream in{std::string(topo::fuzz::text(data, size))};
    topo::io::ReadOptions opt;
    opt.format = topo::io::Format::graphml;
    opt.generate.max_nodes = topo::fuzz::max_nodes;
    opt.generate.max_links = topo::fuzz::max_links;
    (void)topo::io::read_graph(in, "fuzz", opt);
  });
}
