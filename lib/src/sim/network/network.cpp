// The simulated network: ports and channels of every router, parallel channels for multiplicity and
// capacity, and link latencies per class or from node positions.
#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <map>

#include "huge_pages_internal.hpp"
#include "sim_internal.hpp"
#include "topo/errors.hpp"
#include "topo/gen/registry.hpp"
#include "topo/registry.hpp"

namespace topo::sim {

namespace {

struct FlowControl {
  const char* name;
  const char* help;
  bool vct;
};

// One line per flow control.
const std::vector<FlowControl>& flow_controls() {
  static const std::vector<FlowControl> list = {
      {"wormhole", "the default: a packet's flits advance as buffer space frees up", false},
      {"vct", "virtual cut-through: a packet enters a VC only when its buffer holds the whole packet", true},
  };
  return list;
}

struct VcReallocation {
  const char* name;
  const char* help;
  bool next_cycle;
};

// One line per moment an output VC may be granted again.
const std::vector<VcReallocation>& vc_reallocations() {
  static const std::vector<VcReallocation> list = {
      {"same-cycle",
       "the default: switch allocation before VC allocation, so that the VC a tail flit leaves may be granted in "
       "the same cycle and one VC carries a flit every cycle",
       false},
      {"next-cycle",
       "BookSim2's input-queued router: VC allocation before switch allocation, so that the VC is granted again "
       "in the next cycle at the earliest",
       true},
  };
  return list;
}

struct NextHead {
  const char* name;
  const char* help;
  std::uint32_t later;  // cycles after the tail's before its route computation starts
};

// One line per moment the packet behind a tail in an input VC starts its route computation.
const std::vector<NextHead>& next_heads() {
  static const std::vector<NextHead> list = {
      {"same-cycle",
       "the default: in the cycle the tail ahead of it leaves, so that an input VC sends a one-flit packet every "
       "Dr + Dva cycles",
       0},
      {"next-cycle",
       "BookSim2's input-queued router: in the cycle after (iq_router.cpp: _SWAllocUpdate queues the next head "
       "for the next cycle's _RouteEvaluate), a cycle more per packet",
       1},
  };
  return list;
}

struct InjectionChannel {
  const char* name;
  const char* help;
  std::uint32_t cycles;  // from a terminal's send to its router's input buffer
};

// One line per injection channel timing.
const std::vector<InjectionChannel>& injection_channels() {
  static const std::vector<InjectionChannel> list = {
      {"one-cycle",
       "the default: a flit a terminal sends is in its router's input buffer, and a head starts its route "
       "computation, in the next cycle",
       1},
      {"two-cycles",
       "BookSim2's terminal: a cycle later (trafficmanager.cpp: _Step writes the flit into the injection channel "
       "after the network's ReadInputs, so the channel takes it up in the next cycle and the router reads it in the "
       "one after), a cycle more on every packet's latency",
       2},
  };
  return list;
}

}  // namespace

const std::vector<std::string>& injection_channel_names() {
  static const std::vector<std::string> names = names_of(injection_channels());
  return names;
}

std::string injection_channel_help() {
  return help_of(injection_channels());
}

const std::vector<std::string>& next_head_names() {
  static const std::vector<std::string> names = names_of(next_heads());
  return names;
}

std::string next_head_help() {
  return help_of(next_heads());
}

const std::vector<std::string>& vc_reallocation_names() {
  static const std::vector<std::string> names = names_of(vc_reallocations());
  return names;
}

std::string vc_reallocation_help() {
  return help_of(vc_reallocations());
}

const std::vector<std::string>& flow_names() {
  static const std::vector<std::string> names = names_of(flow_controls());
  return names;
}

std::string flow_help() {
  return help_of(flow_controls());
}

namespace {

std::uint32_t parse_latency(std::string_view s, std::string_view spec) {
  std::uint32_t v = 0;
  const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || p != s.data() + s.size() || v == 0)
    throw UsageError(fmt::format("--link-latency {}: '{}' is not a positive number of cycles", spec, s));
  return v;
}

/// The parallel channels of a link: its multiplicity times its capacity (relative to a unit link).
std::uint32_t lanes(const Graph& g, link_id l) {
  return g.multiplicity(l) * std::max<std::uint32_t>(1, g.capacity(l));
}

}  // namespace

std::uint64_t simulated_channels(const Graph& g) {
  std::uint64_t n = 0;
  for (node_id v = 0; v < g.num_nodes(); ++v) {
    const auto nb = g.out_neighbors(v);
    const auto ln = g.out_links(v);
    for (std::size_t i = 0; i < nb.size(); ++i)
      if (nb[i] != v) n += lanes(g, ln[i]);
  }
  return n;
}

bool link_latencies_may_differ(const std::string& spec) {
  return spec == "length" || spec.find('=') != std::string::npos;
}

std::vector<std::uint32_t> arc_latencies(const Graph& g, const std::string& spec) {
  std::vector<std::uint32_t> lat(g.num_arcs(), 1);
  if (spec == "length") {
    if (g.pos_dims() == 0)
      throw InputError("--link-latency length needs node positions (a JSON graph or a descriptor with positions)");
    for (node_id v = 0; v < g.num_nodes(); ++v) {
      const auto nb = g.out_neighbors(v);
      for (std::size_t i = 0; i < nb.size(); ++i) {
        double d2 = 0;
        for (unsigned k = 0; k < g.pos_dims(); ++k) d2 += std::pow(g.pos(v)[k] - g.pos(nb[i])[k], 2);
        // One cycle per unit of distance, rounded up; a link never takes less than one cycle.
        lat[g.arc_offset(v) + i] = std::max<std::uint32_t>(1, std::uint32_t(std::ceil(std::sqrt(d2) - 1e-9)));
      }
    }
    return lat;
  }
  std::uint32_t dflt = 1;
  std::map<std::string, std::uint32_t, std::less<>> by_class;
  std::string_view rest = spec;
  while (!rest.empty()) {
    const auto comma = rest.find(',');
    const auto item = rest.substr(0, comma);
    rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 1);
    const auto eq = item.find('=');
    if (eq == std::string_view::npos) {
      dflt = parse_latency(item, spec);
      continue;
    }
    const auto cls = item.substr(0, eq);
    if (g.find_class(cls) == no_class)
      throw InputError(fmt::format("--link-latency {}: the graph has no link class '{}'{}", spec, cls,
                                   g.class_names().empty() ? " (it has no classes)" : ""));
    by_class[std::string(cls)] = parse_latency(item.substr(eq + 1), spec);
  }
  for (node_id v = 0; v < g.num_nodes(); ++v) {
    const auto ln = g.out_links(v);
    for (std::size_t i = 0; i < ln.size(); ++i) {
      auto it = g.link_class(ln[i]) == no_class ? by_class.end() : by_class.find(g.link_class_name(ln[i]));
      lat[g.arc_offset(v) + i] = it == by_class.end() ? dflt : it->second;
    }
  }
  return lat;
}

Network build_network(const Graph& g, const SimOptions& o, node_id own_lo, node_id own_hi) {
  Network n;
  n.g = &g;
  n.routers = g.num_nodes();
  n.own_hi = std::min(own_hi, n.routers);
  n.own_lo = std::min(own_lo, n.own_hi);
  // Terminals: --terminals-per-router on every router, or on the endpoints of an indirect network only
  // (default there: the family's own per endpoint).
  n.T = o.terminals_per_router ? o.terminals_per_router : gen::terminals_per_endpoint(g).value_or(1);
  std::vector<std::uint8_t> has_terminals(n.routers, g.meta.endpoints.empty() ? 1 : 0);
  for (node_id v : g.meta.endpoints)
    if (v < n.routers) has_terminals[v] = 1;
  n.term_off.assign(n.routers + 1, 0);
  for (node_id v = 0; v < n.routers; ++v) n.term_off[v + 1] = n.term_off[v] + (has_terminals[v] ? n.T : 0);
  n.term_router.resize(n.term_off.back());
  for (node_id v = 0; v < n.routers; ++v)
    for (auto t = n.term_off[v]; t < n.term_off[v + 1]; ++t) n.term_router[t] = v;
  n.V = o.vcs;
  n.B = o.buffer;
  n.F = o.packet_size;
  n.S = o.speedup;
  n.Dr = o.routing_delay;
  n.Dva = o.vc_alloc_delay;
  n.Dsa = o.sw_alloc_delay;
  n.vct = find_named(flow_controls(), o.flow, "flow control").vct;
  n.realloc_next_cycle = find_named(vc_reallocations(), o.vc_reallocation, "VC reallocation").next_cycle;
  n.Dr_next_head = n.Dr + find_named(next_heads(), o.next_head, "next head").later;
  n.inject_cycles = find_named(injection_channels(), o.injection_channel, "injection channel").cycles;
  n.queue_measure = queue_measure(o.ugal_queue);
  if (n.V == 0 || n.V > 255) throw UsageError("--vcs must be between 1 and 255");
  if (n.B == 0 || n.B > 0xFFFF) throw UsageError("--buffer must be between 1 and 65535 flits");
  if (n.F == 0 || n.F > Flit::max_flits)
    throw UsageError(fmt::format("--packet-size must be between 1 and {} flits", Flit::max_flits));
  if (g.num_arcs() >= Flit::max_arcs)
    throw InputError(fmt::format("the simulator takes graphs of fewer than {} arcs", Flit::max_arcs));
  if (!(n.S >= 1 && n.S <= 64)) throw UsageError(fmt::format("--speedup {}: between 1 and 64", n.S));
  if (n.vct && n.B < n.F)
    throw UsageError(fmt::format("--flow vct needs --buffer ({}) of at least --packet-size ({}) flits", n.B, n.F));
  // One latency for every link (a bare N) is kept as link_latency alone; by class or length, per arc.
  if (link_latencies_may_differ(o.link_latency))
    n.arc_latency = arc_latencies(g, o.link_latency);
  else
    n.link_latency = o.link_latency.empty() ? 1 : parse_latency(o.link_latency, o.link_latency);
  const auto arcs = g.num_arcs();
  n.arc_port = ZeroedArray<std::uint32_t>(arcs, true);
  n.narrow_routes = route_hop_bytes(arcs, n.V, n.T) == 4;
  n.route_class_bits = route_class_bits(n.V);
  // Parallel channels of every arc (lanes; simulated_channels counts the same), kept per arc only when some arc has
  // other than one (Network::lanes).
  std::vector<std::uint32_t> in_count(n.routers), out_count(n.routers);
  for (node_id v = 0; v < n.routers; ++v) in_count[v] = out_count[v] = n.terms(v);
  bool one_each = true;
  const auto each_arc_lanes = [&](auto&& f) {
    for (node_id v = 0; v < n.routers; ++v) {
      const auto nb = g.out_neighbors(v);
      const auto ln = g.out_links(v);
      for (std::size_t i = 0; i < nb.size(); ++i)
        f(v, nb[i], g.arc_offset(v) + i, nb[i] == v ? 0 : lanes(g, ln[i]));  // a self-loop carries nothing
    }
  };
  each_arc_lanes([&](node_id v, node_id w, std::uint64_t, std::uint32_t k) {
    one_each = one_each && k == 1;
    out_count[v] += k;
    in_count[w] += k;
  });
  if (!one_each) {
    assign_huge(n.arc_lanes, arcs);
    // Cut short above 65535 lanes, which no router takes: the check below refuses the network, from in_count.
    each_arc_lanes([&](node_id, node_id, std::uint64_t arc, std::uint32_t k) { n.arc_lanes[arc] = std::uint16_t(k); });
  }
  n.in_off.assign(n.routers + 1, 0);
  n.out_off.assign(n.routers + 1, 0);
  for (node_id v = 0; v < n.routers; ++v) {
    if (std::uint64_t(in_count[v]) * n.V > Network::max_router_in_vcs)
      throw InputError(
          fmt::format("router {} has {} input ports of {} VCs: the simulator takes at most {} input VCs a "
                      "router",
                      v, in_count[v], n.V, Network::max_router_in_vcs));
    n.in_off[v + 1] = n.in_off[v] + in_count[v];
    n.out_off[v + 1] = n.out_off[v] + out_count[v];
  }
  n.in_chan = ZeroedArray<std::uint32_t>(n.in_off.back(), true);
  n.out_chan = ZeroedArray<std::uint32_t>(n.out_off.back(), true);
  std::vector<std::uint32_t> in_next(n.routers), out_next(n.routers);
  n.channel_count = n.in_off.back() + n.terminals();  // every input port's, and ejection's
  const auto own = [&](node_id v) { return v >= n.own_lo && v < n.own_hi; };
  // Room past them for the channels own routers receive on from other routers, at most their input ports.
  const bool whole = n.own_lo == 0 && n.own_hi == n.routers;
  const auto own_in_ports = whole ? 0 : n.in_off[n.own_hi] - n.in_off[n.own_lo];
  if (n.channel_count + own_in_ports > none32)
    throw InputError(fmt::format("the simulator takes networks of fewer than {} channels", none32));
  n.chans = ZeroedArray<Channel>(std::size_t(n.channel_count + own_in_ports));
  std::uint32_t c = 0;  // the next channel
  for (node_id v = 0; v < n.routers; ++v) {
    in_next[v] = n.in_off[v] + n.terms(v);
    out_next[v] = n.out_off[v] + n.terms(v);
    for (std::uint32_t t = 0; t < n.terms(v); ++t) {
      if (own(v)) {
        // Injection channel: the terminal sends one flit per cycle; it arrives inject_cycles later.
        n.in_chan[n.in_off[v] + t] = c;
        n.chans[c] = {v, v, none32, n.in_off[v] + t, none32};
        // Ejection channel: a link of one cycle to the terminal.
        n.out_chan[n.out_off[v] + t] = c + 1;
        n.chans[c + 1] = {v, v, n.out_off[v] + t, none32, none32};
      }
      c += 2;
    }
  }
  for (node_id v = 0; v < n.routers; ++v) {
    const auto nb = g.out_neighbors(v);
    for (std::size_t i = 0; i < nb.size(); ++i) {
      const auto arc = g.arc_offset(v) + i;
      if (!n.lanes(arc)) {
        if (own(v)) n.arc_port[arc] = none32;
        continue;
      }
      const node_id w = nb[i];
      if (own(v)) n.arc_port[arc] = out_next[v];
      for (std::uint32_t l = 0; l < n.lanes(arc); ++l, ++c) {
        const Channel ch{v, w, out_next[v], in_next[w], std::uint32_t(arc)};
        if (own(v)) {
          n.chans[c] = ch;
          n.out_chan[out_next[v]] = c;
          if (own(w)) n.in_chan[in_next[w]] = c;
        } else if (own(w)) {
          const auto at = std::uint32_t(n.channel_count + n.received.size());
          n.received.push_back(c);
          n.chans[at] = ch;
          n.in_chan[in_next[w]] = at;
        }
        ++out_next[v];
        ++in_next[w];
      }
    }
  }
  bool first = true;
  for (std::uint64_t arc = 0; arc < arcs && !n.arc_latency.empty(); ++arc)
    if (n.lanes(arc)) {
      const auto lat = n.arc_latency[arc];
      n.link_latency = first || lat == n.link_latency ? lat : none32;
      if (n.link_latency == none32) break;
      first = false;
    }
  if (n.link_latency != none32) std::vector<std::uint32_t>().swap(n.arc_latency);  // every link's: kept once
  return n;
}

std::uint64_t Network::longest_delay() const {
  // Channels alike in their delays stand for them: a terminal's two, and the network channels of each arc.
  std::uint64_t longest = 0;
  const auto of = [&](const Channel& c) {
    longest = std::max<std::uint64_t>({longest, flit_delay(c), credit_delay(c)});
  };
  if (terminals() > 0) {
    of({0, 0, none32, 0, none32});  // injection
    of({0, 0, 0, none32, none32});  // ejection
  }
  if (channel_count == 2 * terminals()) return longest;  // no network channel
  if (link_latency != none32) {
    of({0, 0, 0, 0, 0});  // every link's latency
    return longest;
  }
  for (std::uint64_t arc = 0; arc < g->num_arcs(); ++arc)
    if (lanes(arc) > 0) of({0, 0, 0, 0, std::uint32_t(arc)});
  return longest;
}

double network_bytes(std::uint64_t routers, std::uint64_t arcs, std::uint64_t channels, std::uint64_t terminals,
                     bool lanes_per_arc, bool latency_per_arc) {
  const double r = double(routers), t = double(terminals), c = double(channels);
  const double ports = c + t;                 // input ports, and output ports: a terminal's channel has one each way
  return (c + 2 * t) * sizeof(Channel) +      // chans
         2 * ports * sizeof(std::uint32_t) +  // in_chan, out_chan
         double(arcs) * double((1 + latency_per_arc) * sizeof(std::uint32_t) +  // arc_port, arc_latency
                               (lanes_per_arc ? sizeof(std::uint16_t) : 0)) +   // arc_lanes
         (r + 1) * (2 * sizeof(std::uint32_t) + sizeof(std::uint64_t)) +        // in_off, out_off, term_off
         t * sizeof(node_id) +                                                  // term_router
         r * (4 * sizeof(std::uint32_t) + sizeof(std::uint8_t));                // build_network's per-router counts
}

namespace {

double zero_load(std::uint32_t Dr, std::uint32_t Dva, std::uint32_t Dsa, std::uint32_t F, std::uint32_t inject,
                 std::uint32_t hops, std::uint64_t link_latency_sum) {
  const double router = double(Dr) + Dva + Dsa + 1;
  // The injection channel, the ejection channel's one cycle, a router per hop and one more, the links, the
  // flits behind the head.
  return double(inject) + 1 + double(hops + 1) * router + double(link_latency_sum) + double(F) - 1;
}

}  // namespace

double zero_load_latency(const SimOptions& o, std::uint32_t hops, std::uint64_t link_latency_sum) {
  const auto inject = find_named(injection_channels(), o.injection_channel, "injection channel").cycles;
  return zero_load(o.routing_delay, o.vc_alloc_delay, o.sw_alloc_delay, o.packet_size, inject, hops, link_latency_sum);
}

double zero_load_latency(const Network& n, std::uint32_t hops, std::uint64_t link_latency_sum) {
  return zero_load(n.Dr, n.Dva, n.Dsa, n.F, n.inject_cycles, hops, link_latency_sum);
}

}  // namespace topo::sim
