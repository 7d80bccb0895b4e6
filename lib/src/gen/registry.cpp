#include "topo/gen/registry.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <nlohmann/json.hpp>

#include "text_internal.hpp"
#include "topo/errors.hpp"
#include "topo/excerpt.hpp"
#include "topo/gen/description.hpp"
#include "topo/registry.hpp"

namespace topo::gen {

#define TOPO_FAMILY(name) Family family_##name();
#include "family_list.hpp"
#undef TOPO_FAMILY

const std::vector<Family>& families() {
  static const std::vector<Family> all = {
#define TOPO_FAMILY(name) family_##name(),
#include "family_list.hpp"
#undef TOPO_FAMILY
  };
  return all;
}

// An InputError, not a UsageError: the name comes from a file (a descriptor, a graph's metadata); the tool
// offers its families as subcommands.
const Family& find_family(std::string_view name) {
  if (const Family* f = find_entry(families(), name)) return *f;
  throw InputError(
      fmt::format("unknown family \"{}\" (known: {})", excerpt(name), fmt::join(names_of(families()), ", ")));
}

const Family* family_of(const Graph& g) {
  return g.meta.family.empty() ? nullptr : find_entry(families(), g.meta.family);
}

std::optional<Grid> grid_of(const Graph& g) {
  const Family* f = family_of(g);
  if (!f || !f->grid) return std::nullopt;
  return f->grid(normalize_params(*f, g.meta.parameters));
}

bool family_offers(const Graph& g, std::string_view routing) {
  const Family* f = family_of(g);
  return f && std::find(f->routings.begin(), f->routings.end(), routing) != f->routings.end();
}

std::optional<std::uint32_t> terminals_per_endpoint(const Graph& g) {
  const Family* f = family_of(g);
  if (!f || !f->terminals_per_endpoint) return std::nullopt;
  return f->terminals_per_endpoint(normalize_params(*f, g.meta.parameters));
}

std::string ParamSpec::key() const {
  std::string k = name;
  std::replace(k.begin(), k.end(), '-', '_');
  return k;
}

namespace {

std::int64_t parse_int(std::string_view s, const std::string& what) {
  std::int64_t v = 0;
  if (!topo::detail::parse_integer(s, v))
    throw InputError(fmt::format("--{}: expected an integer, got \"{}\"", what, excerpt(s)));
  return v;
}

std::vector<std::int64_t> parse_list(std::string_view s, char sep, const std::string& what) {
  std::vector<std::int64_t> out;
  std::size_t start = 0;
  while (true) {
    auto end = s.find(sep, start);
    auto part = s.substr(start, end == std::string_view::npos ? s.size() - start : end - start);
    if (part.empty())
      throw InputError(fmt::format("--{}: expected integers separated by '{}', got \"{}\"", what, sep, excerpt(s)));
    out.push_back(parse_int(part, what));
    if (end == std::string_view::npos) break;
    start = end + 1;
  }
  return out;
}

nlohmann::json parse_value(const ParamSpec& spec, const std::string& raw) {
  switch (spec.type) {
    case ParamType::integer:
      return parse_int(raw, spec.name);
    case ParamType::integer_list:
      return parse_list(raw, ',', spec.name);
    case ParamType::dims:
      return parse_list(raw, 'x', spec.name);
    case ParamType::flag: {
      if (raw == "true" || raw == "1" || raw.empty()) return true;
      if (raw == "false" || raw == "0") return false;
      throw InputError(fmt::format("--{}: expected true or false, got \"{}\"", spec.name, excerpt(raw)));
    }
    case ParamType::choice:
      if (std::find(spec.choices.begin(), spec.choices.end(), raw) == spec.choices.end())
        throw InputError(
            fmt::format("--{}: \"{}\" is not one of {}", spec.name, excerpt(raw), fmt::join(spec.choices, ", ")));
      return raw;
    case ParamType::text:
      return raw;
  }
  return raw;
}

bool value_has_type(const ParamSpec& spec, const nlohmann::json& v) {
  switch (spec.type) {
    case ParamType::integer:
      return v.is_number_integer();
    case ParamType::integer_list:
    case ParamType::dims:
      return v.is_array() && std::all_of(v.begin(), v.end(), [](const auto& x) { return x.is_number_integer(); });
    case ParamType::flag:
      return v.is_boolean();
    case ParamType::choice:
      return v.is_string() &&
             std::find(spec.choices.begin(), spec.choices.end(), v.get<std::string>()) != spec.choices.end();
    case ParamType::text:
      return v.is_string();
  }
  return false;
}

}  // namespace

Params parse_params(const Family& f, const std::map<std::string, std::string>& raw) {
  Params p = Params::object();
  for (const auto& [name, value] : raw) {
    auto it = std::find_if(f.params.begin(), f.params.end(), [&name = name](const auto& s) { return s.name == name; });
    if (it == f.params.end()) throw InputError(fmt::format("family {} has no parameter --{}", f.name, name));
    p[it->key()] = parse_value(*it, value);
  }
  for (const auto& s : f.params) {
    if (p.contains(s.key())) continue;
    if (!s.default_value.empty())
      p[s.key()] = parse_value(s, s.default_value);
    else if (s.required)
      throw InputError(fmt::format("{}: missing required parameter --{}", f.name, s.name));
  }
  return p;
}

Params normalize_params(const Family& f, const Params& given) {
  if (!given.is_object()) throw InputError(fmt::format("{}: parameters must be a JSON object", f.name));
  Params p = Params::object();
  for (const auto& item : given.items()) {
    const auto& key = item.key();
    const auto& value = item.value();
    auto it = std::find_if(f.params.begin(), f.params.end(), [&](const auto& s) { return s.key() == key; });
    if (it == f.params.end()) throw InputError(fmt::format("family {} has no parameter \"{}\"", f.name, excerpt(key)));
    if (!value_has_type(*it, value))
      throw InputError(fmt::format("{}: parameter \"{}\" has the wrong type: {}", f.name, key, value.dump()));
    p[key] = value;
  }
  for (const auto& s : f.params) {
    if (p.contains(s.key())) continue;
    if (!s.default_value.empty())
      p[s.key()] = parse_value(s, s.default_value);
    else if (s.required)
      throw InputError(fmt::format("{}: missing required parameter \"{}\"", f.name, s.key()));
  }
  return p;
}

MemoryEstimate estimate_memory(const GenerateOptions& opt, std::uint64_t nodes, std::uint64_t links, bool directed) {
  if (opt.estimate) return opt.estimate(nodes, links, directed);
  return MemoryEstimate().add("graph", graph_memory(nodes, links, directed));
}

Graph generate(const Family& f, const Params& p, const GenerateOptions& opt) {
  const Description d = f.describe(p);
  if (d.nodes > opt.max_nodes)
    throw InputError(fmt::format("{}: {} nodes exceed the limit of {} (--max-nodes)", f.name, d.nodes, opt.max_nodes));
  if (opt.max_links != 0 && d.links > opt.max_links)
    throw InputError(fmt::format("{}: {} links exceed the limit of {}", f.name, d.links, opt.max_links));
  opt.memory.check(estimate_memory(opt, d.nodes, d.links, d.directed));
  Graph g = f.build(p);
  g.meta.family = f.name;
  g.meta.parameters = p;
  return g;
}

std::int64_t get_int(const Params& p, const std::string& key) {
  return p.at(key).get<std::int64_t>();
}
std::vector<std::int64_t> get_ints(const Params& p, const std::string& key) {
  return p.at(key).get<std::vector<std::int64_t>>();
}
std::string get_text(const Params& p, const std::string& key) {
  return p.at(key).get<std::string>();
}
bool get_flag(const Params& p, const std::string& key) {
  return p.contains(key) && p.at(key).get<bool>();
}
bool has(const Params& p, const std::string& key) {
  return p.contains(key) && !p.at(key).is_null();
}

}  // namespace topo::gen
