#pragma once
// How path_diversity's parts share their work between the processes of a job (parallel::Ranks): each process
// computes a consecutive range of the work items and packs its results; every process then reads all of them
// in item order, so the figures have the same bits for any number of processes.
#include <string>
#include <utility>
#include <vector>

#include "topo/parallel/ranks.hpp"

namespace topo::metrics {

/// This process's range [first, last) of `items` work items of equal cost.
inline std::pair<std::size_t, std::size_t> my_items(parallel::Ranks& ranks, std::size_t items) {
  const auto share = parallel::split_by_cost(std::vector<double>(items, 1.0), ranks.size());
  return {share[std::size_t(ranks.rank())], share[std::size_t(ranks.rank()) + 1]};
}

/// Every process's bytes, in rank order, on every process.
inline std::string all_gathered(parallel::Ranks& ranks, const std::string& mine) {
  if (ranks.size() == 1) return mine;
  std::string whole;
  for (const auto& part : ranks.gather(mine)) whole += part;
  ranks.broadcast(whole);
  return whole;
}

}  // namespace topo::metrics
