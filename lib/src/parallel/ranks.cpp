#include "topo/parallel/ranks.hpp"

#include <algorithm>
#include <numeric>

namespace topo::parallel {

namespace {

class SingleProcess final : public Ranks {
 public:
  int rank() const override { return 0; }
  int size() const override { return 1; }
  void broadcast(std::string&) override {}
  std::vector<std::string> gather(const std::string& bytes) override { return {bytes}; }
  void sum(std::span<std::uint64_t>) override {}
  std::vector<std::string> exchange(const std::vector<std::string>& to_rank) override { return {to_rank.at(0)}; }
  Gathered all_gather(const std::string& bytes) override { return {bytes, {0, bytes.size()}}; }
};

}  // namespace

Ranks& single_process() {
  static SingleProcess alone;
  return alone;
}

std::vector<std::size_t> split_by_cost(std::span<const double> cost, int parts) {
  const auto p = static_cast<std::size_t>(std::max(parts, 1));
  const double total = std::accumulate(cost.begin(), cost.end(), 0.0);
  std::vector<std::size_t> first(p + 1, cost.size());
  first[0] = 0;
  double before = 0;
  std::size_t part = 0;
  for (std::size_t i = 0; i < cost.size(); ++i) {
    const double mid = total > 0 ? (before + cost[i] / 2) / total : (double(i) + 0.5) / double(cost.size());
    while (part + 1 < p && mid * double(p) >= double(part + 1)) first[++part] = i;
    before += cost[i];
  }
  return first;
}

}  // namespace topo::parallel
