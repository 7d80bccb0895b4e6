// networkx node-link JSON with topo's fields (doc/definitions.md §2).
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <cstdint>
#include <nlohmann/json.hpp>
#include <ostream>
#include <unordered_map>

#include "io_internal.hpp"
#include "topo/errors.hpp"
#include "topo/excerpt.hpp"

namespace topo::io::detail {

namespace {

std::string id_text(const nlohmann::json& id) {
  return id.is_string() ? id.get<std::string>() : id.dump();
}

Graph read_json_document(const Text& t, const ReadOptions& opt) {
  if (const auto at = find_too_deep(t.data); at != std::string::npos)
    throw ParseError(t.source, t.line_of(at), fmt::format("JSON nested deeper than {} levels", max_json_depth));
  nlohmann::json doc;
  try {
    doc = nlohmann::json::parse(t.data);
  } catch (const nlohmann::json::parse_error& e) {
    std::string msg = e.what();
    // nlohmann's message is "[json.exception.parse_error.101] parse error at line L, column C: detail".
    if (auto p = msg.find(": "); p != std::string::npos) msg = msg.substr(p + 2);
    // "unexpected end of input" is a document that ends early; "expected end of input" is one followed by more.
    const bool truncated = msg.find("unexpected end of input") != std::string::npos ||
                           (e.byte >= t.data.size() && msg.find("missing closing quote") != std::string::npos);
    throw ParseError(t.source, t.line_of(e.byte ? e.byte - 1 : 0),
                     truncated ? "truncated JSON: the document ends early" : "invalid JSON: " + excerpt(msg, 160));
  } catch (const nlohmann::json::exception& e) {
    // Not a syntax error, e.g. out_of_range 406 for a number beyond a double (1E7775).
    std::string msg = e.what();
    if (auto p = msg.find("] "); p != std::string::npos) msg = msg.substr(p + 2);
    throw ParseError(t.source, 0, "invalid JSON: " + excerpt(msg, 160));
  }
  auto bad = [&](const std::string& msg) { return ParseError(t.source, 0, msg); };
  if (!doc.is_object()) throw bad("expected a JSON object with \"nodes\" and \"links\"");
  const nlohmann::json graph = doc.value("graph", nlohmann::json::object());
  if (!graph.is_object()) throw bad("\"graph\" must be an object");
  if (doc.contains("directed") && !doc["directed"].is_boolean()) throw bad("\"directed\" must be true or false");
  const bool directed = doc.value("directed", false);
  const std::string family =
      graph.contains("family") && graph["family"].is_string() ? graph["family"].get<std::string>() : "";
  const nlohmann::json parameters = graph.value("parameters", nlohmann::json::object());
  const nlohmann::json generator = graph.value("generator", nlohmann::json());
  if (graph.value("descriptor", false)) {
    if (family.empty()) throw bad("a descriptor needs graph.family");
    return rebuild(t.source, 0, family, parameters, generator, -1, opt);
  }
  if (!doc.contains("nodes") || !doc["nodes"].is_array()) throw bad("expected a \"nodes\" array");
  const char* links_key = doc.contains("links") ? "links" : "edges";
  if (!doc.contains(links_key) || !doc[links_key].is_array()) throw bad("expected a \"links\" (or \"edges\") array");
  const auto& nodes = doc["nodes"];
  const auto& links = doc[links_key];
  if (nodes.size() > opt.generate.max_nodes)
    throw bad(fmt::format("{} nodes exceed the limit of {}", nodes.size(), opt.generate.max_nodes));

  // Node ids 0..N-1 in any order are used as they are; any other ids are numbered in order of
  // appearance and kept as labels.
  const std::size_t n = nodes.size();
  // Every node first: the loop below stops at the first id that is not dense.
  for (const auto& v : nodes)
    if (!v.is_object() || !v.contains("id")) throw bad("every node needs an \"id\"");
  bool dense = true;
  std::vector<char> seen(n, 0);
  for (const auto& v : nodes) {
    const auto& id = v["id"];
    if (!id.is_number_unsigned() || id.get<std::uint64_t>() >= n || seen[id.get<std::uint64_t>()]) {
      dense = false;
      break;
    }
    seen[id.get<std::uint64_t>()] = 1;
  }
  std::unordered_map<std::string, node_id> index;
  if (!dense) {
    for (std::size_t i = 0; i < n; ++i) {
      if (!index.emplace(id_text(nodes[i]["id"]), static_cast<node_id>(i)).second)
        throw bad(fmt::format("node {}: duplicate id {}", i, nodes[i]["id"].dump()));
    }
  }
  auto resolve = [&](const nlohmann::json& id, std::size_t link_index, const char* end) -> node_id {
    if (dense) {
      if (id.is_number_unsigned() && id.get<std::uint64_t>() < n) return static_cast<node_id>(id.get<std::uint64_t>());
    } else if (auto it = index.find(id_text(id)); it != index.end() && !id.is_null()) {
      return it->second;
    }
    throw bad(fmt::format("link {}: {} {} is not a node", link_index, end, id.dump()));
  };

  GraphBuilder b(n, directed);
  b.meta.family = family;
  b.meta.parameters = parameters;
  b.meta.generator = generator;
  try {
    if (graph.contains("endpoints")) b.meta.endpoints = parse_endpoint_ranges(graph["endpoints"], n);
    if (n) {
      const auto& first = nodes[0];
      if (first.contains("coords") && first["coords"].is_array())
        b.set_coord_dims(static_cast<unsigned>(first["coords"].size()));
      if (first.contains("pos") && first["pos"].is_array()) b.set_pos_dims(static_cast<unsigned>(first["pos"].size()));
    }
    for (std::size_t i = 0; i < n; ++i) {
      const auto& v = nodes[i];
      const node_id id = dense ? static_cast<node_id>(v["id"].get<std::uint64_t>()) : static_cast<node_id>(i);
      if (v.contains("label") && v["label"].is_string())
        b.set_label(id, v["label"].get<std::string>());
      else if (!dense)
        b.set_label(id, id_text(v["id"]));
      if (v.contains("coords") && b.num_nodes()) {
        std::vector<std::int32_t> c;
        try {
          c = coords_of(v["coords"]);
        } catch (const InputError& e) {
          throw bad(fmt::format("node {}: {}", i, e.what()));
        }
        b.set_coords(id, c);
      }
      if (v.contains("pos")) {
        if (!v["pos"].is_array()) throw bad(fmt::format("node {}: pos must be a list of numbers", i));
        b.set_pos(id, v["pos"].get<std::vector<double>>());
      }
    }
    b.reserve_links(links.size());
    for (std::size_t i = 0; i < links.size(); ++i) {
      const auto& e = links[i];
      if (!e.is_object() || !e.contains("source") || !e.contains("target"))
        throw bad(fmt::format("link {}: needs \"source\" and \"target\"", i));
      LinkAttrs a;
      auto small = [&](const char* key, std::uint64_t limit) -> std::uint64_t {
        const auto& x = e[key];
        if (!x.is_number_unsigned() || x.get<std::uint64_t>() > limit)
          throw bad(fmt::format("link {}: \"{}\" must be an integer between 0 and {}", i, key, limit));
        return x.get<std::uint64_t>();
      };
      if (e.contains("multiplicity")) {
        a.multiplicity = static_cast<std::uint32_t>(small("multiplicity", 0xffffffffu));
        if (a.multiplicity == 0) throw bad(fmt::format("link {}: multiplicity must be positive", i));
      }
      if (e.contains("class") && !e["class"].is_null()) {
        if (!e["class"].is_string()) throw bad(fmt::format("link {}: class must be a string", i));
        a.cls = b.class_id(e["class"].get<std::string>());
      }
      if (e.contains("level") && !e["level"].is_null())
        a.level = static_cast<std::uint8_t>(small("level", no_value8 - 1));
      if (e.contains("dim") && !e["dim"].is_null()) a.dim = static_cast<std::uint8_t>(small("dim", no_value8 - 1));
      if (e.contains("capacity") && !e["capacity"].is_null())
        a.capacity = static_cast<std::uint32_t>(small("capacity", 0xffffffffu));
      b.add_link(resolve(e["source"], i, "source"), resolve(e["target"], i, "target"), a);
    }
    // networkx lists an undirected link once; a multigraph may list equal links separately.
    return b.finish(doc.value("multigraph", false) ? Duplicates::merge : Duplicates::reject);
  } catch (const ParseError&) {
    throw;
  } catch (const nlohmann::json::exception&) {
    throw bad("node coords must be integers and pos must be numbers");
  } catch (const InputError& e) {
    throw bad(e.what());
  }
}

}  // namespace

std::vector<std::int32_t> coords_of(const nlohmann::json& c) {
  if (!c.is_array()) throw InputError("coords must be a list of integers");
  std::vector<std::int32_t> out;
  for (const auto& x : c) {
    const bool fits = (x.is_number_unsigned() && x.get<std::uint64_t>() <= std::uint64_t(INT32_MAX)) ||
                      (x.is_number_integer() && !x.is_number_unsigned() && x.get<std::int64_t>() >= INT32_MIN &&
                       x.get<std::int64_t>() <= INT32_MAX);
    if (!fits) throw InputError(fmt::format("coords must be integers of 32 bits, got {}", excerpt(x.dump(), 40)));
    out.push_back(std::int32_t(x.get<std::int64_t>()));
  }
  return out;
}

Graph read_json(const Text& t, const ReadOptions& opt) {
  try {
    return read_json_document(t, opt);
  } catch (const nlohmann::json::exception& e) {
    // A value of the wrong type that no check above names (nlohmann's type_error): still one ParseError.
    std::string msg = e.what();
    if (auto p = msg.find("] "); p != std::string::npos) msg = msg.substr(p + 2);
    throw ParseError(t.source, 0, "invalid graph JSON: " + excerpt(msg, 160));
  }
}

void write_json(std::ostream& out, const Graph& g) {
  Sink s(out);
  nlohmann::json graph = nlohmann::json::object();
  graph["schema"] = "topo-graph/1";
  if (!g.meta.family.empty()) {
    graph["family"] = g.meta.family;
    graph["parameters"] = g.meta.parameters;
  }
  if (!g.meta.generator->is_null()) graph["generator"] = g.meta.generator;
  if (!g.meta.endpoints.empty()) graph["endpoints"] = detail::endpoint_ranges(g.meta.endpoints);
  s.print("{{\"directed\": {}, \"multigraph\": {},\n \"graph\": {},\n \"nodes\": [", g.directed(), g.multigraph(),
          graph.dump());
  for (node_id v = 0; v < g.num_nodes(); ++v) {
    s.print("{}\n  {{\"id\": {}", v ? "," : "", v);
    if (g.has_labels()) s.print(", \"label\": {}", nlohmann::json(g.label(v)).dump());
    if (g.coord_dims()) s.print(", \"coords\": [{}]", fmt::join(g.coords(v), ","));
    if (g.pos_dims()) s.print(", \"pos\": [{}]", fmt::join(g.pos(v), ","));
    s.put("}");
  }
  s.put("],\n \"links\": [");
  for (link_id l = 0; l < g.num_links(); ++l) {
    s.print("{}\n  {{\"source\": {}, \"target\": {}", l ? "," : "", g.source(l), g.target(l));
    if (g.link_class(l) != no_class) s.print(", \"class\": {}", nlohmann::json(g.link_class_name(l)).dump());
    if (g.level(l) != no_value8) s.print(", \"level\": {}", g.level(l));
    if (g.dim(l) != no_value8) s.print(", \"dim\": {}", g.dim(l));
    if (g.multiplicity(l) != 1) s.print(", \"multiplicity\": {}", g.multiplicity(l));
    if (g.capacity(l)) s.print(", \"capacity\": {}", g.capacity(l));
    s.put("}");
  }
  s.put("]}\n");
  s.flush();
}

}  // namespace topo::io::detail
