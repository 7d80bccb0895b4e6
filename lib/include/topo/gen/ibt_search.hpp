#pragma once
// Exhaustive search of feasible iBT configurations in a band of network sizes (dissertation §3.1.3,
// "Exhaustive Search of Feasible Networks"), under the constraints of doc/definitions.md §3.2.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "topo/gen/registry.hpp"

namespace topo::gen {

/// A closed band of network sizes [lo, hi], from "32768±5%", "32768+-5%", "32768+-5" or "32768".
struct SizeBand {
  std::uint64_t target = 0;
  double percent = 0;
  std::uint64_t lo = 0, hi = 0;
};
/// InputError naming the malformed part.
SizeBand parse_size_band(std::string_view text);

struct IbtSearchSpec {
  SizeBand band;
  unsigned ndims = 3;        // n; the degree of every configuration is 2n + 2
  unsigned bypass_dims = 3;  // L = m, the first m dimensions carry bypass rings
  unsigned num_lengths = 2;  // k
};

/// One feasible configuration, listed once per reordering class: the bypass dimensions are in
/// non-decreasing order, and so are the plain ones. `orders` counts the distinct orderings of the
/// sizes (within the bypass and within the plain dimensions) that the listing stands for.
struct IbtConfig {
  std::vector<std::int64_t> dims;
  unsigned bypass_dims = 0;
  std::vector<std::int64_t> lengths;
  std::uint64_t nodes = 0;
  std::uint64_t orders = 1;
};

/// The search of `topogen ibt --search BAND [--ndims n] [--bypass-dims m] [--num-lengths k]`, with the
/// dissertation's defaults: n = 3, m = n, k = 2. InputError when --dims or --lengths is also given.
IbtSearchSpec ibt_search_spec(const Params& p);

/// Every configuration of the spec in its size band, sorted by node count, then dimensions, then
/// lengths. InputError when the spec itself is impossible (m > n, k = 0, ...).
std::vector<IbtConfig> ibt_search(const IbtSearchSpec& spec);

/// Why a search found no configuration: the constraint that rules out every size in the band
/// (the smallest network the constraints allow, or the steps the sizes come in).
std::string ibt_search_empty_reason(const IbtSearchSpec& spec);

}  // namespace topo::gen
