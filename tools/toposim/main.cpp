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
#include "topo/registry.hpp"
#include "topo/sim/clex.hpp"
#include "topo/sim/clex_output.hpp"
#include "toposim/run.hpp"

namespace {

namespace sim = topo::sim;

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
  clex->add_option("--traffic", c.traffic, topo::help_of(sim::clex_traffics()))
      ->check(topo::cli::one_of(topo::names_of(sim::clex_traffics())));
  clex->add_option("--destinations", c.destinations, topo::help_of(sim::clex_workloads()))
      ->check(topo::cli::one_of(topo::names_of(sim::clex_workloads())));
  clex->add_option("--copies", c.copies,
                   "copies of a remaining message per relay phase: " + topo::help_of(sim::clex_copy_roundings()))
      ->check(topo::cli::one_of(topo::names_of(sim::clex_copy_roundings())));
  clex->add_option("--copy-cap", c.copy_cap, "n in the cap sqrt(ln n) of k(i): " + topo::help_of(sim::clex_copy_caps()))
      ->check(topo::cli::one_of(topo::names_of(sim::clex_copy_caps())));
  clex->add_flag("--handshake-in-mean", c.handshake_in_mean,
                 "count the two request/acknowledge rounds of dense traffic in the mean rounds");
  clex->add_option("--spread", c.spread,
                   "which level-l links of a gateway get one more message: " + topo::help_of(sim::clex_spreads()))
      ->check(topo::cli::one_of(topo::names_of(sim::clex_spreads())));
  clex->add_flag("--csv", c.csv, "print the per-level table as CSV (header and one row per level)");

  sim::ClexAllToAllOptions a2a;
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
      const auto r = sim::clex_all_to_all(a2a);
      if (!tool.leader()) return;
      topo::cli::Output out(com.output);
      if (a2a_csv) {
        sim::write_clex_alltoall_csv(out.stream(), r);
      } else if (com.json) {
        nlohmann::json j;
        if (!com.no_provenance) j["provenance"] = tool.provenance(a2a.seed);
        j.update(sim::clex_alltoall_json(r));
        out.stream() << j.dump(2) << '\n';
      } else {
        sim::write_clex_alltoall_text(out.stream(), r);
      }
      out.commit();
      return;
    }
    if (c.csv && com.json) throw topo::UsageError("--csv and --json ask for two formats");
    const auto format = com.json ? sim::ClexFormat::json : c.csv ? sim::ClexFormat::csv : sim::ClexFormat::text;
    if (c.clique == 0 && c.levels == 0) size_from_graph(c, tool.memory());
    sim::ClexOptions o;
    o.clique = c.clique;
    o.levels = c.levels;
    o.messages = c.messages;
    o.seed = c.seed;
    o.traffic = topo::find_named(sim::clex_traffics(), c.traffic, "--traffic").id;
    o.destinations = topo::find_named(sim::clex_workloads(), c.destinations, "--destinations").id;
    o.copies = topo::find_named(sim::clex_copy_roundings(), c.copies, "--copies").id;
    o.copy_cap = topo::find_named(sim::clex_copy_caps(), c.copy_cap, "--copy-cap").id;
    o.handshake_in_mean = c.handshake_in_mean;
    o.spread = topo::find_named(sim::clex_spreads(), c.spread, "--spread").id;
    o.threads = com.threads;
    tool.memory().check(sim::clex_memory(o));  // before the message records are allocated
    topo::cli::Progress progress(tool.progress_enabled(), fmt::format("A({})", o.levels));
    if (auto draw = progress.status_callback())
      o.progress = [draw](const sim::ClexProgress& p) {
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
      // Two variables, not a structured binding: the lambda below captures them (clang 14 cannot).
      const auto seeds = parse_seed_range(c.seeds);
      const std::uint64_t first = seeds.first, last = seeds.second;
      const auto runs = topo::cli::deal_out(last - first + 1, [&](std::size_t i) {
        auto oi = o;
        oi.seed = first + i;
        const auto r = sim::simulate_clex(oi);
        if (r.undelivered) throw topo::Error(fmt::format("internal error: {} messages undelivered", r.undelivered));
        return sim::clex_seed_run(format, oi, r);
      });
      progress.finish();
      if (!tool.leader()) return;
      nlohmann::json head;
      if (!com.no_provenance) head["provenance"] = tool.provenance(first);
      head["seeds"] = c.seeds;
      topo::cli::Output out(com.output);
      sim::write_clex_seed_runs(out.stream(), format, first, runs, head);
      out.commit();
      return;
    }
    const auto r = sim::simulate_clex(o);
    progress.finish();
    if (r.undelivered) throw topo::Error(fmt::format("internal error: {} messages undelivered", r.undelivered));
    if (!tool.leader()) return;
    topo::cli::Output out(com.output);
    if (com.json) {
      nlohmann::json j;
      if (!com.no_provenance) j["provenance"] = tool.provenance(c.seed);
      j.update(sim::clex_json(o, r));
      out.stream() << j.dump(2) << '\n';
    } else if (c.csv) {
      fmt::print(out.stream(), "{}\n", sim::clex_csv_header());
      sim::write_clex_csv_rows(out.stream(), r);
    } else {
      sim::write_clex_text(out.stream(), o, r);
    }
    out.commit();
  });
}
