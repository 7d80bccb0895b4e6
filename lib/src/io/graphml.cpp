// GraphML (http://graphml.graphdrawing.org), read through libxml2 (libxml2_internal.hpp) and written with XML
// escaping.
// Read: <graph edgedefault>, <node id>, <edge source target> and the data keys topo writes (label,
// class, multiplicity, level); other keys are ignored. Written: the same, plus the family and its
// parameters as graph data.

#include <cstring>
#include <limits>
#include <memory>
#include <nlohmann/json.hpp>
#include <ostream>
#include <unordered_map>

#include "io_internal.hpp"
#include "libxml2_internal.hpp"
#include "topo/errors.hpp"

namespace topo::io::detail {

namespace {

std::string xml_escape(std::string_view s) {
  std::string r;
  r.reserve(s.size());
  for (char c : s) {
    switch (c) {
      case '&':
        r += "&amp;";
        break;
      case '<':
        r += "&lt;";
        break;
      case '>':
        r += "&gt;";
        break;
      case '"':
        r += "&quot;";
        break;
      default:
        r += c;
    }
  }
  return r;
}

constexpr std::size_t kMaxText = std::size_t(10) << 20;

/// The offset of the first run of more than `most` bytes without '<' or '>', or npos.
std::size_t long_stretch(std::string_view data, std::size_t most) {
  std::size_t start = 0;
  for (;;) {
    const auto end = data.find_first_of("<>", start);
    if ((end == std::string_view::npos ? data.size() : end) - start > most) return start;
    if (end == std::string_view::npos) return std::string_view::npos;
    start = end + 1;
  }
}

bool is(const xmlNode* n, const char* name) {
  return n->type == XML_ELEMENT_NODE && std::strcmp(reinterpret_cast<const char*>(n->name), name) == 0;
}

std::string attr(const xmlNode* n, const char* name) {
  xmlChar* v = libxml2().GetProp(n, reinterpret_cast<const xmlChar*>(name));
  if (!v) return "";
  std::string r(reinterpret_cast<const char*>(v));
  (*libxml2().Free)(v);
  return r;
}

bool has_attr(const xmlNode* n, const char* name) {
  return libxml2().HasProp(n, reinterpret_cast<const xmlChar*>(name)) != nullptr;
}

std::string text(const xmlNode* n) {
  xmlChar* v = libxml2().NodeGetContent(n);
  std::string r = v ? reinterpret_cast<const char*>(v) : "";
  (*libxml2().Free)(v);
  return r;
}

struct DocFree {
  void operator()(xmlDoc* d) const { libxml2().FreeDoc(d); }
};

}  // namespace

Graph read_graphml(const Text& t, const ReadOptions& opt) {
  if (t.data.size() > std::size_t(std::numeric_limits<int>::max()))
    throw InputError(t.source + ": GraphML input above 2 GiB (libxml2's limit); use an edge list");
  // Entities are refused, not expanded: libxml2 counts the expansion of nested ones ("billion laughs") but not
  // one large entity used many times (110 KB of text becoming 2 GB), and no GraphML writer declares any.
  if (const auto at = t.data.find("<!ENTITY"); at != std::string::npos)
    throw ParseError(t.source, t.line_of(at), "XML entity declarations are not read (GraphML needs none)");
  // libxml2 caps a text node at 10 MB only while it is read in one piece, and a text the reader skips (data of
  // the <graph>, an unknown element) is never looked at: any stretch of that size between two tags is refused.
  if (const auto at = long_stretch(t.data, kMaxText); at != std::string::npos)
    throw ParseError(t.source, t.line_of(at), "a text over 10 MB");
  const auto& xml = libxml2();
  xmlParserCtxtPtr ctx = xml.NewParserCtxt();
  if (!ctx) throw InputError(t.source + ": cannot start the XML parser");
  // Not XML_PARSE_HUGE: it also lifts libxml2's entity amplification check, and a few nested entity
  // declarations ("billion laughs") would then expand for ever. A graph needs neither 10 MB text nodes
  // nor 256 levels of nesting, the limits it would lift as well.
  std::unique_ptr<xmlDoc, DocFree> doc(xml.CtxtReadMemory(ctx, t.data.data(), static_cast<int>(t.data.size()), nullptr,
                                                          nullptr,
                                                          XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING));
  if (!doc) {
    const xmlError* e = xml.CtxtGetLastError(ctx);
    std::string msg = e && e->message ? e->message : "not well-formed XML";
    while (!msg.empty() && (msg.back() == '\n' || msg.back() == ' ')) msg.pop_back();
    const std::size_t line = e ? static_cast<std::size_t>(std::max(0, e->line)) : 0;
    xml.FreeParserCtxt(ctx);
    throw ParseError(t.source, line, "XML: " + msg);
  }
  xml.FreeParserCtxt(ctx);
  auto bad = [&](const xmlNode* n, const std::string& m) {
    return ParseError(t.source, n ? static_cast<std::size_t>(std::max<long>(0, xml.GetLineNo(n))) : 0, m);
  };
  const xmlNode* root = xml.DocGetRootElement(doc.get());
  if (!root || !is(root, "graphml")) throw bad(root, "expected a <graphml> document");
  // Keys: id -> attribute name, for the data elements.
  std::unordered_map<std::string, std::string> key_name;
  const xmlNode* graph = nullptr;
  for (const xmlNode* c = root->children; c; c = c->next) {
    if (is(c, "key")) key_name[attr(c, "id")] = has_attr(c, "attr.name") ? attr(c, "attr.name") : attr(c, "id");
    if (is(c, "graph")) {
      if (graph) throw bad(c, "more than one <graph>; topo reads one graph per file");
      graph = c;
    }
  }
  if (!graph) throw bad(root, "no <graph> element");
  const std::string edgedefault = attr(graph, "edgedefault");
  if (!edgedefault.empty() && edgedefault != "directed" && edgedefault != "undirected")
    throw bad(graph, "edgedefault must be directed or undirected, got \"" + edgedefault + "\"");
  const bool directed = edgedefault == "directed";
  auto data_of = [&](const xmlNode* n) {
    std::unordered_map<std::string, std::string> d;
    for (const xmlNode* c = n->children; c; c = c->next)
      if (is(c, "data")) {
        const auto k = attr(c, "key");
        const auto it = key_name.find(k);
        auto value = text(c);
        // Pieces of text (between comments, say) are joined: the whole is held to the same limit.
        if (value.size() > kMaxText) throw bad(c, "a <data> text over 10 MB");
        d[it == key_name.end() ? k : it->second] = std::move(value);
      }
    return d;
  };
  auto to_uint = [&](const xmlNode* n, const std::string& what, const std::string& v, std::uint64_t max) {
    std::uint64_t x = 0;
    std::size_t used = 0;
    try {
      x = std::stoull(v, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (used == 0 || used != v.size() || v[0] == '-' || x > max)
      throw bad(n, fmt::format("{} must be an integer in 0..{}, got \"{}\"", what, max, v));
    return x;
  };

  // Nodes: ids 0..N-1 in any order are used as they are; other ids are numbered in order of appearance
  // and kept as labels (as in the JSON format).
  std::vector<const xmlNode*> nodes;
  for (const xmlNode* c = graph->children; c; c = c->next)
    if (is(c, "node")) {
      if (!has_attr(c, "id")) throw bad(c, "<node> without an id");
      nodes.push_back(c);
    }
  const std::size_t n = nodes.size();
  if (n > opt.generate.max_nodes)
    throw bad(graph, fmt::format("{} nodes exceed the limit of {}", n, opt.generate.max_nodes));
  std::unordered_map<std::string, node_id> index;
  bool dense = true;
  for (std::size_t i = 0; i < n; ++i) {
    const auto id = attr(nodes[i], "id");
    if (!index.emplace(id, static_cast<node_id>(i)).second) throw bad(nodes[i], "duplicate node id \"" + id + "\"");
    const bool digits = !id.empty() && id.size() < 11 && id.find_first_not_of("0123456789") == std::string::npos &&
                        (id == "0" || id[0] != '0');
    dense = dense && digits && std::stoull(id) < n;
  }
  if (dense)
    for (auto& [id, v] : index) v = static_cast<node_id>(std::stoull(id));

  GraphBuilder b(n, directed);
  try {
    for (std::size_t i = 0; i < n; ++i) {
      const auto id = attr(nodes[i], "id");
      const auto d = data_of(nodes[i]);
      if (auto it = d.find("label"); it != d.end())
        b.set_label(index[id], it->second);
      else if (!dense)
        b.set_label(index[id], id);
    }
    for (const xmlNode* c = graph->children; c; c = c->next) {
      if (!is(c, "edge")) continue;
      if (has_attr(c, "directed") && (attr(c, "directed") == "true") != directed)
        throw bad(
            c, "an edge's directed attribute differs from the graph's edgedefault; topo graphs are one or the other");
      node_id ends[2];
      const char* names[2] = {"source", "target"};
      for (int e = 0; e < 2; ++e) {
        const auto v = attr(c, names[e]);
        const auto it = index.find(v);
        if (it == index.end()) throw bad(c, fmt::format("edge {} \"{}\" is not a node", names[e], v));
        ends[e] = it->second;
      }
      LinkAttrs a;
      const auto d = data_of(c);
      if (auto it = d.find("class"); it != d.end() && !it->second.empty()) a.cls = b.class_id(it->second);
      if (auto it = d.find("multiplicity"); it != d.end())
        a.multiplicity =
            static_cast<std::uint32_t>(std::max<std::uint64_t>(1, to_uint(c, "multiplicity", it->second, 0xFFFFFFFFu)));
      if (auto it = d.find("level"); it != d.end())
        a.level = static_cast<std::uint8_t>(to_uint(c, "level", it->second, 254));
      b.add_link(ends[0], ends[1], a);
    }
  } catch (const ParseError&) {
    throw;
  } catch (const InputError& e) {
    throw ParseError(t.source, 0, e.what());
  }
  return b.finish();
}

void write_graphml(std::ostream& out, const Graph& g) {
  Sink s(out);
  s.put(
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      "<graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\" "
      "xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" "
      "xsi:schemaLocation=\"http://graphml.graphdrawing.org/xmlns "
      "http://graphml.graphdrawing.org/xmlns/1.0/graphml.xsd\">\n");
  s.put("  <key id=\"family\" for=\"graph\" attr.name=\"family\" attr.type=\"string\"/>\n");
  s.put("  <key id=\"parameters\" for=\"graph\" attr.name=\"parameters\" attr.type=\"string\"/>\n");
  if (g.has_labels()) s.put("  <key id=\"label\" for=\"node\" attr.name=\"label\" attr.type=\"string\"/>\n");
  if (g.has_classes()) s.put("  <key id=\"class\" for=\"edge\" attr.name=\"class\" attr.type=\"string\"/>\n");
  if (g.has_multiplicity())
    s.put("  <key id=\"multiplicity\" for=\"edge\" attr.name=\"multiplicity\" attr.type=\"int\"/>\n");
  if (g.has_levels()) s.put("  <key id=\"level\" for=\"edge\" attr.name=\"level\" attr.type=\"int\"/>\n");
  s.print("  <graph id=\"G\" edgedefault=\"{}\">\n", g.directed() ? "directed" : "undirected");
  if (!g.meta.family.empty()) {
    s.print("    <data key=\"family\">{}</data>\n", xml_escape(g.meta.family));
    s.print("    <data key=\"parameters\">{}</data>\n", xml_escape(g.meta.parameters->dump()));
  }
  for (node_id v = 0; v < g.num_nodes(); ++v) {
    if (g.has_labels())
      s.print("    <node id=\"{}\"><data key=\"label\">{}</data></node>\n", v, xml_escape(g.label(v)));
    else
      s.print("    <node id=\"{}\"/>\n", v);
  }
  for (link_id l = 0; l < g.num_links(); ++l) {
    s.print("    <edge source=\"{}\" target=\"{}\"", g.source(l), g.target(l));
    std::string data;
    if (g.link_class(l) != no_class)
      data += fmt::format("<data key=\"class\">{}</data>", xml_escape(g.link_class_name(l)));
    if (g.has_multiplicity()) data += fmt::format("<data key=\"multiplicity\">{}</data>", g.multiplicity(l));
    if (g.level(l) != no_value8) data += fmt::format("<data key=\"level\">{}</data>", g.level(l));
    if (data.empty())
      s.put("/>\n");
    else
      s.print(">{}</edge>\n", data);
  }
  s.put("  </graph>\n</graphml>\n");
  s.flush();
}

}  // namespace topo::io::detail
