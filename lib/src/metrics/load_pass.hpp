#pragma once
// The passes of load_kernel.cpp's batched Brandes sweeps: `lanes` sources at once, one vector lane each,
// compiled once per instruction set (load_pass_portable.cpp, load_pass_avx2.cpp, load_pass_avx512.cpp).
// Plain data only: the kernels' translation units are built with -mavx2/-mavx512* and must not share
// inline code with the rest.
#include <cstddef>
#include <cstdint>

namespace topo::metrics::loads {

/// Sources per sweep: lane i of every node's vectors belongs to the sweep's i-th source.
inline constexpr unsigned lanes = 8;
/// Distance of a node a lane's source has not reached.
inline constexpr std::uint32_t unreached = 0xffffffffu;

/// What a pass reads and writes. Per node v, `lanes` entries each: dist[v * lanes + i] (hops from source
/// i) and x[v * lanes + i]: first sigma (the number of shortest paths from source i, multiplicity
/// counted), which the backward pass replaces, level by level, by c (the traffic of source i that reaches
/// v or passes it, divided by sigma: Brandes' (demand + delta) / sigma).
struct LoadPass {
  // The graph as CSR arrays: in-arcs for the forward passes, out-arcs (Graph's arc order) for the
  // backward passes and the loads. Multiplicity per arc, null when every link is single.
  const std::uint64_t* in_offsets;
  const std::uint32_t* in_adjacency;
  const double* in_multiplicity;
  const std::uint64_t* out_offsets;
  const std::uint32_t* out_adjacency;
  const double* out_multiplicity;
  const char* demand;  // 1 when the node receives traffic; null: every node does
  std::uint32_t* dist;
  double* x;
  const std::uint32_t* live;  // per lane: all ones when the lane has a source, else 0
  const double* weight;       // per lane: how many times the source's loads count
  std::uint32_t level;
  // forward_pass: walks the nodes of `active` (one bit per node) in id order; a node leaves it once
  // every live lane has reached it. The nodes reached in some lane at this level are appended to
  // `found` (found_count grows); a node reached for the first time (in no lane before) sets the bits of
  // its out-neighbours in `next`, the nodes that join `active` at the next level.
  std::uint64_t* active;
  std::uint64_t* next;
  std::size_t active_words;
  std::uint32_t* found;
  std::size_t found_count;
  // backward_pass: the nodes reached in some lane at this level (level 0: the sources); adds their
  // out-arcs' loads to load[arc].
  const std::uint32_t* nodes;
  std::size_t node_count;
  double* load;
};

/// One instruction set's passes.
struct LoadKernel {
  void (*forward)(LoadPass&);  // sigma and dist at `level` from level - 1 (in-neighbours)
  /// At `level`, from level + 1 (out-neighbours): load[v->w] += sum of weight * sigma(v) * c(w) over the
  /// lanes with dist(v) = level and dist(w) = level + 1, then c(v) replaces sigma(v) in the lanes at level.
  void (*backward)(LoadPass&);
};
LoadKernel load_kernel_portable();
LoadKernel load_kernel_avx2();    // needs AVX2
LoadKernel load_kernel_avx512();  // needs AVX-512 F and VL

}  // namespace topo::metrics::loads
