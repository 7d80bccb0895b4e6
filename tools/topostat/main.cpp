// topostat: reads a graph and prints its metrics.
#include <fmt/format.h>
#include <fmt/ostream.h>
#include <fmt/ranges.h>

#include "common/cli.hpp"
#include "common/io.hpp"
#include "common/job.hpp"
#include "common/progress.hpp"
#include "common/standard_streams.hpp"
#include "common/stdin_demand.hpp"
#include "common/suggest.hpp"
#include "common/version.hpp"
#include "topo/errors.hpp"
#include "topo/io/format.hpp"
#include "topo/map/problem.hpp"
#include "topo/metrics/measure.hpp"
#include "topo/metrics/report_output.hpp"
#include "topo/registry.hpp"
#include "topo/route/traffic.hpp"

namespace {

struct Options {
  std::string input = "-";
  std::string output;
  std::string format = "auto";
  bool directed = false;
  bool json = false;
  bool csv = false;
  bool histogram = false;
  bool paths = false;
  std::uint64_t paths_sample = 1000;
  bool throughput = false;
  std::string throughput_method = "auto";
  double epsilon = 0.05;
  std::string traffic;
  std::uint64_t hotspot = 0;
  std::string demand;
  bool no_provenance = false;
  int threads = 0;
  std::string method = "auto";
  std::uint64_t sample = 0;
  std::uint64_t seed = 1;
  std::string bisection = "auto";
  std::string utilization = "auto";
  std::string routing = "split";
  topo::metrics::CostInputs costs;
};

}  // namespace

int main(int argc, char** argv) {
  topo::cli::Tool tool("topostat", "topostat: print the metrics of an interconnection network", argc, argv);
  Options o;
  auto& app = tool.app;
  app.set_version_flag("--version", topo::cli::version_text("topostat") + "\n" + topo::cli::kernel_version_line(),
                       "print the version, commit and libraries and exit");
  app.add_option("graph", o.input, "graph file (edge list, JSON, descriptor, METIS or GraphML); - or nothing for stdin")
      ->type_name("GRAPH");
  app.add_option("-f,--format", o.format, "input format (default: detected)")
      ->check(topo::cli::one_of(topo::io::input_format_names()))
      ->type_name("FORMAT");
  app.add_flag("--directed", o.directed, "read a plain edge list as directed");
  std::vector<std::string> method_help, routing_help;
  for (const auto& m : topo::metrics::distance_methods()) method_help.push_back(fmt::format("{} ({})", m.name, m.help));
  for (const auto& r : topo::metrics::load_routings()) routing_help.push_back(fmt::format("{} ({})", r.name, r.help));
  app.add_option("--method", o.method, fmt::format("how to compute distances: {}", fmt::join(method_help, "; ")))
      ->check(topo::cli::one_of(topo::names_of(topo::metrics::distance_methods())))
      ->type_name("METHOD");
  app.add_option("--sample", o.sample, "with --method sample: number of random BFS sources")
      ->type_name("N")
      ->check(CLI::NonNegativeNumber);
  app.add_option("--seed", o.seed, "seed for sampling, METIS, symmetry checks and random traffic patterns (recorded)")
      ->type_name("N");
  app.add_option("--bisection", o.bisection, "bisection bounds: auto (up to 200000 nodes), yes, no")
      ->check(topo::cli::one_of(topo::names_of(topo::metrics::when_choices())))
      ->type_name("WHEN");
  app.add_option(
         "--utilization", o.utilization,
         "exact link loads under uniform traffic (u, Δ0, R, T, flow bound): auto (when sources·arcs ≤ 4e9), yes, no")
      ->check(topo::cli::one_of(topo::names_of(topo::metrics::when_choices())))
      ->type_name("WHEN");
  app.add_option("--routing", o.routing, fmt::format("routing for link loads: {}", fmt::join(routing_help, "; ")))
      ->check(topo::cli::one_of(topo::names_of(topo::metrics::load_routings())))
      ->type_name("ROUTING");
  app.add_flag("--paths", o.paths,
               "path diversity: shortest paths and edge-disjoint paths of every pair (of --paths-sample random "
               "pairs when nodes·arcs > 2e9), greedy edge-disjoint paths and their interference (EvalNet's)");
  app.add_option("--paths-sample", o.paths_sample,
                 "with --paths: random pairs for sampled edge-disjoint paths and for the greedy paths, random "
                 "quadruples for the interference")
      ->type_name("N")
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{100000000}))
      ->needs(app.get_option("--paths"));
  std::vector<std::string> throughput_help;
  for (const auto& t : topo::metrics::throughput_methods())
    throughput_help.push_back(fmt::format("{} ({})", t.name, t.help));
  app.add_flag("--throughput", o.throughput,
               "throughput θ under uniform traffic over any routing (max concurrent flow), and TUB for the "
               "worst-case permutation");
  app.add_option("--throughput-method", o.throughput_method,
                 fmt::format("with --throughput: {}", fmt::join(throughput_help, "; ")))
      ->check(topo::cli::one_of(topo::names_of(topo::metrics::throughput_methods())))
      ->type_name("METHOD");
  app.add_option("--epsilon", o.epsilon, "with --throughput: Garg–Könemann's ε, in (0, 1) (default 0.05)")
      ->type_name("E");
  auto* traffic = app.add_option("--traffic", o.traffic,
                                 fmt::format("with --throughput: θ under this traffic pattern instead of uniform: {}",
                                             fmt::join(topo::route::traffic_names(), ", ")))
                      ->check(topo::cli::one_of(topo::route::traffic_names()))
                      ->type_name("PATTERN")
                      ->needs(app.get_option("--throughput"));
  app.add_option("--hotspot", o.hotspot, "with --traffic hotspot: the router every router sends to (default 0)")
      ->type_name("NODE")
      ->needs(traffic);
  app.add_option("--demand", o.demand,
                 "with --throughput: θ under this router-to-router demand instead of uniform: Matrix Market (.mtx), "
                 "Harwell-Boeing (.rua/.rsa/.psa/.csa), or an edge list 'u v [weight]'")
      ->type_name("FILE")
      ->needs(app.get_option("--throughput"))
      ->excludes(traffic);
  app.add_option("--terminals-per-router", o.costs.terminals_per_router,
                 "Δ0: print T = N·Δ0, R = Δ + Δ0 and the subscription for it (and the terminals of --throughput)")
      ->type_name("D0");
  app.add_option("--prices", o.costs.prices, "c_i,c_t,c_r: interface, link and router prices for the cost per node")
      ->delimiter(',')
      ->expected(3)
      ->type_name("CI,CT,CR");
  app.add_option("--cr-weights", o.costs.cr_weights,
                 "w1,w2 of CR_w = (w1·degree + w2·diameter)/log2 N (default 0.5,0.5)")
      ->delimiter(',')
      ->expected(2)
      ->type_name("W1,W2");
  tool.add_json_flag(o.json);
  app.add_flag("--csv", o.csv, "print the figures as CSV (section,figure,value,note) instead of the table")
      ->excludes(app.get_option("--json"));
  app.add_flag("--histogram", o.histogram, "print only the distance distribution (as CSV with --csv)")
      ->excludes(app.get_option("--json"))
      ->excludes(app.get_option("--paths"))
      ->excludes(app.get_option("--throughput"));
  tool.add_output_option(o.output);
  tool.add_provenance_flag(o.no_provenance);
  tool.add_threads_option(o.threads);
  tool.add_progress_flags();
  tool.add_memory_option();

  return tool.run([&] {
    namespace m = topo::metrics;
    m::MeasureOptions mo;
    mo.method = m::parse_distance_method(o.method);
    mo.sample = o.sample;
    mo.seed = o.seed;
    mo.bisection = m::parse_when(o.bisection);
    mo.utilization = m::parse_when(o.utilization);
    mo.routing = m::parse_routing(o.routing);
    mo.threads = o.threads;
    mo.paths = o.paths;
    mo.paths_sampled_pairs = o.paths_sample;
    mo.throughput = o.throughput;
    mo.throughput_method = m::parse_throughput_method(o.throughput_method);
    mo.throughput_epsilon = o.epsilon;
    mo.throughput_terminals_per_router = o.costs.terminals_per_router;
    if (app.count("--hotspot") && (o.traffic.empty() || !topo::route::find_traffic(o.traffic).takes_hotspot))
      throw topo::UsageError(fmt::format("--hotspot goes with --traffic hotspot, not --traffic {}", o.traffic));
    if (o.demand == "-" && (o.input.empty() || o.input == "-"))
      throw topo::UsageError(
          "--demand -: the graph is read from standard input; give the graph or the demand as a file");
    if (!o.traffic.empty())
      mo.throughput_traffic = [&](const topo::Graph& g) {
        if (o.hotspot >= g.num_nodes())
          throw topo::InputError(fmt::format("--hotspot {}: the graph has {} nodes", o.hotspot, g.num_nodes()));
        topo::route::TrafficOptions to;
        to.seed = o.seed;
        to.hotspot = topo::node_id(o.hotspot);
        return m::pattern_traffic(g, o.traffic, to);
      };
    if (!o.demand.empty())
      mo.throughput_traffic = [&](const topo::Graph& g) {  // no more tasks than routers, before reading them
        const auto wt = topo::map::Weights::magnitude;
        return m::demand_traffic(o.demand == "-" ? topo::cli::read_demand_stdin(wt, g.num_nodes())
                                                 : topo::map::read_demand(o.demand, wt, g.num_nodes()));
      };
    mo.kernel = topo::cli::kernel_from_environment();
    mo.ranks = &topo::cli::job();  // under mpirun the ranks share the sweeps and searches
    std::optional<topo::cli::Progress> progress;
    mo.progress = [&](std::string_view stage) {
      progress.reset();  // the previous stage is over
      return progress.emplace(tool.progress_enabled(), std::string(stage)).callback();
    };
    mo.notice = [&](const std::string& note) {
      if (tool.leader()) topo::cli::write_stderr(fmt::format("topostat: {}\n", note));
    };
    // The whole run's memory is checked before the big arrays: a descriptor's before the graph is built,
    // any other input's once it is read.
    const auto budget = tool.memory();
    topo::io::ReadOptions ro;
    ro.format = topo::io::parse_format(o.format);
    ro.plain_directed = o.directed;
    ro.generate.memory = budget;
    ro.generate.estimate = [&](std::uint64_t nodes, std::uint64_t links, bool directed) {
      return m::measure_memory(nodes, links, directed, true, mo);
    };
    const auto g = topo::cli::load_graph(o.input, ro);
    budget.check(m::measure_memory(g.num_nodes(), g.num_links(), g.directed(), !g.meta.family.empty(), mo));
    const m::Report r = m::measure(g, mo);
    progress.reset();
    if (!tool.leader()) return;  // every rank has the whole report; rank 0 writes it

    topo::cli::Output out(o.output);
    if (o.json) {
      nlohmann::json j;
      if (!o.no_provenance) {
        j["provenance"] = tool.provenance(o.seed);
        j["provenance"]["kernel"] = m::kernel_name(mo.kernel);
      }
      j.update(m::report_json(g, r, o.costs));
      out.stream() << j.dump(2) << '\n';
    } else if (o.histogram && o.csv) {
      m::write_histogram_csv(out.stream(), r);
    } else if (o.histogram) {
      m::write_histogram_text(out.stream(), r);
    } else if (o.csv) {
      m::write_report_csv(out.stream(), g, r, o.costs);
    } else {
      m::write_report_text(out.stream(), g, r, o.costs);
    }
    out.commit();
  });
}
