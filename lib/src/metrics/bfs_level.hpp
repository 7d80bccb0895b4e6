#pragma once
// One level of the bit-parallel BFS of distance.cpp: wide (512 sources per sweep) compiled once per
// instruction set (bfs_level_portable.cpp, bfs_level_avx2.cpp, bfs_level_avx512.cpp), and narrow (64
// sources, bfs_level_portable.cpp). Plain data only: the kernels' translation units are built with
// -mavx2/-mavx512* and must not share inline code with the rest.
#include <cstddef>
#include <cstdint>

namespace topo::metrics::bfs {

/// 64-bit words per node in every bit set: 512 sources per sweep for the wide kernels, 64 for the
/// narrow one (a node's bits then take one word: 8 times less memory to walk for a few sources).
inline constexpr unsigned wide_words = 8, narrow_words = 1;

/// What one level pass reads and writes. Bit i of a node's words belongs to the sweep's i-th source.
struct LevelPass {
  std::uint64_t* active;  // one bit per node to work on; cleared once every source has reached the node
  std::size_t active_words;
  const std::uint64_t* offsets;  // in-adjacency of the graph (CSR), n + 1 entries
  const std::uint32_t* adjacency;
  const std::uint64_t* cur;   // sources within distance level - 1 of each node
  std::uint64_t* next;        // written: sources within distance level
  const std::uint64_t* full;  // the bits of all the sweep's sources
  std::uint32_t level;
  // Weighted runs only (null otherwise): pairs of source i count weights[i] times, and the per-source
  // sums of distances and of nodes reached grow.
  const std::uint64_t* weights;
  std::uint64_t* distance_sum;
  std::uint64_t* reached_count;
  // Results: pairs found at this level (weighted), and the OR of the new bits (the kernel's words).
  std::uint64_t pairs;
  std::uint64_t* reached;
};

void level_pass_narrow(LevelPass& pass);
void level_pass_portable(LevelPass& pass);
void level_pass_portable_vex(LevelPass& pass);  // the same in VEX encoding: needs AVX
void level_pass_avx2(LevelPass& pass);          // needs AVX2
void level_pass_avx512(LevelPass& pass);        // needs AVX-512 F, VL and VPOPCNTDQ

}  // namespace topo::metrics::bfs
