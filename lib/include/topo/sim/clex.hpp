#pragma once
// The CLEX point-to-point routing algorithm A(l) (CLEX §II-D) as simulated in the paper (§III):
// synchronous rounds, unit messages, one message per directed link per round (self-loops included),
// the random-permutation workload, no Valiant step. doc/definitions.md §7.1.
//
// The network is implicit in the node labels: node id = v1 + k*v2 + k^2*v3 + ..., vi in [0,k).
// Level 1 is the clique of nodes differing only in v1; the level-(l+1) links of (v1..vl, i, rest) go
// to (v1..v_{l-1}, j, vl, rest) for every j (doc/definitions.md §3.4).
#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "topo/memory.hpp"

namespace topo::sim {

/// Dense traffic relays after a request/acknowledge handshake (CLEX §III-A); light traffic sends
/// the copies of the remaining messages directly (CLEX §III-B).
enum class ClexTraffic { dense, light };
/// How the copy count of a relay phase is taken from k(i) (the paper's "[k(i)]").
enum class ClexCopyRounding { ceil, floor };
/// Which n the cap sqrt(log n) of the copy schedule uses: the clique A(1) runs on, or the network.
enum class ClexCopyCap { clique, network };
/// Destinations: the paper's random permutation of the multiset holding every node M times, or
/// independent uniform destinations (every node sends M, receives M on average).
enum class ClexWorkload { permutation, uniform };
/// Who gets one more message when a gateway spreads X messages over its k level-l links.
enum class ClexSpread { random, fixed };

/// One payload transmission, recorded only when ClexOptions::audit is set (tests, tiny sizes).
struct ClexEvent {
  std::uint8_t level;      // level of the link used
  std::uint64_t instance;  // id of the A(level) instance (rounds are counted per instance)
  std::uint32_t round;     // 1-based round inside that instance
  std::uint32_t from, to;  // node ids
  std::uint32_t message;   // message id (index in the workload)
  bool copy;               // a light-traffic copy on its way to a relay
  bool accepted;           // this transmission moved the message to its instance target
};

/// Where a run of A(L) is, reported at the top level (L >= 2) as it advances: step 1 moves the messages to
/// gateways (A(L-1) in each of the k copies), step 2 crosses the level-L links, step 3 delivers (A(L-1) again).
struct ClexProgress {
  std::uint32_t level = 0;        // L
  std::uint32_t step = 0;         // 1, 2 or 3
  std::uint32_t copies_done = 0;  // of the step's k runs of A(L-1) (0 of 0 in step 2)
  std::uint32_t copies = 0;
  std::uint64_t messages_left = 0;  // not yet delivered
};

struct ClexOptions {
  std::uint32_t clique = 0;    // k
  std::uint32_t levels = 0;    // L
  std::uint32_t messages = 0;  // M per node (ignored when `workload` is given)
  std::uint64_t seed = 1;
  ClexTraffic traffic = ClexTraffic::dense;
  ClexWorkload destinations = ClexWorkload::permutation;
  // Places where the paper leaves a choice open; the defaults are the paper's reading.
  ClexCopyRounding copies = ClexCopyRounding::ceil;
  ClexCopyCap copy_cap = ClexCopyCap::clique;
  /// Count the two handshake rounds of dense traffic in the mean rounds. Off: Table I's 13.69 is
  /// only reachable without them (max rounds always include them: 11 = 5 phases).
  bool handshake_in_mean = false;
  ClexSpread spread = ClexSpread::random;
  int threads = 0;  // 0 = OpenMP default
  /// Explicit workload (source, destination) instead of the random permutation; for tests.
  std::vector<std::pair<std::uint32_t, std::uint32_t>> workload;
  /// When non-null, every payload transmission is appended here (serial run; tiny sizes only).
  std::vector<ClexEvent>* audit = nullptr;
  /// Called as the run advances (never concurrently; from whichever thread finished a piece). Empty: no calls.
  std::function<void(const ClexProgress&)> progress;
};

/// The paper's four columns for one level, plus the raw sums they come from.
struct ClexLevelStats {
  std::uint32_t level = 0;
  std::uint64_t instances = 0;
  std::uint32_t max_rounds = 0;  // max over instances, recursive calls excluded
  double mean_rounds = 0;        // per message, summed over all its calls on this level
  double max_mean_load = 0;      // max over instances of messages / nodes of the instance
  double mean_hops = 0;          // links crossed per message by its delivered path
  double mean_link_uses = 0;     // all payload transmissions per message (copies included)
  std::uint64_t round_sum = 0, hop_sum = 0, link_use_sum = 0, max_instance_messages = 0;
};

/// A comparison with a 3-D torus of the same size (CLEX §III-A/B), with the formula it came from.
struct ClexComparison {
  double value = 0;
  std::string formula;
};

struct ClexResult {
  std::uint32_t clique = 0, levels = 0;
  std::uint64_t nodes = 0, messages = 0;
  std::vector<ClexLevelStats> per_level;  // index 0 = level 1
  /// Messages still undelivered after each phase of A(1), summed over all instances; index 0 is
  /// the initial count, index p the count after phase p (Figure 3).
  std::vector<std::uint64_t> a1_remaining;
  /// Number of A(1) instances that needed exactly p phases (index p; index 0 = empty instances).
  std::vector<std::uint64_t> a1_phases;
  std::uint64_t a1_duplicates = 0;  // light traffic: copies forwarded to a target that had the message
  std::uint64_t undelivered = 0;    // messages not at their destination at the end (must be 0)
  ClexComparison propagation_ratio, hop_reduction, bandwidth_gain;
  std::uint32_t message_record_bytes = 0;  // one in-flight message
  /// Working memory with one thread (message records, the top level's sort buffer and offsets) and
  /// what each further thread adds (a sort buffer for the largest copy it may get). Computed from
  /// the sizes, not measured, so that the output does not depend on the thread count.
  std::uint64_t working_bytes = 0, bytes_per_extra_thread = 0;
  double bytes_per_node = 0;  // working_bytes / nodes
};

/// What simulate_clex allocates (man/toposim.1, MEMORY): a record per message (k^L · M of them) and the
/// engines' copies of the records they regroup; counted without checking the options.
MemoryEstimate clex_memory(const ClexOptions& options);

/// Validates the options (throws topo::InputError naming the failed constraint) and runs A(L).
ClexResult simulate_clex(const ClexOptions& options);

}  // namespace topo::sim

namespace topo::sim {

/// All-to-all on C(1/L, L) (CLEX §II-C): every message is flooded along a tree of shortest hop
/// paths from its source, lower-level links preferred; a level-l link is taken to be as long as
/// the paper's worst case, sqrt(3) k^(l/3) / 2 node spacings (levels nested in cubes, §II-B).
struct ClexAllToAllOptions {
  std::uint32_t clique = 0, levels = 0;
  std::uint32_t sources = 0;  // trees to build; 0 = every node when k^L <= 4096, else 16
  std::uint64_t seed = 1;     // picks the sources when they are a sample
  int threads = 0;
};

/// One kind of flooding tree, averaged over the sources.
struct ClexTreeStats {
  double mean_hops = 0;                              // over (source, destination != source)
  std::uint32_t max_hops = 0;                        // the largest depth of any tree
  std::vector<double> links_per_level;               // mean transmissions of one flood on level l (index l-1)
  std::uint32_t max_links_on_a_level = 0;            // most links of one level on any tree path
  double mean_propagation = 0, max_propagation = 0;  // node spacings, along tree paths
  double hop_reduction = 0;                          // torus_mean_hops / mean_hops
  double propagation_ratio = 0;                      // mean_propagation / torus_mean_hops
};

struct ClexAllToAllResult {
  std::uint32_t clique = 0, levels = 0;
  std::uint64_t nodes = 0, sources = 0;
  bool all_sources = false;
  /// Shortest hop paths, ties broken towards the shorter (lower-level) links: the tree CLEX §II-C
  /// defines. For L >= 3 some of its paths cross two links of one level.
  ClexTreeStats shortest;
  /// Levels 1, 2, ..., L in turn, one link each (steps that would stay put are skipped): the tree
  /// behind the paper's "at most one edge on each level" and its propagation bound.
  ClexTreeStats ascending;
  double torus_mean_hops = 0;        // (k1 + k2 + k3) / 2 for the cube torus of n nodes
  double paper_max_propagation = 0;  // sqrt(3) n^(1/3)/2 * sum_{i<L} n^(-i/(3L)) (CLEX §II-C)
};

ClexAllToAllResult clex_all_to_all(const ClexAllToAllOptions& options);

}  // namespace topo::sim
