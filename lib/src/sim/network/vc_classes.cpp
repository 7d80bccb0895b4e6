// VC class schemes for deadlock avoidance: a packet's hop uses only the VCs of its class.
//   none      one class (every VC);
//   hop       hop-indexed classes (Günther; Gopal): hop i uses VC i, so V must exceed the longest route;
//   dateline  Dally & Seitz's dateline on tori: class 0 while the route still has to cross the wrap-around
//             link of the dimension it travels in, class 1 from that link on (and on runs without one). The
//             class depends only on the rest of the route, so a route recomputed mid-way agrees with it;
//   partition BookSim2's dim_order_torus split (routefunc.cpp, dor_next_torus): a run in one dimension that
//             crosses the wrap-around link uses class 1 for all its hops, any other run class 0. Deadlock-free
//             for minimal routes: the runs of class 1 on a ring all hold the wrap-around link and are at most
//             half the ring long, so they cannot close a cycle;
//   valiant   a class per phase of a two-phase route (route::Path::last_phase), times partition's two classes
//             on graphs with wrap-around links: BookSim2's valiant_torus and valiant_mesh (routefunc.cpp), whose
//             VCs split first by ring part and then by phase. Each phase is a minimal route of its own, so
//             its runs are partitioned on their own (BookSim2 restarts the ring part at the intermediate);
//   dragonfly a hop's class is the number of global links the route has crossed before it (Kim, Dally, Scott
//             and Abts, ISCA 2008, §4.3: VCs by hop type): local, global, local, global, local hops of a Valiant
//             or UGAL route take classes 0, 0, 1, 1, 2 and a minimal route 0, 0, 1, so the classes of
//             (local, global) channels rise along every route: 3 classes, BookSim2's 3 VCs;
//   dragonfly-par  for PAR (progressive adaptive routing), whose minimal route may turn into a Valiant one at
//             its second router: a first hop on a local link takes class 0, every other hop 1 + the global
//             links crossed before it. A route's local hops before its first global one are then the first
//             hop (class 0) and at most one more (class 1), so (class, local before global) rises along every
//             route: 4 classes;
//   escape    Duato's escape VCs for adaptive routing: VC 0 (VCs 0 and 1 with dateline classes when the graph
//             has wrap-around links) follow a deadlock-free base routing, the other VCs are adaptive;
//   escape-hop escape VCs 0..D-1 (D: the diameter) with classes by hops left: an escape hop with h hops of
//             the base route still to go uses VC D - h. With a minimal base routing and minimal adaptive
//             hops, every hop of a packet has fewer hops left than the one before, so its escape classes
//             only rise: no cycle, also through the adaptive VCs (Duato), on any graph (the dragonfly's
//             local-global-local routes need it: one escape VC chains them into cycles).
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <cstdlib>
#include <functional>

#include "sim_internal.hpp"
#include "topo/errors.hpp"
#include "topo/metrics/distance.hpp"
#include "topo/registry.hpp"

namespace topo::sim {

namespace {

class NoClasses final : public VcClasses {
 public:
  std::uint32_t classes(std::uint32_t) const override { return 1; }
  void of_path(const route::Path& p, std::vector<std::uint8_t>& out) const override { out.assign(p.hops(), 0); }
};

class HopClasses final : public VcClasses {
 public:
  std::uint32_t classes(std::uint32_t vcs) const override { return vcs; }
  void of_path(const route::Path& p, std::vector<std::uint8_t>& out) const override {
    if (p.hops() > vcs_)
      throw InputError(fmt::format("--vc-classes hop: a route of {} hops ({} -> {}) needs --vcs {} or more", p.hops(),
                                   p.nodes.front(), p.nodes.back(), p.hops()));
    out.resize(p.hops());
    for (std::size_t h = 0; h < p.hops(); ++h) out[h] = std::uint8_t(h);
  }
  explicit HopClasses(std::uint32_t vcs) : vcs_(vcs) {}

 private:
  std::uint32_t vcs_;
};

/// The dimension a hop travels in (the first coordinate that changes) and whether it wraps around.
std::pair<unsigned, bool> hop_dim(const Graph& g, node_id u, node_id v) {
  const auto a = g.coords(u), b = g.coords(v);
  unsigned d = 0;
  while (d < a.size() && a[d] == b[d]) ++d;
  return {d, d < a.size() && std::abs(a[d] - b[d]) > 1};
}

bool has_wrap_links(const Graph& g) {
  if (g.coord_dims() == 0) return false;
  for (link_id l = 0; l < g.num_links(); ++l)
    if (hop_dim(g, g.source(l), g.target(l)).second) return true;
  return false;
}

void dateline_classes(const Graph& g, const route::Path& p, std::vector<std::uint8_t>& out) {
  out.resize(p.hops());
  unsigned dim = ~0u;
  bool wrap_ahead = false;
  for (std::size_t h = p.hops(); h-- > 0;) {  // backwards: is a wrap still ahead in this run?
    const auto [d, wrap] = hop_dim(g, p.nodes[h], p.nodes[h + 1]);
    if (d != dim) wrap_ahead = false;
    dim = d;
    out[h] = wrap_ahead ? 0 : 1;
    if (wrap) wrap_ahead = true;
  }
}

/// BookSim2's partition: class 1 for the whole of a run that crosses the wrap-around link, else 0; for the
/// hops [from, to) of p (out has p.hops() entries).
void partition_classes(const Graph& g, const route::Path& p, std::size_t from, std::size_t to,
                       std::vector<std::uint8_t>& out) {
  for (std::size_t h = from; h < to;) {
    const unsigned dim = hop_dim(g, p.nodes[h], p.nodes[h + 1]).first;
    std::size_t end = h;
    bool wraps = false;
    for (; end < to && hop_dim(g, p.nodes[end], p.nodes[end + 1]).first == dim; ++end)
      wraps = wraps || hop_dim(g, p.nodes[end], p.nodes[end + 1]).second;
    for (; h < end; ++h) out[h] = wraps ? 1 : 0;
  }
}

class Partition final : public VcClasses {
 public:
  explicit Partition(const Graph& g) : g_(g) {
    if (g.coord_dims() == 0)
      throw InputError("--vc-classes partition needs node coordinates (a torus as JSON or descriptor)");
  }
  std::uint32_t classes(std::uint32_t) const override { return 2; }
  void of_path(const route::Path& p, std::vector<std::uint8_t>& out) const override {
    out.resize(p.hops());
    partition_classes(g_, p, 0, p.hops(), out);
  }

 private:
  const Graph& g_;
};

class ValiantPhases final : public VcClasses {
 public:
  ValiantPhases(const Graph& g, std::uint32_t vcs) : g_(g), rings_(has_wrap_links(g) ? 2 : 1) {
    if (vcs < 2 * rings_)
      throw TooFewVcs(fmt::format("--vc-classes valiant needs --vcs {} or more on this graph (2 phases{})", 2 * rings_,
                                  rings_ == 2 ? " x 2 ring parts" : ""),
                      2 * rings_);
  }
  std::uint32_t classes(std::uint32_t) const override { return 2 * rings_; }
  // Class ring part x 2 + phase, so that the VCs split first by ring part, then by phase (as BookSim2's).
  void of_path(const route::Path& p, std::vector<std::uint8_t>& out) const override {
    out.assign(p.hops(), 0);
    const auto mid = std::min(p.last_phase, p.hops());
    if (rings_ == 2) {
      partition_classes(g_, p, 0, mid, out);
      partition_classes(g_, p, mid, p.hops(), out);
    }
    for (std::size_t h = 0; h < p.hops(); ++h) out[h] = std::uint8_t(out[h] * 2 + (h < mid ? 0 : 1));
  }

 private:
  const Graph& g_;
  std::uint32_t rings_;
};

/// dragonfly, and dragonfly-par with `first_apart`: a first hop on a local link in class 0 and every other hop
/// one class above dragonfly's.
class DragonflyHops final : public VcClasses {
 public:
  DragonflyHops(const Graph& g, std::uint32_t vcs, bool first_apart)
      : g_(g),
        classes_(first_apart ? 4 : std::min<std::uint32_t>(vcs, 3)),
        global_(g.find_class("global")),
        first_apart_(first_apart) {
    if (global_ == no_class)
      throw InputError(fmt::format("--vc-classes {} needs links of class global (a dragonfly from topogen)", name()));
  }
  std::uint32_t classes(std::uint32_t) const override { return classes_; }
  void of_path(const route::Path& p, std::vector<std::uint8_t>& out) const override {
    out.resize(p.hops());
    const std::uint32_t above = first_apart_ ? 1 : 0;  // the class of the hops after a local first hop
    std::uint32_t crossed = 0;
    for (std::size_t h = 0; h < p.hops(); ++h) {
      const bool global = g_.link_class(g_.arc_link(p.arcs[h])) == global_;
      const auto c = h == 0 && !global ? 0 : crossed + above;
      if (c >= classes_)
        throw InputError(
            fmt::format("--vc-classes {}: a route from {} to {} crosses {} global links and needs --vcs {} or more",
                        name(), p.nodes.front(), p.nodes.back(), crossed, c + 1));
      out[h] = std::uint8_t(c);
      if (global) ++crossed;
    }
  }

 private:
  const char* name() const { return first_apart_ ? "dragonfly-par" : "dragonfly"; }
  const Graph& g_;
  std::uint32_t classes_;
  std::uint16_t global_ = 0;
  bool first_apart_;
};

class Dateline final : public VcClasses {
 public:
  explicit Dateline(const Graph& g) : g_(g) {
    if (g.coord_dims() == 0)
      throw InputError("--vc-classes dateline needs node coordinates (a torus as JSON or descriptor)");
  }
  std::uint32_t classes(std::uint32_t) const override { return 2; }
  void of_path(const route::Path& p, std::vector<std::uint8_t>& out) const override { dateline_classes(g_, p, out); }

 private:
  const Graph& g_;
};

class Escape final : public VcClasses {
 public:
  Escape(const Graph& g, std::uint32_t vcs) : g_(g), escapes_(has_wrap_links(g) ? 2 : 1) {
    if (vcs <= escapes_)
      throw TooFewVcs(fmt::format("--vc-classes escape needs --vcs {} or more on this graph ({} escape VC{} and one "
                                  "adaptive)",
                                  escapes_ + 1, escapes_, escapes_ > 1 ? "s" : ""),
                      escapes_ + 1);
  }
  // Classes 0..E-1 are the escape VCs (dateline classes on wrap-around graphs), class E the adaptive VCs.
  std::uint32_t classes(std::uint32_t) const override { return escapes_ + 1; }
  // A whole path given here is an escape path.
  void of_path(const route::Path& p, std::vector<std::uint8_t>& out) const override {
    if (escapes_ == 2)
      dateline_classes(g_, p, out);
    else
      out.assign(p.hops(), 0);
  }
  std::pair<std::uint32_t, std::uint32_t> range(std::uint32_t c, std::uint32_t vcs) const override {
    return c < escapes_ ? std::pair<std::uint32_t, std::uint32_t>{c, c + 1}
                        : std::pair<std::uint32_t, std::uint32_t>{escapes_, vcs};
  }
  bool escape() const override { return true; }

 private:
  const Graph& g_;
  std::uint32_t escapes_;
};

class EscapeHop final : public VcClasses {
 public:
  EscapeHop(const Graph& g, std::uint32_t vcs, int threads) {
    // The diameter: the largest eccentricity, from the bit-parallel BFS sweeps of the distance
    // distribution (512 sources per pass over the arcs; the histogram's popcounts come with the same pass),
    // on toposim's threads.
    metrics::DistanceOptions opt;
    opt.threads = threads;
    const auto d = metrics::distance_distribution(g, opt);
    escapes_ = std::max<std::uint32_t>(d.max_finite_distance, 1);
    if (vcs <= escapes_)
      throw TooFewVcs(fmt::format("--vc-classes escape-hop needs --vcs {} or more on this graph ({} escape VCs, one "
                                  "per hop of its diameter, and one adaptive)",
                                  escapes_ + 1, escapes_),
                      escapes_ + 1);
  }
  std::uint32_t classes(std::uint32_t) const override { return escapes_ + 1; }
  // A whole path given here is an escape path: hop i of h uses class escapes - (h - i).
  void of_path(const route::Path& p, std::vector<std::uint8_t>& out) const override {
    if (p.hops() > escapes_)
      throw InputError(
          fmt::format("--vc-classes escape-hop: a route of {} hops ({} -> {}) is longer than the "
                      "diameter {}; the base routing must be minimal",
                      p.hops(), p.nodes.front(), p.nodes.back(), escapes_));
    out.resize(p.hops());
    for (std::size_t h = 0; h < p.hops(); ++h) out[h] = std::uint8_t(escapes_ - (p.hops() - h));
  }
  std::pair<std::uint32_t, std::uint32_t> range(std::uint32_t c, std::uint32_t vcs) const override {
    return c < escapes_ ? std::pair<std::uint32_t, std::uint32_t>{c, c + 1}
                        : std::pair<std::uint32_t, std::uint32_t>{escapes_, vcs};
  }
  bool escape() const override { return true; }

 private:
  std::uint32_t escapes_ = 1;
};

struct Scheme {
  const char* name;
  const char* help;
  std::uint32_t min_vcs;
  std::function<std::unique_ptr<VcClasses>(const Graph&, std::uint32_t vcs, int threads)> make;
};

// One line per scheme.
const std::vector<Scheme>& schemes() {
  static const std::vector<Scheme> list = {
      {"none", "every VC open to every hop", 1,
       [](const Graph&, std::uint32_t, int) { return std::make_unique<NoClasses>(); }},
      {"hop", "hop i of a route uses VC i (needs --vcs at least the longest route)", 1,
       [](const Graph&, std::uint32_t v, int) { return std::make_unique<HopClasses>(v); }},
      {"dateline", "tori: the upper half of the VCs after the wrap-around link of a dimension", 2,
       [](const Graph& g, std::uint32_t, int) { return std::make_unique<Dateline>(g); }},
      {"partition",
       "tori, as BookSim2's dim_order_torus: a dimension's run that wraps around uses the upper half of the VCs "
       "throughout, the others the lower half",
       2, [](const Graph& g, std::uint32_t, int) { return std::make_unique<Partition>(g); }},
      {"valiant",
       "a class per phase of a Valiant route, times partition's two on tori (BookSim2's valiant_torus: 4 classes)", 2,
       [](const Graph& g, std::uint32_t v, int) { return std::make_unique<ValiantPhases>(g, v); }},
      {"dragonfly", "a hop's class is the number of global links crossed before it (3 classes; Kim et al. 2008)", 2,
       [](const Graph& g, std::uint32_t v, int) { return std::make_unique<DragonflyHops>(g, v, false); }},
      {"dragonfly-par",
       "PAR: a first hop on a local link in class 0, every other hop 1 + the global links crossed before it (4 "
       "classes)",
       4, [](const Graph& g, std::uint32_t v, int) { return std::make_unique<DragonflyHops>(g, v, true); }},
      {"escape", "adaptive routing: VC 0 (0 and 1 on tori) an escape channel on the base routing", 2,
       [](const Graph& g, std::uint32_t v, int) { return std::make_unique<Escape>(g, v); }},
      {"escape-hop",
       "adaptive routing: VCs 0 to D-1 (D: the diameter) escape channels on the base routing, an escape hop with h "
       "hops left on VC D-h; the others adaptive",
       2, [](const Graph& g, std::uint32_t v, int threads) { return std::make_unique<EscapeHop>(g, v, threads); }},
  };
  return list;
}

}  // namespace

const std::vector<std::string>& vc_class_names() {
  static const std::vector<std::string> names = names_of(schemes());
  return names;
}

std::string vc_class_help() {
  return help_of(schemes());
}

std::unique_ptr<VcClasses> make_vc_classes(const std::string& name, const Graph& g, std::uint32_t vcs, int threads) {
  const auto& s = find_named(schemes(), name, "VC class scheme");
  if (vcs < s.min_vcs)
    throw TooFewVcs(fmt::format("--vc-classes {} needs --vcs {} or more", name, s.min_vcs), s.min_vcs);
  return s.make(g, vcs, threads);
}

}  // namespace topo::sim
