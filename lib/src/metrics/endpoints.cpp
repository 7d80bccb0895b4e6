#include "topo/metrics/endpoints.hpp"

#include <omp.h>

#include <algorithm>
#include <atomic>
#include <limits>
#include <vector>

namespace topo::metrics {

DistanceStats endpoint_distances(const Graph& g, std::span<const node_id> endpoints, const DistanceOptions& opt) {
  constexpr std::uint32_t unreached = std::numeric_limits<std::uint32_t>::max();
  const node_id n = g.num_nodes();
  std::vector<char> is_endpoint(n, 0);
  for (node_id v : endpoints) is_endpoint[v] = 1;
  DistanceStats s;
  s.sources.assign(endpoints.begin(), endpoints.end());
  s.eccentricity.assign(endpoints.size(), 0);
  std::atomic<std::size_t> finished{0};
#pragma omp parallel num_threads(opt.threads > 0 ? opt.threads : omp_get_max_threads())
  {
    std::vector<std::uint32_t> dist(n, unreached);
    std::vector<node_id> order;
    std::vector<std::uint64_t> histogram;
    std::uint64_t unreachable = 0;
#pragma omp for schedule(dynamic, 16) nowait
    for (std::size_t i = 0; i < endpoints.size(); ++i) {
      order.assign(1, endpoints[i]);
      dist[endpoints[i]] = 0;
      std::uint64_t reached = 0;
      std::uint32_t eccentricity = 0;
      for (std::size_t h = 0; h < order.size(); ++h) {
        const node_id v = order[h];
        if (is_endpoint[v]) {
          if (histogram.size() <= dist[v]) histogram.resize(dist[v] + 1, 0);
          ++histogram[dist[v]];
          ++reached;
          eccentricity = std::max(eccentricity, dist[v]);
        }
        for (node_id x : g.out_neighbors(v))
          if (dist[x] == unreached) {
            dist[x] = dist[v] + 1;
            order.push_back(x);
          }
      }
      unreachable += endpoints.size() - reached;
      s.eccentricity[i] = eccentricity;
      for (node_id v : order) dist[v] = unreached;
      const auto done = ++finished;
      if (opt.progress && omp_get_thread_num() == 0) opt.progress(double(done) / double(endpoints.size()));
    }
#pragma omp critical
    {
      if (s.histogram.size() < histogram.size()) s.histogram.resize(histogram.size(), 0);
      for (std::size_t d = 0; d < histogram.size(); ++d) s.histogram[d] += histogram[d];
      s.unreachable_pairs += unreachable;
    }
  }
  finish_stats(s, endpoints.size());
  return s;
}

std::uint64_t endpoint_degree_max(const Graph& g, std::span<const node_id> endpoints) {
  std::uint64_t most = 0;
  for (node_id v : endpoints) most = std::max(most, g.out_degree(v));
  return most;
}

}  // namespace topo::metrics
