// The configured simulator: resolves the routing and its VC classes, runs the dependency check, and
// runs load points; the saturation search.
#include <fmt/format.h>
#include <fmt/ranges.h>

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
  RouteCache known;                  // the routes of the dependency check, for the engines (pure routings)
  std::vector<std::string> misfits;  // why the default schemes that were passed over do not fit
  /// Of the default schemes passed over for want of VCs only (TooFewVcs), the one that needs the fewest.
  std::string fewest_scheme;
  std::uint32_t fewest_vcs = 0;

  /// own: the routers whose channels the network keeps (build_network).
  Impl(const Graph& graph, const SimOptions& opt, std::pair<node_id, node_id> own)
      : g(graph), o(opt), net(build_network(graph, opt, own.first, own.second)) {
    if (!(o.rate >= 0 && o.rate <= 1))
      throw UsageError(fmt::format("--rate {}: flits per terminal per cycle in [0, 1]", o.rate));
    if (o.deadlock_cycles == 0) throw UsageError("--deadlock-cycles must be at least 1");
    dest = route::terminal_destinations(o.traffic, {g, net.term_off}, {.seed = o.seed, .hotspot = o.hotspot});
    inj = make_injection(o);
    setup.algo = o.algo;
    if (setup.algo.empty()) setup.algo = route::default_minimal_routing(g);  // dor, dragonfly, else shortest
    const auto ugal = ugal_decision(g, o);
    setup.ugal_rule = ugal.name;
    setup.ugal_threshold = ugal.threshold;
    std::vector<std::pair<std::uint64_t, std::uint32_t>> cycle;
    if (!o.vc_classes.empty()) {
      setup.vc_classes = o.vc_classes;
      cycle = build(setup.vc_classes, *dest);
    } else {
      cycle = default_vc_classes();
    }
    if (!cycle.empty() && !o.allow_deadlock) {
      std::string list;
      for (std::size_t i = 0; i < cycle.size() && i < 12; ++i) {
        const node_id v = g.arc_tail(cycle[i].first);
        list += fmt::format(" {}->{}", v, g.out_neighbors(v)[cycle[i].first - g.arc_offset(v)]);
        if (routing->class_vcs.size() > 1) list += fmt::format("/{}", cycle[i].second);
      }
      // When a default scheme lacked VCs only, the count it needs comes first.
      const auto what = fewest_vcs == 0 ? fmt::format("--algo {} with --vc-classes {} and {} VCs", setup.algo,
                                                      setup.vc_classes, o.vcs)
                                        : fmt::format(
                                              "--algo {} needs --vcs {} or more on this graph (for --vc-classes "
                                              "{}): with {} VCs, --vc-classes {}",
                                              setup.algo, fewest_vcs, fewest_scheme, o.vcs, setup.vc_classes);
      throw InputError(fmt::format(
          "{} can deadlock: the channel dependency graph has a cycle of {} channels{}{} ({}use --vc-classes hop, "
          "dateline or escape-hop, more --vcs, or --allow-deadlock)",
          what, cycle.size(), list, cycle.size() > 12 ? " ..." : "",
          misfits.empty() ? "" : fmt::format("the other schemes: {}; ", fmt::join(misfits, "; "))));
    }
    if (routing_takes_ugal_threshold(setup.algo) && net.queue_measure == QueueMeasure::credits &&
        setup.ugal_threshold >= double(o.vcs) * o.buffer)
      setup.warnings.push_back(fmt::format(
          "--ugal-threshold {} is at least the {} credits of a channel (--vcs {} x --buffer {}): ugal always takes the "
          "minimal path; lower the threshold or raise --buffer (BookSim2's dragonfly has 256-flit buffers)",
          setup.ugal_threshold, o.vcs * o.buffer, o.vcs, o.buffer));
    setup.link_latency = o.link_latency;
    setup.classes = std::uint32_t(routing->class_vcs.size());
    for (const auto& [lo, hi] : routing->class_vcs) setup.vcs_per_class.push_back(hi - lo);
    setup.routers = net.routers;
    setup.terminals = net.terminals();
    setup.terminals_per_router = net.T;
    setup.channels = net.channel_count - 2 * net.terminals();  // the network channels follow the terminals' two each
    setup.zero_load_latency = mean_zero_load();
  }

  std::vector<std::pair<std::uint64_t, std::uint32_t>> build(const std::string& scheme, const Destinations& d) {
    RoutingContext ctx{g, net, o, setup.algo, scheme};
    if (routing) {  // a later scheme for the same routing: only its classes change
      set_vc_classes(*routing, ctx);
    } else {
      routing = make_sim_routing(ctx);
    }
    return dependency_cycle(net, *routing, d, o, setup, known);
  }

  /// The default VC scheme of the network and the routing, the same for every traffic pattern: the first of
  /// the routing's candidates that fits the graph and the VCs and whose dependency graph under uniform
  /// traffic (every pair of routers, or a sample) has no cycle. Then the check under the run's own traffic.
  /// With --allow-deadlock and no candidate that fits, the routing runs without classes.
  std::vector<std::pair<std::uint64_t, std::uint32_t>> default_vc_classes() {
    const auto& candidates = routing_default_vc_schemes(setup.algo);
    // The routing first, so that a routing that does not fit the graph says so itself (adaptive routing gets
    // its escape scheme below).
    if (routing_is_adaptive(setup.algo))
      routing = make_sim_routing_without_classes({g, net, o, setup.algo, ""});
    else
      routing = make_sim_routing({g, net, o, setup.algo, "none"});
    // The run's own destinations when its traffic is uniform, else uniform ones made for the choice.
    const auto& uniform_pattern = route::uniform_random_traffic();
    const bool uniform_traffic = &route::find_traffic(o.traffic) == &uniform_pattern;
    std::unique_ptr<Destinations> made;
    if (!uniform_traffic) made = uniform_pattern.destinations({g, net.term_off}, {.seed = o.seed});
    const Destinations& uniform = uniform_traffic ? *dest : *made;
    std::vector<std::pair<std::uint64_t, std::uint32_t>> cycle;
    std::string first_fit, checked, last_tried;
    for (const auto& s : candidates) {
      last_tried = s;  // the routing's classes now (build sets them before its check may fail)
      try {
        cycle = build(s, uniform);
      } catch (const TooFewVcs& e) {
        misfits.push_back(fmt::format("{}: {}", s, e.what()));
        if (fewest_vcs == 0 || e.needed < fewest_vcs) {
          fewest_vcs = e.needed;
          fewest_scheme = s;
        }
        continue;
      } catch (const Error& e) {
        misfits.push_back(fmt::format("{}: {}", s, e.what()));  // the scheme does not fit the graph, routes or VCs
        continue;
      }
      if (first_fit.empty()) first_fit = s;
      setup.vc_classes = checked = s;
      if (cycle.empty()) break;
    }
    if (first_fit.empty()) {
      if (!o.allow_deadlock)
        throw UsageError(
            fmt::format("--algo {} with {} VCs: no VC class scheme fits ({}); give more --vcs, or "
                        "--allow-deadlock to run it without classes",
                        setup.algo, o.vcs, fmt::join(misfits, "; ")));
      first_fit = "none";
    }
    // Every scheme that fits has a cycle: the first that fits is the one reported, or run under --allow-deadlock.
    if (!cycle.empty() || setup.vc_classes.empty()) setup.vc_classes = first_fit;
    // Checked under the run's own traffic, and the routing still has those classes (no later candidate tried).
    if (uniform_traffic && checked == setup.vc_classes && last_tried == checked) return cycle;
    return build(setup.vc_classes, *dest);
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
      const auto s = terms <= 2048 ? i % terms : rng.below(terms);
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
        if (const auto fastest = routing->fastest_minimal_latency(a, b); fastest != none32)
          lat = fastest;  // a latency-weighing routing takes the fastest of the minimal paths at zero load
        else
          for (std::uint32_t h = 0; h < hops; ++h) lat += net.arc_latency_of(p.arcs[h]);
      }
      sum += zero_load_latency(net, hops, lat);
    }
    return samples ? sum / double(samples) : 0;
  }
};

namespace {

/// The routers whose channels a simulator whose points are split over `split` keeps: this rank's block, or every
/// router (Simulator::channel, for --loads, reads any).
std::pair<node_id, node_id> own_routers(const Graph& g, const SimOptions& o, const parallel::Ranks* split) {
  if (!split || split->size() <= 1 || o.channel_loads) return {0, g.num_nodes()};
  const auto k = unsigned(split->rank()), parts = unsigned(split->size());
  return {block_first(g.num_nodes(), k, parts), block_first(g.num_nodes(), k + 1, parts)};
}

}  // namespace

Simulator::Simulator(const Graph& g, const SimOptions& o, const parallel::Ranks* split)
    : impl_(std::make_unique<Impl>(g, o, own_routers(g, o, split))) {
  const auto& n = impl_->net;
  const auto shape = engine_shape(n, impl_->routing->reads_queues(), o.pool_above);
  auto& st = impl_->setup;
  st.bytes_per_router = std::uint64_t(engine_state_bytes(shape) / std::max<double>(1, n.routers));
  st.bytes_per_port = engine_fixed_bytes(shape) / std::max<double>(1, double(shape.in_ports));
  st.bytes_per_busy_port = std::uint64_t(busy_port_bytes(shape));
  st.bytes_per_busy_vc = std::uint64_t(busy_vc_bytes(shape));
  st.bytes_per_flit_in_flight = std::uint64_t(flit_in_flight_bytes());
  st.bytes_per_packet = std::uint64_t(packet_bytes(n.g->num_arcs(), n.V, n.T));
}

Simulator::~Simulator() = default;

const SimSetup& Simulator::setup() const {
  return impl_->setup;
}
ChannelInfo Simulator::channel(std::uint64_t i) const {
  const auto& net = impl_->net;
  if (!net.holds_channels_of(0, net.routers))
    throw Error(
        "the channels of a simulator split over ranks are each rank's own (SimOptions::channel_loads keeps all)");
  const auto& c = net.chans[2 * net.terminals() + i];  // the network channels follow the terminals' two each
  const auto l = impl_->g.out_links(c.src)[c.arc - impl_->g.arc_offset(c.src)];
  return {c.src, c.dst, impl_->g.link_class(l) == no_class ? std::string() : std::string(impl_->g.link_class_name(l)),
          net.lane(c), net.latency(c)};
}

PointResult Simulator::run(double rate, std::uint64_t seed, const std::function<void(double)>& progress, int threads,
                           parallel::Ranks* ranks) const {
  if (!(rate >= 0 && rate <= 1)) throw UsageError(fmt::format("rate {}: flits per terminal per cycle in [0, 1]", rate));
  SimOptions o = impl_->o;
  if (threads > 0) o.threads = threads;
  return simulate_point(impl_->net, *impl_->routing, impl_->known, *impl_->dest, *impl_->inj, o, rate, seed, progress,
                        ranks);
}

Saturation find_saturation(const Simulator& s, std::uint64_t seed, double resolution, parallel::Ranks* ranks) {
  Saturation sat;
  const double zero = s.setup().zero_load_latency;
  sat.criterion = fmt::format(
      "stable (warm-up converged and measured packets drained), accepted >= 0.97 x offered, and mean packet latency "
      "<= 3 x the zero-load latency ({:.2f} cycles)",
      zero);
  auto ok = [&](double rate) {
    auto p = s.run(rate, seed, {}, 0, ranks);
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
