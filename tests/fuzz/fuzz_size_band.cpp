// Fuzzes the parsing of topogen ibt's --search size band ("32768±5%", "32768+-5", ...).
#include "fuzz_common.hpp"
#include "topo/gen/ibt_search.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return topo::fuzz::expect_typed_errors([&] {
    const auto band = topo::gen::parse_size_band(topo::fuzz::text(data, size));
    if (band.lo > band.target || band.target > band.hi) __builtin_trap();
  });
}
