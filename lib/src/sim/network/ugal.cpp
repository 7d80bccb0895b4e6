// The UGAL routings of the simulator: at the source, the minimal path or one Valiant path, whichever queue is
// shorter by the rule of --ugal-rule (UgalDecision), with --ugal-threshold flits of bias to the minimal path:
//   dragonfly     BookSim2's ugal_dragonflynew (networks/dragonfly.cpp): the minimal path unless its queue
//                 exceeds twice the Valiant path's plus the threshold (30 flits by default); the 1 and 2 stand
//                 for the paths' global hops. The default on a dragonfly.
//   hop-weighted  UGAL as Singh's thesis (2005) states it and BookSim2's ugal_flatfly
//                 (networks/flatfly_onchip.cpp) computes it: the minimal path when h_min x q_min <= h_val x q_val
//                 plus the threshold (2 flits by default), h the paths' hop counts from the deciding router.
//                 The default elsewhere.
// They differ in which queues they compare and when:
//   UGAL-L (Singh's thesis, 2005; Kim, Dally, Scott and Abts, ISCA 2008) the source router's output queues
//          of the two paths' first hops;
//   UGAL-G (Kim et al., ISCA 2008, §4.2: UGAL with global information) the queues of the two paths' first
//          global channels, at the routers of the source group that own them, read from the snapshot of
//          every output queue taken before the cycle's step phase (SimRouting::global_queues);
//   PAR    (Jiang, Kim and Dally, ISCA 2009, §3: progressive adaptive routing) UGAL-L's choice at the source,
//          and a minimal route whose first hop is local chosen again, once, at its second router, still in
//          the source group: by that router's queues, towards the minimal global channel or a Valiant path
//          from there. Its routes may take two local hops before the first global one (dragonfly-par VCs).
// A queue is, per channel of an output, the flits waiting for it at the router and in the next router's
// buffers (the default), or the credits in use of its channels, as BookSim2's GetUsedCredit (--ugal-queue
// credits; QueueMeasure). Credits in use also count the flits on a long link and the credits on their way
// back, at any load (about 2 x 100 x the link's rate on a dragonfly's 100-cycle global link): compared with
// a local channel's queue they send packets the Valiant way through an idle network, as UGAL-G and PAR do
// with them under uniform traffic (bench/RESULTS.md).
#include <fmt/format.h>

#include "sim_internal.hpp"
#include "topo/errors.hpp"
#include "topo/metrics/distance.hpp"
#include "topo/registry.hpp"

namespace topo::sim {

namespace {

const std::vector<topo::Choice<QueueMeasure>>& queue_measures() {
  static const std::vector<topo::Choice<QueueMeasure>> list = {
      {QueueMeasure::waiting, "waiting",
       "the default: per channel, the flits waiting for the output at the router and in the next router's buffers "
       "(not those on the link)"},
      {QueueMeasure::credits, "credits",
       "per channel, the output's credits in use: flits in the next router's buffers and on the link, and the "
       "credits on their way back (BookSim2's GetUsedCredit)"},
  };
  return list;
}

}  // namespace

const std::vector<std::string>& ugal_queue_names() {
  static const std::vector<std::string> names = names_of(queue_measures());
  return names;
}

std::string ugal_queue_help() {
  return help_of(queue_measures());
}

QueueMeasure queue_measure(const std::string& name) {
  return find_named(queue_measures(), name, "--ugal-queue").id;
}

namespace {

struct UgalRuleEntry {
  UgalRule id;
  const char* name;
  const char* help;
  double threshold;  // the default --ugal-threshold
};

const std::vector<UgalRuleEntry>& ugal_rules() {
  static const std::vector<UgalRuleEntry> list = {
      {UgalRule::dragonfly, "dragonfly",
       "the default on a dragonfly: Valiant when the minimal queue exceeds 2 x the Valiant one + --ugal-threshold "
       "(default 30; BookSim2's ugal_dragonflynew)",
       30},
      {UgalRule::hop_weighted, "hop-weighted",
       "the default elsewhere: Valiant when the minimal path's hops x its queue exceed the Valiant path's hops x its "
       "queue + --ugal-threshold (default 2; Singh 2005, BookSim2's ugal_flatfly)",
       2},
  };
  return list;
}

}  // namespace

const std::vector<std::string>& ugal_rule_names() {
  static const std::vector<std::string> names = names_of(ugal_rules());
  return names;
}

std::string ugal_rule_help() {
  return help_of(ugal_rules());
}

UgalDecision ugal_decision(const Graph& g, const SimOptions& o) {
  const bool dragonfly = g.meta.family == "dragonfly" || g.meta.family == "cascade";
  const auto& e =
      o.ugal_rule.empty() ? ugal_rules()[dragonfly ? 0 : 1] : find_named(ugal_rules(), o.ugal_rule, "--ugal-rule");
  return {e.id, e.name, o.ugal_threshold.value_or(e.threshold)};
}

namespace {

std::uint16_t global_class(const Graph& g, const std::string& algo) {
  const auto c = g.find_class("global");
  if (c == no_class)
    throw InputError(fmt::format("--algo {} needs links of class global (a dragonfly from topogen)", algo));
  return c;
}

/// The minimal and the Valiant routers, the threshold, and the dependency check's routes (both paths).
class UgalRouting : public SimRouting {
 public:
  UgalRouting(std::unique_ptr<route::Router> min, std::unique_ptr<route::Router> val, UgalDecision decision)
      : min_(std::move(min)), val_(std::move(val)), decision_(decision) {}
  bool reads_queues() const override { return true; }
  void check_paths(node_id s, node_id t, route::Rng& rng, CheckedRoutes& out) const override {
    for (const auto* r : {min_.get(), val_.get()}) {
      auto& x = out.add();
      r->route_into(s, t, rng, x.path);
      vcc->of_path(x.path, x.classes);
    }
  }

 protected:
  /// The minimal path from s to t, or the Valiant one when `queue(path)` says so.
  template <class Queue>
  route::Path choose(node_id s, node_id t, route::Rng& rng, Queue&& queue) const {
    auto m = min_->route(s, t, rng);
    if (m.hops() > 0) {
      auto v = val_->route(s, t, rng);
      if (v.hops() > 0 && decision_.valiant(queue(m), m.hops(), queue(v), v.hops())) return v;
    }
    return m;
  }
  std::unique_ptr<route::Router> min_, val_;
  UgalDecision decision_;
};

class UgalLocal final : public UgalRouting {
 public:
  using UgalRouting::UgalRouting;
  void at_source(SourceRoute& out, node_id s, node_id t, route::Rng& rng,
                 const std::function<double(std::uint64_t)>& occupancy) const override {
    out.path = choose(s, t, rng, [&](const route::Path& p) { return occupancy(p.arcs[0]); });
    vcc->of_path(out.path, out.classes);
  }
};

class UgalGlobal final : public UgalRouting {
 public:
  UgalGlobal(const Graph& g, std::unique_ptr<route::Router> min, std::unique_ptr<route::Router> val,
             UgalDecision decision)
      : UgalRouting(std::move(min), std::move(val), decision), g_(g), global_(global_class(g, "ugal-g")) {}
  bool global_queues() const override { return true; }
  void at_source(SourceRoute& out, node_id s, node_id t, route::Rng& rng,
                 const std::function<double(std::uint64_t)>& occupancy) const override {
    out.path = choose(s, t, rng, [&](const route::Path& p) { return occupancy(first_global(p)); });
    vcc->of_path(out.path, out.classes);
  }

 private:
  /// The path's first global channel, or its first channel when it stays in its group.
  std::uint64_t first_global(const route::Path& p) const {
    for (const auto a : p.arcs)
      if (g_.link_class(g_.arc_link(a)) == global_) return a;
    return p.arcs[0];
  }
  const Graph& g_;
  std::uint16_t global_;
};

class Par final : public UgalRouting {
 public:
  Par(const Graph& g, std::unique_ptr<route::Router> min, std::unique_ptr<route::Router> val, UgalDecision decision,
      int threads)
      : UgalRouting(std::move(min), std::move(val), decision), g_(g), global_(global_class(g, "par")) {
    // A Valiant route has at most twice the diameter's hops; one more for the local hop before it.
    metrics::DistanceOptions opt;
    opt.threads = threads;
    reroute_hops_ = 1 + 2 * std::max<std::uint32_t>(metrics::distance_distribution(g, opt).max_finite_distance, 1);
  }
  bool progressive() const override { return true; }
  void at_source(SourceRoute& out, node_id s, node_id t, route::Rng& rng,
                 const std::function<double(std::uint64_t)>& occupancy) const override {
    out.path = choose(s, t, rng, [&](const route::Path& p) { return occupancy(p.arcs[0]); });
    vcc->of_path(out.path, out.classes);
    out.reroute_hops = out.path.last_phase == 0 && reevaluated(out.path) ? reroute_hops_ : 0;
  }
  bool reevaluate(SourceRoute& out, const Reroute& at, route::Rng& rng,
                  const std::function<double(std::uint64_t)>& occupancy) const override {
    const auto v = val_->route(at.here, at.dst, rng);
    if (v.hops() == 0) return false;
    // The minimal route's hops from here are the rest of the packet's route.
    if (!decision_.valiant(occupancy(at.arcs[1]), at.hops_left, occupancy(v.arcs[0]), v.hops())) return false;
    diverted(out.path, at.src, at.arcs[0], v);
    vcc->of_path(out.path, out.classes);
    return true;
  }
  void check_paths(node_id s, node_id t, route::Rng& rng, CheckedRoutes& out) const override {
    UgalRouting::check_paths(s, t, rng, out);
    const auto m = out[out.size() - 2].path;  // the minimal path, and from its second router a Valiant one
    if (!reevaluated(m)) return;
    auto& x = out.add();
    diverted(x.path, s, m.arcs[0], val_->route(m.nodes[1], t, rng));
    vcc->of_path(x.path, x.classes);
  }

 private:
  /// True when a minimal path reaches a second router of the source group before its destination.
  bool reevaluated(const route::Path& m) const {
    return m.hops() >= 2 && g_.link_class(g_.arc_link(m.arcs[0])) != global_;
  }
  /// The route from src over first_arc, then v.
  static void diverted(route::Path& out, node_id src, std::uint64_t first_arc, const route::Path& v) {
    out.nodes.assign(1, src);
    out.nodes.insert(out.nodes.end(), v.nodes.begin(), v.nodes.end());
    out.arcs.assign(1, first_arc);
    out.arcs.insert(out.arcs.end(), v.arcs.begin(), v.arcs.end());
    out.last_phase = v.last_phase + 1;
  }
  const Graph& g_;
  std::uint16_t global_;
  std::uint32_t reroute_hops_ = 0;
};

}  // namespace

std::unique_ptr<SimRouting> make_ugal_local(std::unique_ptr<route::Router> min, std::unique_ptr<route::Router> val,
                                            const RoutingContext& c) {
  return std::make_unique<UgalLocal>(std::move(min), std::move(val), ugal_decision(c.g, c.o));
}

std::unique_ptr<SimRouting> make_ugal_global(std::unique_ptr<route::Router> min, std::unique_ptr<route::Router> val,
                                             const RoutingContext& c) {
  return std::make_unique<UgalGlobal>(c.g, std::move(min), std::move(val), ugal_decision(c.g, c.o));
}

std::unique_ptr<SimRouting> make_par(std::unique_ptr<route::Router> min, std::unique_ptr<route::Router> val,
                                     const RoutingContext& c) {
  return std::make_unique<Par>(c.g, std::move(min), std::move(val), ugal_decision(c.g, c.o), c.o.threads);
}

}  // namespace topo::sim
