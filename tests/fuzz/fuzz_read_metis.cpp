// Fuzzes the graph reader on METIS graph files (header "n m [fmt [ncon]]", one adjacency line per vertex).
#include <sstream>

#include "fuzz_common.hpp"
#include "topo/io/format.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return topo::fuzz::expect_typed_errors([&] {
    std::istringstream in{std::string(topo::fuzz::text(data, size))};
    topo::io::ReadOptions opt;
    opt.format = topo::io::Format::metis;
    opt.generate.max_nodes = topo::fuzz::max_nodes;
    opt.generate.max_links = topo::fuzz::max_links;
    (void)topo::io::read_graph(in, "fuzz", opt);
  });
}
