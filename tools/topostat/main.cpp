// topostat: reads a graph and prints its metrics.
#include <fmt/format.h>
#include <fmt/ostream.h>

#include "common/cli.hpp"
#include "common/io.hpp"
#include "common/progress.hpp"
#include "topo/metrics/report.hpp"

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
  std::string bisection = "auto";
  std::string utilization = "auto";
  std::string routing = "split";
  topo::metrics::CostInputs costs;
};

// Work limits of the "auto" settings: what finishes in seconds on a laptop.
constexpr double kAutoLoadsWork = 4e9;  // N · arcs for exact link loads
constexpr std::uint64_t kAutoBisectionNodes = 200000;

bool wanted(const std::string& setting, bool automatic) {
  return setting == "yes" || (setting == "auto" && automatic);
}

std::string yes_no(bool b) {
  return b ? "yes" : "no";
}

/// The human table: the same figures as the JSON, one per line.
void print_table(std::ostream& out, const nlohmann::json& j) {
  auto row = [&](std::string_view name, const std::string& value) { fmt::print(out, "{:<26}{}\n", name, value); };
  auto num = [](const nlohmann::json& x) {
    if (x.is_null()) return std::string("infinite");
    if (x.is_number_float()) return fmt::format("{:.4f}", x.get<double>());
    return x.dump();
  };
  if (j.contains("graph"))
    row("graph", fmt::format("{} {}", j["graph"]["family"].get<std::string>(), j["graph"]["parameters"].dump()));
  row("nodes", num(j["nodes"]));
  row("links", num(j["links"]));
  if (j["link_records"] != j["links"]) row("distinct links", num(j["link_records"]));
  row("directed", yes_no(j["directed"]) + (j["multigraph"].get<bool>() ? " (multigraph)" : ""));
  const auto& dg = j["degree"];
  row(j["directed"].get<bool>() ? "out-degree" : "degree",
      fmt::format("min {}, max {}, mean {}", num(dg["min"]), num(dg["max"]), num(dg["mean"])));
  if (j.contains("in_degree"))
    row("in-degree", fmt::format("min {}, max {}", num(j["in_degree"]["min"]), num(j["in_degree"]["max"])));
  row("regular", yes_no(j["regular"]));
  row(j["directed"].get<bool>() ? "strongly connected" : "connected",
      fmt::format("{} ({} component{})", yes_no(j["connected"]), num(j["components"]),
                  j["components"] == 1 ? "" : "s"));
  row("bipartite", yes_no(j["bipartite"]));
  if (j.contains("symmetry")) {
    const auto& s = j["symmetry"];
    row("vertex-transitive",
        fmt::format("{} ({} class{}, {})",
                    s["vertex_transitive"].is_null() ? "unknown" : yes_no(s["vertex_transitive"]), num(s["classes"]),
                    s["classes"] == 1 ? "" : "es", s["source"].get<std::string>()));
  }
  if (j.contains("symmetry_hint_rejected"))
    row("symmetry hint", "rejected: " + j["symmetry_hint_rejected"].get<std::string>());
  const auto& d = j["distances"];
  const auto method = d["method"].get<std::string>();
  const auto sources = d.contains("estimate") ? d["estimate"]["sources"].get<std::uint64_t>() : 0;
  row("distances by", method == "orbits"   ? "BFS from one node per class (exact)"
                      : method == "sample" ? fmt::format("BFS from {} random nodes (an estimate)", sources)
                                           : std::string("BFS from every node (exact)"));
  if (d.contains("estimate")) {
    const auto& e = d["estimate"];
    row("diameter", "at least " + num(e["diameter_lower_bound"]));
    row("mean distance (est.)", fmt::format("{:.4f} ± {:.4f}  (95% CI; all ordered pairs, self included)",
                                            e["mean_all"].get<double>(), e["mean_all_ci95"].get<double>()));
    row("", fmt::format("{:.4f} ± {:.4f}  (95% CI; distinct pairs)", e["mean_distinct"].get<double>(),
                        e["mean_distinct_ci95"].get<double>()));
  } else {
    row("diameter", num(d["diameter"]));
    row("radius", num(d["radius"]));
    if (d["unreachable_pairs"] != 0) row("largest finite dist.", num(d["max_finite_distance"]));
    row("mean distance", fmt::format("{:.4f}  std {:.4f}  (all ordered pairs, self included)",
                                     d["all_pairs"]["mean"].get<double>(), d["all_pairs"]["std"].get<double>()));
    row("", fmt::format("{:.4f}  std {:.4f}  (distinct pairs)", d["distinct_pairs"]["mean"].get<double>(),
                        d["distinct_pairs"]["std"].get<double>()));
  }
  row("unreachable pairs", num(d["unreachable_pairs"]));
  if (j.contains("bisection")) {
    const auto& b = j["bisection"];
    for (const char* k : {"upper_bound", "coordinate_cut", "lower_bound", "structural"})
      if (b.contains(k))
        row(fmt::format("bisection {}", std::string(k) == "lower_bound"  ? "≥"
                                        : std::string(k) == "structural" ? "="
                                                                         : "≤"),
            fmt::format("{}  ({})", num(b[k]["links"]), b[k]["method"].get<std::string>()));
  }
  if (j.contains("link_utilization")) {
    const auto& u = j["link_utilization"];
    const std::string from = u.contains("orbits") ? fmt::format(", from {} orbit{}", u["orbits"].get<std::uint64_t>(),
                                                                u["orbits"] == 1 ? "" : "s")
                                                  : "";
    row("link utilization u", fmt::format("{:.6f}  ({} routing{}; mean arc load {:.4f}, max {:.4f})",
                                          u["u"].get<double>(), u["routing"].get<std::string>(), from,
                                          u["mean_arc_load"].get<double>(), u["max_arc_load"].get<double>()));
  }
  if (j.contains("costs")) {
    const auto& c = j["costs"];
    if (c.contains("network_cost")) row("network cost", num(c["network_cost"]["value"]) + "  (degree × diameter)");
    if (c.contains("cr_w")) row("CR_w", num(c["cr_w"]["value"]) + "  ((w1·degree + w2·diameter)/log2 N)");
    if (c.contains("cr_w_formula_diameter"))
      row("CR_w (formula diameter)", fmt::format("{}  (diameter {})", num(c["cr_w_formula_diameter"]["value"]),
                                                 num(c["cr_w_formula_diameter"]["diameter"])));
    if (c.contains("kbar_over_u")) row("kbar/u", num(c["kbar_over_u"]) + "  (kbar: mean over distinct pairs)");
    if (c.contains("terminals_per_router"))
      row("terminals per router D0", num(c["terminals_per_router"]["value"]) + "  (degree·u/kbar)");
    if (c.contains("radix")) row("radix R", num(c["radix"]["value"]) + "  (degree + D0)");
    if (c.contains("terminals")) row("terminals T", num(c["terminals"]["value"]) + "  (N·D0)");
    if (c.contains("subscription"))
      row("subscription", fmt::format("{}  (D0 = {})", num(c["subscription"]["value"]),
                                      num(c["subscription"]["terminals_per_router"])));
    if (c.contains("cost_per_node")) row("cost per node", num(c["cost_per_node"]["value"]));
  }
  if (j.contains("bounds")) {
    const auto& b = j["bounds"];
    if (b.contains("moore"))
      row("Moore bound", fmt::format("{:.6g}  (N / bound = {:.4f})", b["moore"]["value"].get<double>(),
                                     b["moore"]["ratio"].get<double>()));
    if (b.contains("moore_mean_distance"))
      row("Moore bound on kbar",
          fmt::format("{:.4f}  (kbar / bound = {:.4f})", b["moore_mean_distance"]["value"].get<double>(),
                      b["moore_mean_distance"]["ratio"].get<double>()));
  }
  if (j.contains("formulas")) {
    fmt::print(out, "\nfamily formulas\n");
    for (const auto& [k, v] : j["formulas"].items()) fmt::print(out, "  {:<24}{}\n", k, num(v));
  }
  if (j.contains("link_lengths"))
    for (const auto& l : j["link_lengths"])
      row(fmt::format("length {}", l["group"].get<std::string>()),
          fmt::format("mean {:.4f}, max {:.4f}, total {:.4f} ({} links)", l["mean"].get<double>(),
                      l["max"].get<double>(), l["total"].get<double>(), num(l["links"])));
  const auto& h = d["histogram"];
  const double total =
      double(d["all_pairs"]["pairs"].get<std::uint64_t>() + d["unreachable_pairs"].get<std::uint64_t>());
  fmt::print(out, "\n{:>8}  {:>16}  {:>9}{}\n", "distance", "ordered pairs", "fraction",
             method == "sample" ? "   (pairs from the sampled sources)" : "");
  for (std::size_t t = 0; t < h.size(); ++t)
    fmt::print(out, "{:>8}  {:>16}  {:>9.6f}\n", t, h[t].get<std::uint64_t>(),
               double(h[t].get<std::uint64_t>()) / total);
  if (d["unreachable_pairs"] != 0)
    fmt::print(out, "{:>8}  {:>16}  {:>9.6f}\n", "inf", d["unreachable_pairs"].get<std::uint64_t>(),
               double(d["unreachable_pairs"].get<std::uint64_t>()) / total);
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
  app.add_option("--sample", o.sample, "with --method sample: number of random BFS sources")
      ->type_name("N")
      ->check(CLI::NonNegativeNumber);
  app.add_option("--seed", o.seed, "seed for sampling, METIS and symmetry checks (recorded)")->type_name("N");
  app.add_option("--bisection", o.bisection, "bisection bounds: auto (up to 200000 nodes), yes, no")
      ->check(CLI::IsMember({"auto", "yes", "no"}))
      ->type_name("WHEN");
  app.add_option(
         "--utilization", o.utilization,
         "exact link loads under uniform traffic (u, Δ0, R, T, flow bound): auto (when sources·arcs ≤ 4e9), yes, no")
      ->check(CLI::IsMember({"auto", "yes", "no"}))
      ->type_name("WHEN");
  app.add_option("--routing", o.routing, "routing for link loads: split (over all shortest paths), ecmp, single")
      ->check(CLI::IsMember({"split", "ecmp", "single"}))
      ->type_name("ROUTING");
  app.add_option("--terminals-per-router", o.costs.terminals_per_router, "Δ0 for the subscription figure")
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
  tool.add_output_option(o.output);
  tool.add_provenance_flag(o.no_provenance);
  tool.add_threads_option(o.threads);
  tool.add_progress_flags();

  return tool.run([&] {
    namespace m = topo::metrics;
    topo::io::ReadOptions ro;
    ro.format = topo::io::parse_format(o.format);
    ro.plain_directed = o.directed;
    const auto g = topo::cli::load_graph(o.input, ro);
    m::Report r;
    r.summary = m::summarize(g);
    {
      topo::cli::Progress progress(tool.progress_enabled(), "distances");
      m::DistanceMethodOptions dopt;
      dopt.method = m::parse_distance_method(o.method);
      if (o.sample && dopt.method == m::DistanceMethod::automatic) dopt.method = m::DistanceMethod::sample;
      dopt.sample = o.sample;
      dopt.seed = o.seed;
      dopt.bfs.threads = o.threads;
      dopt.bfs.progress = progress.callback();
      r.distances = m::compute_distances(g, dopt);
    }
    // Link loads: on a large graph from one BFS per orbit when its automorphism group makes that pay
    // (the generators come with orbits from Traces/nauty), else from every node.
    const auto routing = m::parse_routing(o.routing);
    std::uint64_t arcs = 0;
    for (topo::node_id v = 0; v < g.num_nodes(); ++v) arcs += g.out_neighbors(v).size();
    std::optional<m::Orbits> computed;
    const m::Orbits* group = nullptr;
    if (double(g.num_nodes()) * double(arcs) > kAutoLoadsWork && o.utilization != "no" &&
        m::loads_by_symmetry_possible(g, routing)) {
      const auto& known = r.distances.orbits;
      group = known && !known->generators.empty() ? &*known : &computed.emplace(m::automorphism_orbits(g));
    }
    const bool by_orbits = group && group->representative.size() * 2 < g.num_nodes();
    const double sources = double(by_orbits ? group->representative.size() : g.num_nodes());
    if (wanted(o.utilization, sources * double(arcs) <= kAutoLoadsWork) && g.num_nodes() > 1) {
      topo::cli::Progress progress(tool.progress_enabled(), "link loads");
      r.loads = by_orbits ? m::link_loads_by_symmetry(g, routing, group->generators, o.threads)
                          : m::link_loads(g, routing, o.threads, progress.callback());
    }
    if (wanted(o.bisection, g.num_nodes() <= kAutoBisectionNodes) && g.num_nodes() > 1) {
      r.bisection = m::bisection_upper_bound(g, 8, o.seed);
      r.coordinate_cut = m::coordinate_cut(g);
    }
    r.formulas = m::family_formulas(g);
    if (r.formulas.contains("bisection") && r.formulas["bisection"].is_number_integer())
      r.structural_bisection = r.formulas["bisection"].get<std::int64_t>();
    r.lengths = m::link_lengths(g);

    nlohmann::json j;
    if (!o.no_provenance) j["provenance"] = tool.provenance(o.seed);
    j.update(m::report_json(g, r, o.costs));
    topo::cli::Output out(o.output);
    if (o.json)
      out.stream() << j.dump(2) << '\n';
    else
      print_table(out.stream(), j);
    out.commit();
  });
}
