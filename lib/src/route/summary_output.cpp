#include "topo/route/summary_output.hpp"

#include <fmt/format.h>
#include <fmt/ostream.h>
#include <fmt/ranges.h>

#include <nlohmann/json.hpp>
#include <ostream>

#include "topo/io/csv.hpp"

namespace topo::route {

nlohmann::json summary_json(const Graph& g, const RouteSummary& s) {
  nlohmann::json j;
  j["graph"] = {{"family", g.meta.family}, {"parameters", g.meta.parameters}, {"nodes", g.num_nodes()}};
  j["algo"] = s.algo;
  if (!s.inner.empty()) j["inner"] = s.inner;
  j["pairs"] = s.pairs;
  if (s.hops) {
    const auto& h = *s.hops;
    nlohmann::json hist = nlohmann::json::object();
    for (const auto& [k, v] : h.histogram) hist[std::to_string(k)] = v;
    j["hops"] = {{"histogram", hist}, {"mean", h.mean}};
    j["stretch"] = {{"mean", h.stretch_mean},
                    {"max", h.stretch_max},
                    {"minimal_routes", h.minimal_routes},
                    {"pairs", h.stretch_pairs}};
  }
  if (s.loads) {
    const auto& l = *s.loads;
    nlohmann::json heavy = nlohmann::json::array();
    for (const auto& a : l.heaviest) {
      nlohmann::json e = {{"source", a.source}, {"target", a.target}, {"load", a.load}};
      if (!a.link_class.empty()) e["class"] = a.link_class;
      heavy.push_back(e);
    }
    j["loads"] = {
        {"routing", l.routing}, {"max", l.max},     {"mean", l.mean}, {"u", l.u}, {"physical_arcs", l.physical_arcs},
        {"total", l.total},     {"heaviest", heavy}};
  }
  if (s.deadlock) {
    const auto& d = *s.deadlock;
    nlohmann::json c = nlohmann::json::array();
    for (const auto& [v, w] : d.cycle) c.push_back({v, w});
    j["deadlock"] = {{"dependencies", d.dependencies}, {"cycle_free", d.cycle_free()}, {"cycle", c}};
  }
  return j;
}

void write_summary_text(std::ostream& os, const RouteSummary& s) {
  fmt::print(os, "algorithm           {}{}\n", s.algo, s.inner.empty() ? "" : " (inner " + s.inner + ")");
  fmt::print(os, "pairs               {}\n", s.pairs);
  if (s.hops && s.loads) {
    const auto& h = *s.hops;
    const auto& l = *s.loads;
    fmt::print(os, "mean hops           {:.6f}\n", h.mean);
    fmt::print(os, "stretch vs BFS      mean {:.6f}, max {:.6f}, minimal routes {} of {}\n", h.stretch_mean,
               h.stretch_max, h.minimal_routes, h.stretch_pairs);
    fmt::print(os, "link load           max {:.6f}, mean {:.6f} ({})\n", l.max, l.mean, l.routing);
    fmt::print(os, "link utilisation u  {:.6f}\n", l.u);
    for (const auto& a : l.heaviest)
      fmt::print(os, "  heavy arc {} -> {}{}  load {:.6f}\n", a.source, a.target,
                 a.link_class.empty() ? "" : " (" + a.link_class + ")", a.load);
    fmt::print(os, "\n{:>6}  {:>12}\n", "hops", "routes");
    for (const auto& [k, v] : h.histogram) fmt::print(os, "{:>6}  {:>12}\n", k, v);
  }
  if (s.deadlock) {
    const auto& d = *s.deadlock;
    fmt::print(os, "channel dependencies {}\n", d.dependencies);
    if (d.cycle_free()) {
      fmt::print(os, "deadlock check      no cycle: the routes are deadlock-free on one virtual channel\n");
    } else {
      std::string cyc;
      for (const auto& [v, w] : d.cycle) cyc += fmt::format(" {}->{}", v, w);
      fmt::print(os, "deadlock check      cycle of {} channels:{}\n", d.cycle.size(), cyc);
    }
  }
}

void write_summary_csv(std::ostream& os, const RouteSummary& s) {
  std::vector<std::string> head = {"algo", "pairs"}, row = {io::csv_field(s.algo), std::to_string(s.pairs)};
  auto add = [&](const char* name, const std::string& v) {
    head.emplace_back(name);
    row.push_back(v);
  };
  if (s.hops && s.loads) {
    add("mean_hops", fmt::format("{:.6f}", s.hops->mean));
    add("stretch_mean", fmt::format("{:.6f}", s.hops->stretch_mean));
    add("stretch_max", fmt::format("{:.6f}", s.hops->stretch_max));
    add("minimal_routes", std::to_string(s.hops->minimal_routes));
    add("load_max", fmt::format("{:.6f}", s.loads->max));
    add("load_mean", fmt::format("{:.6f}", s.loads->mean));
    add("u", fmt::format("{:.6f}", s.loads->u));
  }
  if (s.deadlock) {
    add("dependencies", std::to_string(s.deadlock->dependencies));
    add("cycle_free", s.deadlock->cycle_free() ? "true" : "false");
  }
  fmt::print(os, "{}\n{}\n", fmt::join(head, ","), fmt::join(row, ","));
}

}  // namespace topo::route
