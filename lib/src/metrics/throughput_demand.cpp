// The traffic of the throughput LP and of Garg–Könemann: uniform between the routers with terminals, or a given
// traffic normalised per terminal (the hose model of Jyothi et al., SC 2016: no terminal sends or receives more
// than its injection bandwidth 1 at θ = 1).
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>

#include "topo/errors.hpp"
#include "topo/metrics/throughput.hpp"
#include "topo/route/traffic.hpp"

namespace topo::metrics {

RouterDemand RouterDemand::of(const UniformTraffic& t) {
  RouterDemand d;
  d.sources = t.endpoints;
  d.uniform = t.per_pair();
  return d;
}

void RouterDemand::fill(std::size_t i, std::vector<double>& row) const {
  std::fill(row.begin(), row.end(), 0.0);
  if (uniform > 0) {
    for (node_id v : sources)
      if (v != sources[i]) row[v] = uniform;
  } else {
    for (const auto& [v, amount] : to[i]) row[v] = amount;
  }
}

double RouterDemand::weighted_distance(std::size_t i, const std::vector<double>& dist) const {
  if (uniform > 0) {  // Σ dist, then the one amount: the sum Garg–Könemann's dual bound has always taken
    double sum = 0;
    for (node_id v : sources)
      if (v != sources[i]) sum += dist[v];
    return sum * uniform;
  }
  double sum = 0;
  for (const auto& [v, amount] : to[i]) sum += amount * dist[v];
  return sum;
}

std::uint64_t RouterDemand::pairs() const {
  if (uniform > 0) return std::uint64_t(sources.size()) * (sources.size() - 1);
  std::uint64_t n = 0;
  for (const auto& row : to) n += row.size();
  return n;
}

bool RouterDemand::symmetric() const {
  if (uniform > 0) return true;
  for (std::size_t i = 0; i < sources.size(); ++i)
    for (const auto& [v, amount] : to[i]) {
      const auto j = std::lower_bound(sources.begin(), sources.end(), v);
      if (j == sources.end() || *j != v) return false;  // v sends nothing
      const auto& back = to[std::size_t(j - sources.begin())];
      const auto k = std::lower_bound(back.begin(), back.end(), sources[i],
                                      [](const auto& entry, node_id t) { return entry.first < t; });
      if (k == back.end() || k->first != sources[i] || k->second != amount) return false;
    }
  return true;
}

GivenTraffic pattern_traffic(const Graph& g, std::string_view pattern, const route::TrafficOptions& o) {
  GivenTraffic t;
  t.name = std::string(pattern);
  t.label = fmt::format("--traffic {}", pattern);
  const auto& ends = g.meta.endpoints;
  if (ends.empty()) {
    for (const auto& [s, d] : route::traffic_pairs(g, pattern, o)) t.entries.emplace_back(s, d, 1.0);
    return t;
  }
  // An indirect network: the pattern acts on its terminal routers alone, numbered 0..E-1 in increasing order
  // (as the simulator numbers terminals), on a graph of E nodes without links; the pairs are mapped back.
  route::TrafficOptions over = o;
  const auto hot = std::lower_bound(ends.begin(), ends.end(), o.hotspot);
  if (route::find_traffic(pattern).takes_hotspot) {
    if (hot == ends.end() || *hot != o.hotspot)
      throw InputError(fmt::format("{}: router {} has no terminals (the network's terminals are on {} routers)",
                                   t.label, o.hotspot, ends.size()));
    over.hotspot = node_id(hot - ends.begin());
  }
  const Graph routers = GraphBuilder(ends.size(), false).finish();
  for (const auto& [s, d] : route::traffic_pairs(routers, pattern, over)) t.entries.emplace_back(ends[s], ends[d], 1.0);
  return t;
}

GivenTraffic demand_traffic(const map::Demand& d) {
  GivenTraffic t;
  t.name = t.label = d.source;
  if (d.dense) {
    for (std::uint32_t i = 0; i < d.n; ++i)
      for (std::uint32_t j = 0; j < d.n; ++j)
        if (d.a[std::size_t(i) * d.n + j] != 0) t.entries.emplace_back(i, j, d.a[std::size_t(i) * d.n + j]);
    return t;
  }
  for (std::uint32_t i = 0; i < d.n; ++i)
    for (std::uint64_t k = d.off[i]; k < d.off[i + 1]; ++k) t.entries.emplace_back(i, d.adj[k], d.w[k]);
  return t;
}

RouterDemand normalised_demand(const Graph& g, const GivenTraffic& t, const std::vector<node_id>& endpoints,
                               double terminals_per_router, GivenThroughput& figures) {
  const node_id n = g.num_nodes();
  std::vector<char> terminals(n, endpoints.empty() ? 1 : 0);
  for (node_id v : endpoints) terminals[v] = 1;
  std::map<node_id, std::map<node_id, double>> rows;
  std::vector<double> sent(n, 0), received(n, 0);
  for (const auto& [s, d, amount] : t.entries) {
    if (s >= n || d >= n)
      throw InputError(fmt::format("{}: router {} but the network has {} routers", t.label, std::max(s, d), n));
    if (!std::isfinite(amount) || amount < 0)
      throw InputError(
          fmt::format("{}: demand {} from {} to {} is not a finite non-negative number", t.label, amount, s, d));
    if (s == d || amount == 0) continue;  // traffic between a router's own terminals uses no link
    for (node_id v : {s, d})
      if (!terminals[v])
        throw InputError(fmt::format("{}: router {} has no terminals (the network's terminals are on {} routers)",
                                     t.label, v, endpoints.size()));
    rows[s][d] += amount;
    sent[s] += amount;
    received[d] += amount;
  }
  const double busiest =
      std::max(*std::max_element(sent.begin(), sent.end()), *std::max_element(received.begin(), received.end()));
  if (!(busiest > 0)) throw InputError(fmt::format("{}: no demand between two routers", t.label));
  figures.name = t.name;
  figures.busiest = busiest;
  figures.scale = terminals_per_router / busiest;
  RouterDemand r;
  for (const auto& [s, row] : rows) {
    r.sources.push_back(s);
    auto& out = r.to.emplace_back();
    for (const auto& [d, amount] : row) out.emplace_back(d, amount * figures.scale);
  }
  figures.pairs = r.pairs();
  return r;
}

}  // namespace topo::metrics
