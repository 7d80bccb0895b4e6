// Fuzzes toporoute's --pairs reader ("SOURCE TARGET" lines) against a graph of 1000 nodes.
#include <sstream>

#include "fuzz_common.hpp"
#include "topo/route/pairs.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return topo::fuzz::expect_typed_errors([&] {
    std::istringstream in{std::string(topo::fuzz::text(data, size))};
    for (const auto& [s, t] : topo::route::read_pairs(in, "fuzz", 1000))
      if (s >= 1000 || t >= 1000) __builtin_trap();
  });
}
