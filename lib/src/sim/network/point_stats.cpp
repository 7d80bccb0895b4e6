// A load point's figures (engine_internal.hpp): throughput per terminal, latency quantiles, hops,
// VC occupancy and channel utilisation over the sample windows; and the deadlock report.
#include <algorithm>

#include "engine_internal.hpp"

namespace topo::sim {

void PacketStats::add_hops(const std::vector<std::uint64_t>& more) {
  if (hops.size() < more.size()) hops.resize(more.size(), 0);
  for (std::size_t h = 0; h < more.size(); ++h) hops[h] += more[h];
}

void PacketStats::merge(const PacketStats& o) {
  packet_latency.merge(o.packet_latency);
  network_latency.merge(o.network_latency);
  queueing.merge(o.queueing);
  add_hops(o.hops);
}

void PacketStats::pack(std::string& out) const {
  packet_latency.pack(out);
  network_latency.pack(out);
  queueing.pack(out);
  parallel::pack<std::uint64_t>(out, hops);
}

void PacketStats::merge_packed(const std::string& in, std::size_t& at) {
  packet_latency.merge_packed(in, at);
  network_latency.merge_packed(in, at);
  queueing.merge_packed(in, at);
  add_hops(parallel::unpack<std::uint64_t>(in, at));
}

void Engine::summarize(PointResult& res, std::uint64_t measure_start, std::uint64_t measure_end) const {
  const double cycles = double(std::max<std::uint64_t>(1, measure_end - measure_start));
  const auto terms = n_.terminals();
  double sum = 0, sum2 = 0, mn = 1e300, gen = 0;
  for (std::uint64_t t = 0; t < terms; ++t) {
    const double x = double(acc_[t]) / cycles;
    sum += x;
    sum2 += x * x;
    mn = std::min(mn, x);
    gen += double(gen_[t]);
  }
  res.offered = gen / (double(terms) * cycles);
  res.accepted_mean = sum / double(terms);
  res.accepted_min = terms ? mn : 0;
  res.jain = sum2 > 0 ? sum * sum / (double(terms) * sum2) : 1;
  PacketStats m;
  for (const auto& sc : scratch_) m.merge(sc.measured);
  const auto& hops = m.hops;
  double occ = 0;
  for (node_id r = 0; r < n_.routers; ++r) {
    const auto& s = stats_[r];
    res.injected += s.injected;
    res.delivered += s.delivered;
    occ += double(s.occupancy_sum);
    res.vc_occupancy_max = std::max<double>(res.vc_occupancy_max, s.occupancy_max);
  };
  res.measured = m.packet_latency.size();
  res.packet_latency = m.packet_latency.quantiles();
  res.network_latency = m.network_latency.quantiles();
  res.queueing = m.queueing.quantiles();
  res.hop_histogram = hops;
  double hsum = 0, hn = 0;
  for (std::size_t h = 0; h < hops.size(); ++h) {
    hsum += double(h) * double(hops[h]);
    hn += double(hops[h]);
  }
  res.hops_mean = hn > 0 ? hsum / hn : 0;
  const double vcs = double(n_.in_off.back()) * n_.V;
  res.vc_occupancy_mean = occ / (cycles * vcs);
  res.link_util_histogram.assign(10, 0);
  double usum = 0, un = 0;
  if (o_.channel_loads) res.channel_util.assign(n_.chans.size(), 0);
  for (std::size_t c = 0; c < n_.chans.size(); ++c) {
    const double u = double(sent_[c]) / cycles;
    if (o_.channel_loads) res.channel_util[c] = u;
    if (c < 2 * terms) continue;  // a terminal's (Network::chans), not a link
    usum += u;
    ++un;
    res.link_util_max = std::max(res.link_util_max, u);
    ++res.link_util_histogram[std::min<std::size_t>(9, std::size_t(u * 10))];
  }
  res.link_util_mean = un > 0 ? usum / un : 0;
}

Deadlock Engine::deadlock_report() const {
  Deadlock d;
  d.cycle = now_;
  std::vector<PacketKey> stuck;
  for (node_id r = rank_lo_; r < rank_hi_; ++r)
    for (auto ip = n_.in_off[r]; ip < n_.in_off[r + 1]; ++ip)
      for (std::uint32_t vc = 0; vc < n_.V; ++vc) {
        const auto iv = std::size_t(ip) * n_.V + vc;
        if (!has_entry(iv) || !vc_state(iv).count) continue;
        const auto& ch = n_.chans[n_.in_chan[ip]];
        const bool terminal = ch.arc == none32;
        if (d.channels.size() < Deadlock::channels_listed)
          d.channels.push_back({terminal ? no_node : ch.src, r, vc, vc_state(iv).count});
        for (std::uint32_t i = 0; i < vc_state(iv).count; ++i) {
          const auto* p = flit(iv, i).p;
          stuck.push_back({p->src_term, p->injected});
        }
      }
  if (ranks_) share_deadlock(d.channels, stuck);
  std::sort(stuck.begin(), stuck.end());
  d.stuck_packets = std::uint64_t(std::unique(stuck.begin(), stuck.end()) - stuck.begin());
  return d;
}

}  // namespace topo::sim
