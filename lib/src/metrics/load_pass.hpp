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
/// The passes read a node's arcs in blocks of this many: SplitLoadGraph pads each node's lists with node
/// n, whose frontier vectors are always 0, so that the passes branch once per block, not on each node's
/// degree (graphs of uneven degree mispredicted it at every node).
inline constexpr unsigned arc_block = 2;

/// What a pass reads and writes. Per node v, reached[v] (bit i set once source i has reached v; a byte
/// read in place of eight distances), and `lanes` entries each: sigma[v * lanes + i] (the number of
/// shortest paths from source i, multiplicity counted), and two frontiers, each zero except in the lanes
/// where v lies at one level: the previous level's, which a pass reads for every arc (no distance test per
/// arc), and its own level's, which it writes. The forward passes' frontiers hold sigma, the backward
/// passes' c (the traffic of source i that reaches v or passes it, divided by sigma: Brandes' (demand +
/// delta) / sigma).
struct LoadPass {
  // The graph as CSR arrays: in-arcs for the forward passes, out-arcs (in Graph's arc order) for their
  // `next`, the backward passes and the loads; each node's list padded to a multiple of arc_block with
  // node n (multiplicity 0 there), which has the vectors of a node reached in every lane. Multiplicity
  // per arc, null when every link is single.
  const std::uint64_t* in_offsets;
  const std::uint32_t* in_adjacency;
  const double* in_multiplicity;
  const std::uint64_t* out_offsets;
  const std::uint32_t* out_adjacency;
  const double* out_multiplicity;
  const char* demand;  // 1 when the node receives traffic; null: every node does
  // Each node's out-neighbours as words of `next`: words[k] and bits[k] for k in [offsets[v], offsets[v +
  // 1]). Null when they would not be much fewer than the arcs (then the out-arcs are read one by one).
  const std::uint64_t* neighbour_word_offsets;
  const std::uint32_t* neighbour_words;
  const std::uint64_t* neighbour_bits;
  std::uint8_t* reached;
  double* sigma;
  const double* frontier_in;  // forward: sigma at level - 1; backward: c at level + 1; else 0
  double* frontier_out;       // at level; every node's vector the pass does not write must be 0
  unsigned live_bits;         // bit i set when lane i has a source
  const double* weight;       // per lane: how many times the source's loads count
  // Prefetch the vectors a few nodes ahead (SplitLoadGraph::prefetch): when they outgrow the caches.
  bool prefetch;
  // forward_pass: walks the nodes of `active` (one bit per node) in id order; a node leaves it once
  // every live lane has reached it. The nodes reached in some lane at this level are appended to
  // `found` (found_count grows), with the lanes that reach it there in `found_lanes`; a node reached for
  // the first time (in no lane before) sets the bits of its out-neighbours in `next`, the nodes that join
  // `active` at the next level.
  std::uint64_t* active;
  std::uint64_t* next;
  std::size_t active_words;
  std::uint32_t* found;
  std::uint8_t* found_lanes;
  std::size_t found_count;
  // backward_pass: the nodes reached in some lane at this level (level 0: the sources) and those lanes,
  // as the forward pass listed them; adds their out-arcs' loads to load[arc], arcs numbered as in the
  // padded lists.
  const std::uint32_t* nodes;
  const std::uint8_t* node_lanes;
  std::size_t node_count;
  double* load;
};

/// One instruction set's passes.
struct LoadKernel {
  void (*forward)(LoadPass&);  // sigma and reached at a level from the level before (in-neighbours)
  /// At a level, from the next (out-neighbours): load[v->w] += sum of weight * sigma(v) * c(w) over the
  /// lanes that reach v at the level and w at the next, and c(v) at the level.
  void (*backward)(LoadPass&);
};
LoadKernel load_kernel_portable();
LoadKernel load_kernel_portable_vex();  // the same in VEX encoding: needs AVX
LoadKernel load_kernel_avx2();          // needs AVX2
LoadKernel load_kernel_avx512();        // needs AVX-512 F and VL

}  // namespace topo::metrics::loads
