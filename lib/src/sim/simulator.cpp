// The configured simulator: resolves the routing and its VC classes, runs the dependency check, and
// runs load points; the saturation search.
#include <fmt/format.h>

#include <algorithm>

#include "route_cache_internal.hpp"
#include "sim_internal.hpp"
#include "topo/errors.hpp"

namespace topo::sim {

struct Simulator::Impl {
  const Graph& g;
  SimOptions o;
  Network net;
  std::unique_ptr<SimRouting> routing;
  std::unique_ptr<Destinations> dest;
  std::unique_ptr<InjectionProcess> inj;
  SimSetup setup;
  RouteCache known;  // the routes of the dependency check, for the engines (pure routings)
  std::vector<ChannelInfo> channels;

  Impl(const Graph& graph, const SimOptions& opt) : g(graph), o(opt), net(build_network(graph, opt)) {
    if (!(o.rate >= 0 && o.rate <= 1))
      throw UsageError(fmt::format("--rate {}: flits per terminal per cycle in [0, 1]", o.rate));
    if (o.flow != "wormhole" && o.flow != "vct") throw UsageError(fmt::format("--flow {}: wormhole or vct", o.flow));
    if (o.deadlock_cycles == 0) throw UsageError("--deadlock-cycles must be at least 1");
    dest = route::terminal_destinations(o.traffic, {g, net.term_off}, {.seed = o.seed, .hotspot = o.hotspot});
    inj = make_injection(o);
    setup.algo = o.algo;
    if (setup.algo.empty()) {  // dor where the graph has it (tori, meshes, hypercubes), else shortest
      setup.algo = "dor";
      try {
        RoutingContext probe{g, net, o, "dor", "none"};
        make_sim_routing(probe);
      } catch (const InputError&) {
        setup.algo = "shortest";
      }
    }
    std::vector<std::pair<std::uint64_t, std::uint32_t>> cycle;
    if (!o.vc_classes.empty()) {
      setup.vc_classes = o.vc_classes;
      cycle = build(setup.vc_classes);
    } else if (routing_is_adaptive(setup.algo)) {
      // One escape VC (two on tori) where it is deadlock-free, else escape VCs by hops left (the dragonfly).
      setup.vc_classes = "escape";
      cycle = build("escape");
      if (!cycle.empty()) {
        try {
          auto hop_cycle = build("escape-hop");
          setup.vc_classes = "escape-hop";
          cycle = std::move(hop_cycle);
        } catch (const UsageError&) {
          // Too few VCs for it: the throw came before build() replaced the routing, so the escape scheme's
          // routing and cycle stand and are reported.
        }
      }
    } else {
      // The first scheme whose dependency graph is acyclic: none, dateline, hop.
      for (const char* s : {"none", "dateline", "hop"}) {
        try {
          cycle = build(s);
        } catch (const Error&) {
          continue;  // the scheme does not fit the graph or the VCs
        }
        setup.vc_classes = s;
        if (cycle.empty()) break;
      }
      if (setup.vc_classes != "none" && !cycle.empty()) {
        setup.vc_classes = "none";
        cycle = build("none");
      }
    }
    if (!cycle.empty() && !o.allow_deadlock) {
      std::string list;
      for (std::size_t i = 0; i < cycle.size() && i < 12; ++i) {
        const node_id v = g.arc_tail(cycle[i].first);
        list += fmt::format(" {}->{}", v, g.out_neighbors(v)[cycle[i].first - g.arc_offset(v)]);
        if (routing->class_vcs.size() > 1) list += fmt::format("/{}", cycle[i].second);
      }
      throw InputError(fmt::format(
          "--algo {} with --vc-classes {} and {} VCs can deadlock: the channel dependency graph has a cycle of {} "
          "channels{}{} (use --vc-classes hop, dateline or escape-hop, more --vcs, or --allow-deadlock)",
          setup.algo, setup.vc_classes, o.vcs, cycle.size(), list, cycle.size() > 12 ? " ..." : ""));
    }
    setup.link_latency = o.link_latency;
    setup.classes = std::uint32_t(routing->class_vcs.size());
    setup.routers = net.routers;
    setup.terminals = net.terminals();
    setup.terminals_per_router = net.T;
    for (const auto& c : net.chans)
      if (c.arc != none64) ++setup.channels;
    for (const auto& c : net.chans) {
      if (c.arc == none64) continue;
      const node_id v = c.src;
      const auto l = g.out_links(v)[c.arc - g.arc_offset(v)];
      channels.push_back({c.src, c.dst, g.link_class(l) == no_class ? std::string() : std::string(g.link_class_name(l)),
                          c.lane, c.latency});
    }
    setup.zero_load_latency = mean_zero_load();
  }

  std::vector<std::pair<std::uint64_t, std::uint32_t>> build(const std::string& scheme) {
    RoutingContext ctx{g, net, o, setup.algo, scheme};
    if (routing) {  // a later scheme for the same routing: only its classes change
      set_vc_classes(*routing, ctx);
    } else {
      routing = make_sim_routing(ctx);
    }
    return dependency_cycle(net, *routing, *dest, o, setup, known);
  }

  // The closed-form zero-load latency averaged over a sample of the traffic's packets.
  double mean_zero_load() const {
    Rng rng(o.seed ^ 0x2E80ull);
    route::Rng rr(o.seed);
    const auto terms = net.terminals();
    const std::uint64_t samples = std::min<std::uint64_t>(terms * 4, 8192);
    double sum = 0;
    std::unique_ptr<route::Router> shortest;
    CheckedRoutes paths;
    for (std::uint64_t i = 0; i < samples; ++i) {
      const auto s = terms <= 2048 ? i % terms : rng() % terms;
      const auto t = dest->pick(s, rng);
      const node_id a = net.router_of(s), b = net.router_of(t);
      std::uint32_t hops = 0;
      std::uint64_t lat = 0;
      if (a != b) {
        paths.clear();
        if (routing->source_routed()) {
          routing->check_paths(a, b, rr, paths);
        } else {  // minimal adaptive: a minimal path (one router for all samples: it caches its BFS)
          if (!shortest) {
            route::RouterOptions ro;
            ro.algo = "shortest";
            shortest = route::make_router(g, ro);
          }
          shortest->route_into(a, b, rr, paths.add().path);
        }
        const auto& p = paths[0].path;
        hops = std::uint32_t(route_to(p, b));  // as far as the packet goes
        for (std::uint32_t h = 0; h < hops; ++h) lat += net.arc_latency[p.arcs[h]];
      }
      sum += zero_load_latency(o, hops, lat);
    }
    return samples ? sum / double(samples) : 0;
  }
};

Simulator::Simulator(const Graph& g, const SimOptions& o) : impl_(std::make_unique<Impl>(g, o)) {
  const auto& n = impl_->net;
  impl_->setup.bytes_per_router = std::uint64_t(engine_state_bytes(engine_shape(n)) / std::max<double>(1, n.routers));
}

Simulator::~Simulator() = default;

const SimSetup& Simulator::setup() const {
  return impl_->setup;
}
const std::vector<ChannelInfo>& Simulator::channels() const {
  return impl_->channels;
}

PointResult Simulator::run(double rate, std::uint64_t seed, const std::function<void(double)>& progress,
                           int threads) const {
  if (!(rate >= 0 && rate <= 1)) throw UsageError(fmt::format("rate {}: flits per terminal per cycle in [0, 1]", rate));
  SimOptions o = impl_->o;
  if (threads > 0) o.threads = threads;
  return simulate_point(impl_->net, *impl_->routing, impl_->known, *impl_->dest, *impl_->inj, o, rate, seed, progress);
}

Saturation find_saturation(const Simulator& s, std::uint64_t seed, double resolution) {
  Saturation sat;
  const double zero = s.setup().zero_load_latency;
  sat.criterion = fmt::format(
      "stable (warm-up converged and measured packets drained), accepted >= 0.97 x offered, and mean packet latency "
      "<= 3 x the zero-load latency ({:.2f} cycles)",
      zero);
  auto ok = [&](double rate) {
    auto p = s.run(rate, seed);
    const bool good = p.stable && p.accepted_mean >= 0.97 * p.offered && p.packet_latency.mean <= 3 * zero;
    sat.probes.push_back(std::move(p));
    return good;
  };
  double lo = 0, hi = 1;
  if (ok(1.0)) {
    sat.rate = 1;
    return sat;
  }
  while (hi - lo > resolution) {
    const double mid = (lo + hi) / 2;
    (ok(mid) ? lo : hi) = mid;
  }
  sat.rate = lo;
  return sat;
}

}  // namespace topo::sim
