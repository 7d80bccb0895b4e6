#pragma once
// What both CLEX simulations (A(L) and the all-to-all flood) accept as C(1/L, L): the one check of --clique and
// --levels.
#include <fmt/format.h>

#include <cstdint>

#include "topo/errors.hpp"

namespace topo::sim::detail {

constexpr int kMaxLevels = 5;

/// Refuses clique sizes below 2 and level counts outside 1..kMaxLevels (topo::InputError naming the option).
inline void check_clex_shape(std::uint32_t clique, std::uint32_t levels) {
  if (clique < 2) throw InputError(fmt::format("--clique: must be at least 2, got {}", clique));
  if (levels < 1 || levels > std::uint32_t(kMaxLevels))
    throw InputError(fmt::format("--levels: must be between 1 and {}, got {}", kMaxLevels, levels));
}

}  // namespace topo::sim::detail
