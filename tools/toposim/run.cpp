#include "toposim/run.hpp"

#include <fmt/format.h>
#include <fmt/ostream.h>
#include <fmt/ranges.h>
#include <omp.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <iostream>
#include <nlohmann/json.hpp>

#include "common/io.hpp"
#include "common/job.hpp"
#include "common/progress.hpp"
#include "common/standard_streams.hpp"
#include "common/suggest.hpp"
#include "topo/errors.hpp"
#include "topo/gen/registry.hpp"
#include "topo/route/route.hpp"
#include "topo/route/traffic.hpp"
#include "topo/sim/run_output.hpp"

namespace toposim {

namespace sim = topo::sim;

CLI::App* add_run(CLI::App& app, RunCli& c) {
  auto& o = c.o;
  auto* r = app.add_subcommand("run", "simulate packets on any network, cycle by cycle, as BookSim2 does");
  r->fallthrough();
  r->add_option("graph", c.input, "graph file (edge list, JSON or descriptor); - or nothing for stdin")
      ->type_name("GRAPH");
  std::vector<std::string> family_defaults;
  for (const auto& a : topo::route::algorithms())
    if (a.family_default) family_defaults.push_back(a.name);
  r->add_option("--algo", o.algo,
                fmt::format("routing (default {} where it fits, else shortest): {}", fmt::join(family_defaults, ", "),
                            sim::routing_help()))
      ->check(topo::cli::one_of(sim::routing_names()))
      ->type_name("ALGO");
  r->add_flag("--random-ties", o.random_ties,
              "shortest: a random minimal next hop; dor: either way at a tie half round a ring, as BookSim2 (seeded)");
  r->add_option("--routes", o.routes_file, "table routing: toporoute's JSON-lines routes")->type_name("FILE");
  r->add_option("--ugal-rule", o.ugal_rule,
                "ugal, ugal-g, par: how the minimal and the Valiant queue are weighed: " + sim::ugal_rule_help())
      ->check(topo::cli::one_of(sim::ugal_rule_names()))
      ->type_name("RULE")
      ->default_str("");  // empty in the options means the family's
  r->add_option_function<double>(
       "--ugal-threshold", [&o](double q) { o.ugal_threshold = q; },
       "ugal, ugal-g, par: flits of queue that bias the rule to the minimal path (default the rule's: 30 "
       "dragonfly, 2 hop-weighted, BookSim2's)")
      ->type_name("Q");
  r->add_option("--ugal-queue", o.ugal_queue,
                "ugal, ugal-g, par: what an output's queue is (default waiting): " + sim::ugal_queue_help())
      ->check(topo::cli::one_of(sim::ugal_queue_names()))
      ->type_name("MEASURE");
  r->add_option("--traffic", o.traffic, "traffic pattern (default uniform): " + topo::route::terminal_traffic_help())
      ->check(topo::cli::one_of(topo::route::terminal_traffic_names()))
      ->type_name("PATTERN");
  r->add_option("--hotspot", o.hotspot, "hotspot: the terminal every terminal sends to (default 0)")->type_name("T");
  auto* rate =
      r->add_option("--rate", o.rate, "offered load in flits per terminal per cycle (default 0.1)")->type_name("R");
  r->add_option("--packet-size", o.packet_size, "flits per packet, 1 to 65535 (default 1)")->type_name("F");
  r->add_option("--flow", o.flow, "flow control (default wormhole): " + sim::flow_help())
      ->check(topo::cli::one_of(sim::flow_names()))
      ->type_name("MODE");
  r->add_option(
       "--vc-reallocation", o.vc_reallocation,
       "when an output VC a tail flit left may be granted again (default same-cycle): " + sim::vc_reallocation_help())
      ->check(topo::cli::one_of(sim::vc_reallocation_names()))
      ->type_name("WHEN");
  r->add_option("--next-head", o.next_head,
                "when the packet behind a tail flit in an input VC starts its route computation (default "
                "same-cycle): " +
                    sim::next_head_help())
      ->check(topo::cli::one_of(sim::next_head_names()))
      ->type_name("WHEN");
  r->add_option("--injection-channel", o.injection_channel,
                "cycles from a terminal's send to its router's input buffer (default one-cycle): " +
                    sim::injection_channel_help())
      ->check(topo::cli::one_of(sim::injection_channel_names()))
      ->type_name("CYCLES");
  r->add_option("--vcs", o.vcs, "virtual channels per input port (default 4)")->type_name("V");
  r->add_option("--buffer", o.buffer, "flits per VC buffer (default 8)")->type_name("B");
  r->add_option("--speedup", o.speedup,
                "flits an input port may send per cycle, on average: 1.5 alternates 1 and 2 (default 1)")
      ->type_name("S");
  r->add_option("--routing-delay", o.routing_delay, "cycles of route computation (default 1)")->type_name("N");
  r->add_option("--vc-alloc-delay", o.vc_alloc_delay, "cycles of VC allocation (default 1)")->type_name("N");
  r->add_option("--sw-alloc-delay", o.sw_alloc_delay, "cycles of switch allocation (default 1)")->type_name("N");
  r->add_option("--link-latency", o.link_latency,
                "cycles per link: N, CLASS=N,... (a bare N sets the rest), or length (from node positions)")
      ->type_name("LATENCY");
  r->add_option("--terminals-per-router", o.terminals_per_router,
                "terminals on every router, or on every endpoint of an indirect network (default 1, or the "
                "family's own: dragonfly h, fat-tree terminals 1, MLFM n-1, OFT q+1)")
      ->type_name("T")
      ->default_str("");  // 0 in the options means the family's own, not zero terminals
  r->add_option("--vc-classes", o.vc_classes, "deadlock avoidance (default: from the routing): " + sim::vc_class_help())
      ->check(topo::cli::one_of(sim::vc_class_names()))
      ->type_name("SCHEME");
  r->add_flag("--allow-deadlock", o.allow_deadlock, "run even when the channel dependency graph has a cycle");
  r->add_option("--deadlock-cycles", o.deadlock_cycles,
                "cycles without any flit moving before a deadlock is reported (default 10000)")
      ->type_name("C");
  r->add_option("--warmup-tolerance", o.warmup_tolerance,
                "warm-up ends when latency and accepted load of successive windows differ by less (default 0.05)")
      ->type_name("X");
  r->add_option("--sample-period", o.sample_period, "cycles per warm-up and sample window (default 1000)")
      ->type_name("C");
  r->add_option("--samples", o.samples, "measured sample windows (default 3)")->type_name("N");
  r->add_option("--max-samples", o.max_samples, "warm-up windows before giving up on convergence (default 20)")
      ->type_name("N");
  r->add_option("--latency-threshold", o.latency_threshold,
                "mean latency (waiting packets at their age) above which a point is unstable and stops; "
                "BookSim2's latency_thres (default 500, 0: off)")
      ->type_name("C");
  r->add_option("--messages", o.messages, "batch mode: every terminal sends M packets (random permutations)")
      ->type_name("M");
  r->add_option("--injection", o.injection, "injection process (default bernoulli): " + sim::injection_help())
      ->check(topo::cli::one_of(sim::injection_names()))
      ->type_name("PROCESS");
  r->add_option("--burst-on", o.burst_on, "onoff: mean cycles of an on period (default 8)")->type_name("C");
  r->add_option("--burst-off", o.burst_off, "onoff: mean cycles of an off period (default 8)")->type_name("C");
  auto* sw = r->add_option("--sweep", c.sweep, "a latency-load curve: rates R1 to R2 in steps of STEP")
                 ->type_name("R1:R2:STEP");
  auto* sat = r->add_flag("--saturation", c.saturation, "bisect on the rate for the saturation point");
  r->add_flag("--full-sweep", c.full_sweep, "--sweep: run every rate, also past the first unstable point");
  sw->excludes(sat);
  rate->excludes(sw);
  rate->excludes(sat);
  r->add_option("--seeds", c.seeds, "repeat every point with N seeds and report a 95% confidence interval")
      ->type_name("N");
  r->add_option("--seed", o.seed, "random seed (traffic, injection, every random choice; recorded)")->type_name("S");
  r->add_flag("--csv", c.csv, "one CSV row per point instead of JSON");
  r->add_option("--loads", c.loads_file, "write every channel's utilisation to FILE")->type_name("FILE");
  return r;
}

namespace {

// --sweep R1:R2:STEP, counted before its rates are made (a tiny STEP asks for more points than memory holds).
struct Sweep {
  double from = 0, to = 0, step = 1;
  std::uint64_t points = 0;  // saturated at 2^63
  std::vector<double> rates() const {
    std::vector<double> out;
    for (std::uint64_t k = 0; k < points; ++k) out.push_back(std::round((from + double(k) * step) * 1e9) / 1e9);
    return out;
  }
};

Sweep parse_sweep(const std::string& s) {
  double v[3];
  std::size_t at = 0;
  for (int i = 0; i < 3; ++i) {
    const auto end = i < 2 ? s.find(':', at) : s.size();
    if (end == std::string::npos) throw topo::UsageError(fmt::format("--sweep {}: expected R1:R2:STEP", s));
    try {
      std::size_t used = 0;
      v[i] = std::stod(s.substr(at, end - at), &used);
      if (used != end - at) throw std::invalid_argument("");
    } catch (const std::exception&) {
      throw topo::UsageError(fmt::format("--sweep {}: '{}' is not a number", s, s.substr(at, end - at)));
    }
    at = end + 1;
  }
  if (!(v[2] > 0) || v[0] < 0 || v[1] > 1 || v[1] < v[0])
    throw topo::UsageError(fmt::format("--sweep {}: needs 0 <= R1 <= R2 <= 1 and STEP > 0", s));
  Sweep w{v[0], v[1], v[2], 0};
  const double points = std::floor((v[1] + 1e-9 - v[0]) / v[2]) + 1;  // r = R1 + k STEP up to R2 (1e-9 slack)
  w.points = points >= 0x1p63 ? std::uint64_t(1) << 63 : std::uint64_t(points);
  return w;
}

/// The "parameters" of the JSON: the simulator's options and the run's own.
nlohmann::json parameters(const RunCli& c, const sim::SimSetup& s) {
  auto j = sim::options_json(c.o, s);
  j["sweep"] = c.sweep;
  j["full_sweep"] = c.full_sweep;
  j["saturation"] = c.saturation;
  j["seeds"] = c.seeds;
  return j;
}

}  // namespace

void run(topo::cli::Tool& tool, RunCli& c, const std::string& output, bool no_provenance, int threads) {
  if (c.seeds == 0) throw topo::UsageError("--seeds must be at least 1");
  if (c.o.messages && (!c.sweep.empty() || c.saturation))
    throw topo::UsageError("--messages is a batch run: no --sweep or --saturation");
  c.o.threads = threads > 0 ? threads : omp_get_max_threads();
  c.o.fit_threads = threads <= 0;
  // The ranges the simulator takes, checked before the memory estimate so that a value out of range is a usage
  // error however large it is (the estimate would refuse a large one first, with exit status 1).
  if (c.o.vcs == 0 || c.o.vcs > 255) throw topo::UsageError("--vcs must be between 1 and 255");
  if (c.o.buffer == 0 || c.o.buffer > 0xFFFF) throw topo::UsageError("--buffer must be between 1 and 65535 flits");
  if (c.o.packet_size == 0 || c.o.packet_size > 0xFFFF)
    throw topo::UsageError("--packet-size must be between 1 and 65535 flits");
  const std::uint64_t max_cycles = 1000000000000;  // 10^12 cycles a point: days of simulation
  if (const double cycles = (double(c.o.max_samples) + double(c.o.samples) + 1) * double(c.o.sample_period);
      cycles > double(max_cycles))
    throw topo::UsageError(
        fmt::format("--samples {} and --max-samples {} windows of --sample-period {} cycles are "
                    "{:.3g} cycles a point, more than {:.0e}",
                    c.o.samples, c.o.max_samples, c.o.sample_period, cycles, double(max_cycles)));
  const Sweep sweep = c.sweep.empty() ? Sweep{c.o.rate, c.o.rate, 1, 1} : parse_sweep(c.sweep);
  // Every point and seed keeps its result (with --loads, per-channel loads among them) until the output is
  // written: counted with the network, before the rates are made.
  c.o.channel_loads = !c.loads_file.empty();
  const std::uint64_t seeds = std::max<std::uint64_t>(1, c.seeds);
  const std::uint64_t runs = c.saturation                               ? 64
                             : sweep.points > ~std::uint64_t{0} / seeds ? ~std::uint64_t{0}
                                                                        : sweep.points * seeds;
  auto add_results = [&](topo::MemoryEstimate e, std::uint64_t channels, std::uint64_t terminals) {
    const std::uint64_t per_run =
        sizeof(sim::PointResult) + (c.o.channel_loads ? 8 * (channels + 2 * terminals) : 0) + 256;
    return e.add("point results", runs > ~std::uint64_t{0} / per_run ? ~std::uint64_t{0} : runs * per_run);
  };
  // The memory of the points simulated at once is checked before the network is built (a descriptor's
  // before its graph is).
  const auto budget = tool.memory();
  const std::uint64_t concurrent = std::min<std::uint64_t>(std::uint64_t(c.o.threads), c.saturation ? 1 : runs);
  // One point, or the probes of --saturation one after another, is split over the ranks (run_points): each holds its
  // share of the router state.
  const std::uint64_t split_over = runs == 1 || c.saturation ? std::uint64_t(topo::cli::job().size()) : 1;
  // A split point's threads take turns calling MPI (the one that ends a cycle); an MPI library that allows only the
  // main thread to call it runs the point on that thread alone.
  if (split_over > 1 && c.o.threads > 1 && !topo::cli::job().calls_from_any_thread()) {
    if (tool.leader())
      topo::cli::write_stderr(
          "toposim: warning: the MPI library gives a thread level below MPI_THREAD_SERIALIZED: a run split over the "
          "ranks uses one thread per rank\n");
    c.o.threads = 1;
  }
  topo::io::ReadOptions ro;
  ro.generate.memory = budget;
  ro.generate.estimate = [&](std::uint64_t nodes, std::uint64_t links, bool directed) {
    const std::uint64_t arcs = directed ? links : 2 * links, terminals = nodes * std::max(1u, c.o.terminals_per_router);
    return add_results(
        sim::simulation_memory(nodes, links, directed, std::nullopt, terminals, c.o, concurrent, split_over), arcs,
        terminals);
  };
  const auto g = topo::cli::load_graph(c.input, ro);
  std::uint64_t terminals = std::uint64_t(g.num_nodes()) * std::max(1u, c.o.terminals_per_router);
  if (const auto per = topo::gen::terminals_per_endpoint(g); per && c.o.terminals_per_router == 0)
    terminals = std::uint64_t(g.meta.endpoints.empty() ? g.num_nodes() : g.meta.endpoints.size()) * *per;
  // Now with the graph's capacities and multiplicities: the channels the network will have.
  const auto channels = sim::simulated_channels(g);
  const auto estimate = add_results(sim::simulation_memory(g.num_nodes(), g.num_links(), g.directed(), channels,
                                                           terminals, c.o, concurrent, split_over),
                                    channels, terminals);
  budget.check(estimate);
  const std::vector<double> rates = c.sweep.empty() ? std::vector<double>{c.o.rate} : sweep.rates();
  // While it runs, the packets may take what the estimate leaves of the limit (at least 64 MiB: the
  // estimate leaves out small tables, and a limit suggested from it leaves little).
  if (budget.limit) {
    c.o.max_memory = budget.limit;
    c.o.packet_memory = std::max<std::uint64_t>(budget.limit - std::min(budget.limit, estimate.total()), 64ull << 20);
  }
  const sim::Simulator s(g, c.o, split_over > 1 ? &topo::cli::job() : nullptr);
  if (tool.leader())
    for (const auto& w : s.setup().warnings) topo::cli::write_stderr(fmt::format("toposim: warning: {}\n", w));
  topo::cli::Progress bar(tool.progress_enabled(), "toposim run");
  topo::cli::Output out(output);
  auto& os = out.stream();
  const bool leader = tool.leader();  // rank 0 writes the results
  if (leader && c.csv) os << sim::csv_header() << '\n' << std::flush;
  sim::RunResults results;
  auto& points = results.points;
  auto& replicas = results.replicas;
  auto& sat = results.saturation;
  if (c.saturation) {
    sat = sim::find_saturation(s, c.o.seed, sim::saturation_resolution,
                               &topo::cli::job());  // each probe split over the ranks
    points = sat->probes;
    if (leader && c.csv)
      for (const auto& p : points) os << sim::csv_row(p) << '\n';
  } else {
    // The rates in order, as many at once as there are threads (and ranks): a CSV row is written as soon as its
    // point is done, and the sweep stops after the first unstable point unless --full-sweep.
    auto& ranks = topo::cli::job();
    const auto tick = bar.callback();
    const std::size_t at_once =
        std::max<std::size_t>(1, (std::size_t(c.o.threads) * std::size_t(ranks.size()) + c.seeds - 1) / c.seeds);
    for (std::size_t first = 0; first < rates.size(); first += at_once) {
      const auto last = std::min(rates.size(), first + at_once);
      std::vector<std::pair<double, std::uint64_t>> jobs;
      for (std::size_t i = first; i < last; ++i)
        for (std::uint32_t k = 0; k < c.seeds; ++k) jobs.emplace_back(rates[i], c.o.seed + k);
      const double done = double(first) / double(rates.size()), share = double(last - first) / double(rates.size());
      std::function<void(double)> progress;
      if (tick) progress = [&](double f) { tick(done + share * f); };
      auto all = sim::run_points(s, jobs, c.o.threads, progress, &ranks);
      bool unstable = false;
      for (std::size_t i = 0; i < last - first && !unstable; ++i) {
        std::vector<sim::PointResult> reps(all.begin() + std::ptrdiff_t(i * c.seeds),
                                           all.begin() + std::ptrdiff_t((i + 1) * c.seeds));
        replicas.push_back(sim::summarize_replicas(reps));
        points.push_back(std::move(reps.front()));
        if (leader && c.csv) os << sim::csv_row(points.back()) << '\n' << std::flush;
        unstable = !replicas.back().stable && !c.full_sweep && !c.sweep.empty();
      }
      if (unstable) break;
    }
  }
  bar.finish();
  if (!leader) return;
  for (const auto& p : points)
    if (p.deadlock)
      topo::cli::write_stderr(fmt::format("toposim: warning: deadlock at cycle {} at rate {} ({} packets stuck)\n",
                                          p.deadlock->cycle, p.rate, p.deadlock->stuck_packets));
  if (points.size() < rates.size() && !c.saturation)
    topo::cli::write_stderr(
        fmt::format("toposim: the sweep stopped after the first unstable point, rate {} (--full-sweep runs all)\n",
                    points.back().rate));
  if (!c.loads_file.empty()) {
    topo::cli::Output lf(c.loads_file);
    sim::write_channel_loads(lf.stream(), s, points);
    lf.commit();
  }
  if (c.csv) {
    if (sat) fmt::print(os, "# saturation rate {}: {}\n", sat->rate, sat->criterion);
  } else {
    auto j = sim::run_json(g, s, results);
    j["parameters"] = parameters(c, s.setup());
    j["seed"] = c.o.seed;
    if (!no_provenance) {
      j["provenance"] = tool.provenance(c.o.seed);
      j["provenance"]["threads"] = c.o.threads;  // the results do not depend on it, nor on the ranks
      j["provenance"]["ranks"] = topo::cli::job().size();
      std::uint64_t exchanged = 0, cycles = 0;  // a point split over the ranks: what crossed between them
      for (const auto& p : points) {
        exchanged += p.exchanged_bytes;
        cycles += p.exchanged_bytes ? p.cycles : 0;
      }
      if (exchanged) j["provenance"]["exchanged_bytes_per_cycle"] = double(exchanged) / double(cycles);
    }
    os << j.dump(2) << '\n';
  }
  out.commit();
}

}  // namespace toposim
