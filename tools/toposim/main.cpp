// toposim: simulates traffic on a network. Subcommands: `run`, the cycle-based simulator on any graph;
// `clex`, the CLEX routing algorithm A(L); `clex-alltoall`.
#include <fmt/format.h>
#include <fmt/ostream.h>

#include <charconv>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "common/cli.hpp"
#include "common/io.hpp"
#include "common/job.hpp"
#include "common/progress.hpp"
#include "common/suggest.hpp"
#include "topo/errors.hpp"
#include "topo/gen/registry.hpp"
#include "topo/sim/clex.hpp"
#include "toposim/run.hpp"

namespace {

struct ClexCli {
  std::string input = "-";
  std::uint32_t clique = 0, levels = 0, messages = 0;
  std::uint64_t seed = 1;
  std::string seeds;  // A..B: one run per seed
  std::string traffic = "dense", destinations = "permutation", copies = "ceil", copy_cap = "clique", spread = "random";
  bool handshake_in_mean = false;
  bool csv = false;
};

struct Common {
  std::string output;
  bool json = false, no_provenance = false;
  int threads = 0;
};

// The size comes from --clique/--levels, or from a CLEX graph's family metadata (file or stdin).
void size_from_graph(ClexCli& c, const topo::MemoryBudget& budget) {
  topo::io::ReadOptions ro;
  ro.generate.memory = budget;  // a descriptor's graph is checked before it is built
  const auto g = topo::cli::load_graph(c.input, ro);
  const std::string where = c.input == "-" ? "<stdin>" : c.input;
  if (!topo::gen::family_offers(g, "clex"))  // A(l) routes by the CLEX structure
    throw topo::InputError(fmt::format("{}: not a clex graph (family '{}'); give --clique and --levels", where,
                                       g.meta.family.empty() ? "unknown" : g.meta.family));
  const nlohmann::json& p = *g.meta.parameters;
  if (!p.contains("clique") || !p.contains("levels"))
    throw topo::InputError(fmt::format("{}: the clex metadata lacks clique or levels", where));
  if (p.contains("links") && p["links"] != "full")
    throw topo::InputError(
        fmt::format("{}: A(l) needs --links full, the graph has links {}", where, p["links"].get<std::string>()));
  c.clique = p["clique"].get<std::uint32_t>();
  c.levels = p["levels"].get<std::uint32_t>();
}

nlohmann::json to_json(const topo::sim::ClexOptions& o, const topo::sim::ClexResult& r) {
  nlohmann::json j;
  j["algorithm"] = "clex";
  j["clique"] = r.clique;
  j["levels"] = r.levels;
  j["nodes"] = r.nodes;
  j["messages_per_node"] = o.messages;
  j["messages"] = r.messages;
  j["traffic"] = o.traffic == topo::sim::ClexTraffic::dense ? "dense" : "light";
  j["options"] = {{"destinations", o.destinations == topo::sim::ClexWorkload::permutation ? "permutation" : "uniform"},
                  {"copies", o.copies == topo::sim::ClexCopyRounding::ceil ? "ceil" : "floor"},
                  {"copy_cap", o.copy_cap == topo::sim::ClexCopyCap::clique ? "clique" : "network"},
                  {"handshake_in_mean", o.handshake_in_mean},
                  {"spread", o.spread == topo::sim::ClexSpread::random ? "random" : "fixed"}};
  auto& lv = j["levels_table"] = nlohmann::json::array();
  for (const auto& s : r.per_level)
    lv.push_back({{"level", s.level},
                  {"instances", s.instances},
                  {"max_rounds", s.max_rounds},
                  {"mean_rounds", s.mean_rounds},
                  {"max_mean_load", s.max_mean_load},
                  {"mean_hops", s.mean_hops},
                  {"mean_link_uses", s.mean_link_uses},
                  {"round_sum", s.round_sum},
                  {"hop_sum", s.hop_sum},
                  {"link_use_sum", s.link_use_sum},
                  {"max_instance_messages", s.max_instance_messages}});
  j["a1_remaining_after_phase"] = r.a1_remaining;
  j["a1_instances_by_phases"] = r.a1_phases;
  j["a1_duplicate_copies"] = r.a1_duplicates;
  j["undelivered"] = r.undelivered;
  auto cmp = [](const topo::sim::ClexComparison& c) {
    return nlohmann::json{{"value", c.value}, {"formula", c.formula}};
  };
  j["torus_comparison"] = {{"propagation_ratio", cmp(r.propagation_ratio)},
                           {"hop_reduction", cmp(r.hop_reduction)},
                           {"bandwidth_gain", cmp(r.bandwidth_gain)}};
  j["memory"] = {{"message_record_bytes", r.message_record_bytes},
                 {"working_bytes", r.working_bytes},
                 {"bytes_per_extra_thread", r.bytes_per_extra_thread},
                 {"bytes_per_node", r.bytes_per_node}};
  return j;
}

void print_table(std::ostream& out, const topo::sim::ClexOptions& o, const topo::sim::ClexResult& r) {
  fmt::print(out, "A({}) on C(1/{},{}) with {}^{} = {} nodes, {} messages from and to each node, {} traffic\n",
             r.levels, r.levels, r.levels, r.clique, r.levels, r.nodes, o.messages,
             o.traffic == topo::sim::ClexTraffic::dense ? "dense" : "light");
  fmt::print(out, "\n{:>4} {:>9} {:>10} {:>15} {:>10} {:>11} {:>10}\n", "lvl.", "max.rds.", "avg. rds.",
             "max. avg. load", "avg. hops", "link uses", "instances");
  for (const auto& s : r.per_level)
    fmt::print(out, "{:>4} {:>9} {:>10.2f} {:>15.2f} {:>10.2f} {:>11.2f} {:>10}\n", s.level, s.max_rounds,
               s.mean_rounds, s.max_mean_load, s.mean_hops, s.mean_link_uses, s.instances);
  fmt::print(out, "\nA(1) messages remaining after each phase (all instances):\n");
  for (std::size_t p = 0; p < r.a1_remaining.size(); ++p)
    fmt::print(out, "  phase {:>2}: {:>12}  instances finishing: {}\n", p, r.a1_remaining[p],
               p < r.a1_phases.size() ? r.a1_phases[p] : 0);
  if (o.traffic == topo::sim::ClexTraffic::light)
    fmt::print(out, "  duplicate copies forwarded: {}\n", r.a1_duplicates);
  fmt::print(out, "\nTorus of the same size (CLEX §III):\n");
  fmt::print(out, "  propagation competitive ratio {:.2f} = {}\n", r.propagation_ratio.value,
             r.propagation_ratio.formula);
  fmt::print(out, "  hop reduction factor          {:.2f} = {}\n", r.hop_reduction.value, r.hop_reduction.formula);
  fmt::print(out, "  bandwidth gain                {:.2f} = {}\n", r.bandwidth_gain.value, r.bandwidth_gain.formula);
  fmt::print(out,
             "\nmemory: {} bytes per message record, {:.1f} MiB working set with one thread ({:.0f} bytes per node),\n"
             "        {:.1f} MiB more per further thread\n",
             r.message_record_bytes, double(r.working_bytes) / 1048576.0, r.bytes_per_node,
             double(r.bytes_per_extra_thread) / 1048576.0);
  fmt::print(out, "undelivered messages: {}\n", r.undelivered);
}

// --seeds A..B (A..A is one seed).
std::pair<std::uint64_t, std::uint64_t> parse_seed_range(const std::string& text) {
  const auto dots = text.find("..");
  std::uint64_t v[2] = {0, 0};
  const std::string part[2] = {text.substr(0, dots), dots == std::string::npos ? "" : text.substr(dots + 2)};
  for (int i = 0; i < 2; ++i) {
    const auto* end = part[i].data() + part[i].size();
    const auto [ptr, ec] = std::from_chars(part[i].data(), end, v[i]);
    if (dots == std::string::npos || part[i].empty() || ec != std::errc() || ptr != end)
      throw topo::UsageError(fmt::format("--seeds {}: expected A..B (two seeds, A <= B)", text));
  }
  if (v[0] > v[1] || v[1] - v[0] >= 1000000)
    throw topo::UsageError(fmt::format("--seeds {}: needs A <= B and at most 10^6 seeds", text));
  return {v[0], v[1]};
}

// `toposim clex --csv`: the per-level table (CLEX Tables I-IV), one row per level.
// With --seeds, every row starts with the seed (`prefix` "S,") under a header that starts with "seed,".
constexpr const char* clex_csv_header = "level,max_rounds,mean_rounds,max_mean_load,mean_hops,mean_link_uses,instances";
void print_csv_rows(std::ostream& out, const topo::sim::ClexResult& r, const std::string& prefix) {
  for (const auto& s : r.per_level)
    fmt::print(out, "{}{},{},{:.6f},{:.6f},{:.6f},{:.6f},{}\n", prefix, s.level, s.max_rounds, s.mean_rounds,
               s.max_mean_load, s.mean_hops, s.mean_link_uses, s.instances);
}
void print_csv(std::ostream& out, const topo::sim::ClexResult& r) {
  fmt::print(out, "{}\n", clex_csv_header);
  print_csv_rows(out, r, "");
}

// `toposim clex --seeds A..B`: the runs rendered by render_seed_run, in seed order. JSON: one object with
// the provenance and "runs", an array of the single-seed objects (each with its "seed"); CSV: one header
// and a leading seed column; text: each table after a "seed S" line.
std::string render_seed_run(const Common& com, const ClexCli& c, const topo::sim::ClexOptions& o,
                            const topo::sim::ClexResult& r) {
  std::ostringstream text;
  if (com.json) {
    auto j = to_json(o, r);
    j["seed"] = o.seed;
    text << j.dump();
  } else if (c.csv) {
    print_csv_rows(text, r, fmt::format("{},", o.seed));
  } else {
    print_table(text, o, r);
  }
  return text.str();
}

void write_seed_runs(std::ostream& out, const Common& com, const ClexCli& c, std::uint64_t first,
                     const std::vector<std::string>& runs, const topo::cli::Tool& tool) {
  if (com.json) {
    nlohmann::json j;
    if (!com.no_provenance) j["provenance"] = tool.provenance(first);
    j["seeds"] = c.seeds;
    auto& all = j["runs"] = nlohmann::json::array();
    for (const auto& r : runs) all.push_back(nlohmann::json::parse(r));
    out << j.dump(2) << '\n';
  } else if (c.csv) {
    fmt::print(out, "seed,{}\n", clex_csv_header);
    for (const auto& r : runs) out << r;
  } else {
    for (std::size_t i = 0; i < runs.size(); ++i) fmt::print(out, "{}seed {}\n{}", i ? "\n" : "", first + i, runs[i]);
  }
}

}  // namespace

int main(int argc, char** argv) {
  topo::cli::Tool tool("toposim", "toposim: simulate traffic on an interconnection network", argc, argv);
  auto& app = tool.app;
  Common com;
  ClexCli c;
  tool.add_json_flag(com.json);
  tool.add_output_option(com.output);
  tool.add_provenance_flag(com.no_provenance);
  tool.add_threads_option(com.threads);
  tool.add_progress_flags();
  tool.add_memory_option();
  app.require_subcommand(1);
  auto* clex = app.add_subcommand("clex", "the CLEX routing algorithm A(L) on C(1/L,L) (CLEX §II-D, §III)");
  clex->fallthrough();
  clex->add_option("graph", c.input, "a clex graph (file or - for stdin), read when --clique/--levels are absent")
      ->type_name("GRAPH");
  auto* k = clex->add_option("--clique", c.clique, "clique size k (nodes per level-1 clique)")->type_name("K");
  auto* L = clex->add_option("--levels", c.levels, "number of levels L (k^L nodes)")->type_name("L");
  k->needs(L);
  L->needs(k);
  clex->add_option("--messages", c.messages, "messages from and to each node (M)")->type_name("M")->required();
  auto* seed = clex->add_option("--seed", c.seed, "random seed (workload and every random choice)")->type_name("S");
  clex->add_option("--seeds", c.seeds, "one run per seed A to B, in seed order (spread over the ranks under mpirun)")
      ->type_name("A..B")
      ->excludes(seed);
  clex->add_option("--traffic", c.traffic, "dense: request/acknowledge before relaying; light: direct copies")
      ->check(topo::cli::one_of({"dense", "light"}));
  clex->add_option("--destinations", c.destinations,
                   "permutation: every node receives exactly M; uniform: independent uniform destinations")
      ->check(topo::cli::one_of({"permutation", "uniform"}));
  clex->add_option("--copies", c.copies, "copies of a remaining message per relay phase: ceil or floor of k(i)")
      ->check(topo::cli::one_of({"ceil", "floor"}));
  clex->add_option("--copy-cap", c.copy_cap, "n in the cap sqrt(ln n) of k(i): the clique or the whole network")
      ->check(topo::cli::one_of({"clique", "network"}));
  clex->add_flag("--handshake-in-mean", c.handshake_in_mean,
                 "count the two request/acknowledge rounds of dense traffic in the mean rounds");
  clex->add_option("--spread", c.spread, "which level-l links of a gateway get one more message: random or fixed")
      ->check(topo::cli::one_of({"random", "fixed"}));
  clex->add_flag("--csv", c.csv, "print the per-level table as CSV (header and one row per level)");

  topo::sim::ClexAllToAllOptions a2a;
  auto* all = app.add_subcommand("clex-alltoall", "all-to-all on C(1/L,L) by flooding trees (CLEX §II-C)");
  all->fallthrough();
  all->add_option("--clique", a2a.clique, "clique size k")->type_name("K")->required();
  all->add_option("--levels", a2a.levels, "number of levels L")->type_name("L")->required();
  all->add_option("--sources", a2a.sources, "trees to build (default: all nodes up to 4096, else 16)")->type_name("N");
  all->add_option("--seed", a2a.seed, "random seed for the sample of sources")->type_name("S");
  bool a2a_csv = false;
  all->add_flag("--csv", a2a_csv, "print the table as CSV (header and one row per tree)");

  toposim::RunCli rc;
  auto* run = toposim::add_run(app, rc);

  return tool.run([&] {
    if (run->parsed()) {
      toposim::run(tool, rc, com.output, com.no_provenance, com.threads);
      return;
    }
    if (all->parsed()) {
      a2a.threads = com.threads;
      if (a2a_csv && com.json) throw topo::UsageError("--csv and --json ask for two formats");
      const auto r = topo::sim::clex_all_to_all(a2a);
      if (!tool.leader()) return;
      topo::cli::Output out(com.output);
      if (a2a_csv) {
        auto& os = out.stream();
        os << "tree,mean_hops,max_hops,max_links_on_a_level,mean_propagation,max_propagation,hop_reduction,"
              "propagation_ratio";
        for (std::size_t l = 0; l < r.shortest.links_per_level.size(); ++l) fmt::print(os, ",links_level_{}", l + 1);
        os << '\n';
        for (const auto& [name, t] : {std::pair{"shortest", &r.shortest}, std::pair{"ascending", &r.ascending}}) {
          fmt::print(os, "{},{},{},{},{},{},{},{}", name, t->mean_hops, t->max_hops, t->max_links_on_a_level,
                     t->mean_propagation, t->max_propagation, t->hop_reduction, t->propagation_ratio);
          for (auto x : t->links_per_level) fmt::print(os, ",{}", x);
          os << '\n';
        }
      } else if (com.json) {
        nlohmann::json j;
        if (!com.no_provenance) j["provenance"] = tool.provenance(a2a.seed);
        auto tree = [](const topo::sim::ClexTreeStats& t) {
          return nlohmann::json{{"mean_hops", t.mean_hops},
                                {"max_hops", t.max_hops},
                                {"links_per_level", t.links_per_level},
                                {"max_links_on_a_level", t.max_links_on_a_level},
                                {"mean_propagation", t.mean_propagation},
                                {"max_propagation", t.max_propagation},
                                {"hop_reduction", t.hop_reduction},
                                {"propagation_ratio", t.propagation_ratio}};
        };
        j.update({{"algorithm", "clex-alltoall"},
                  {"clique", r.clique},
                  {"levels", r.levels},
                  {"nodes", r.nodes},
                  {"sources", r.sources},
                  {"all_sources", r.all_sources},
                  {"shortest_tree", tree(r.shortest)},
                  {"ascending_tree", tree(r.ascending)},
                  {"paper_max_propagation", r.paper_max_propagation},
                  {"torus_mean_hops", r.torus_mean_hops}});
        out.stream() << j.dump(2) << '\n';
      } else {
        auto& os = out.stream();
        fmt::print(os, "all-to-all on C(1/{},{}) with {}^{} = {} nodes, {} flooding trees{}\n", r.levels, r.levels,
                   r.clique, r.levels, r.nodes, r.sources, r.all_sources ? " (every source)" : " (sampled sources)");
        fmt::print(os,
                   "link of level l: sqrt(3) k^(l/3) / 2 node spacings; torus: (k1 + k2 + k3) / 2 = {:.2f} hops\n\n",
                   r.torus_mean_hops);
        fmt::print(os, "{:<34}{:>16}{:>16}\n", "", "shortest tree", "ascending tree");
        auto row = [&](const std::string& name, const std::string& a1, const std::string& a2) {
          fmt::print(os, "{:<34}{:>16}{:>16}\n", name, a1, a2);
        };
        const auto& S = r.shortest;
        const auto& A = r.ascending;
        row("mean hops", fmt::format("{:.4f}", S.mean_hops), fmt::format("{:.4f}", A.mean_hops));
        row("max hops", std::to_string(S.max_hops), std::to_string(A.max_hops));
        row("most links of one level on a path", std::to_string(S.max_links_on_a_level),
            std::to_string(A.max_links_on_a_level));
        for (std::size_t l = 0; l < S.links_per_level.size(); ++l)
          row(fmt::format("links per flood on level {}", l + 1), fmt::format("{:.2f}", S.links_per_level[l]),
              fmt::format("{:.2f}", A.links_per_level[l]));
        row("mean propagation (node spacings)", fmt::format("{:.2f}", S.mean_propagation),
            fmt::format("{:.2f}", A.mean_propagation));
        row("max propagation", fmt::format("{:.2f}", S.max_propagation), fmt::format("{:.2f}", A.max_propagation));
        row("hop reduction vs torus", fmt::format("{:.2f}", S.hop_reduction), fmt::format("{:.2f}", A.hop_reduction));
        row("propagation / torus hops", fmt::format("{:.3f}", S.propagation_ratio),
            fmt::format("{:.3f}", A.propagation_ratio));
        fmt::print(os, "\npaper's max propagation sqrt(3) n^(1/3)/2 sum_(i<L) n^(-i/(3L)) = {:.2f}\n",
                   r.paper_max_propagation);
      }
      out.commit();
      return;
    }
    if (c.csv && com.json) throw topo::UsageError("--csv and --json ask for two formats");
    if (c.clique == 0 && c.levels == 0) size_from_graph(c, tool.memory());
    topo::sim::ClexOptions o;
    o.clique = c.clique;
    o.levels = c.levels;
    o.messages = c.messages;
    o.seed = c.seed;
    o.traffic = c.traffic == "dense" ? topo::sim::ClexTraffic::dense : topo::sim::ClexTraffic::light;
    o.destinations =
        c.destinations == "permutation" ? topo::sim::ClexWorkload::permutation : topo::sim::ClexWorkload::uniform;
    o.copies = c.copies == "ceil" ? topo::sim::ClexCopyRounding::ceil : topo::sim::ClexCopyRounding::floor;
    o.copy_cap = c.copy_cap == "clique" ? topo::sim::ClexCopyCap::clique : topo::sim::ClexCopyCap::network;
    o.handshake_in_mean = c.handshake_in_mean;
    o.spread = c.spread == "random" ? topo::sim::ClexSpread::random : topo::sim::ClexSpread::fixed;
    o.threads = com.threads;
    tool.memory().check(topo::sim::clex_memory(o));  // before the message records are allocated
    topo::cli::Progress progress(tool.progress_enabled(), fmt::format("A({})", o.levels));
    if (auto draw = progress.status_callback())
      o.progress = [draw](const topo::sim::ClexProgress& p) {
        // Steps 1 and 3 (k runs of A(L-1) each) make the bar; step 2 is one pass over the messages.
        static constexpr const char* what[] = {"", "to gateways", "level links", "delivery"};
        const double copies = p.copies ? double(p.copies_done) / p.copies : 0;
        const double done = p.step == 1 ? copies / 2 : p.step == 2 ? 0.5 : 0.5 + copies / 2;
        std::string status = fmt::format("level {} step {}/3 ({})", p.level, p.step, what[p.step]);
        if (p.copies) status += fmt::format(", {}/{} copies", p.copies_done, p.copies);
        draw(done, status + fmt::format(", {} messages left", p.messages_left));
      };
    if (!c.seeds.empty()) {
      // Independent runs, one per seed, spread over the ranks; rank 0 writes them in seed order.
      const auto [first, last] = parse_seed_range(c.seeds);
      const auto runs = topo::cli::deal_out(last - first + 1, [&](std::size_t i) {
        auto oi = o;
        oi.seed = first + i;
        const auto r = topo::sim::simulate_clex(oi);
        if (r.undelivered) throw topo::Error(fmt::format("internal error: {} messages undelivered", r.undelivered));
        return render_seed_run(com, c, oi, r);
      });
      progress.finish();
      if (!tool.leader()) return;
      topo::cli::Output out(com.output);
      write_seed_runs(out.stream(), com, c, first, runs, tool);
      out.commit();
      return;
    }
    const auto r = topo::sim::simulate_clex(o);
    progress.finish();
    if (r.undelivered) throw topo::Error(fmt::format("internal error: {} messages undelivered", r.undelivered));
    if (!tool.leader()) return;
    topo::cli::Output out(com.output);
    if (com.json) {
      nlohmann::json j;
      if (!com.no_provenance) j["provenance"] = tool.provenance(c.seed);
      j.update(to_json(o, r));
      out.stream() << j.dump(2) << '\n';
    } else if (c.csv) {
      print_csv(out.stream(), r);
    } else {
      print_table(out.stream(), o, r);
    }
    out.commit();
  });
}
