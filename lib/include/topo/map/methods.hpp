#pragma once
// Mapping heuristics (doc/definitions.md §6, dissertation §3.3.3) and the incremental swap evaluation they share.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "topo/map/problem.hpp"

namespace topo::map {

enum class Method { identity, random, greedy, anneal, genetic, tabu };
Method parse_method(const std::string& name);
const char* method_name(Method m);

struct SolveOptions {
  Method method = Method::anneal;
  std::uint64_t seed = 1;
  /// Per restart: swap proposals (anneal), iterations (tabu), generations (genetic). 0 = by the time limit,
  /// or a default scaled to the instance when there is no time limit either.
  std::uint64_t iterations = 0;
  /// Wall-clock seconds for the whole run (0 = none). With a time limit the result depends on the machine.
  double time_limit = 0;
  /// Independent restarts; restart r is seeded from (seed, r) and the best is chosen by (cost, r), so the
  /// result for a given seed does not depend on the number of threads (unless a time limit cuts it).
  unsigned restarts = 1;
  int threads = 1;
  std::function<void(double)> progress;  // fraction done, called from one thread
  const Graph* network = nullptr;        // for local moves and greedy growth (optional)
};

struct SolveResult {
  Mapping mapping;  // all N slots
  double cost = 0;
  double identity_cost = 0;
  std::uint64_t iterations = 0;  // summed over restarts
  unsigned best_restart = 0;
  double seconds = 0;
};

/// Maps the demand's tasks (n ≤ N) onto the supply's N nodes.
SolveResult solve(const Demand& d, const Supply& s, const SolveOptions& o);

/// Incremental evaluation of swap moves (exposed for tests and benchmarks).
class SwapEvaluator {
 public:
  /// d must be padded to s.size() slots.
  SwapEvaluator(const Demand& d, const Supply& s, Mapping m);
  double cost() const { return cost_; }
  const Mapping& mapping() const { return m_; }
  std::uint32_t task_at(std::uint32_t node) const { return inv_[node]; }
  /// C(after swapping the nodes of slots a and b) − C(now): O(deg a + deg b) sparse, O(N) dense.
  double delta(std::uint32_t a, std::uint32_t b) const;
  void apply(std::uint32_t a, std::uint32_t b, double delta);

 private:
  const Demand& d_;
  const Supply& s_;
  Mapping m_, inv_;
  double cost_ = 0;
};

}  // namespace topo::map
