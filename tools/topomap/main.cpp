// topomap: maps the tasks of an application (a demand matrix) onto the nodes of a network (doc/definitions.md §6).
#include <fmt/format.h>
#include <fmt/ostream.h>
#include <fmt/ranges.h>

#include <cmath>
#include <iostream>
#include <thread>

#include "common/cli.hpp"
#include "common/io.hpp"
#include "common/job.hpp"
#include "common/progress.hpp"
#include "common/standard_streams.hpp"
#include "common/stdin_demand.hpp"
#include "common/suggest.hpp"
#include "topo/errors.hpp"
#include "topo/map/choices.hpp"
#include "topo/map/methods.hpp"
#include "topo/map/report_output.hpp"
#include "topo/registry.hpp"

namespace {

struct Options {
  std::string network;
  std::string demand, qap;
  std::string weights = "magnitude";
  std::string method = "anneal";
  double time_limit = 0;
  std::uint64_t iterations = 0;
  std::uint64_t seed = 1;
  unsigned restarts = topo::map::default_restarts;
  int threads = 0;
  std::string supply = "auto";
  double max_supply_mb = 4096;
  std::string evaluate;
  bool inverse = false;
  bool crop = false;
  std::string output;
  std::string mapping_format = "plain";
  bool json = false, csv = false, no_provenance = false;
};

bool ends_with(const std::string& s, const std::string& suf) {
  return s.size() >= suf.size() && s.compare(s.size() - suf.size(), suf.size(), suf) == 0;
}

}  // namespace

int main(int argc, char** argv) {
  topo::cli::Tool tool("topomap", "topomap: map the tasks of an application onto the nodes of a network", argc, argv);
  auto& app = tool.app;
  Options o;
  app.add_option("graph", o.network, "the network (edge list, JSON or descriptor; - for stdin)")->type_name("GRAPH");
  auto* dem = app.add_option("--demand", o.demand,
                             "demand matrix: Matrix Market (.mtx), Harwell-Boeing (.rua/.rsa/.psa/.csa), or an edge "
                             "list 'u v [weight]'; - for stdin")
                  ->type_name("FILE");
  auto* qap =
      app.add_option("--qap", o.qap, "a QAPLIB instance (.dat): minimise sum A_ij B_p(i)p(j)")->type_name("FILE");
  dem->excludes(qap);
  app.add_option("--weights", o.weights,
                 "communication volume of an entry: " + topo::help_of(topo::map::weight_choices()))
      ->check(topo::cli::one_of(topo::names_of(topo::map::weight_choices())))
      ->type_name("W");
  app.add_option("-m,--method", o.method, fmt::format("mapping method: {}", fmt::join(topo::map::method_names(), ", ")))
      ->check(topo::cli::one_of(topo::map::method_names()))
      ->type_name("M");
  std::string methods = "Mapping methods (--method):\n";
  for (const auto& m : topo::map::methods()) methods += fmt::format("  {:<10} {}\n", m.name, m.help);
  app.footer(methods);
  app.add_option("--time-limit", o.time_limit, "wall-clock seconds for the whole run")
      ->type_name("S")
      ->check(CLI::NonNegativeNumber);
  app.add_option("--iterations", o.iterations,
                 "per restart: swap proposals (anneal), iterations (tabu), generations (genetic)")
      ->type_name("N");
  app.add_option("--seed", o.seed, "random seed; restart r uses (seed, r)")->type_name("N");
  app.add_option("--restarts", o.restarts,
                 fmt::format("independent restarts, run -j at a time (default {})", topo::map::default_restarts))
      ->type_name("R");
  app.add_option("--supply", o.supply, "auto, dense (an N x N matrix) or rows (BFS rows on demand)")
      ->check(topo::cli::one_of(topo::names_of(topo::map::supply_modes())))
      ->type_name("MODE");
  app.add_option("--max-supply-mb", o.max_supply_mb, "largest dense supply matrix in MiB (default 4096)")
      ->type_name("MB");
  auto* ev =
      app.add_option("--evaluate", o.evaluate,
                     "score a mapping file (plain/VieM, Scotch, or a QAPLIB .sln with --qap) instead of searching")
          ->type_name("MAPPING");
  app.add_flag("--inverse", o.inverse, "with --evaluate: the file holds the inverse permutation")->needs(ev);
  app.add_flag("--crop", o.crop, "with more tasks than nodes, keep the first N tasks and the demand among them");
  app.add_option("-o,--output", o.output, "write the mapping to FILE (atomically)")
      ->type_name("FILE")
      ->check(topo::cli::file_name());
  app.add_option("--mapping-format", o.mapping_format, "format of the mapping written: plain (= viem) or scotch")
      ->check(topo::cli::one_of(topo::names_of(topo::map::mapping_formats())))
      ->type_name("F");
  tool.add_json_flag(o.json);
  app.add_flag("--csv", o.csv, "print the results as a CSV header and row (the mapping goes to -o)");
  tool.add_provenance_flag(o.no_provenance);
  tool.add_threads_option(o.threads);
  tool.add_progress_flags();
  tool.add_memory_option();

  return tool.run([&] {
    namespace tm = topo::map;
    if (o.demand.empty() && o.qap.empty()) throw topo::UsageError("give --demand FILE (with a network) or --qap FILE");
    if (o.csv && o.json) throw topo::UsageError("--csv and --json ask for two formats");
    const auto& method = tm::find_method(o.method);
    const auto wt = topo::find_named(tm::weight_choices(), o.weights, "--weights").id;
    const auto supply = topo::find_named(tm::supply_modes(), o.supply, "--supply").id;
    topo::Graph g;
    tm::Demand d;
    tm::Supply s;
    // The run's memory is checked before the N x N matrices (supply, tabu's) are allocated.
    const auto budget = tool.memory();
    const unsigned restarts = method.randomized ? std::max(1u, o.restarts) : 1;
    const unsigned threads = o.threads > 0 ? unsigned(o.threads) : std::max(1u, std::thread::hardware_concurrency());
    const unsigned concurrent = std::min(restarts, supply == tm::SupplyMode::rows ? 1u : threads);
    if (!o.qap.empty()) {
      if (!o.network.empty()) throw topo::UsageError("--qap gives both matrices; do not give a network");
      auto p = tm::from_qap(tm::read_qaplib(o.qap), o.qap);
      d = std::move(p.demand);
      s = std::move(p.supply);
      budget.check(tm::mapping_memory(d, s.size(), sizeof(double), method, concurrent));
    } else {
      if (o.demand == "-" && (o.network.empty() || o.network == "-"))
        throw topo::UsageError("--demand - reads standard input; give the network as a file");
      d = o.demand == "-" ? topo::cli::read_demand_stdin(wt) : tm::read_demand(o.demand, wt);
      topo::io::ReadOptions ro;
      ro.generate.memory = budget;  // a descriptor's graph is checked before it is built
      g = topo::cli::load_graph(o.network.empty() ? "-" : o.network, ro);
      if (o.crop && d.n > g.num_nodes()) d = d.cropped(g.num_nodes());
      if (d.n > g.num_nodes())
        throw topo::InputError(
            fmt::format("{}: {} tasks but the network has only {} nodes", o.demand, d.n, g.num_nodes()));
      const unsigned entry = supply == tm::SupplyMode::rows || g.directed() ? 0 : tm::Supply::dense_entry_bytes(g);
      budget.check(tm::mapping_memory(d, g.num_nodes(), entry, method, concurrent, &g));
      const auto max_bytes = static_cast<std::uint64_t>(o.max_supply_mb * 1048576.0);
      s = tm::Supply::from_graph(g, supply == tm::SupplyMode::dense ? ~0ull : max_bytes, supply == tm::SupplyMode::rows,
                                 64, o.threads);
    }
    const auto N = s.size();

    auto report = tm::report_for(d, s);
    tm::Mapping mapping;
    if (!o.evaluate.empty()) {
      std::vector<std::uint32_t> m;
      std::optional<double> stored;
      if (ends_with(o.evaluate, ".sln")) {
        auto sol = tm::read_qaplib_solution(o.evaluate);
        m = sol.perm;
        stored = sol.cost;
      } else {
        m = tm::read_mapping(o.evaluate).m;
      }
      if (o.inverse) {
        tm::check_mapping(m, static_cast<std::uint32_t>(m.size()), static_cast<std::uint32_t>(m.size()), o.evaluate);
        std::vector<std::uint32_t> inv(m.size());
        for (std::uint32_t i = 0; i < m.size(); ++i) inv[m[i]] = i;
        m = std::move(inv);
      }
      if (m.size() != d.n)
        throw topo::InputError(fmt::format("{}: maps {} tasks, the demand has {}", o.evaluate, m.size(), d.n));
      tm::check_mapping(m, d.n, N, o.evaluate);
      mapping = tm::complete(m, N);
      const auto dp = d.padded(N);
      report.cost = tm::evaluate(dp, s, mapping);
      tm::Mapping id(N);
      for (std::uint32_t i = 0; i < N; ++i) id[i] = i;
      report.identity_cost = tm::evaluate(dp, s, id);
      tm::EvaluationFigures scored{.file = o.evaluate, .stored_cost = stored, .matches_stored_cost = false};
      if (stored)
        scored.matches_stored_cost = std::fabs(*stored - report.cost) <= 1e-9 * std::max(1.0, std::fabs(report.cost));
      report.evaluation = scored;
    } else {
      tm::SolveOptions so;
      so.method = method.name;
      so.seed = o.seed;
      so.iterations = o.iterations;
      so.time_limit = o.time_limit;
      so.threads = o.threads;
      so.restarts = std::max(1u, o.restarts);  // never the thread count: -j must not change the result
      if (!method.randomized) so.restarts = 1;
      so.network = o.qap.empty() ? &g : nullptr;
      so.ranks = &topo::cli::job();  // under mpirun the ranks share the restarts
      topo::cli::Progress progress(tool.progress_enabled(), o.method);
      so.progress = progress.callback();
      so.note = [&](const std::string& line) { progress.note("topomap: " + line, tool.quiet()); };
      const auto r = tm::solve(d, s, so);
      progress.finish();
      mapping = r.mapping;
      report.cost = r.cost;
      report.identity_cost = r.identity_cost;
      report.search = tm::SearchFigures{.method = o.method,
                                        .seed = o.seed,
                                        .restarts = so.restarts,
                                        .best_restart = r.best_restart,
                                        .iterations = r.iterations,
                                        .seconds = r.seconds};
    }
    const std::span<const std::uint32_t> tasks(mapping.data(), d.n);
    report.mapping.assign(tasks.begin(), tasks.end());

    if (!tool.leader()) return;  // every rank has the result; rank 0 writes it
    const auto fmt_map = topo::find_named(tm::mapping_formats(), o.mapping_format, "--mapping-format").id;
    if (!o.output.empty()) {
      topo::cli::Output mf(o.output);
      tm::write_mapping(mf.stream(), tasks, fmt_map);
      mf.commit();
      // The report lines are a summary of what -o holds: with standard output closed by the caller
      // (`>&-`) there is nowhere to show them, and the run has done what was asked.
      if (topo::cli::stdout_was_closed()) return;
    }
    topo::cli::Output out("-");
    auto& os = out.stream();
    if (o.csv) {
      tm::write_report_csv(os, report);
    } else if (o.json) {
      auto j = tm::report_json(report);
      // The search's wall-clock time differs between runs and thread counts: it goes with the provenance.
      const auto seconds = j.contains("seconds") ? j["seconds"] : nlohmann::json();
      j.erase("seconds");
      if (!o.no_provenance) {
        j["provenance"] = tool.provenance(o.seed);
        if (!seconds.is_null()) j["provenance"]["seconds"] = seconds;
      }
      os << j.dump(2) << '\n';
    } else {
      tm::write_report_text(os, report);
      if (o.output.empty()) tm::write_mapping(os, tasks, fmt_map);
    }
    out.commit();
  });
}
