// topostat: reads a graph and prints its metrics.
#include <iostream>

#include <fmt/format.h>
#include <fmt/ostream.h>

#include "common/cli.hpp"
#include "common/io.hpp"
#include "common/progress.hpp"
#include "topo/metrics/distance_method.hpp"
#include "topo/metrics/summary.hpp"

namespace {

struct Options {
  std::string input = "-";
  std::string output;
  std::string format = "auto";
  bool directed = false;
  bool json = false;
  bool no_provenance = false;
  int threads = 0;
  std::string method = "auto";
  std::uint64_t sample = 0;
  std::uint64_t seed = 1;
};

std::string yes_no(bool b) { return b ? "yes" : "no"; }

nlohmann::json to_json(const topo::Graph& g, const topo::metrics::Summary& s, const topo::metrics::DistanceResult& r) {
  const auto& d = r.stats;
  nlohmann::json j;
  if (!g.meta.family.empty()) j["graph"] = {{"family", g.meta.family}, {"parameters", g.meta.parameters}};
  j["nodes"] = s.nodes;
  j["links"] = s.links;
  j["link_records"] = s.link_records;
  j["directed"] = s.directed;
  j["multigraph"] = s.multigraph;
  j["self_loops"] = s.self_loops;
  j["degree"] = {{"min", s.degree_min}, {"max", s.degree_max}, {"mean", s.degree_mean}};
  if (s.directed) j["in_degree"] = {{"min", s.in_degree_min}, {"max", s.in_degree_max}};
  j["regular"] = s.regular;
  j["connected"] = s.connected;
  j["components"] = s.components;
  auto opt = [](const std::optional<std::uint32_t>& x) { return x ? nlohmann::json(*x) : nlohmann::json(); };
  j["distances"] = {
      {"method", r.method},
      {"exact", !r.estimate},
      {"histogram", d.histogram},
      {"diameter", opt(d.diameter)},
      {"radius", opt(d.radius)},
      {"max_finite_distance", d.max_finite_distance},
      {"unreachable_pairs", d.unreachable_pairs},
      {"all_pairs", {{"pairs", d.pairs_all}, {"mean", d.mean_all}, {"std", d.std_all}}},
      {"distinct_pairs", {{"pairs", d.pairs_distinct}, {"mean", d.mean_distinct}, {"std", d.std_distinct}}},
  };
  if (r.orbits) {
    j["symmetry"] = {{"source", r.symmetry_source},
                     {"classes", r.orbits->representative.size()},
                     {"vertex_transitive", r.orbits->vertex_transitive()}};
    if (r.orbits->method == "traces" || r.orbits->method == "nauty")
      j["symmetry"]["group_order_log10"] = r.orbits->group_size_log10;
  }
  if (!r.hint_rejected.empty()) j["symmetry_hint_rejected"] = r.hint_rejected;
  if (r.estimate) {
    const auto& e = *r.estimate;
    j["distances"]["estimate"] = {{"sources", e.sources},
                                  {"mean_distinct", e.mean_distinct},
                                  {"mean_distinct_ci95", e.mean_distinct_ci95},
                                  {"mean_all", e.mean_all},
                                  {"mean_all_ci95", e.mean_all_ci95},
                                  {"diameter_lower_bound", e.diameter_lower_bound}};
    j["distances"]["diameter"] = nullptr;
    j["distances"]["radius"] = nullptr;
  }
  return j;
}

void print_table(std::ostream& out, const topo::Graph& g, const topo::metrics::Summary& s,
                 const topo::metrics::DistanceResult& r) {
  const auto& d = r.stats;
  if (!g.meta.family.empty()) fmt::print(out, "{:<22}{} {}\n", "graph", g.meta.family, g.meta.parameters.dump());
  fmt::print(out, "{:<22}{}\n", "nodes", s.nodes);
  fmt::print(out, "{:<22}{}\n", "links", s.links);
  if (s.link_records != s.links) fmt::print(out, "{:<22}{}\n", "distinct links", s.link_records);
  fmt::print(out, "{:<22}{}{}\n", "directed", yes_no(s.directed), s.multigraph ? " (multigraph)" : "");
  fmt::print(out, "{:<22}min {}, max {}, mean {:.4f}\n", s.directed ? "out-degree" : "degree", s.degree_min,
             s.degree_max, s.degree_mean);
  if (s.directed) fmt::print(out, "{:<22}min {}, max {}\n", "in-degree", s.in_degree_min, s.in_degree_max);
  fmt::print(out, "{:<22}{}\n", "regular", yes_no(s.regular));
  fmt::print(out, "{:<22}{} ({} component{})\n", s.directed ? "strongly connected" : "connected", yes_no(s.connected),
             s.components, s.components == 1 ? "" : "s");
  if (r.orbits)
    fmt::print(out, "{:<22}{} ({} class{}, {})\n", "vertex-transitive", yes_no(r.orbits->vertex_transitive()),
               r.orbits->representative.size(), r.orbits->representative.size() == 1 ? "" : "es", r.symmetry_source);
  if (!r.hint_rejected.empty()) fmt::print(out, "{:<22}{}\n", "symmetry hint", "rejected: " + r.hint_rejected);
  fmt::print(out, "{:<22}{}\n", "distances by",
             r.method == "orbits" ? fmt::format("BFS from one node per class ({} BFS)", d.sources.size())
             : r.method == "sample" ? fmt::format("BFS from {} random nodes (an estimate)", d.sources.size())
                                    : std::string("BFS from every node (exact)"));
  if (r.estimate) {
    const auto& e = *r.estimate;
    fmt::print(out, "{:<22}at least {}\n", "diameter", e.diameter_lower_bound);
    fmt::print(out, "{:<22}{:.4f} ± {:.4f}  (95% CI; all ordered pairs, self included)\n", "mean distance (est.)",
               e.mean_all, e.mean_all_ci95);
    fmt::print(out, "{:<22}{:.4f} ± {:.4f}  (95% CI; distinct pairs)\n", "", e.mean_distinct, e.mean_distinct_ci95);
    fmt::print(out, "\n{:>8}  {:>16}  {:>9}   (pairs from the sampled sources)\n", "distance", "ordered pairs", "fraction");
    const double total = double(d.pairs_all + d.unreachable_pairs);
    for (std::size_t t = 0; t < d.histogram.size(); ++t)
      fmt::print(out, "{:>8}  {:>16}  {:>9.6f}\n", t, d.histogram[t], double(d.histogram[t]) / total);
    return;
  }
  auto opt = [](const std::optional<std::uint32_t>& x) { return x ? std::to_string(*x) : std::string("infinite"); };
  fmt::print(out, "{:<22}{}\n", "diameter", opt(d.diameter));
  fmt::print(out, "{:<22}{}\n", "radius", opt(d.radius));
  if (d.unreachable_pairs) fmt::print(out, "{:<22}{}\n", "largest finite dist.", d.max_finite_distance);
  fmt::print(out, "{:<22}{:.4f}  std {:.4f}  (all ordered pairs, self included)\n", "mean distance", d.mean_all,
             d.std_all);
  fmt::print(out, "{:<22}{:.4f}  std {:.4f}  (distinct pairs)\n", "", d.mean_distinct, d.std_distinct);
  fmt::print(out, "{:<22}{}\n", "unreachable pairs", d.unreachable_pairs);
  fmt::print(out, "\n{:>8}  {:>16}  {:>9}\n", "distance", "ordered pairs", "fraction");
  const double total = double(d.pairs_all + d.unreachable_pairs);
  for (std::size_t t = 0; t < d.histogram.size(); ++t)
    fmt::print(out, "{:>8}  {:>16}  {:>9.6f}\n", t, d.histogram[t], double(d.histogram[t]) / total);
  if (d.unreachable_pairs)
    fmt::print(out, "{:>8}  {:>16}  {:>9.6f}\n", "inf", d.unreachable_pairs, double(d.unreachable_pairs) / total);
}

}  // namespace

int main(int argc, char** argv) {
  topo::cli::Tool tool("topostat", "topostat: print the metrics of an interconnection network", argc, argv);
  Options o;
  auto& app = tool.app;
  app.add_option("graph", o.input, "graph file (edge list, JSON or descriptor); - or nothing for stdin")
      ->type_name("GRAPH");
  app.add_option("-f,--format", o.format, "input format (default: detected)")
      ->check(CLI::IsMember({"auto", "edgelist", "plain", "json", "descriptor"}))
      ->type_name("FORMAT");
  app.add_flag("--directed", o.directed, "read a plain edge list as directed");
  app.add_option("--method", o.method,
                 "how to compute distances: auto, orbits (one BFS per automorphism orbit), bfs (every node), "
                 "sample (an estimate)")
      ->check(CLI::IsMember({"auto", "orbits", "bfs", "sample"}))
      ->type_name("METHOD");
  app.add_option("--sample", o.sample, "with --method sample: number of random BFS sources")->type_name("N");
  app.add_option("--seed", o.seed, "seed for sampling and for checking symmetry hints (recorded)")->type_name("N");
  tool.add_json_flag(o.json);
  tool.add_output_option(o.output);
  tool.add_provenance_flag(o.no_provenance);
  tool.add_threads_option(o.threads);
  tool.add_progress_flags();

  return tool.run([&] {
    topo::io::ReadOptions ro;
    ro.format = topo::io::parse_format(o.format);
    ro.plain_directed = o.directed;
    const auto g = topo::cli::load_graph(o.input, ro);
    const auto summary = topo::metrics::summarize(g);
    topo::cli::Progress progress(tool.progress_enabled(), "distances");
    topo::metrics::DistanceMethodOptions dopt;
    dopt.method = topo::metrics::parse_distance_method(o.method);
    if (o.sample && dopt.method == topo::metrics::DistanceMethod::automatic)
      dopt.method = topo::metrics::DistanceMethod::sample;
    dopt.sample = o.sample;
    dopt.seed = o.seed;
    dopt.bfs.threads = o.threads;
    dopt.bfs.progress = progress.callback();
    const auto dist = topo::metrics::compute_distances(g, dopt);
    progress.finish();
    topo::cli::Output out(o.output);
    if (o.json) {
      nlohmann::json j;
      if (!o.no_provenance) j["provenance"] = tool.provenance(o.seed);
      j.update(to_json(g, summary, dist));
      out.stream() << j.dump(2) << '\n';
    } else {
      print_table(out.stream(), g, summary, dist);
    }
    out.commit();
  });
}
