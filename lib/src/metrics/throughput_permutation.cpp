// TUB, the throughput upper bound of the worst-case permutation (Namyar et al., SIGCOMM 2021, Theorem 2): a
// permutation of terminals whose traffic travels Σ hops needs θ·Σ ≤ Σ arc capacities, and the permutation that
// travels farthest sends each router's terminals together to one router, a maximum-weight assignment on the
// router distance matrix (Birkhoff–von Neumann: the hose-model matrices are mixtures of permutations).
#include <algorithm>
#include <limits>

#include "topo/metrics/throughput.hpp"
#include "topo/route/route.hpp"

namespace topo::metrics {

std::pair<std::int64_t, std::vector<std::uint32_t>> max_weight_assignment(
    const std::vector<std::vector<std::int64_t>>& weight) {
  // The Hungarian method with potentials (Kuhn 1955, Munkres 1957; the O(n³) form of Jonker and Volgenant's
  // shortest augmenting paths), minimising the negated weights. Integer arithmetic: exact.
  const std::size_t n = weight.size();
  constexpr std::int64_t inf = std::numeric_limits<std::int64_t>::max() / 4;
  std::vector<std::int64_t> u(n + 1, 0), v(n + 1, 0), slack(n + 1);
  std::vector<std::size_t> match(n + 1, 0), way(n + 1, 0);  // match[j]: the row of column j (1-based, 0: none)
  std::vector<char> used(n + 1);
  for (std::size_t i = 1; i <= n; ++i) {
    match[0] = i;
    std::size_t j0 = 0;
    std::fill(slack.begin(), slack.end(), inf);
    std::fill(used.begin(), used.end(), 0);
    do {
      used[j0] = 1;
      const std::size_t i0 = match[j0];
      std::int64_t delta = inf;
      std::size_t j1 = 0;
      for (std::size_t j = 1; j <= n; ++j) {
        if (used[j]) continue;
        const std::int64_t cur = -weight[i0 - 1][j - 1] - u[i0] - v[j];
        if (cur < slack[j]) {
          slack[j] = cur;
          way[j] = j0;
        }
        if (slack[j] < delta) {
          delta = slack[j];
          j1 = j;
        }
      }
      for (std::size_t j = 0; j <= n; ++j) {
        if (used[j]) {
          u[match[j]] += delta;
          v[j] -= delta;
        } else {
          slack[j] -= delta;
        }
      }
      j0 = j1;
    } while (match[j0] != 0);
    do {
      const std::size_t j1 = way[j0];
      match[j0] = match[j1];
      j0 = j1;
    } while (j0 != 0);
  }
  std::vector<std::uint32_t> to(n);
  std::int64_t total = 0;
  for (std::size_t j = 1; j <= n; ++j) {
    to[match[j] - 1] = std::uint32_t(j - 1);
    total += weight[match[j] - 1][j - 1];
  }
  return {total, to};
}

PermutationBound permutation_bound(const Graph& g, const UniformTraffic& t) {
  const std::size_t k = t.endpoints.size();
  std::vector<std::uint32_t> index(g.num_nodes(), std::numeric_limits<std::uint32_t>::max());
  for (std::size_t i = 0; i < k; ++i) index[t.endpoints[i]] = std::uint32_t(i);
  std::vector<std::vector<std::int64_t>> hops(k, std::vector<std::int64_t>(k, 0));
  for (std::size_t i = 0; i < k; ++i) {
    const auto d = route::distances_from(g, t.endpoints[i]);
    for (std::size_t j = 0; j < k; ++j) {
      const auto x = d[t.endpoints[j]];
      if (x == route::unreachable) return {};  // no permutation across the components can be carried: θ = 0
      hops[i][j] = x;
    }
  }
  PermutationBound b;
  const auto [sum, assignment] = max_weight_assignment(hops);
  b.max_distance_sum = std::uint64_t(sum);
  b.assignment = assignment;
  b.tub =
      sum == 0 ? std::numeric_limits<double>::infinity() : arc_capacity_sum(g) / (t.terminals_per_router * double(sum));
  return b;
}

RouterDemand longest_matching_demand(const UniformTraffic& t, const PermutationBound& b) {
  RouterDemand d;
  for (std::size_t i = 0; i < b.assignment.size(); ++i)
    if (b.assignment[i] != i) {  // a router sent to itself keeps its terminals' traffic
      d.sources.push_back(t.endpoints[i]);
      d.to.push_back({{t.endpoints[b.assignment[i]], t.terminals_per_router}});
    }
  return d;
}

}  // namespace topo::metrics
