#include "topo/metrics/bisection.hpp"

#include <fmt/format.h>
#include <metis.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <numeric>

#include "topo/errors.hpp"

namespace topo::metrics {

std::uint64_t cut_size(const Graph& g, const std::vector<std::uint8_t>& side) {
  std::uint64_t cut = 0;
  for (link_id l = 0; l < g.num_links(); ++l)
    if (side[g.source(l)] != side[g.target(l)]) cut += g.multiplicity(l);
  return cut;
}

namespace {

/// The underlying undirected simple graph with multiplicities as weights, in METIS's CSR.
struct MetisGraph {
  std::vector<idx_t> xadj, adjncy, adjwgt;
};

MetisGraph metis_graph(const Graph& g) {
  const node_id n = g.num_nodes();
  std::vector<std::map<node_id, idx_t>> adj(n);
  for (link_id l = 0; l < g.num_links(); ++l) {
    const node_id u = g.source(l), v = g.target(l);
    if (u == v) continue;
    const auto m = static_cast<idx_t>(g.multiplicity(l));
    adj[u][v] += m;
    adj[v][u] += m;
  }
  MetisGraph mg;
  mg.xadj.push_back(0);
  for (node_id v = 0; v < n; ++v) {
    for (const auto& [u, w] : adj[v]) {
      mg.adjncy.push_back(static_cast<idx_t>(u));
      mg.adjwgt.push_back(w);
    }
    mg.xadj.push_back(static_cast<idx_t>(mg.adjncy.size()));
  }
  return mg;
}

/// Moves nodes from the larger side until the sides have ⌊N/2⌋ and ⌈N/2⌉ nodes, each time the node
/// whose move raises the cut least.
void rebalance(const MetisGraph& mg, std::vector<std::uint8_t>& side) {
  const auto n = side.size();
  std::size_t ones = static_cast<std::size_t>(std::count(side.begin(), side.end(), 1));
  auto gain = [&](std::size_t v) {  // cut decrease if v switches sides
    idx_t same = 0, other = 0;
    for (idx_t e = mg.xadj[v]; e < mg.xadj[v + 1]; ++e)
      (side[static_cast<std::size_t>(mg.adjncy[e])] == side[v] ? same : other) += mg.adjwgt[e];
    return other - same;
  };
  while (ones > (n + 1) / 2 || n - ones > (n + 1) / 2) {
    const std::uint8_t from = ones > n - ones ? 1 : 0;
    std::size_t best = n;
    idx_t best_gain = std::numeric_limits<idx_t>::min();
    for (std::size_t v = 0; v < n; ++v)
      if (side[v] == from) {
        const idx_t gv = gain(v);
        if (gv > best_gain) {
          best_gain = gv;
          best = v;
        }
      }
    side[best] = static_cast<std::uint8_t>(1 - from);
    ones = from == 1 ? ones - 1 : ones + 1;
  }
}

}  // namespace

BisectionUpper bisection_upper_bound(const Graph& g, unsigned runs, std::uint64_t seed) {
  const node_id n = g.num_nodes();
  BisectionUpper best;
  if (n < 2) {
    best.side.assign(n, 0);
    return best;
  }
  MetisGraph mg = metis_graph(g);
  best.cut = std::numeric_limits<std::uint64_t>::max();
  for (unsigned r = 0; r < std::max(runs, 1u); ++r) {
    idx_t nv = static_cast<idx_t>(n), ncon = 1, nparts = 2, objval = 0;
    std::vector<idx_t> part(n);
    idx_t options[METIS_NOPTIONS];
    METIS_SetDefaultOptions(options);
    options[METIS_OPTION_SEED] = static_cast<idx_t>((seed * 7919 + r) % 1000003);
    options[METIS_OPTION_UFACTOR] = 1;  // 0.1% imbalance; rebalance() makes it exact
    options[METIS_OPTION_NCUTS] = 2;
    const int status = METIS_PartGraphRecursive(&nv, &ncon, mg.xadj.data(), mg.adjncy.data(), nullptr, nullptr,
                                                mg.adjwgt.empty() ? nullptr : mg.adjwgt.data(), &nparts, nullptr,
                                                nullptr, options, &objval, part.data());
    if (status != METIS_OK) throw Error(fmt::format("METIS failed (status {})", status));
    std::vector<std::uint8_t> side(n);
    for (node_id v = 0; v < n; ++v) side[v] = static_cast<std::uint8_t>(part[v]);
    rebalance(mg, side);
    const auto cut = cut_size(g, side);
    if (cut < best.cut) {
      best.cut = cut;
      best.side = std::move(side);
    }
    ++best.runs;
  }
  return best;
}

std::optional<CoordinateCut> coordinate_cut(const Graph& g) {
  const node_id n = g.num_nodes();
  if (g.coord_dims() == 0 || n < 2) return std::nullopt;
  std::optional<CoordinateCut> best;
  std::vector<node_id> order(n);
  std::vector<std::uint8_t> side(n);
  for (unsigned a = 0; a < g.coord_dims(); ++a) {
    std::iota(order.begin(), order.end(), node_id{0});
    std::stable_sort(order.begin(), order.end(), [&](node_id x, node_id y) { return g.coords(x)[a] < g.coords(y)[a]; });
    for (node_id i = 0; i < n; ++i) side[order[i]] = i < n / 2 ? 0 : 1;
    const auto cut = cut_size(g, side);
    if (!best || cut < best->cut) best = CoordinateCut{cut, a};
  }
  return best;
}

bool components_split_evenly(const Graph& g) {
  const node_id n = g.num_nodes();
  if (n < 2) return false;
  // Component sizes of the underlying undirected graph.
  std::vector<node_id> label(n, std::numeric_limits<node_id>::max()), stack;
  std::map<std::uint64_t, std::uint64_t> sizes;  // size → how many components have it
  for (node_id s = 0; s < n; ++s) {
    if (label[s] != std::numeric_limits<node_id>::max()) continue;
    std::uint64_t size = 0;
    label[s] = s;
    stack.assign(1, s);
    while (!stack.empty()) {
      const node_id v = stack.back();
      stack.pop_back();
      ++size;
      for (auto nbrs : {g.out_neighbors(v), g.in_neighbors(v)})
        for (node_id u : nbrs)
          if (label[u] == std::numeric_limits<node_id>::max()) {
            label[u] = s;
            stack.push_back(u);
          }
    }
    ++sizes[size];
  }
  if (sizes.size() == 1 && sizes.begin()->second == 1) return false;  // connected
  // Subset sum up to ⌊N/2⌋ on a bitset; c components of one size as items of size·1, size·2, size·4, …
  const std::uint64_t half = n / 2, words = half / 64 + 1;
  std::vector<std::uint64_t> reach(words, 0);
  reach[0] = 1;
  auto add_item = [&](std::uint64_t w) {  // reach |= reach << w
    if (w > half) return;
    const std::uint64_t ws = w / 64, bs = w % 64;
    for (std::uint64_t i = words; i-- > ws;) {
      std::uint64_t x = reach[i - ws] << bs;
      if (bs && i - ws > 0) x |= reach[i - ws - 1] >> (64 - bs);
      reach[i] |= x;
    }
  };
  for (auto [size, count] : sizes) {
    for (std::uint64_t part = 1; count > 0; part *= 2) {
      const std::uint64_t take = std::min(part, count);
      add_item(size * take);
      count -= take;
    }
    if (reach[half / 64] >> (half % 64) & 1) return true;
  }
  return false;
}

std::uint64_t bisection_flow_lower_bound(std::uint64_t nodes, double max_arc_load) {
  if (nodes < 2 || max_arc_load <= 0) return 0;
  const std::uint64_t half = nodes / 2;
  const double crossing = double(half) * double(nodes - half);
  // Round up, but never above what the floating-point quotient supports.
  return static_cast<std::uint64_t>(std::ceil(crossing / max_arc_load * (1 - 1e-12)));
}

}  // namespace topo::metrics
