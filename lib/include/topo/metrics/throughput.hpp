#pragma once
// Throughput (doc/definitions.md §4): the largest rate θ at which every terminal can send to every other terminal
// at once over any routing, a maximum concurrent multicommodity flow (Jyothi et al., SC 2016: θ is a fraction of
// each terminal's injection bandwidth 1; a link carries its multiplicity in each direction). Exact by linear
// programming (column generation, GLPK) where the LP fits, else certified bounds by Garg–Könemann; and the
// throughput upper bound of the worst-case permutation (TUB, Namyar et al., SIGCOMM 2021).
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

#include "topo/graph.hpp"
#include "topo/map/problem.hpp"
#include "topo/registry.hpp"
#include "topo/route/traffic.hpp"

namespace topo::metrics {

enum class ThroughputMethod { automatic, lp, approximation };
/// The settings of --throughput-method.
const std::vector<Choice<ThroughputMethod>>& throughput_methods();
ThroughputMethod parse_throughput_method(const std::string& name);

/// Uniform all-to-all traffic between terminals: `terminals_per_router` terminals on each endpoint router, each
/// sending θ/(T − 1) to every other terminal (T terminals in all). Traffic between two terminals of one router
/// uses no link; between routers s ≠ t it is θ·per_pair with per_pair = terminals_per_router²/(T − 1).
struct UniformTraffic {
  std::vector<node_id> endpoints;  // the routers with terminals (sorted)
  double terminals_per_router = 1;
  double terminals() const { return double(endpoints.size()) * terminals_per_router; }
  double per_pair() const;
};

/// Traffic between routers at θ = 1: the routers that send and what each sends to each router. Uniform traffic
/// keeps one amount for every ordered pair of routers with terminals (its N² entries would not fit large runs).
struct RouterDemand {
  std::vector<node_id> sources;  // increasing
  double uniform = 0;            // > 0: every source sends this much to every other source
  /// Otherwise: per source, (target, amount) with targets increasing, none the source itself, amounts > 0.
  std::vector<std::vector<std::pair<node_id, double>>> to;

  static RouterDemand of(const UniformTraffic& t);
  /// row[v] = what source i sends to v (row: one entry per node, zero where it sends nothing).
  void fill(std::size_t i, std::vector<double>& row) const;
  /// Σ_v (what source i sends to v)·dist[v].
  double weighted_distance(std::size_t i, const std::vector<double>& dist) const;
  /// The ordered router pairs with demand.
  std::uint64_t pairs() const;
  /// Whether every pair's amount equals its reverse's (uniform traffic, a demand matrix read as undirected).
  bool symmetric() const;
};

/// A traffic given instead of uniform (--traffic, --demand): router-to-router amounts before normalisation,
/// repeated pairs adding up. Normalised per terminal (the hose model of Jyothi et al.): scaled by one factor so
/// that the busiest router's terminals send or receive 1 each, i.e. the largest row or column sum is Δ0.
struct GivenTraffic {
  std::string name;   // the pattern's name, or the file's
  std::string label;  // for messages: "--traffic NAME" or the file's name
  std::vector<std::tuple<node_id, node_id, double>> entries;
};
/// A traffic pattern of toporoute's registry (route/traffic.hpp): every pair it gives demands 1. On an indirect
/// network (g.meta.endpoints) the pattern acts on the routers with terminals alone, numbered in increasing order;
/// o.hotspot must be one of them.
GivenTraffic pattern_traffic(const Graph& g, std::string_view pattern, const route::TrafficOptions& o);
/// A demand matrix as topomap reads it (map/problem.hpp): task i is router i, and a pair's weight w_ij is sent in
/// each direction (the readers' undirected convention).
GivenTraffic demand_traffic(const map::Demand& d);

/// θ under the traffic, or bounds of it: lower = upper for the LP (to its tolerance).
struct ThroughputBounds {
  double lower = 0, upper = 0;
  bool exact = false;                     // the LP's optimum
  std::uint64_t rows = 0;                 // LP: constraints (a capacity per arc or arc orbit, one per router pair)
  std::uint64_t columns = 0;              // LP: variables (the paths generated, and θ)
  std::uint64_t lp_sources = 0;           // LP: source routers kept (one per orbit when symmetric)
  std::uint64_t arc_classes = 0;          // LP: arc orbits when symmetric, else 0 (a row per arc)
  bool unordered_pairs = false;           // LP: a row per link and per unordered pair (ThroughputSymmetry)
  std::uint64_t phases = 0;               // LP: rounds of column generation; Garg–Könemann: phases routed
  std::uint64_t shortest_path_trees = 0;  // Dijkstra runs
  double epsilon = 0;                     // Garg–Könemann: the ε asked for (stops when lower ≥ (1 − ε)·upper)
};

/// TUB: no routing carries the worst-case permutation of terminals at more than
/// θ = (Σ arc capacities)/(terminals_per_router · max over router permutations π of Σ_s dist(s, π(s))).
/// The assignment is Jyothi et al.'s near-worst-case "longest matching" permutation: θ under it (by the same
/// method as the uniform θ) is at most the worst case, and TUB is at least the worst case.
struct PermutationBound {
  double tub = 0;
  std::uint64_t max_distance_sum = 0;     // the maximum-weight assignment's weight, in hops
  std::vector<std::uint32_t> assignment;  // router i with terminals sends to router assignment[i] (endpoint indices)
  std::optional<ThroughputBounds> longest_matching;  // θ under that permutation; absent when it uses no link
};

/// θ under a given traffic, normalised per terminal (GivenTraffic).
struct GivenThroughput {
  std::string name;
  ThroughputBounds theta;
  std::uint64_t pairs = 0;  // ordered router pairs with demand
  double busiest = 0;       // the largest row or column sum before normalisation
  double scale = 0;         // the factor the amounts were multiplied by: Δ0/busiest
};

struct Throughput {
  std::string method;                       // "lp" or "garg-konemann"
  std::optional<ThroughputBounds> uniform;  // absent when a traffic is given
  std::optional<GivenThroughput> given;
  double terminals_per_router = 1;
  std::uint64_t terminals = 0;  // rounded down when terminals_per_router is fractional
  std::uint64_t routers = 0;    // routers with terminals
  double capacity = 0;          // Σ arc capacities (multiplicity per direction)
  double per_pair = 0;          // UniformTraffic::per_pair: a router pair's demand at θ = 1
  std::optional<PermutationBound> permutation;
  std::string permutation_skipped;  // why `permutation` is absent
};

struct ThroughputOptions {
  ThroughputMethod method = ThroughputMethod::automatic;
  double epsilon = 0.05;
  /// The exact LP while its source routers (one per orbit under uniform traffic on a symmetric network, half of
  /// them when the reversal keeps each unordered pair once) times the arcs stay within this (automatic), else
  /// Garg–Könemann: on random regular graphs about 0.7 s at 1.6e4 (64/8) and 5 s at 4e4 (100/8; bench/RESULTS.md).
  double lp_max_source_arcs = 5e4;
  /// TUB's assignment (O(n³)) while the routers with terminals are at most this many.
  std::uint64_t permutation_max_routers = 1500;
  std::vector<node_id> endpoints;  // empty: every node
  double terminals_per_router = 1;
  int threads = 0;
  /// θ under this traffic instead of uniform.
  std::optional<GivenTraffic> traffic;
};

/// The traffic the options describe on g.
UniformTraffic uniform_traffic(const Graph& g, const ThroughputOptions& o);
/// The source routers an LP without automorphisms counts for its size: half the senders on an undirected graph,
/// whose LP keeps each unordered pair once (ThroughputSymmetry::reversal).
double throughput_lp_sources(bool directed, double senders);
/// The routers that send under the options' traffic (every router with terminals under uniform traffic) and the
/// source routers its LP without automorphisms counts: half of them on an undirected graph when the demand is
/// symmetric. A given traffic is normalised to find them (InputError as normalised_demand).
struct ThroughputSenders {
  double routers = 0, lp_sources = 0;
};
ThroughputSenders throughput_senders(const Graph& g, const ThroughputOptions& o);
/// Whether an LP of this many source routers over this many arcs is within the automatic method's size
/// (ThroughputOptions::lp_max_source_arcs).
bool throughput_lp_fits(const ThroughputOptions& o, double lp_sources, double arcs);
/// Whether the options pick the exact LP for such an LP: forced, or automatic and it fits.
bool throughput_uses_lp(const ThroughputOptions& o, double lp_sources, double arcs);
Throughput throughput(const Graph& g, const ThroughputOptions& o);

/// Symmetries of the LP, which give the same θ as the whole LP (a maximum concurrent flow averaged over them stays
/// optimal). Either, under uniform traffic, automorphisms of the graph that keep the routers with terminals and
/// every capacity: one source router per orbit, weighted by the orbit's size, and one capacity per orbit of arcs.
/// Or, on an undirected graph under a symmetric demand, the reversal of every path: a flow from t to s along the
/// reverse of each path from s to t, so that each unordered pair is kept once (t > s), standing for both
/// directions (weight 2), and each link's two arcs share one capacity row, which halves the LP.
struct ThroughputSymmetry {
  std::vector<node_id> sources;          // the sending routers the LP keeps: one per orbit
  std::vector<double> weight;            // the ordered pairs each kept pair stands for: the orbit's size, or 2
  std::vector<std::uint64_t> arc_class;  // the orbit of each arc
  std::vector<double> class_size;        // arcs per orbit
  bool unordered_pairs = false;          // the reversal: each source keeps only the targets above it
  /// The source routers the LP's size counts (throughput_lp_fits): half of them under the reversal.
  double lp_sources() const { return double(sources.size()) / (unordered_pairs ? 2 : 1); }
  /// No symmetry: every source and every arc its own.
  static ThroughputSymmetry none(const Graph& g, const std::vector<node_id>& sources);
  /// The reversal alone (undirected graphs, a symmetric demand): every source, the targets above it, a class
  /// per link.
  static ThroughputSymmetry reversal(const Graph& g, const std::vector<node_id>& sources);
};
/// The orbits by Traces or nauty (symmetry.hpp) of the automorphisms that keep the routers with terminals; where
/// there are none or a generator changes a capacity, the reversal on an undirected graph, else none().
ThroughputSymmetry throughput_symmetry(const Graph& g, const std::vector<node_id>& endpoints);

/// The exact LP by column generation over shortest paths (throughput_columns.cpp), solved by GLPK's simplex:
/// θ under d, with one source per orbit of `symmetry` (automorphisms under uniform traffic only, the reversal
/// under any symmetric demand on an undirected graph, else ThroughputSymmetry::none).
/// Throws InputError when GLPK fails.
ThroughputBounds throughput_lp(const Graph& g, const RouterDemand& d, const ThroughputSymmetry& symmetry, int threads);
/// Garg–Könemann (Fleischer's per-source variant): feasible flow and dual bounds until lower ≥ (1 − ε)·upper.
/// The upper bound starts at single_node_cut_bound.
ThroughputBounds throughput_garg_konemann(const Graph& g, const RouterDemand& d, double epsilon, int threads);
/// θ ≤ min over routers v of (capacity of v's arcs out)/(what v sends) and (capacity of its arcs in)/(what v
/// receives): every single-node cut, a dual bound that needs no shortest paths (infinity when nothing is sent).
double single_node_cut_bound(const Graph& g, const RouterDemand& d);
/// The traffic normalised per terminal on the routers with terminals `endpoints` (every node when empty);
/// InputError when a pair leaves the graph or a router without terminals, an amount is negative or not finite,
/// or no amount crosses the network.
RouterDemand normalised_demand(const Graph& g, const GivenTraffic& t, const std::vector<node_id>& endpoints,
                               double terminals_per_router, GivenThroughput& figures);
/// TUB from the hop distances between the routers with terminals, by an exact assignment (Hungarian method).
PermutationBound permutation_bound(const Graph& g, const UniformTraffic& t);
/// The longest matching as traffic: each router's terminals to its image's, one each (Δ0 per router pair).
RouterDemand longest_matching_demand(const UniformTraffic& t, const PermutationBound& b);
/// A maximum-weight perfect assignment of a square matrix (row i to column π(i)): its weight and π.
std::pair<std::int64_t, std::vector<std::uint32_t>> max_weight_assignment(
    const std::vector<std::vector<std::int64_t>>& weight);

/// Σ over arcs of their capacity (multiplicity; self-loops carry nothing).
double arc_capacity_sum(const Graph& g);
/// Bytes throughput() allocates: GLPK's LP and its factorization, or Garg–Könemann's per-arc state, and
/// TUB's distance matrix.
std::uint64_t throughput_memory(std::uint64_t nodes, std::uint64_t arcs, std::uint64_t routers, bool lp);

}  // namespace topo::metrics
