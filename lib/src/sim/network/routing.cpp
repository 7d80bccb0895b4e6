// Routings of the simulator: every toporoute algorithm as a source route, and the simulator's own:
// minimal-adaptive (least-occupied minimal output per hop, escape VC on the base routing), the UGAL
// variants (ugal.cpp: UGAL-L, UGAL-G, PAR), DAL on HyperX (dal.cpp), and table routing from a file of toporoute
// routes.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <fstream>
#include <nlohmann/json.hpp>
#include <unordered_map>

#include "sim_internal.hpp"
#include "topo/errors.hpp"
#include "topo/registry.hpp"

namespace topo::sim {

void add_escape_choice(const SimRouting& routing, const route::Router& escape, node_id r, node_id dst,
                       std::vector<Choice>& out, route::Rng& rng) {
  const auto path = escape.route(r, dst, rng);
  thread_local std::vector<std::uint8_t> classes;  // one per hop: no allocation once grown
  routing.vcc->of_path(path, classes);
  const auto [lo, hi] = routing.class_vcs[classes[0]];
  out.push_back({path.arcs[0], lo, hi, true});
}

void check_escape_paths(const SimRouting& routing, const route::Router& escape, node_id s, node_id t, route::Rng& rng,
                        CheckedRoutes& out) {
  auto& x = out.add();
  escape.route_into(s, t, rng, x.path);
  routing.vcc->of_path(x.path, x.classes);
}

void SimRouting::choices(const Packet&, node_id, std::vector<Choice>&, route::Rng&) const {}

namespace {

route::RouterOptions router_options(const std::string& algo, bool random_ties) {
  route::RouterOptions ro;
  ro.algo = algo;
  ro.random_ties = random_ties;
  return ro;
}

/// The graph's own minimal routing when the caller named none (route::default_minimal_routing).
std::unique_ptr<route::Router> base_router(const Graph& g, const SimOptions& o) {
  return route::make_router(g, router_options(route::default_minimal_routing(g), o.random_ties));
}

class SourceRouted final : public SimRouting {
 public:
  explicit SourceRouted(std::unique_ptr<route::Router> r) : r_(std::move(r)) {}
  bool pure() const override { return true; }
  void at_source(SourceRoute& out, node_id s, node_id t, route::Rng& rng,
                 const std::function<double(std::uint64_t)>&) const override {
    r_->route_into(s, t, rng, out.path);
    vcc->of_path(out.path, out.classes);
  }
  void check_paths(node_id s, node_id t, route::Rng& rng, CheckedRoutes& out) const override {
    auto& x = out.add();
    r_->route_into(s, t, rng, x.path);
    vcc->of_path(x.path, x.classes);
  }

 private:
  std::unique_ptr<route::Router> r_;
};

class MinimalAdaptive final : public SimRouting {
 public:
  /// With weigh_latency, a table of latency distances too: a minimal next hop whose remaining path is
  /// slower than another's carries the difference in cycles as its handicap (choices).
  MinimalAdaptive(const Network& n, std::unique_ptr<route::Router> base, bool weigh_latency)
      : n_(n), base_(std::move(base)) {
    const auto N = n.routers;
    if (N > 8192)
      throw InputError(
          fmt::format("--algo minimal-adaptive keeps a distance table of N^2 entries and takes up to "
                      "8192 routers, the graph has {}",
                      N));
    dist_.assign(std::size_t(N) * N, 0xFFFF);
    if (weigh_latency) lat_.assign(std::size_t(N) * N, unreachable);
    std::vector<node_id> q;
    for (node_id t = 0; t < N; ++t) {  // BFS over in-links: distance of every node to t
      auto* d = &dist_[std::size_t(t) * N];
      q.assign(1, t);
      d[t] = 0;
      for (std::size_t h = 0; h < q.size(); ++h)
        for (node_id w : n.g->in_neighbors(q[h]))
          if (d[w] == 0xFFFF) {
            d[w] = std::uint16_t(d[q[h]] + 1);
            q.push_back(w);
          }
      if (weigh_latency) minimal_latencies(t, q);
    }
  }
  bool source_routed() const override { return false; }
  std::uint32_t fastest_minimal_latency(node_id s, node_id t) const override {
    return lat_.empty() ? none32 : lat_[std::size_t(t) * n_.routers + s];
  }
  void at_source(SourceRoute& out, node_id s, node_id t, route::Rng&,
                 const std::function<double(std::uint64_t)>&) const override {
    if (dist_[std::size_t(t) * n_.routers + s] == 0xFFFF)
      throw InputError(fmt::format("node {} cannot reach node {}", s, t));
    out.path = {};
    out.classes.clear();
  }
  void choices(const Packet& p, node_id r, std::vector<Choice>& out, route::Rng& rng) const override {
    const auto* d = &dist_[std::size_t(p.dst_router) * n_.routers];
    const auto nb = n_.g->out_neighbors(r);
    const auto [alo, ahi] = class_vcs.back();
    const auto first = out.size();
    for (std::size_t i = 0; i < nb.size(); ++i)
      if (d[nb[i]] + 1 == d[r] && n_.lanes(n_.g->arc_offset(r) + i))
        out.push_back({n_.g->arc_offset(r) + i, alo, ahi, false});
    if (!lat_.empty() && out.size() > first + 1) {
      // A cycle of latency weighs as a flit of queue: a flit waiting ahead at the output delays the packet
      // about one cycle, as it leaves one flit a cycle. With free buffers alike (zero load) the fastest wins.
      const auto* l = &lat_[std::size_t(p.dst_router) * n_.routers];
      const auto via = [&](const Choice& c) { return add(n_.arc_latency_of(c.arc), l[n_.g->arc_head(c.arc)]); };
      std::uint32_t least = unreachable;
      for (auto k = first; k < out.size(); ++k) least = std::min(least, via(out[k]));
      for (auto k = first; k < out.size(); ++k) out[k].handicap = via(out[k]) - least;
    }
    add_escape_choice(*this, *base_, r, p.dst_router, out, rng);
  }
  void check_paths(node_id s, node_id t, route::Rng& rng, CheckedRoutes& out) const override {
    check_escape_paths(*this, *base_, s, t, rng, out);
  }

 private:
  static constexpr std::uint32_t unreachable = ~std::uint32_t{0};
  static std::uint32_t add(std::uint32_t a, std::uint32_t b) {  // saturating: unreachable stays so
    return std::uint32_t(std::min<std::uint64_t>(std::uint64_t(a) + b, unreachable));
  }
  /// The link latencies of the fastest minimal-hop path of every router to t, in the BFS order q (by hops to
  /// t), over the minimal next hops the packet can take: not Dijkstra's, whose faster path may take more hops.
  void minimal_latencies(node_id t, const std::vector<node_id>& q) {
    const auto N = n_.routers;
    const auto* d = &dist_[std::size_t(t) * N];
    auto* l = &lat_[std::size_t(t) * N];
    l[t] = 0;
    for (std::size_t h = 1; h < q.size(); ++h) {
      const node_id w = q[h];
      const auto nb = n_.g->out_neighbors(w);
      for (std::size_t i = 0; i < nb.size(); ++i) {
        const auto arc = n_.g->arc_offset(w) + i;
        if (d[nb[i]] + 1 == d[w] && n_.lanes(arc)) l[w] = std::min(l[w], add(n_.arc_latency_of(arc), l[nb[i]]));
      }
    }
  }

  const Network& n_;
  std::unique_ptr<route::Router> base_;
  std::vector<std::uint16_t> dist_;
  std::vector<std::uint32_t> lat_;  // lat_[t * N + v]: minimal_latencies; empty when every link's is the same
};

class Table final : public SimRouting {
 public:
  Table(const Network& n, const std::string& file) : n_(n) {
    if (file.empty()) throw UsageError("--algo table needs --routes FILE (toporoute's JSON lines)");
    std::ifstream in(file);
    if (!in) throw InputError(fmt::format("cannot open {}", file));
    std::string line;
    for (std::size_t no = 1; std::getline(in, line); ++no) {
      if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
      nlohmann::json j;
      try {
        j = nlohmann::json::parse(line);
      } catch (const nlohmann::json::exception&) {
        throw ParseError(file, no, "not a JSON line");
      }
      if (!j.is_object() || !j.contains("path") || !j["path"].is_array() || j["path"].empty())
        throw ParseError(file, no, "expected a toporoute route with \"path\"");
      route::Path p;
      for (const auto& v : j["path"]) {
        if (!v.is_number_unsigned() || v.get<std::uint64_t>() >= n.routers)
          throw ParseError(file, no, fmt::format("node id out of range (the graph has {} nodes)", n.routers));
        p.nodes.push_back(v.get<node_id>());
      }
      for (std::size_t h = 0; h + 1 < p.nodes.size(); ++h) {
        const auto nb = n.g->out_neighbors(p.nodes[h]);
        const auto it = std::find(nb.begin(), nb.end(), p.nodes[h + 1]);
        if (it == nb.end())
          throw ParseError(file, no, fmt::format("{} and {} are not adjacent", p.nodes[h], p.nodes[h + 1]));
        p.arcs.push_back(n.g->arc_offset(p.nodes[h]) + std::uint64_t(it - nb.begin()));
      }
      table_[key(p.nodes.front(), p.nodes.back())] = std::move(p);
    }
  }
  bool pure() const override { return true; }
  void at_source(SourceRoute& out, node_id s, node_id t, route::Rng&,
                 const std::function<double(std::uint64_t)>&) const override {
    out.path = find(s, t);
    vcc->of_path(out.path, out.classes);
  }
  void check_paths(node_id s, node_id t, route::Rng&, CheckedRoutes& out) const override {
    auto& x = out.add();
    x.path = find(s, t);
    vcc->of_path(x.path, x.classes);
  }

 private:
  std::uint64_t key(node_id s, node_id t) const { return std::uint64_t(s) * n_.routers + t; }
  route::Path find(node_id s, node_id t) const {
    if (s == t) return route::Path{{s}, {}};
    auto it = table_.find(key(s, t));
    if (it == table_.end()) throw InputError(fmt::format("--routes: no route from {} to {}", s, t));
    return it->second;
  }
  const Network& n_;
  std::unordered_map<std::uint64_t, route::Path> table_;
};

struct SimRoutingEntry {
  std::string name;
  std::string help;
  bool adaptive = false;   // chooses per hop: needs an escape VC scheme
  bool two_phase = false;  // a minimal and a Valiant phase: VC classes per phase
  std::function<std::unique_ptr<SimRouting>(const RoutingContext&)> make;
  bool ugal_threshold = false;                           // decides by --ugal-rule and --ugal-threshold
  const std::vector<std::string>* vc_schemes = nullptr;  // its own default VC schemes (else by the flags above)
  bool distance_table = false;                           // keeps the hop distances of every pair of routers
};

// The VC schemes a routing tries by default, first that fits and has no dependency cycle.
// Minimal source routes: no classes when acyclic, else a class per global link crossed, the dateline, per hop.
const std::vector<std::string> minimal_vc_schemes = {"none", "dragonfly", "dateline", "hop"};
// Two phases: a class per hop type on a dragonfly, per phase (and ring part) on grids, else per hop.
const std::vector<std::string> two_phase_vc_schemes = {"dragonfly", "valiant", "hop"};
// Per-hop choice: one escape VC (two on tori) where it is deadlock-free, else escape VCs by hops left.
const std::vector<std::string> adaptive_vc_schemes = {"escape", "escape-hop"};
// PAR: its class for the second local hop of a route decided again, then those of two phases.
const std::vector<std::string> par_vc_schemes = {"dragonfly-par", "dragonfly", "valiant", "hop"};
// DAL: escape VCs by dimension-order hops left, which its deroutes never raise (dal.cpp).
const std::vector<std::string> dal_vc_schemes = {"escape-hop"};

/// A UGAL routing over the graph's own minimal routing and Valiant.
template <class Make>
std::function<std::unique_ptr<SimRouting>(const RoutingContext&)> ugal(Make make) {
  return [make](const RoutingContext& c) {
    auto min = base_router(c.g, c.o);
    return make(std::move(min), route::make_router(c.g, router_options("valiant", c.o.random_ties)), c);
  };
}

// The simulator's own routings, one entry each; toporoute's algorithms come first (route::algorithms()).
std::vector<SimRoutingEntry> sim_only() {
  return {
      {"minimal-adaptive", "per hop the least-occupied minimal output; escape VCs on the default routing of --algo",
       true, false,
       [](const RoutingContext& c) -> std::unique_ptr<SimRouting> {
         return std::make_unique<MinimalAdaptive>(c.net, base_router(c.g, c.o),
                                                  routing_weighs_latency(c.algo, c.o.link_latency));
       },
       false, nullptr, true},
      {"ugal", "UGAL-L: at the source, the minimal path or a Valiant one, as --ugal-rule weighs their first queues",
       false, true, ugal(make_ugal_local), true},
      {"ugal-g",
       "UGAL-G: ugal's rule on the queues of the two paths' first global channels, anywhere in the source group "
       "(Kim et al. 2008)",
       false, true, ugal(make_ugal_global), true},
      {"par",
       "PAR: ugal at the source, and a minimal route chosen again at its second router in the source group "
       "(Jiang et al. 2009; dragonfly-par VCs)",
       false, true, ugal(make_par), true, &par_vc_schemes},
      {"dal",
       "DAL on a HyperX or Hamming graph (Ahn et al. 2009): per hop the least-occupied of the minimal hops and, once "
       "per dimension, hops to another router of an unaligned dimension; escape VCs by dimension order (escape-hop)",
       true, false, make_dal, false, &dal_vc_schemes},
      {"table", "the routes of a toporoute JSON-lines file (--routes)", false, false,
       [](const RoutingContext& c) -> std::unique_ptr<SimRouting> {
         return std::make_unique<Table>(c.net, c.o.routes_file);
       }},
  };
}

/// Every routing of --algo: toporoute's as source routes, then the simulator's own.
const std::vector<SimRoutingEntry>& sim_routings() {
  static const std::vector<SimRoutingEntry> list = [] {
    std::vector<SimRoutingEntry> v;
    for (const auto& a : route::algorithms())
      v.push_back({a.name, a.help, false, a.two_phase, [](const RoutingContext& c) -> std::unique_ptr<SimRouting> {
                     return std::make_unique<SourceRouted>(
                         route::make_router(c.g, router_options(c.algo, c.o.random_ties)));
                   }});
    for (auto& r : sim_only()) v.push_back(std::move(r));
    return v;
  }();
  return list;
}

}  // namespace

const std::vector<std::string>& routing_names() {
  static const std::vector<std::string> names = names_of(sim_routings());
  return names;
}

std::string routing_help() {
  return fmt::format("toporoute's {} (source routes); {}", fmt::join(route::algorithm_names(), ", "),
                     help_of(sim_only()));
}

bool routing_is_adaptive(const std::string& algo) {
  const auto* r = find_entry(sim_routings(), algo);
  return r && r->adaptive;
}

bool routing_keeps_distances(const std::string& algo) {
  const auto* r = find_entry(sim_routings(), algo);
  return r && r->distance_table;
}

bool routing_weighs_latency(const std::string& algo, const std::string& link_latency) {
  return routing_keeps_distances(algo) && link_latencies_may_differ(link_latency);
}

bool routing_takes_ugal_threshold(const std::string& algo) {
  const auto* r = find_entry(sim_routings(), algo);
  return r && r->ugal_threshold;
}

const std::vector<std::string>& routing_default_vc_schemes(const std::string& algo) {
  const auto& r = find_named(sim_routings(), algo, "routing");
  if (r.vc_schemes) return *r.vc_schemes;
  if (r.adaptive) return adaptive_vc_schemes;
  return r.two_phase ? two_phase_vc_schemes : minimal_vc_schemes;
}

std::unique_ptr<SimRouting> make_sim_routing_without_classes(const RoutingContext& ctx) {
  return find_named(sim_routings(), ctx.algo, "routing").make(ctx);
}

std::unique_ptr<SimRouting> make_sim_routing(const RoutingContext& ctx) {
  auto r = make_sim_routing_without_classes(ctx);
  set_vc_classes(*r, ctx);
  return r;
}

void set_vc_classes(SimRouting& r, const RoutingContext& ctx) {
  auto vcc = make_vc_classes(ctx.vc_classes, ctx.g, ctx.o.vcs, ctx.o.threads);
  if (!r.source_routed() && !vcc->escape())
    throw UsageError(fmt::format("--algo {} chooses per hop and needs --vc-classes escape or escape-hop", ctx.algo));
  const auto k = vcc->classes(ctx.o.vcs);
  r.class_vcs.clear();
  for (std::uint32_t c = 0; c < k; ++c) r.class_vcs.push_back(vcc->range(c, ctx.o.vcs));
  r.vcc = std::move(vcc);
}

}  // namespace topo::sim
