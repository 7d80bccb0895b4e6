// toporoute: routes pairs of nodes on a graph and reports the paths, per-link loads, a deadlock
// check, and one-port broadcast schedules (doc/definitions.md §5).
#include <fmt/format.h>
#include <fmt/ostream.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>

#include "common/cli.hpp"
#include "common/io.hpp"
#include "common/suggest.hpp"
#include "topo/errors.hpp"
#include "topo/io/csv.hpp"
#include "topo/io/format.hpp"
#include "topo/io/gzip.hpp"
#include "topo/metrics/link_loads.hpp"
#include "topo/parallel/threads.hpp"
#include "topo/route/analysis.hpp"
#include "topo/route/broadcast.hpp"
#include "topo/route/pairs.hpp"
#include "topo/route/route.hpp"
#include "topo/route/summary_output.hpp"
#include "topo/route/traffic.hpp"

namespace {

namespace r = topo::route;
using topo::node_id;
using topo::io::csv_field;

struct Options {
  std::string input = "-";
  std::string format = "auto";
  bool directed = false;
  std::string output;
  bool json = false;
  bool csv = false;
  bool no_provenance = false;
  // Pairs.
  std::optional<std::uint64_t> from, to;
  std::string pairs_file;
  std::string traffic;
  std::uint64_t seed = 1;
  std::uint64_t hotspot = 0;
  // Routing.
  std::string algo = "shortest";
  bool random_ties = false;
  bool split = false;
  std::string inner;  // valiant: empty for the graph's own minimal routing
  bool count_paths = false;
  // Output.
  bool text = false;
  bool summary = false;
  std::size_t top = 5;
  std::string loads_file;
  bool check_deadlock = false;
  // Broadcast.
  std::uint64_t root = 0;
  std::string bcast_algo = "tree";
};

topo::Graph load(const topo::cli::Tool& tool, const Options& o) {
  topo::io::ReadOptions ro;
  ro.format = topo::io::parse_format(o.format);
  ro.plain_directed = o.directed;
  ro.generate.memory = tool.memory();  // a descriptor's graph is checked before it is built
  return topo::cli::load_graph(o.input, ro);
}

node_id node_arg(const topo::Graph& g, std::uint64_t v, const char* what) {
  if (v >= g.num_nodes()) throw topo::InputError(fmt::format("{} {}: the graph has {} nodes", what, v, g.num_nodes()));
  return node_id(v);
}

std::vector<r::Pair> pairs_of(const topo::Graph& g, const Options& o, const topo::MemoryBudget& budget) {
  const int given = int(o.from.has_value() || o.to.has_value()) + int(!o.pairs_file.empty()) + int(!o.traffic.empty());
  if (given != 1) throw topo::UsageError("give exactly one of --from/--to, --pairs FILE or --traffic PATTERN");
  if (o.from || o.to) {
    if (!o.from || !o.to) throw topo::UsageError("--from and --to go together");
    return {{node_arg(g, *o.from, "--from"), node_arg(g, *o.to, "--to")}};
  }
  if (!o.pairs_file.empty()) {
    std::ifstream file(o.pairs_file, std::ios::binary);
    if (!file) throw topo::InputError(fmt::format("cannot open {}: {}", o.pairs_file, std::strerror(errno)));
    std::string text((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
    if (topo::io::is_gzip(text)) text = topo::io::gunzip(text, o.pairs_file, &budget);  // as graph files
    std::istringstream in(std::move(text));
    return r::read_pairs(in, o.pairs_file, g.num_nodes());
  }
  r::TrafficOptions to;
  to.seed = o.seed;
  to.hotspot = node_arg(g, o.hotspot, "--hotspot");
  return r::traffic_pairs(g, o.traffic, to);
}

nlohmann::json route_json(const topo::Graph& g, const r::Path& p, node_id s, node_id t) {
  nlohmann::json j;
  j["source"] = s;
  j["target"] = t;
  j["hops"] = p.hops();
  j["path"] = p.nodes;
  nlohmann::json cls = nlohmann::json::array(), lvl = nlohmann::json::array();
  for (std::size_t h = 0; h < p.arcs.size(); ++h) {
    const auto l = g.out_links(p.nodes[h])[p.arcs[h] - g.arc_offset(p.nodes[h])];
    if (g.has_classes()) cls.push_back(std::string(g.link_class_name(l)));
    if (g.has_levels()) lvl.push_back(g.level(l) == topo::no_value8 ? nlohmann::json() : nlohmann::json(g.level(l)));
  }
  if (g.has_classes()) j["class"] = cls;
  if (g.has_levels()) j["level"] = lvl;
  return j;
}

std::string route_text(const topo::Graph& g, const r::Path& p, node_id s, node_id t) {
  std::string line = fmt::format("{} -> {}  {} hops:", s, t, p.hops());
  for (std::size_t h = 0; h < p.nodes.size(); ++h) {
    fmt::format_to(std::back_inserter(line), " {}", p.nodes[h]);
    if (h < p.arcs.size() && g.has_classes())
      fmt::format_to(std::back_inserter(line),
                     " ={}=", g.link_class_name(g.out_links(p.nodes[h])[p.arcs[h] - g.arc_offset(p.nodes[h])]));
  }
  return line;
}

void write_loads(const topo::Graph& g, const r::LoadCounter::Result& res, const std::string& path, bool csv) {
  topo::cli::Output out(path);
  auto& s = out.stream();
  if (csv) {
    s << "source,target,class,level,load\n";
  } else {
    s << "# toporoute link loads: one line per arc (direction of a link), load per unit of capacity\n";
    s << "# source target class level load\n";
  }
  const char sep = csv ? ',' : ' ';
  for (node_id v = 0; v < g.num_nodes(); ++v) {
    const auto nb = g.out_neighbors(v);
    const auto ln = g.out_links(v);
    for (std::size_t i = 0; i < nb.size(); ++i) {
      const auto l = ln[i];
      const std::string none = csv ? "" : "-";
      fmt::print(s, "{}{}{}{}{}{}{}{}{:.6f}\n", v, sep, nb[i], sep,
                 g.has_classes() ? csv_field(std::string(g.link_class_name(l))) : none, sep,
                 g.level(l) == topo::no_value8 ? none : std::to_string(g.level(l)), sep,
                 res.arc_load[g.arc_offset(v) + i]);
    }
  }
  out.commit();
}

int run_routes(topo::cli::Tool& tool, const Options& o) {
  // Loads on standard output would mix into the routes or the summary there.
  if (o.loads_file == "-" && (o.output.empty() || o.output == "-"))
    throw topo::UsageError(
        "--loads -: standard output already carries the routes or the summary; "
        "give --loads FILE, or -o FILE for the routes");
  if (o.csv && o.json) throw topo::UsageError("--csv and --json ask for two formats");
  if (o.csv && !o.summary && o.loads_file.empty())
    throw topo::UsageError("--csv applies to --summary and --loads (routes are JSON lines or --text)");
  const auto g = load(tool, o);
  if ((o.split || o.count_paths) && !r::find_algorithm(o.algo).every_shortest_path) {
    std::vector<std::string> fit;
    for (const auto& a : r::algorithms())
      if (a.every_shortest_path) fit.push_back(a.name);
    throw topo::UsageError(
        fmt::format("{} goes with --algo {}", o.split ? "--split" : "--count-paths", fmt::join(fit, " or ")));
  }
  r::RouterOptions ro;
  ro.algo = o.algo;
  ro.random_ties = o.random_ties;
  ro.inner = o.inner;
  const bool report = o.summary || o.check_deadlock;
  const bool need_loads = o.summary || !o.loads_file.empty();
  // All-to-all split over shortest paths is metrics::link_loads' split routing: O(N·M), not O(N²·M).
  const bool split_all = o.split && !o.traffic.empty() && r::find_traffic(o.traffic).every_pair && need_loads;
  // The pairs of a pattern are counted before they are made (a pairs file's once read).
  const auto budget = tool.memory();
  if (!o.traffic.empty())
    budget.check(r::routing_memory(g, o.algo, r::traffic_pair_count(g, o.traffic), need_loads, o.split && !split_all));
  const auto router = r::make_router(g, ro);
  const auto pairs = pairs_of(g, o, budget);
  budget.check(r::routing_memory(g, o.algo, pairs.size(), need_loads, o.split && !split_all));
  r::Rng rng(o.seed);
  r::LoadCounter loads(g);
  r::HopStats stats(g);
  r::DependencyGraph deps;
  if (split_all) {
    // Every core, but one below the work a second thread pays for (its spinning after the part cost an
    // 8 × 8 torus 10.4 ms against 3.2).
    const int threads = topo::parallel::threads_for(std::uint64_t{g.num_nodes()} * g.num_arcs(), 0);
    loads.add_arc_loads(topo::metrics::link_loads(g, topo::metrics::Routing::split, threads).arc_load);
  }
  topo::cli::Output out(o.output);
  auto& os = out.stream();
  for (const auto& [s, t] : pairs) {
    const auto p = router->route(s, t, rng);
    r::check_path(g, p, s, t);
    if (need_loads && !split_all) {
      if (o.split)
        loads.add_split(s, t);
      else
        loads.add(p);
    }
    if (o.summary) stats.add(s, t, p.hops());
    if (o.check_deadlock) deps.add(p);
    if (report) continue;
    if (o.text) {
      os << route_text(g, p, s, t);
      if (o.count_paths) fmt::print(os, "  ({} shortest paths)", r::count_shortest_paths(g, s, t));
      os << '\n';
    } else {
      auto j = route_json(g, p, s, t);
      if (o.count_paths) j["shortest_paths"] = r::count_shortest_paths(g, s, t);
      os << j.dump() << '\n';
    }
  }
  r::LoadCounter::Result res;
  if (need_loads) res = loads.result();
  if (report) {
    r::RouteSummary sum;
    sum.algo = o.algo;
    if (r::find_algorithm(o.algo).two_phase) sum.inner = r::valiant_inner(g, ro);
    sum.pairs = pairs.size();
    if (o.summary) {
      sum.hops = r::summarize_hops(stats);
      sum.loads = r::summarize_loads(g, res, o.split ? "split over all shortest paths" : "one path per pair", o.top);
    }
    if (o.check_deadlock) sum.deadlock = r::summarize_deadlock(g, deps);
    if (o.csv) {
      r::write_summary_csv(os, sum);
    } else if (o.json) {
      auto j = r::summary_json(g, sum);
      if (!o.no_provenance) j["provenance"] = tool.provenance(o.seed);
      os << j.dump(2) << '\n';
    } else {
      r::write_summary_text(os, sum);
    }
  }
  if (!o.loads_file.empty()) write_loads(g, res, o.loads_file, o.csv);
  out.commit();
  return 0;
}

void run_broadcast(topo::cli::Tool& tool, const Options& o) {
  const auto g = load(tool, o);
  const node_id root = node_arg(g, o.root, "--root");
  const auto s = r::find_broadcast(o.bcast_algo).schedule(g, root);
  r::check_schedule(g, s);
  std::size_t sends = 0;
  for (const auto& st : s.steps) sends += st.size();
  topo::cli::Output out(o.output);
  auto& os = out.stream();
  if (o.json) {
    nlohmann::json j;
    if (!o.no_provenance) j["provenance"] = tool.provenance();
    j["algo"] = o.bcast_algo;
    j["root"] = s.root;
    j["nodes"] = g.num_nodes();
    j["step_count"] = s.steps.size();
    j["lower_bound"] = s.lower_bound;
    if (s.bound) j["bound"] = s.bound;
    nlohmann::json steps = nlohmann::json::array();
    for (const auto& st : s.steps) {
      nlohmann::json a = nlohmann::json::array();
      for (const auto& [u, v] : st) a.push_back({u, v});
      steps.push_back(a);
    }
    j["steps"] = steps;
    os << j.dump(2) << '\n';
  } else {
    for (std::size_t i = 0; i < s.steps.size(); ++i) {
      fmt::print(os, "step {}:", i + 1);
      for (const auto& [u, v] : s.steps[i]) fmt::print(os, " {}->{}", u, v);
      os << '\n';
    }
    fmt::print(os, "steps {} (lower bound {}{}), {} sends, {} nodes\n", s.steps.size(), s.lower_bound,
               s.bound ? fmt::format(", HDN Theorem 3 bound {}", s.bound) : std::string(), sends, g.num_nodes());
  }
  out.commit();
}

}  // namespace

int main(int argc, char** argv) {
  topo::cli::Tool tool("toporoute", "toporoute: route traffic on a network; per-link loads, deadlock check, broadcast",
                       argc, argv);
  Options o;
  auto& app = tool.app;
  auto add_input = [&](CLI::App* a) {
    a->add_option("graph", o.input,
                  "graph file (edge list, JSON, descriptor, METIS or GraphML); - or nothing for stdin")
        ->type_name("GRAPH");
    a->add_option("-f,--format", o.format, "input format (default: detected)")
        ->check(topo::cli::one_of(topo::io::input_format_names()))
        ->type_name("FORMAT");
    a->add_flag("--directed", o.directed, "read a plain edge list as directed");
  };
  add_input(&app);
  app.add_option("--from", o.from, "source node of a single route")->type_name("NODE")->check(CLI::NonNegativeNumber);
  app.add_option("--to", o.to, "target node of a single route")->type_name("NODE")->check(CLI::NonNegativeNumber);
  app.add_option("--pairs", o.pairs_file, "file of SOURCE TARGET lines to route")->type_name("FILE");
  app.add_option("--traffic", o.traffic, fmt::format("traffic pattern: {}", fmt::join(r::traffic_names(), ", ")))
      ->check(topo::cli::one_of(r::traffic_names()))
      ->type_name("PATTERN");
  app.add_option("--seed", o.seed, "seed for uniform/permutation traffic and every random choice (recorded)")
      ->type_name("N");
  app.add_option("--hotspot", o.hotspot, "the node hotspot traffic goes to (default 0)")
      ->type_name("NODE")
      ->check(CLI::NonNegativeNumber);
  app.add_option("--algo", o.algo, fmt::format("routing algorithm: {}", fmt::join(r::algorithm_names(), ", ")))
      ->check(topo::cli::one_of(r::algorithm_names()))
      ->type_name("ALGO");
  app.add_flag(
      "--random-ties", o.random_ties,
      "shortest: choose among equally short next hops at random; dor: either way at a tie half round a ring (seeded)");
  app.add_flag("--split", o.split, "shortest: loads split each pair's unit over all its shortest paths");
  app.add_option("--valiant-inner", o.inner,
                 "valiant: the minimal algorithm for both halves (default: the graph's own minimal routing, as "
                 "dor, dragonfly, megafly or star-product, else shortest)")
      ->type_name("ALGO");
  app.add_flag("--count-paths", o.count_paths, "shortest: print the number of shortest paths of each pair");
  app.add_flag("--text", o.text, "one compact text line per route instead of JSON lines");
  app.add_flag("--summary", o.summary, "print a summary (hops, stretch, loads, u) instead of the routes");
  app.add_option("--top", o.top, "heaviest links listed in the summary (default 5)")
      ->type_name("K")
      ->check(CLI::NonNegativeNumber);
  app.add_option("--loads", o.loads_file, "write the load of every arc to FILE (- = stdout, with -o FILE)")
      ->type_name("FILE");
  app.add_flag("--csv", o.csv, "--summary as a CSV header and row, --loads as CSV");
  app.add_flag("--check-deadlock", o.check_deadlock, "report a cycle of the routes' channel dependency graph, if any");
  tool.add_json_flag(o.json);
  tool.add_output_option(o.output);
  tool.add_provenance_flag(o.no_provenance);
  tool.add_memory_option();

  std::string algos = "Routing algorithms (--algo):\n";
  for (const auto& a : r::algorithms()) algos += fmt::format("  {:<10} {}\n", a.name, a.help);
  algos += "Traffic patterns (--traffic):\n";
  for (const auto& t : r::traffic_patterns()) algos += fmt::format("  {:<18} {}\n", t.name, t.help);
  app.footer(algos);

  auto* bc = app.add_subcommand("broadcast", "a one-port broadcast schedule from --root");
  add_input(bc);
  bc->add_option("--root", o.root, "the node that broadcasts (default 0)")
      ->type_name("NODE")
      ->check(CLI::NonNegativeNumber);
  std::vector<std::string> bcast_help;
  for (const auto& a : r::broadcast_algorithms()) bcast_help.push_back(fmt::format("{} ({})", a.name, a.help));
  bc->add_option("--algo", o.bcast_algo, fmt::format("{}", fmt::join(bcast_help, " or ")))
      ->check(topo::cli::one_of(r::broadcast_names()))
      ->type_name("ALGO");
  bc->add_flag("--json", o.json, "machine-readable output");
  bc->add_option("-o,--output", o.output, "write to FILE (atomically)")
      ->type_name("FILE")
      ->check(topo::cli::file_name());
  bc->add_flag("--no-provenance", o.no_provenance, "leave the provenance block out of JSON output");
  tool.add_memory_option(bc);

  tool.leader_only = true;  // not distributed: under mpirun, rank 0 does all
  return tool.run([&] {
    if (bc->parsed())
      run_broadcast(tool, o);
    else
      run_routes(tool, o);
  });
}
