// topostat --paths's computation alone, to set beside a peer's call on a graph already in memory: the wall time
// of metrics::measure as `topostat --paths --paths-sample 1 --bisection no --utilization no` runs it (sizes,
// distances, σ of every ordered pair, λ of every pair by a Gomory–Hu tree, the greedy paths and interference on
// one sample), reading the graph and starting the process excluded; and λ alone (metrics::edge_disjoint_paths, the
// figure igraph's gomory_hu_tree gives). The median of RUNS each, with the histograms' sizes to check against the
// process's.
// Usage: paths_call GRAPH [THREADS] [RUNS]; TOPO_KERNEL picks the kernel, as for topostat.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "common/io.hpp"
#include "common/version.hpp"
#include "topo/metrics/measure.hpp"
#include "topo/metrics/path_diversity.hpp"

namespace {

/// The median wall time of `runs` calls.
template <class Call>
double median_seconds(int runs, Call&& call) {
  std::vector<double> seconds;
  for (int run = 0; run < runs; ++run) {
    const auto t0 = std::chrono::steady_clock::now();
    call();
    seconds.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  }
  std::nth_element(seconds.begin(), seconds.begin() + runs / 2, seconds.end());
  return seconds[std::size_t(runs / 2)];
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: paths_call GRAPH [THREADS] [RUNS]\n");
    return 2;
  }
  const auto g = topo::cli::load_graph(argv[1]);
  topo::metrics::MeasureOptions o;
  o.threads = argc > 2 ? std::atoi(argv[2]) : 0;
  const int runs = std::max(1, argc > 3 ? std::atoi(argv[3]) : 9);
  o.kernel = topo::cli::kernel_from_environment();
  o.bisection = topo::metrics::When::no;
  o.utilization = topo::metrics::When::no;
  o.paths = true;
  o.paths_sampled_pairs = 1;
  topo::metrics::Report report;
  const double all = median_seconds(runs, [&] { report = topo::metrics::measure(g, o); });
  topo::metrics::PathDiversityOptions po;
  po.threads = o.threads;
  po.kernel = o.kernel;
  po.endpoints = g.meta.endpoints;
  topo::metrics::EdgeDisjointPaths lambda;
  const double lambda_seconds = median_seconds(runs, [&] { lambda = topo::metrics::edge_disjoint_paths(g, po); });
  const auto& p = *report.paths;
  std::printf("seconds %.6f lambda_seconds %.6f shortest_path_pairs %llu disjoint_pairs %llu exact %s\n", all,
              lambda_seconds, static_cast<unsigned long long>(p.shortest.pairs),
              static_cast<unsigned long long>(lambda.pairs), lambda.exact ? "yes" : "no");
}
