#pragma once
// A cycle-based network simulator in the manner of BookSim2 (Jiang et al., ISPASS 2013): synchronous
// cycles, input-queued routers with virtual channels and credit-based flow control, separable
// round-robin VC and switch allocators, and BookSim2's warm-up / sample / drain method.
//
// Every node of the graph is a router with `terminals_per_router` terminals (in an indirect network only
// the endpoints, GraphMeta::endpoints, have terminals; the others inject nothing). A link of multiplicity m
// and capacity c (0 = 1) is m·c parallel channels in each direction, each carrying one flit per cycle.
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>
#include <vector>

#include "topo/graph.hpp"
#include "topo/memory.hpp"
#include "topo/parallel/ranks.hpp"

namespace topo::sim {

/// Everything a run depends on; the tool fills it from the command line, names are checked by the
/// registries (routing_names(), vc_class_names(), route::terminal_traffic_names(), injection_names(),
/// ugal_queue_names(), ugal_rule_names()).
struct SimOptions {
  // Routing.
  std::string algo;                       // empty: the family's own minimal routing (route::default_minimal_routing)
  bool random_ties = false;               // shortest: random minimal next hop
  std::string routes_file;                // table routing: toporoute's JSON lines
  std::string ugal_rule;                  // ugal: empty: the family's (ugal_rule_names())
  std::optional<double> ugal_threshold;   // ugal: flits of bias to the minimal path; empty: the rule's
  std::string ugal_queue = "waiting";     // ugal: what an output's queue is (ugal_queue_names())
  std::string vc_classes;                 // empty: chosen from the routing (see resolve_vc_classes)
  bool allow_deadlock = false;            // run even when the channel dependency graph has a cycle
  std::uint64_t deadlock_cycles = 10000;  // cycles without any flit moving before a deadlock is declared
  // Workload.
  std::string traffic = "uniform";
  node_id hotspot = 0;
  double rate = 0.1;  // flits per terminal per cycle
  std::uint32_t packet_size = 1;
  std::string injection = "bernoulli";
  double burst_on = 8, burst_off = 8;  // onoff: mean lengths of the on and off periods (cycles)
  std::uint64_t messages = 0;          // batch mode when > 0
  bool channel_loads = true;           // keep every channel's utilisation (PointResult::channel_util, --loads)
  // Router.
  std::string flow = "wormhole";  // or vct
  std::string vc_reallocation =
      "same-cycle";                      // when a VC a tail flit left may be granted again (vc_reallocation_names())
  std::string next_head = "same-cycle";  // when the packet behind a tail starts route computation (next_head_names())
  std::string injection_channel = "one-cycle";  // from a terminal's send to its router (injection_channel_names())
  std::uint32_t vcs = 4, buffer = 8;
  double speedup = 1;  // flits an input port may send per cycle, on average (may be a fraction)
  std::uint32_t routing_delay = 1, vc_alloc_delay = 1, sw_alloc_delay = 1;
  std::string link_latency = "1";          // N, CLASS=N,... (a bare N sets the default), or length
  std::uint32_t terminals_per_router = 0;  // 0: the family's own per endpoint in indirect networks, else 1
  // Method.
  double warmup_tolerance = 0.05;
  std::uint64_t sample_period = 1000;
  std::uint32_t samples = 3;
  std::uint32_t max_samples = 20;  // warm-up windows before giving up on convergence
  /// BookSim2's latency_thres: a run whose mean latency, counting waiting packets at their age, exceeds
  /// this many cycles at the end of a window is unstable and stops (0: no test; not in batch mode).
  double latency_threshold = 500;
  std::uint64_t seed = 1;
  int threads = 1;
  /// Whether a point may run on fewer than `threads` threads: one for every 320 input ports (terminals' included)
  /// at most, below which a second thread costs more at the barriers than it saves. toposim sets it when -j is
  /// not given; tests and an explicit -j run the threads they ask for.
  bool fit_threads = false;
  /// The most the process's heap may grow while a point runs (0: unchecked), checked about every 2^20
  /// router-cycles (every 256 cycles at most): the
  /// packets waiting and in flight grow with the rate and the latency, which simulation_memory cannot know
  /// in advance. A point that grows more stops with MemoryLimitError.
  std::uint64_t packet_memory = 0;
  /// What --max-memory allowed (for that error's message).
  std::uint64_t max_memory = 0;
  /// Bytes of input VC state above which the engine takes the network as large, one that does not fit in
  /// the cache. It then prefetches what the next routers and arrivals will touch, so that a hop's cache
  /// misses overlap (16^4 torus, one thread: about 30% less CPU time, bench/RESULTS.md), and an open-loop
  /// run cuts its packets from arenas in huge pages. Below, prefetching would only add instructions (13% more
  /// on the 8x8 mesh). Not an option of toposim; the tests set 0 to check that these change nothing.
  std::uint64_t large_above = std::uint64_t{32} << 20;
  /// Bytes of input VC state (64 a VC) above which the engine holds it for the busy ports only, from a pool
  /// (MEMORY in toposim(1)): less memory, about 20% more CPU time. Not an option of toposim; the tests set 0.
  std::uint64_t pool_above = std::uint64_t{1} << 30;
};

struct Quantiles {
  double mean = 0, p50 = 0, p99 = 0, max = 0;
};

struct Deadlock {
  std::uint64_t cycle = 0;
  /// Channels holding blocked flits: (from, to, virtual channel, flits); a terminal side is no_node.
  struct Channel {
    node_id from, to;
    std::uint32_t vc, flits;
  };
  std::vector<Channel> channels;  // the first channels_listed, by router
  static constexpr std::size_t channels_listed = 256;
  std::uint64_t stuck_packets = 0;
};

/// One load point (one rate, or one batch run).
struct PointResult {
  double rate = 0;
  double offered = 0;                                    // flits per terminal per cycle generated in the windows
  double accepted_mean = 0, accepted_min = 0, jain = 0;  // flits per terminal per cycle delivered in the windows
  Quantiles packet_latency, network_latency;
  /// Packet latency minus the zero-load latency of the packet's own path (zero_load_latency): the
  /// cycles it waited for resources. Never negative (checked for every packet).
  Quantiles queueing;
  double hops_mean = 0;
  std::vector<std::uint64_t> hop_histogram;
  std::uint64_t injected = 0, delivered = 0, measured = 0;
  /// stable: converged, drained, no deadlock and the latency threshold never exceeded (BookSim2's test).
  bool converged = false, stable = false, drained = false, latency_exceeded = false;
  std::uint64_t cycles = 0;  // cycles simulated (batch: cycles to deliver every message)
  std::uint32_t warmup_windows = 0;
  double link_util_max = 0, link_util_mean = 0;
  std::vector<std::uint64_t> link_util_histogram;  // 10 bins of 0.1
  std::vector<double> channel_util;                // per channel, in channel order (for --loads)
  double vc_occupancy_mean = 0;                    // flits per input VC, averaged over the windows
  double vc_occupancy_max = 0;                     // fullest VC at any cycle of the windows, in flits
  /// The most flits in the network (sent by their terminal, not yet delivered) and input ports with a VC not
  /// idle at the end of a cycle, over the whole run: what the run's memory grows with (MEMORY in toposim(1)).
  std::uint64_t flits_in_flight_peak = 0, busy_ports_peak = 0, busy_vcs_peak = 0;
  std::optional<Deadlock> deadlock;
  /// Split over ranks: the bytes of flits, credits and packets the ranks sent each other (0 on one; not a figure of
  /// the network, so not in point_json).
  std::uint64_t exchanged_bytes = 0;
};

/// A channel of the simulated network, for per-link reports.
struct ChannelInfo {
  node_id from, to;
  std::string cls;     // link class name, empty when none
  std::uint32_t lane;  // index among the parallel channels of one link direction
  std::uint32_t latency;
};

struct SimSetup {
  std::string algo, vc_classes, link_latency;
  std::string ugal_rule;                     // resolved: --ugal-rule, or the family's
  double ugal_threshold = 0;                 // resolved: --ugal-threshold, or the rule's
  std::uint32_t classes = 1;                 // VC classes of the scheme
  std::vector<std::uint32_t> vcs_per_class;  // the VCs of each class (an even split of --vcs, or the scheme's)
  bool dependency_check_sampled = false;
  std::uint64_t dependency_routes = 0;
  std::uint64_t routers = 0, terminals = 0, channels = 0;
  std::uint32_t terminals_per_router = 1;  // resolved: on every router, or on every endpoint when indirect
  std::uint64_t bytes_per_router = 0;  // memory of the router state (buffers, VC and allocator state), every port busy
  /// The router state in parts (MEMORY in toposim(1)): per input port what does not grow with the traffic; per
  /// busy port (one with a VC not idle) its block of the VC pool, or without the pool (every port, the whole run)
  /// its VCs' state and buffers; per busy VC its state and buffer; per flit on a channel; per packet record.
  double bytes_per_port = 0;
  std::uint64_t bytes_per_busy_port = 0, bytes_per_busy_vc = 0, bytes_per_flit_in_flight = 0, bytes_per_packet = 0;
  double zero_load_latency = 0;       // closed form, mean over the traffic's pairs (see zero_load_latency)
  std::vector<std::string> warnings;  // what the configuration makes of a choice that the user may not expect
};

/// Routing choices of `--algo`: toporoute's algorithms and the simulator's own.
const std::vector<std::string>& routing_names();
std::string routing_help();
const std::vector<std::string>& vc_class_names();
std::string vc_class_help();
const std::vector<std::string>& injection_names();
std::string injection_help();
const std::vector<std::string>& flow_names();
std::string flow_help();
const std::vector<std::string>& vc_reallocation_names();
std::string vc_reallocation_help();
const std::vector<std::string>& next_head_names();
std::string next_head_help();
const std::vector<std::string>& injection_channel_names();
std::string injection_channel_help();
/// What the UGAL routings compare as an output's queue (--ugal-queue).
const std::vector<std::string>& ugal_queue_names();
std::string ugal_queue_help();
/// How the UGAL routings weigh the minimal and the Valiant queue (--ugal-rule).
const std::vector<std::string>& ugal_rule_names();
std::string ugal_rule_help();

/// What `toposim run` allocates on a network of that size (man/toposim.1, MEMORY): the graph; for each of
/// `concurrent` points simulated at once, the router state (every input VC's buffer of o.buffer flits and its
/// allocator state, output VCs, channel pipelines, terminals' queues) and, in batch mode, o.messages packet
/// records per terminal; the distance table of --algo minimal-adaptive (N x N entries). `channels` are the
/// router-to-router channels (simulated_channels); none before the graph is read: then as many as arcs, each with
/// its lane count kept, as when self-loops or parallel links leave some arc other than one channel. With
/// `split_over` ranks sharing one point's network (Simulator::run), what one rank allocates: the graph and the
/// tables whole, its share of the router state.
MemoryEstimate simulation_memory(std::uint64_t routers, std::uint64_t links, bool directed,
                                 std::optional<std::uint64_t> channels, std::uint64_t terminals, const SimOptions& o,
                                 std::uint64_t concurrent, std::uint64_t split_over = 1);

/// The channels between routers the simulator builds for g: one per arc and unit of its multiplicity and
/// capacity (a CLEX swap link of capacity k is k channels each way), self-loops left out.
std::uint64_t simulated_channels(const Graph& g);

/// A configured simulator on one graph: routing built, dependency check done (InputError when it
/// fails and allow_deadlock is unset). Points may be run concurrently. With `split`, of more than one rank, every
/// point is to be split over those ranks (run with them): each rank's simulator keeps the channels of its own block of
/// routers only, unless o.channel_loads (channel reads any); a point run otherwise is refused (Error).
class Simulator {
 public:
  Simulator(const Graph& g, const SimOptions& o, const parallel::Ranks* split = nullptr);
  ~Simulator();
  Simulator(const Simulator&) = delete;
  Simulator& operator=(const Simulator&) = delete;

  const SimSetup& setup() const;
  /// Network channel i (< setup().channels), in the order of PointResult::channel_util's network channels.
  ChannelInfo channel(std::uint64_t i) const;
  /// One point at `rate` (ignored in batch mode) with `seed`; `progress` gets the fraction done.
  /// `threads` < 1: the options' thread count. With `ranks` of more than one process, every rank calls it and
  /// runs its share of the network's routers (contiguous blocks), and every rank returns the whole result, the
  /// same as one process's; UGAL-G, which reads every router's queues, is refused (UsageError).
  PointResult run(double rate, std::uint64_t seed, const std::function<void(double)>& progress = {}, int threads = 0,
                  parallel::Ranks* ranks = nullptr) const;

  struct Impl;

 private:
  std::unique_ptr<Impl> impl_;
};

/// The zero-load packet latency of one packet of h hops in this model:
/// 2 (injection and ejection channels; 3 with --injection-channel two-cycles) + (h+1)·(routing + VC + switch
/// allocation delays + 1 for the crossbar) + the link latencies of its h hops + (F − 1) serialisation cycles.
double zero_load_latency(const SimOptions& o, std::uint32_t hops, std::uint64_t link_latency_sum);

/// Saturation search: the highest rate that is stable, accepts ≥ 0.97 × offered and whose mean packet
/// latency is ≤ 3 × the zero-load latency, bisected to `resolution`.
struct Saturation {
  double rate = 0;
  std::vector<PointResult> probes;
  std::string criterion;
};
/// With `ranks`, every rank calls it and each probe is split over them (Simulator::run).
inline constexpr double saturation_resolution = 0.005;  // toposim run --saturation's
Saturation find_saturation(const Simulator& s, std::uint64_t seed, double resolution = saturation_resolution,
                           parallel::Ranks* ranks = nullptr);

}  // namespace topo::sim

namespace topo::sim {

/// Repeats of one rate over several seeds: the mean and the half-width of a 95% confidence interval
/// (Student's t) of the mean packet latency and the accepted load.
struct Replicas {
  std::uint32_t n = 1;
  bool stable = true;  // every run stable; else the latency figures mean nothing (reported as null)
  double latency_mean = 0, latency_ci95 = 0, accepted_mean = 0, accepted_ci95 = 0;
};
Replicas summarize_replicas(const std::vector<PointResult>& runs);

/// Runs every (rate, seed) job, up to `threads` at a time (each single-threaded) when there are several,
/// else one job on `threads`; results in job order, the same for any thread count. With `ranks`, rank
/// k of P runs jobs k, k+P, ... and every rank gets all results in job order, the same as one
/// process's (every rank must make the same call); a single job is split over the ranks (Simulator::run).
std::vector<PointResult> run_points(const Simulator& s, const std::vector<std::pair<double, std::uint64_t>>& jobs,
                                    int threads, const std::function<void(double)>& progress = {},
                                    parallel::Ranks* ranks = nullptr);

/// The JSON object of one point (the keys of toposim(1) OUTPUT).
nlohmann::json point_json(const PointResult& p);
/// CSV: one row per point.
std::string csv_header();
std::string csv_row(const PointResult& p);

}  // namespace topo::sim
