#include "topo/map/report_output.hpp"

#include <fmt/format.h>
#include <fmt/ostream.h>
#include <fmt/ranges.h>

#include <cmath>
#include <nlohmann/json.hpp>
#include <ostream>

#include "topo/io/csv.hpp"

namespace topo::map {

namespace {

const char* convention(const MappingReport& r) {
  return r.dense_demand ? "sum over ordered pairs i,j of A_ij B_p(i)p(j) (QAPLIB)"
                        : "sum over unordered task pairs {i,j} of w_ij S_m(i)m(j) (each pair once)";
}

/// A cost as people read it: an integer without decimals, else six.
std::string number(double x) {
  if (x == std::floor(x) && std::fabs(x) < 9e15) return fmt::format("{:.0f}", x);
  return fmt::format("{:.6f}", x);
}

}  // namespace

nlohmann::json report_json(const MappingReport& r) {
  nlohmann::json j;
  j["tasks"] = r.tasks;
  j["nodes"] = r.nodes;
  j["demand_pairs"] = r.demand_pairs ? nlohmann::json(*r.demand_pairs) : nlohmann::json();
  j["supply"] = r.supply;
  j["convention"] = convention(r);
  if (r.evaluation) {
    j["evaluated"] = r.evaluation->file;
    if (r.evaluation->stored_cost) {
      j["stored_cost"] = *r.evaluation->stored_cost;
      j["matches_stored_cost"] = r.evaluation->matches_stored_cost;
    }
  }
  if (r.search) {
    j["method"] = r.search->method;
    j["seed"] = r.search->seed;
    j["restarts"] = r.search->restarts;
    j["best_restart"] = r.search->best_restart;
    j["iterations"] = r.search->iterations;
    j["seconds"] = r.search->seconds;
  }
  j["cost"] = r.cost;
  j["identity_cost"] = r.identity_cost;
  const auto rel = r.relative_to_identity();
  j["relative_to_identity"] = rel ? nlohmann::json(*rel) : nlohmann::json();
  j["mapping"] = r.mapping;
  return j;
}

void write_report_text(std::ostream& os, const MappingReport& r) {
  if (r.search)
    fmt::print(os, "# method: {}, seed {}, {} restart(s), best restart {}\n", r.search->method, r.search->seed,
               r.search->restarts, r.search->best_restart);
  if (r.evaluation) fmt::print(os, "# evaluated: {}\n", r.evaluation->file);
  fmt::print(os, "# tasks: {}, nodes: {}, supply: {}\n", r.tasks, r.nodes, r.supply);
  fmt::print(os, "# cost: {}\n", number(r.cost));
  fmt::print(os, "# identity cost: {}\n", number(r.identity_cost));
  if (const auto rel = r.relative_to_identity()) fmt::print(os, "# relative to identity: {:.6f}\n", *rel);
  if (r.evaluation && r.evaluation->stored_cost)
    fmt::print(os, "# stored cost: {} ({})\n", number(*r.evaluation->stored_cost),
               r.evaluation->matches_stored_cost ? "matches" : "differs; try --inverse");
}

void write_report_csv(std::ostream& os, const MappingReport& r) {
  std::vector<std::string> head, row;
  auto add = [&](const char* name, std::string value) {
    head.emplace_back(name);
    row.push_back(std::move(value));
  };
  auto real = [](double x) { return fmt::format("{}", x); };
  const auto* s = r.search ? &*r.search : nullptr;
  add("method", s ? io::csv_field(s->method) : "");
  add("seed", s ? std::to_string(s->seed) : "");
  add("restarts", s ? std::to_string(s->restarts) : "");
  add("best_restart", s ? std::to_string(s->best_restart) : "");
  add("iterations", s ? std::to_string(s->iterations) : "");
  add("seconds", s ? real(s->seconds) : "");
  add("tasks", std::to_string(r.tasks));
  add("nodes", std::to_string(r.nodes));
  add("cost", real(r.cost));
  add("identity_cost", real(r.identity_cost));
  const auto rel = r.relative_to_identity();
  add("relative_to_identity", rel ? real(*rel) : "");
  add("evaluated", r.evaluation ? io::csv_field(r.evaluation->file) : "");
  add("stored_cost", r.evaluation && r.evaluation->stored_cost ? real(*r.evaluation->stored_cost) : "");
  fmt::print(os, "{}\n{}\n", fmt::join(head, ","), fmt::join(row, ","));
}

}  // namespace topo::map
