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

void PointTotals::add(const PointTotals& o) {
  accepted += o.accepted;
  generated += o.generated;
  accepted_least = std::min(accepted_least, o.accepted_least);
  accepted_squares += o.accepted_squares;
  injected += o.injected;
  delivered += o.delivered;
  occupancy += o.occupancy;
  occupancy_most = std::max(occupancy_most, o.occupancy_most);
  link_flits += o.link_flits;
  link_most = std::max(link_most, o.link_most);
  for (std::size_t b = 0; b < link_bins.size(); ++b) link_bins[b] += o.link_bins[b];
}

PointTotals Engine::totals(node_id lo, node_id hi, double cycles) const {
  PointTotals k;
  for (auto t = n_.term_off[lo]; t < n_.term_off[hi]; ++t) {
    k.accepted += acc_[t];
    k.accepted_squares += static_cast<PointTotals::Wide>(acc_[t]) * acc_[t];
    k.accepted_least = std::min(k.accepted_least, acc_[t]);
    k.generated += gen_[t];
  }
  for (node_id r = lo; r < hi; ++r) {
    const auto& s = stats_[r];
    k.injected += s.injected;
    k.delivered += s.delivered;
    k.occupancy += s.occupancy_sum;
    k.occupancy_most = std::max<std::uint64_t>(k.occupancy_most, s.occupancy_max);
  }
  const auto [c0, c1] = n_.sent_by(lo, hi);
  for (auto c = c0; c < c1; ++c) {
    k.link_flits += sent_[c];
    k.link_most = std::max<std::uint64_t>(k.link_most, sent_[c]);
    ++k.link_bins[std::min<std::size_t>(9, std::size_t(double(sent_[c]) / cycles * 10))];
  }
  return k;
}

void Engine::summarize(PointResult& res, std::uint64_t measure_start, std::uint64_t measure_end) const {
  const double cycles = double(std::max<std::uint64_t>(1, measure_end - measure_start));
  // Split over ranks without the channel loads, each rank holds its own routers' counts only (share_results).
  const bool own_only = ranks_ && !o_.channel_loads;
  PointTotals k = own_only ? totals(rank_lo_, rank_hi_, cycles) : totals(0, n_.routers, cycles);
  if (own_only) {
    std::string packed;
    parallel::pack<PointTotals>(packed, {&k, 1});
    const auto all = ranks_->all_gather(packed);
    k = PointTotals{};
    for (std::size_t r = 0; r + 1 < all.start.size(); ++r) {
      std::size_t at = all.start[r];
      k.add(parallel::unpack<PointTotals>(all.bytes, at).at(0));
    }
  }
  const auto terminals = n_.terminals();
  const double terms = double(terminals);
  const auto [first_link, end_links] = n_.sent_by(0, n_.routers);
  const double links = double(end_links - first_link);
  res.offered = double(k.generated) / (terms * cycles);
  res.accepted_mean = double(k.accepted) / cycles / terms;
  res.accepted_min = terminals ? double(k.accepted_least) / cycles : 0;
  res.jain =
      k.accepted_squares > 0 ? double(k.accepted) * double(k.accepted) / (terms * double(k.accepted_squares)) : 1;
  res.injected = k.injected;
  res.delivered = k.delivered;
  res.vc_occupancy_max = double(k.occupancy_most);
  res.vc_occupancy_mean = double(k.occupancy) / (cycles * double(n_.in_off.back()) * n_.V);
  res.link_util_max = double(k.link_most) / cycles;
  res.link_util_mean = links > 0 ? double(k.link_flits) / cycles / links : 0;
  res.link_util_histogram.assign(k.link_bins.begin(), k.link_bins.end());
  if (o_.channel_loads) {
    res.channel_util.resize(n_.channel_count);
    for (std::size_t c = 0; c < n_.channel_count; ++c) res.channel_util[c] = double(sent_[c]) / cycles;
  }
  PacketStats m;
  for (const auto& sc : scratch_) m.merge(sc.measured);
  const auto& hops = m.hops;
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
