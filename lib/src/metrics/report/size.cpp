// Sizes and degrees: nodes, links, directedness, degrees (and ports where self-loops make them differ), regularity.
#include "section.hpp"

namespace topo::metrics::report {

namespace {

void json(const View& v, nlohmann::json& j) {
  const auto& s = v.r.summary;
  j["nodes"] = s.nodes;
  j["links"] = s.links;
  j["link_records"] = s.link_records;
  j["directed"] = s.directed;
  j["multigraph"] = s.multigraph;
  j["self_loops"] = s.self_loops;
  if (s.self_loops) j["self_loop_count"] = s.self_loop_count;
  j["degree"] = {{"min", s.degree_min}, {"max", s.degree_max}, {"mean", s.degree_mean}};
  if (s.directed) j["in_degree"] = {{"min", s.in_degree_min}, {"max", s.in_degree_max}};
  if (s.self_loops && !s.directed)
    j["ports"] = {{"min", s.port_min}, {"max", s.port_max}, {"convention", "a self-loop: two in the degree, one port"}};
  j["regular"] = s.regular;
}

void text(const View& v, TextTable& t) {
  const auto& s = v.r.summary;
  t.heading("Size and degree");
  t.row("nodes", fmt::format("{}", s.nodes));
  t.row("links", fmt::format("{}", s.links));
  if (s.link_records != s.links) t.row("distinct links", fmt::format("{}", s.link_records));
  t.row("directed", yes_no(s.directed) + (s.multigraph ? " (multigraph)" : ""));
  t.row(s.directed ? "out-degree" : "degree",
        fmt::format("min {}, max {}, mean {:.4f}", s.degree_min, s.degree_max, s.degree_mean));
  if (s.self_loops && !s.directed)
    t.row("ports", fmt::format("min {}, max {}  ({}, each counts twice in the degree and once as a port)", s.port_min,
                               s.port_max, plural(s.self_loop_count, "self-loop", "self-loops")));
  if (s.directed) t.row("in-degree", fmt::format("min {}, max {}", s.in_degree_min, s.in_degree_max));
  t.row("regular", yes_no(s.regular));
}

void csv(const View& v, CsvRows& t) {
  const auto& s = v.r.summary;
  const std::string out_degree = s.directed ? "out-degree" : "";
  t.num("size", "nodes", s.nodes);
  t.num("size", "links", s.links, "multiplicity counted");
  t.num("size", "distinct_links", s.link_records);
  t.row("size", "directed", boolean(s.directed));
  t.row("size", "multigraph", boolean(s.multigraph));
  t.num("size", "degree_min", s.degree_min, out_degree);
  t.num("size", "degree_max", s.degree_max, out_degree);
  t.num("size", "degree_mean", s.degree_mean, out_degree);
  if (s.directed) {
    t.num("size", "in_degree_min", s.in_degree_min);
    t.num("size", "in_degree_max", s.in_degree_max);
  }
  if (s.self_loops) t.num("size", "self_loops", s.self_loop_count, "a loop counts twice in the degree, once as a port");
  if (s.self_loops && !s.directed) {
    t.num("size", "ports_min", s.port_min);
    t.num("size", "ports_max", s.port_max);
  }
  t.row("size", "regular", boolean(s.regular));
}

}  // namespace

Section section_size() {
  return {"size", json, text, csv};
}

}  // namespace topo::metrics::report
