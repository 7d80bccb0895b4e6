// The CLEX runs' choices and their results as JSON, text and CSV (topo/sim/clex_output.hpp).
#include "topo/sim/clex_output.hpp"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <nlohmann/json.hpp>
#include <ostream>
#include <string>
#include <utility>

#include "topo/registry.hpp"

namespace topo::sim {

// One line per choice of each option.
const std::vector<topo::Choice<ClexTraffic>>& clex_traffics() {
  static const std::vector<topo::Choice<ClexTraffic>> list = {
      {ClexTraffic::dense, "dense", "request/acknowledge before relaying"},
      {ClexTraffic::light, "light", "direct copies"},
  };
  return list;
}

const std::vector<topo::Choice<ClexWorkload>>& clex_workloads() {
  static const std::vector<topo::Choice<ClexWorkload>> list = {
      {ClexWorkload::permutation, "permutation", "every node receives exactly M"},
      {ClexWorkload::uniform, "uniform", "independent uniform destinations"},
  };
  return list;
}

const std::vector<topo::Choice<ClexCopyRounding>>& clex_copy_roundings() {
  static const std::vector<topo::Choice<ClexCopyRounding>> list = {
      {ClexCopyRounding::ceil, "ceil", "the ceiling of k(i)"},
      {ClexCopyRounding::floor, "floor", "the floor of k(i)"},
  };
  return list;
}

const std::vector<topo::Choice<ClexCopyCap>>& clex_copy_caps() {
  static const std::vector<topo::Choice<ClexCopyCap>> list = {
      {ClexCopyCap::clique, "clique", "n is the clique A(1) runs on"},
      {ClexCopyCap::network, "network", "n is the whole network"},
  };
  return list;
}

const std::vector<topo::Choice<ClexSpread>>& clex_spreads() {
  static const std::vector<topo::Choice<ClexSpread>> list = {
      {ClexSpread::random, "random", "links picked at random"},
      {ClexSpread::fixed, "fixed", "the lowest-numbered links"},
  };
  return list;
}

nlohmann::json clex_json(const ClexOptions& o, const ClexResult& r) {
  nlohmann::json j;
  j["algorithm"] = "clex";
  j["clique"] = r.clique;
  j["levels"] = r.levels;
  j["nodes"] = r.nodes;
  j["messages_per_node"] = o.messages;
  j["messages"] = r.messages;
  j["traffic"] = std::string(name_of(clex_traffics(), o.traffic));
  j["options"] = {{"destinations", std::string(name_of(clex_workloads(), o.destinations))},
                  {"copies", std::string(name_of(clex_copy_roundings(), o.copies))},
                  {"copy_cap", std::string(name_of(clex_copy_caps(), o.copy_cap))},
                  {"handshake_in_mean", o.handshake_in_mean},
                  {"spread", std::string(name_of(clex_spreads(), o.spread))}};
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
  auto cmp = [](const ClexComparison& c) { return nlohmann::json{{"value", c.value}, {"formula", c.formula}}; };
  j["torus_comparison"] = {{"propagation_ratio", cmp(r.propagation_ratio)},
                           {"hop_reduction", cmp(r.hop_reduction)},
                           {"bandwidth_gain", cmp(r.bandwidth_gain)}};
  j["memory"] = {{"message_record_bytes", r.message_record_bytes},
                 {"working_bytes", r.working_bytes},
                 {"bytes_per_extra_thread", r.bytes_per_extra_thread},
                 {"bytes_per_node", r.bytes_per_node}};
  return j;
}

void write_clex_text(std::ostream& out, const ClexOptions& o, const ClexResult& r) {
  fmt::print(out, "A({}) on C(1/{},{}) with {}^{} = {} nodes, {} messages from and to each node, {} traffic\n",
             r.levels, r.levels, r.levels, r.clique, r.levels, r.nodes, o.messages,
             name_of(clex_traffics(), o.traffic));
  fmt::print(out, "\n{:>4} {:>9} {:>10} {:>15} {:>10} {:>11} {:>10}\n", "lvl.", "max.rds.", "avg. rds.",
             "max. avg. load", "avg. hops", "link uses", "instances");
  for (const auto& s : r.per_level)
    fmt::print(out, "{:>4} {:>9} {:>10.2f} {:>15.2f} {:>10.2f} {:>11.2f} {:>10}\n", s.level, s.max_rounds,
               s.mean_rounds, s.max_mean_load, s.mean_hops, s.mean_link_uses, s.instances);
  fmt::print(out, "\nA(1) messages remaining after each phase (all instances):\n");
  for (std::size_t p = 0; p < r.a1_remaining.size(); ++p)
    fmt::print(out, "  phase {:>2}: {:>12}  instances finishing: {}\n", p, r.a1_remaining[p],
               p < r.a1_phases.size() ? r.a1_phases[p] : 0);
  if (o.traffic == ClexTraffic::light) fmt::print(out, "  duplicate copies forwarded: {}\n", r.a1_duplicates);
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

std::string_view clex_csv_header() {
  return "level,max_rounds,mean_rounds,max_mean_load,mean_hops,mean_link_uses,instances";
}

void write_clex_csv_rows(std::ostream& out, const ClexResult& r, std::string_view prefix) {
  for (const auto& s : r.per_level)
    fmt::print(out, "{}{},{},{:.6f},{:.6f},{:.6f},{:.6f},{}\n", prefix, s.level, s.max_rounds, s.mean_rounds,
               s.max_mean_load, s.mean_hops, s.mean_link_uses, s.instances);
}

namespace {

nlohmann::json tree_json(const ClexTreeStats& t) {
  return nlohmann::json{{"mean_hops", t.mean_hops},
                        {"max_hops", t.max_hops},
                        {"links_per_level", t.links_per_level},
                        {"max_links_on_a_level", t.max_links_on_a_level},
                        {"mean_propagation", t.mean_propagation},
                        {"max_propagation", t.max_propagation},
                        {"hop_reduction", t.hop_reduction},
                        {"propagation_ratio", t.propagation_ratio}};
}

}  // namespace

nlohmann::json clex_alltoall_json(const ClexAllToAllResult& r) {
  return {{"algorithm", "clex-alltoall"},
          {"clique", r.clique},
          {"levels", r.levels},
          {"nodes", r.nodes},
          {"sources", r.sources},
          {"all_sources", r.all_sources},
          {"shortest_tree", tree_json(r.shortest)},
          {"ascending_tree", tree_json(r.ascending)},
          {"paper_max_propagation", r.paper_max_propagation},
          {"torus_mean_hops", r.torus_mean_hops}};
}

void write_clex_alltoall_text(std::ostream& out, const ClexAllToAllResult& r) {
  fmt::print(out, "all-to-all on C(1/{},{}) with {}^{} = {} nodes, {} flooding trees{}\n", r.levels, r.levels, r.clique,
             r.levels, r.nodes, r.sources, r.all_sources ? " (every source)" : " (sampled sources)");
  fmt::print(out, "link of level l: sqrt(3) k^(l/3) / 2 node spacings; torus: (k1 + k2 + k3) / 2 = {:.2f} hops\n\n",
             r.torus_mean_hops);
  fmt::print(out, "{:<34}{:>16}{:>16}\n", "", "shortest tree", "ascending tree");
  auto row = [&](const std::string& name, const std::string& a1, const std::string& a2) {
    fmt::print(out, "{:<34}{:>16}{:>16}\n", name, a1, a2);
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
  fmt::print(out, "\npaper's max propagation sqrt(3) n^(1/3)/2 sum_(i<L) n^(-i/(3L)) = {:.2f}\n",
             r.paper_max_propagation);
}

void write_clex_alltoall_csv(std::ostream& out, const ClexAllToAllResult& r) {
  out << "tree,mean_hops,max_hops,max_links_on_a_level,mean_propagation,max_propagation,hop_reduction,"
         "propagation_ratio";
  for (std::size_t l = 0; l < r.shortest.links_per_level.size(); ++l) fmt::print(out, ",links_level_{}", l + 1);
  out << '\n';
  for (const auto& [name, t] : {std::pair{"shortest", &r.shortest}, std::pair{"ascending", &r.ascending}}) {
    fmt::print(out, "{},{},{},{},{},{},{},{}", name, t->mean_hops, t->max_hops, t->max_links_on_a_level,
               t->mean_propagation, t->max_propagation, t->hop_reduction, t->propagation_ratio);
    for (auto x : t->links_per_level) fmt::print(out, ",{}", x);
    out << '\n';
  }
}

}  // namespace topo::sim
