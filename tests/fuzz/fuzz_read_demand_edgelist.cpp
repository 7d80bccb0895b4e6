// Fuzzes topomap's weighted edge-list demand reader.
#include "fuzz_common.hpp"
#include "topo/map/problem.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return topo::fuzz::expect_typed_errors([&] {
    const auto& path = topo::fuzz::scratch_file(topo::fuzz::text(data, size));
    (void)topo::map::read_edge_list(path, topo::map::Weights::magnitude, topo::fuzz::max_tasks);
  });
}
