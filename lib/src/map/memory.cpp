// topomap's memory estimate (man/topomap.1, MEMORY): the arrays of Demand, Supply and the methods.
#include <algorithm>

#include "topo/map/methods.hpp"

namespace topo::map {

namespace {

std::uint64_t bytes(double b) {
  return b >= 1.8e19 ? ~std::uint64_t{0} : std::uint64_t(b);
}

// A demand of `n` tasks shaped like `d`: CSR offsets and pair weights, or the dense n x n matrix.
double demand_bytes(const Demand& d, double n) {
  if (d.dense) return 8 * n * n;
  return 8 * (n + 1) + double(d.adj.size()) * (sizeof(std::uint32_t) + sizeof(double));
}

}  // namespace

MemoryEstimate mapping_memory(const Demand& d, std::uint32_t nodes, unsigned supply_entry, const Method& m,
                              unsigned concurrent, const Graph* g) {
  const double n = nodes;
  concurrent = std::max(1u, concurrent);
  MemoryEstimate e;
  if (g) e.add("graph", graph_memory(g->num_nodes(), g->num_links(), g->directed()));
  e.add("demand", bytes(demand_bytes(d, double(d.n)) + demand_bytes(d, n)));
  e.add("supply", bytes(supply_entry ? double(supply_entry) * n * n : 64.0 * n * sizeof(std::uint16_t)));
  // Each running restart: a few mappings and their inverses, the swap evaluator's state, a genetic
  // population of 40 mappings (256 bytes per slot covers them).
  double work = double(concurrent) * 256 * n;
  if (m.memory) work += double(m.memory(d, nodes, concurrent));
  e.add(m.name, bytes(work));
  return e;
}

}  // namespace topo::map
