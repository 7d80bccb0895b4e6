#pragma once
// Helpers the mapping methods share; not part of the library's interface.
#include <cstdint>
#include <numeric>
#include <random>

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

inline std::uint32_t uniform(std::mt19937_64& rng, std::uint32_t n) {
  return static_cast<std::uint32_t>(std::uniform_int_distribution<std::uint64_t>(0, n - 1)(rng));
}

inline Mapping random_mapping(std::uint32_t n, std::mt19937_64& rng) {
  auto m = identity_mapping(n);
  for (std::uint32_t i = n; i > 1; --i) std::swap(m[i - 1], m[uniform(rng, i)]);
  return m;
}

/// Greedy growth (greedy.cpp): tasks in BFS order of the demand graph from the heaviest task.
Mapping greedy_mapping(const Demand& d, const Supply& s, std::uint32_t tasks);

}  // namespace topo::map
