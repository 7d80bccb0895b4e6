// topogen: writes a topology of one family as an edge list, JSON, or another format.
#include <fmt/format.h>
#include <fmt/ostream.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>

#include "common/cli.hpp"
#include "common/io.hpp"
#include "common/standard_streams.hpp"
#include "common/suggest.hpp"
#include "topo/errors.hpp"
#include "topo/gen/description.hpp"
#include "topo/gen/registry.hpp"
#include "topo/io/format.hpp"

namespace {

struct Options {
  std::string output;
  std::string format = "edgelist";
  bool no_provenance = false;
  bool describe = false;
  bool list = false;
  bool json = false;
  std::uint64_t max_nodes = topo::max_nodes;
  std::optional<std::string> seed;
};

const char* type_name(topo::gen::ParamType t) {
  switch (t) {
    case topo::gen::ParamType::integer:
      return "integer";
    case topo::gen::ParamType::integer_list:
      return "integer-list";
    case topo::gen::ParamType::dims:
      return "dims";
    case topo::gen::ParamType::choice:
      return "choice";
    case topo::gen::ParamType::flag:
      return "flag";
    default:
      return "text";
  }
}

// `topogen --list [--json]`: one line per family, or every family with its parameters.
void print_list(std::ostream& out, bool json) {
  if (!json) {
    for (const auto& f : topo::gen::families()) fmt::print(out, "{:<14} {}\n", f.name, f.summary);
    return;
  }
  nlohmann::json list = nlohmann::json::array();
  for (const auto& f : topo::gen::families()) {
    nlohmann::json params = nlohmann::json::array();
    for (const auto& p : f.params) {
      nlohmann::json j = {{"name", p.name},
                          {"option", "--" + p.name},
                          {"type", type_name(p.type)},
                          {"required", p.required},
                          {"help", p.help}};
      j["default"] = p.default_value.empty() ? nlohmann::json(nullptr) : nlohmann::json(p.default_value);
      if (!p.choices.empty()) j["choices"] = p.choices;
      params.push_back(j);
    }
    nlohmann::json entry = {{"name", f.name}, {"summary", f.summary}, {"source", f.source}, {"parameters", params}};
    if (!f.alias_of.empty()) entry["alias_of"] = f.alias_of;
    list.push_back(entry);
  }
  out << nlohmann::json{{"families", list}}.dump(2) << '\n';
}

void print_description(std::ostream& out, const topo::gen::Family& f, const topo::gen::Params& p,
                       const topo::gen::Description& d, bool json) {
  if (json) {
    nlohmann::json j = {{"family", f.name},        {"parameters", p},
                        {"nodes", d.nodes},        {"links", d.links},
                        {"directed", d.directed},  {"degree", {{"min", d.degree_min}, {"max", d.degree_max}}},
                        {"formulas", *d.formulas}, {"source", f.source}};
    out << j.dump(2) << '\n';
    return;
  }
  fmt::print(out, "family      {} {}\n", f.name, p.dump());
  fmt::print(out, "nodes       {}\n", d.nodes);
  fmt::print(out, "links       {}\n", d.links);
  fmt::print(out, "directed    {}\n", d.directed ? "yes" : "no");
  if (d.degree_min == d.degree_max)
    fmt::print(out, "degree      {}\n", d.degree_min);
  else
    fmt::print(out, "degree      {}..{}\n", d.degree_min, d.degree_max);
  for (const auto& [k, v] : d.formulas->items()) fmt::print(out, "{:<11} {}\n", k, v.dump());
  fmt::print(out, "source      {}\n", f.source);
}

// `topogen ibt --search BAND`: one feasible configuration per line, or a JSON document.
void print_listing(std::ostream& out, const topo::gen::Listing& l, bool json) {
  if (json) {
    out << l.json->dump(2) << '\n';
    return;
  }
  fmt::print(out, "# {}\n", l.title);
  if (l.rows.empty()) {
    fmt::print(out, "# 0 configurations: {}\n", l.empty_reason);
    topo::cli::write_stderr(fmt::format("topogen: 0 configurations: {}\n", l.empty_reason));
    return;
  }
  fmt::print(out, "# {} configurations\n# {}\n", l.rows.size(), l.columns);
  for (const auto& row : l.rows) fmt::print(out, "{}\n", row);
}

}  // namespace

int main(int argc, char** argv) {
  topo::cli::Tool tool("topogen", "topogen: generate an interconnection network topology", argc, argv);
  tool.subcommand_noun = "family";
  Options o;
  auto& app = tool.app;
  app.add_flag("--list", o.list, "list the families, one per line");
  app.add_flag("--describe", o.describe, "print sizes and known formulas of the instance without generating it");
  auto* format_opt = app.add_option("-f,--format", o.format, "output format")
                         ->check(topo::cli::one_of(topo::io::output_format_names()))
                         ->type_name("FORMAT");
  app.add_option("--max-nodes", o.max_nodes, "refuse instances with more nodes than this")->type_name("N");
  app.add_option("--seed", o.seed, "seed of a random family (recorded in the output)")->type_name("N");
  tool.add_json_flag(o.json);
  tool.add_output_option(o.output);
  tool.add_provenance_flag(o.no_provenance);
  tool.add_memory_option();
  app.fallthrough();
  app.require_subcommand(0, 1);
  app.footer("Run 'topogen --list' for the families and 'topogen FAMILY --help' for their parameters.");

  // One subcommand per family, its options taken from the family's parameter spec.
  std::map<std::string, std::map<std::string, std::string>> raw;
  for (const auto& f : topo::gen::families()) {
    auto* sub = app.add_subcommand(f.name, f.summary);
    sub->footer("Source: " + f.source);
    auto& values = raw[f.name];
    for (const auto& p : f.params) {
      if (p.name == "seed") continue;  // the tool's own --seed
      const std::string opt = "--" + p.name;
      std::string help = p.help;
      if (!p.default_value.empty()) help += " (default: " + p.default_value + ")";
      if (p.required) help += " (required)";
      if (p.type == topo::gen::ParamType::flag) {
        sub->add_flag_callback(
            opt, [&values, name = p.name] { values[name] = "true"; }, help);
        continue;
      }
      auto* option = sub->add_option_function<std::string>(
          opt, [&values, name = p.name](const std::string& v) { values[name] = v; }, help);
      switch (p.type) {
        case topo::gen::ParamType::dims:
          option->type_name("AxBx..");
          break;
        case topo::gen::ParamType::integer_list:
          option->type_name("A,B,..");
          break;
        case topo::gen::ParamType::choice:
          option->type_name("NAME")->check(topo::cli::one_of(p.choices));
          break;
        case topo::gen::ParamType::integer:
          option->type_name("N");
          break;
        default:
          option->type_name("TEXT");
          break;
      }
    }
  }

  tool.leader_only = true;  // not distributed: under mpirun, rank 0 does all
  return tool.run([&] {
    if (o.list) {
      print_list(std::cout, o.json);
      return;
    }
    const auto subs = app.get_subcommands();
    if (subs.empty()) throw topo::UsageError("no family given (try 'topogen --list')");
    const auto& family = topo::gen::find_family(subs.front()->get_name());
    auto& values = raw[family.name];
    if (o.seed) {
      const bool random =
          std::any_of(family.params.begin(), family.params.end(), [](const auto& p) { return p.name == "seed"; });
      if (!random) throw topo::UsageError(fmt::format("--seed: family {} is not random", family.name));
      values["seed"] = *o.seed;
    }
    topo::gen::Params params;
    try {  // the values were typed on the command line: a bad or missing one is a usage error
      params = topo::gen::parse_params(family, values);
    } catch (const topo::InputError& e) {
      throw topo::UsageError(fmt::format("{} (try 'topogen {} --help')", e.what(), family.name));
    }
    topo::cli::Output out(o.output);
    if (family.search && topo::gen::has(params, family.search->param)) {  // listing mode
      print_listing(out.stream(), family.search->list(params), o.json);
      out.commit();
      return;
    }
    if (o.describe) {
      print_description(out.stream(), family, params, family.describe(params), o.json);
      out.commit();
      return;
    }
    if (o.json && format_opt->count() && o.format != "json")
      throw topo::UsageError(fmt::format("--json and --format {} ask for two formats", o.format));
    const auto format = topo::io::parse_format(o.json ? "json" : o.format);
    topo::GraphMeta meta{family.name, params, nlohmann::json(), {}};
    if (!o.no_provenance)
      meta.generator = tool.provenance(params.contains("seed") ? params["seed"].get<std::uint64_t>()
                                                               : std::optional<std::uint64_t>{});
    topo::gen::GenerateOptions limits;
    limits.max_nodes = o.max_nodes;
    limits.memory = tool.memory();  // the graph is held in memory while it is written
    if (format == topo::io::Format::descriptor) {
      const auto d = family.describe(params);
      if (d.nodes > o.max_nodes)
        throw topo::InputError(
            fmt::format("{}: {} nodes exceed the limit of {} (--max-nodes)", family.name, d.nodes, o.max_nodes));
      topo::io::write_descriptor(out.stream(), meta, d);
    } else {
      auto g = topo::gen::generate(family, params, limits);
      g.meta.generator = meta.generator;
      topo::io::write_graph(out.stream(), g, format);
    }
    out.commit();
  });
}
