#include "load_kernel.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <string>

#include "topo/errors.hpp"

namespace topo::metrics {

namespace {

loads::LoadKernel load_kernel(Kernel wanted) {
  switch (resolve_kernel(wanted)) {
#if defined(__x86_64__)
    case Kernel::avx512:
      return loads::load_kernel_avx512();
    case Kernel::avx2:
      return loads::load_kernel_avx2();
    case Kernel::portable:
      if (__builtin_cpu_supports("avx")) return loads::load_kernel_portable_vex();
      return loads::load_kernel_portable();
#endif
    default:
      return loads::load_kernel_portable();
  }
}

/// The size of the last-level cache that the first CPU shares, from Linux's sysfs ("32768K"); 32 MiB where
/// that is missing. Not sysconf(_SC_LEVEL3_CACHE_SIZE): in a virtual machine glibc may give the host's
/// total (384 MiB on the 2-core EPYC guest measured in bench/RESULTS.md, whose L3 is 32 MiB).
std::uint64_t read_last_level_cache_bytes() {
  std::uint64_t bytes = std::uint64_t{32} << 20;
  int deepest = 0;
  for (int index = 0; index < 16; ++index) {
    const std::string dir = fmt::format("/sys/devices/system/cpu/cpu0/cache/index{}/", index);
    std::ifstream level_file(dir + "level"), size_file(dir + "size");
    int level = 0;
    std::uint64_t size = 0;
    std::string unit;
    if (!(level_file >> level) || !(size_file >> size)) break;
    size_file >> unit;
    const std::uint64_t scale = unit == "K" ? 1024 : unit == "M" ? 1 << 20 : unit == "G" ? 1 << 30 : 1;
    if (level > deepest && size > 0) {
      deepest = level;
      bytes = size * scale;
    }
  }
  return bytes;
}

/// The same, read once per process (link_loads asks on every call).
std::uint64_t last_level_cache_bytes() {
  static const std::uint64_t bytes = read_last_level_cache_bytes();
  return bytes;
}

}  // namespace

SplitLoadGraph::SplitLoadGraph(const Graph& g, std::span<const node_id> targets, Kernel instructions)
    : graph(g), kernel(load_kernel(instructions)) {
  if (!kernel_supported(instructions)) throw UsageError("this CPU cannot run the requested link-load kernel");
  const node_id n = g.num_nodes();
  out_offsets.assign(std::size_t(n) + 1, 0);
  for (node_id v = 0; v < n; ++v) out_offsets[v + 1] = out_offsets[v] + g.out_neighbors(v).size();
  // Each node's list of in-arcs (out-arcs) with its multiplicities, padded.
  const auto pad = [&g, n](auto&& neighbours, auto&& links, bool multiplicity, std::vector<std::uint64_t>& offsets,
                           std::vector<std::uint32_t>& adjacency, std::vector<double>& multiplicities) {
    offsets.assign(std::size_t(n) + 1, 0);
    for (node_id v = 0; v < n; ++v)
      offsets[v + 1] = offsets[v] + (neighbours(v).size() + loads::arc_block - 1) / loads::arc_block * loads::arc_block;
    adjacency.assign(offsets[n], n);
    for (node_id v = 0; v < n; ++v) std::ranges::copy(neighbours(v), adjacency.begin() + offsets[v]);
    if (!multiplicity) return;
    multiplicities.assign(offsets[n], 0.0);
    for (node_id v = 0; v < n; ++v) {
      std::size_t a = offsets[v];
      for (link_id l : links(v)) multiplicities[a++] = g.multiplicity(l);
    }
  };
  pad([&](node_id v) { return g.out_neighbors(v); }, [&](node_id v) { return g.out_links(v); }, g.has_multiplicity(),
      padded_out_offsets, padded_out_adjacency, out_multiplicity);
  if (g.directed())  // else the in-lists are the out-lists, and the passes read one copy
    pad([&](node_id v) { return g.in_neighbors(v); }, [&](node_id v) { return g.in_links(v); }, g.has_multiplicity(),
        in_offsets, in_adjacency, in_multiplicity);
  if (!targets.empty()) {
    demand.assign(n, 0);
    for (node_id v : targets) demand[v] = 1;
  }
  // Neighbour words: how many (a node's out-neighbours are in id order, Graph's arc order aside, only
  // after sorting; a word is counted once per run of neighbours in it).
  const auto words_of = [&](node_id v, auto&& visit) {
    std::vector<node_id> nbrs(g.out_neighbors(v).begin(), g.out_neighbors(v).end());
    std::sort(nbrs.begin(), nbrs.end());
    for (std::size_t i = 0; i < nbrs.size();) {
      const std::uint32_t word = nbrs[i] / 64;
      std::uint64_t bits = 0;
      for (; i < nbrs.size() && nbrs[i] / 64 == word; ++i) bits |= std::uint64_t{1} << (nbrs[i] % 64);
      visit(word, bits);
    }
  };
  std::uint64_t words = 0;
  for (node_id v = 0; v < n; ++v) words_of(v, [&](std::uint32_t, std::uint64_t) { ++words; });
  if (words * 4 <= out_offsets[n]) {
    neighbour_word_offsets.assign(std::size_t(n) + 1, 0);
    neighbour_words.reserve(words);
    neighbour_bits.reserve(words);
    for (node_id v = 0; v < n; ++v) {
      words_of(v, [&](std::uint32_t word, std::uint64_t bits) {
        neighbour_words.push_back(word);
        neighbour_bits.push_back(bits);
      });
      neighbour_word_offsets[v + 1] = neighbour_words.size();
    }
  }
}

void SplitLoadGraph::prefetch_when_vectors_outgrow_cache(unsigned threads) {
  const std::uint64_t sweeper = SplitLoadSweeper::bytes(graph.num_nodes(), padded_out_offsets.back());
  prefetch = std::uint64_t{threads} * sweeper > last_level_cache_bytes();
}

std::uint64_t SplitLoadSweeper::bytes(std::uint64_t nodes, std::uint64_t padded_arcs) {
  ++nodes;  // the lists' padding node
  return nodes * (1 + 3 * sizeof(Lanes) + loads::lanes * (sizeof(std::uint32_t) + 1)) +
         (nodes + 63) / 64 * 2 * sizeof(std::uint64_t) + padded_arcs * sizeof(double);
}

SplitLoadSweeper::SplitLoadSweeper(const SplitLoadGraph& g)
    : g_(g),
      reached_(g.graph.num_nodes() + 1, 0),
      sigma_(g.graph.num_nodes() + 1, Lanes{}),
      frontier_{std::vector<Lanes>(g.graph.num_nodes() + 1, Lanes{}),
                std::vector<Lanes>(g.graph.num_nodes() + 1, Lanes{})},
      active_((g.graph.num_nodes() + 64) / 64, 0),
      next_(active_.size(), 0),
      load_(g.padded_out_offsets.back(), 0.0),
      found_(std::size_t(g.graph.num_nodes()) * loads::lanes + 1),
      found_lanes_(found_.size()) {
  // The lists' padding node: reached in every lane, so a pass that activates it drops it at once.
  reached_.back() = 0xff;
}

void SplitLoadSweeper::take_loads(std::vector<double>& load) {
  const Graph& g = g_.graph;
  for (node_id v = 0; v < g.num_nodes(); ++v) {
    const std::uint64_t padded = g_.padded_out_offsets[v];
    for (std::uint64_t a = g_.out_offsets[v], end = g_.out_offsets[v + 1]; a < end; ++a)
      load[a] += load_[padded + (a - g_.out_offsets[v])];
  }
  std::fill(load_.begin(), load_.end(), 0.0);
}

loads::LoadPass SplitLoadSweeper::forward(std::span<const node_id> sources) {
  const Graph& g = g_.graph;
  const std::size_t count = std::min<std::size_t>(sources.size(), loads::lanes);
  for (std::size_t i = 0; i < count; ++i) {
    sigma_[sources[i]].x[i] = 1;
    frontier_[0][sources[i]].x[i] = 1;
  }
  const node_id* adjacency = g.num_nodes() ? g.out_neighbors(0).data() : nullptr;
  loads::LoadPass pass{};
  const bool directed = g.directed();
  pass.in_offsets = (directed ? g_.in_offsets : g_.padded_out_offsets).data();
  pass.in_adjacency = (directed ? g_.in_adjacency : g_.padded_out_adjacency).data();
  const auto& in_multiplicity = directed ? g_.in_multiplicity : g_.out_multiplicity;
  pass.in_multiplicity = in_multiplicity.empty() ? nullptr : in_multiplicity.data();
  pass.out_offsets = g_.padded_out_offsets.data();
  pass.out_adjacency = g_.padded_out_adjacency.data();
  pass.out_multiplicity = g_.out_multiplicity.empty() ? nullptr : g_.out_multiplicity.data();
  pass.demand = g_.demand.empty() ? nullptr : g_.demand.data();
  if (!g_.neighbour_word_offsets.empty()) {
    pass.neighbour_word_offsets = g_.neighbour_word_offsets.data();
    pass.neighbour_words = g_.neighbour_words.data();
    pass.neighbour_bits = g_.neighbour_bits.data();
  }
  pass.reached = reached_.data();
  pass.sigma = sigma_.data()->x;
  pass.live_bits = (1u << count) - 1;
  pass.prefetch = g_.prefetch;
  pass.active = active_.data();
  pass.next = next_.data();
  pass.active_words = active_.size();
  pass.found = found_.data();
  pass.found_lanes = found_lanes_.data();
  pass.load = load_.data();

  // Path counts level by level; found_ lists the nodes each level reaches in some lane (level 0: the
  // sources, each once), found_lanes_ those lanes. A node joins the active set at the level after an
  // in-neighbour is first reached (its nearest source's distance), and the sweep ends at the first level
  // that reaches nothing.
  std::size_t sources_found = 0;
  for (std::size_t i = 0; i < count; ++i) {
    const node_id s = sources[i];
    const auto listed = std::find(found_.data(), found_.data() + sources_found, s);
    if (listed == found_.data() + sources_found) {
      found_[sources_found] = s;
      found_lanes_[sources_found++] = 0;
      for (std::uint64_t a = g_.out_offsets[s]; a < g_.out_offsets[s + 1]; ++a)
        next_[adjacency[a] / 64] |= std::uint64_t{1} << (adjacency[a] % 64);
    }
    found_lanes_[listed - found_.data()] |= static_cast<std::uint8_t>(1u << i);
    reached_[s] |= static_cast<std::uint8_t>(1u << i);
  }
  pass.found_count = sources_found;
  level_start_.assign({0, sources_found});
  for (std::uint32_t level = 1;; ++level) {
    for (std::size_t w = 0; w < active_.size(); ++w) {
      active_[w] |= next_[w];
      next_[w] = 0;
    }
    if (level >= 2) clear_frontier(level - 2);
    use_frontiers(pass, level - 1, level);
    g_.kernel.forward(pass);
    if (pass.found_count == level_start_.back()) break;
    level_start_.push_back(pass.found_count);
  }
  // The last level reached nothing: the level before it is the only one left in a frontier.
  clear_frontier(level_start_.size() - 2);
  return pass;
}

void SplitLoadSweeper::clear_frontier(std::size_t level) {
  auto& frontier = frontier_[level % 2];
  for (std::size_t i = level_start_[level]; i < level_start_[level + 1]; ++i) frontier[found_[i]] = Lanes{};
}

void SplitLoadSweeper::use_frontiers(loads::LoadPass& pass, std::size_t in, std::size_t out) {
  pass.frontier_in = frontier_[in % 2].data()->x;
  pass.frontier_out = frontier_[out % 2].data()->x;
}

void SplitLoadSweeper::forget_reached(const loads::LoadPass& pass) {
  // sigma_ keeps stale values: the passes read it only in the lanes found at a level. Every node left in
  // the active set was reached in some lane (it has a reached in-neighbour), so clearing the words of the
  // reached nodes empties it.
  for (std::size_t i = 0; i < pass.found_count; ++i) {
    const node_id v = found_[i];
    reached_[v] = 0;
    active_[v / 64] = 0;
  }
}

void SplitLoadSweeper::add(std::span<const node_id> sources, std::span<const double> weight) {
  const std::size_t count = std::min<std::size_t>(sources.size(), loads::lanes);
  if (count == 0) return;
  alignas(64) double lane_weight[loads::lanes] = {};
  for (std::size_t i = 0; i < count; ++i) lane_weight[i] = weight[i];
  loads::LoadPass pass = forward(sources);
  pass.weight = lane_weight;
  // Backward, from the farthest level down to the sources: the loads of the arcs leaving each level.
  const std::size_t levels = level_start_.size() - 1;
  for (std::size_t level = levels; level-- > 0;) {
    if (level + 2 < levels) clear_frontier(level + 2);
    use_frontiers(pass, level + 1, level);
    pass.nodes = found_.data() + level_start_[level];
    pass.node_lanes = found_lanes_.data() + level_start_[level];
    pass.node_count = level_start_[level + 1] - level_start_[level];
    g_.kernel.backward(pass);
  }
  clear_frontier(0);
  if (levels > 1) clear_frontier(1);
  forget_reached(pass);
}

void SplitLoadSweeper::count_paths(std::span<const node_id> sources) {
  if (sources.empty()) return;
  forget_reached(forward(sources));
}

SplitLoadSweeper::Found SplitLoadSweeper::found() const {
  const std::size_t count = level_start_.empty() ? 0 : level_start_.back();
  return {std::span(found_).first(count), std::span(found_lanes_).first(count),
          level_start_.size() > 1 ? level_start_[1] : 0};
}

}  // namespace topo::metrics
