#pragma once
// Helpers the mapping methods share; not part of the library's interface.
#include <cstdint>
#include <numeric>

#include "topo/map/methods.hpp"

namespace topo::map {

#define TOPO_METHOD(name) Method method_##name();
#include "method_list.hpp"
#undef TOPO_METHOD

inline Mapping identity_mapping(std::uint32_t n) {
  Mapping m(n);
  std::iota(m.begin(), m.end(), 0u);
  return m;
}

inline std::uint32_t uniform(Rng& rng, std::uint32_t n) {
  return static_cast<std::uint32_t>(rng.below(n));
}

inline Mapping random_mapping(std::uint32_t n, Rng& rng) {
  auto m = identity_mapping(n);
  rng.shuffle(m.data(), m.size());
  return m;
}

/// Greedy growth (greedy.cpp): tasks in BFS order of the demand graph from the heaviest task.
Mapping greedy_mapping(const Demand& d, const Supply& s, std::uint32_t tasks);

}  // namespace topo::map
