#pragma once
// Mapping methods (doc/definitions.md §6, dissertation §3.3.3), their registry, and the incremental swap
// evaluation they share.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <functional>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

#include "topo/map/problem.hpp"
#include "topo/memory.hpp"
#include "topo/parallel/ranks.hpp"
#include "topo/rng.hpp"

namespace topo::map {

using clock_type = std::chrono::steady_clock;

/// What one restart of a method may spend: iterations (0 = time only) and/or a deadline.
struct Budget {
  std::uint64_t iterations = 0;
  clock_type::time_point deadline = clock_type::time_point::max();
  bool timed = false;
  clock_type::time_point start = clock_type::now();
  /// Fraction of the budget used after k iterations.
  double fraction(std::uint64_t k) const {
    double f = 0;
    if (iterations) f = double(k) / double(iterations);
    if (timed) {
      const double t = std::chrono::duration<double>(clock_type::now() - start).count() /
                       std::chrono::duration<double>(deadline - start).count();
      f = std::max(f, t);
    }
    return std::min(f, 1.0);
  }
  bool done(std::uint64_t k) const {
    if (iterations && k >= iterations) return true;
    return timed && (k & 255) == 0 && clock_type::now() >= deadline;
  }
};

/// What one restart of a method is given.
struct Restart {
  const Demand& demand;  // padded to the supply's size
  const Supply& supply;
  std::uint32_t tasks;  // the real tasks; the rest of the slots are idle
  unsigned index;       // restart number; restart r is seeded from (seed, r)
  double identity_cost;
  const Graph* network;  // may be null
  Rng& rng;
  const Budget& budget;
  const std::function<void(double)>& progress;          // fraction of this restart done; may be empty
  const std::function<void(const std::string&)>& note;  // a line for the user (a long run's estimate); may be empty
};

struct RestartResult {
  Mapping m;
  double cost = std::numeric_limits<double>::infinity();  // infinity: solve() evaluates m
  std::uint64_t iterations = 0;
};

/// A mapping method as --method names it. Methods are registered in lib/src/map/method_list.hpp: adding
/// one is a file in lib/src/map/ defining `Method method_NAME()` and one line there; topomap's choices,
/// help, errors and completions come from this list.
struct Method {
  std::string name;
  std::string help;        // one line
  bool randomized = true;  // false: every restart gives the same mapping (one is enough)
  /// Iterations per restart for about a second when neither --iterations nor --time-limit is given;
  /// empty for methods that construct one mapping.
  std::function<std::uint64_t(const Demand&, std::uint32_t nodes)> default_iterations = {};
  /// Adapts the demand before the restarts (tabu makes it dense); InputError when the method cannot run.
  std::function<void(Demand&, const Supply&)> prepare = {};
  std::function<RestartResult(const Restart&)> run;
  /// Bytes that prepare and `concurrent` restarts at once allocate on `nodes` slots beyond the mappings
  /// (tabu: the dense demand and two N x N matrices per restart); empty: nothing that grows faster than N.
  std::function<std::uint64_t(const Demand&, std::uint32_t nodes, unsigned concurrent)> memory = {};
};

/// Every method, in the order of topomap's --help.
const std::vector<Method>& methods();
/// The method of that name; UsageError listing the known names when there is none.
const Method& find_method(std::string_view name);
std::vector<std::string> method_names();

/// What topomap allocates to map `d` onto `nodes` slots (man/topomap.1, MEMORY): the network's graph (when
/// `g` is given), the demand and its copy padded to `nodes` tasks, the supply matrix (a dense N x N matrix of
/// `supply_entry` bytes per entry; 0: Supply's cache of 64 BFS rows), and the method's working memory with
/// `concurrent` restarts at once (each keeping a few mappings of N entries).
MemoryEstimate mapping_memory(const Demand& d, std::uint32_t nodes, unsigned supply_entry, const Method& m,
                              unsigned concurrent, const Graph* g = nullptr);

/// Restarts when none are asked for: a fixed number, so that the thread count changes only the speed, and
/// enough to keep that many threads busy under a time limit.
inline constexpr unsigned default_restarts = 8;

struct SolveOptions {
  std::string method = "anneal";
  std::uint64_t seed = 1;
  /// Per restart: swap proposals (anneal), iterations (tabu), generations (genetic). 0 = by the time limit,
  /// or a default scaled to the instance when there is no time limit either.
  std::uint64_t iterations = 0;
  /// Wall-clock seconds for the whole run (0 = none). With a time limit the result depends on the machine:
  /// each thread runs every T-th restart, and each restart gets an equal share of its thread's time left.
  double time_limit = 0;
  /// Independent restarts; restart r is seeded from (seed, r) and the best is chosen by (cost, r), so the
  /// result for a given seed does not depend on the number of threads (unless a time limit cuts it).
  unsigned restarts = default_restarts;
  int threads = 1;
  std::function<void(double)> progress;          // fraction done, called from one thread
  std::function<void(const std::string&)> note;  // lines for the user, e.g. a long run's estimated time
  const Graph* network = nullptr;                // for local moves and greedy growth (optional)
  /// The job's processes: rank k runs restarts k, k+P, k+2P, ... and every rank gets the best of all,
  /// the same as one process's (null: this process alone). Every rank must call solve.
  parallel::Ranks* ranks = nullptr;
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
