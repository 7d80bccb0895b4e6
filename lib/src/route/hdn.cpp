// HDN routing, Algorithm 1 of the HDN paper (§3), and broadcasting, Algorithm 2 (§4), on the node
// numbering of gen::HdnLayout (doc/definitions.md §3.5). Base routing and broadcasting go dimension by dimension.
#include <fmt/format.h>

#include <algorithm>
#include <nlohmann/json.hpp>

#include "route/hdn_internal.hpp"
#include "route_internal.hpp"
#include "topo/errors.hpp"

namespace topo::route {

namespace {

using gen::HdnLayout;
using Node = HdnLayout::Node;

bool in_super(const HdnLayout& h, unsigned j, unsigned d) {
  return j > 0 && std::binary_search(h.super[j - 1].begin(), h.super[j - 1].end(), d);
}

// The node of n's level-j cluster in super-node `a` at place `t` (HDN §2 indices, inverse of index_at).
Node with_index(const HdnLayout& h, const Node& n, unsigned j, std::uint64_t a, std::uint64_t t) {
  const std::uint64_t so = h.n0 / h.s[j];  // super-nodes per copy of B
  Node m = n;
  m.copy = n.copy - n.copy % h.copies(j - 1) + a / so;
  std::uint64_t out = a % so, in = t;
  for (unsigned d = 0; d < h.dims.size(); ++d) {  // mixed radix, lowest dimension fastest
    auto& r = in_super(h, j, d) ? in : out;
    m.x[d] = r % h.dims[d];
    r /= h.dims[d];
  }
  return m;
}

std::uint64_t ring_route(std::uint64_t b, bool cube) {
  return cube ? 1 : b / 2;
}
std::uint64_t ring_broadcast(std::uint64_t b, bool cube) {
  return cube ? 1 : (b + 1) / 2;
}

class HdnRouter final : public Router {
 public:
  explicit HdnRouter(const Graph& g)
      : g_(g), h_(hdn_layout(g, "hdn")), base_(g.find_class("base")), cross_(g.find_class("cross")) {}

  Path route(node_id s, node_id t, Rng&) const override {
    Path p;
    p.nodes.push_back(s);
    Node u, v;
    h_.decode(s, u);
    h_.decode(t, v);
    route_level(u, v, h_.levels(), p);
    return p;
  }

 private:
  void hop(Path& p, const Node& n, std::uint16_t cls) const { append_hop(g_, p, h_.encode(n), cls); }

  // Base_routing: dimension order, each ring the short way round (ties the positive way).
  void base_route(Node& cur, const Node& to, Path& p) const {
    for (unsigned d = 0; d < h_.dims.size(); ++d) {
      const std::uint64_t b = h_.dims[d];
      while (cur.x[d] != to.x[d]) {
        const std::uint64_t fwd = (to.x[d] + b - cur.x[d]) % b;
        cur.x[d] = 2 * fwd <= b ? (cur.x[d] + 1) % b : (cur.x[d] + b - 1) % b;
        hop(p, cur, base_);
      }
    }
  }

  void cross(Node& cur, unsigned j, Path& p) const {
    cur = h_.cross_partner(cur, j);
    hop(p, cur, cross_);
  }

  // HDN_routing(HDN(B, j, S), cur, v): cur and v lie in the same level-j HDN.
  void route_level(Node& cur, const Node& v, unsigned j, Path& p) const {
    if (j == 0) return base_route(cur, v, p);
    auto iu = h_.index_at(cur, j);
    const auto iv = h_.index_at(v, j);
    if (iu.cls == iv.cls && iu.cluster == iv.cluster) return route_level(cur, v, j - 1, p);  // Case 1
    if (iu.cls == iv.cls) {  // Case 3: over the level-j cross-edge to the other class, then Case 2
      cross(cur, j, p);
      iu = h_.index_at(cur, j);
    }
    // Case 2: u' = (u0, u1, v1, u3) in u's cluster; u'' = (v0, v1, u1, u3) across; v' = (v0, v1, u1, v3).
    const Node u1 = with_index(h_, cur, j, iv.cluster, iu.place);
    route_level(cur, u1, j - 1, p);
    cross(cur, j, p);
    const Node v1 = with_index(h_, cur, j, h_.index_at(cur, j).supernode, iv.place);
    base_route(cur, v1, p);  // inside the super-node: only the coordinates of F_j change
    route_level(cur, v, j - 1, p);
  }

  const Graph& g_;
  HdnLayout h_;
  std::uint16_t base_ = no_class, cross_ = no_class;
};

// Algorithm 2 as a schedule: every procedure takes the step it starts at and returns the step after it.
class HdnBroadcast {
 public:
  HdnBroadcast(const Graph& g, const HdnLayout& h) : h_(h), informed_(g.num_nodes(), 0) {}

  BroadcastSchedule run(node_id root) {
    Node r;
    h_.decode(root, r);
    informed_[root] = 1;
    const unsigned k = h_.levels();
    std::vector<Node> holders{r};
    if (k == 0) {
      spread(holders, dims_of(0, false, 0), 0);  // HDN(B, 0) = B
    } else {
      const std::uint64_t t = spread(holders, dims_of(k, true, 0), 0);  // broadcast(SN^k)
      hdn_broadcast(k, holders, t);
    }
    while (!s_.steps.empty() && s_.steps.back().empty()) s_.steps.pop_back();
    for (auto& st : s_.steps) std::sort(st.begin(), st.end(), [](Send a, Send b) { return a.from < b.from; });
    s_.root = root;
    return std::move(s_);
  }

 private:
  // Base dimensions inside F_j (inside = true) or outside it; `minus` removes those of F_minus.
  std::vector<unsigned> dims_of(unsigned j, bool inside, unsigned minus) const {
    std::vector<unsigned> out;
    for (unsigned d = 0; d < h_.dims.size(); ++d)
      if (in_super(h_, j, d) == inside && !in_super(h_, minus, d)) out.push_back(d);
    return out;
  }

  void send(std::uint64_t step, const Node& from, const Node& to) {
    const node_id a = h_.encode(from), b = h_.encode(to);
    if (informed_[b]) return;
    informed_[b] = 1;
    if (s_.steps.size() <= step) s_.steps.resize(step + 1);
    s_.steps[step].push_back({a, b});
  }

  // One-port broadcast dimension by dimension from `holders` (one per ring of the first dimension,
  // and so on); on return `holders` holds every node reached.
  std::uint64_t spread(std::vector<Node>& holders, const std::vector<unsigned>& dims, std::uint64_t start) {
    for (unsigned d : dims) {
      const std::uint64_t b = h_.dims[d];
      std::vector<Node> next;
      for (const auto& x : holders) {
        // A ring from one node: the rightmost informed node sends right, the leftmost left.
        std::uint64_t lo = 0, hi = 0, step = start;  // offsets from x: informed are x−lo … x+hi
        next.push_back(x);
        Node from = x, to = x;
        while (lo + hi + 1 < b) {
          const bool both = lo + hi > 0;
          from.x[d] = (x.x[d] + hi) % b;
          to.x[d] = (x.x[d] + hi + 1) % b;
          send(step, from, to);
          next.push_back(to);
          ++hi;
          if (both && lo + hi + 1 < b) {
            from.x[d] = (x.x[d] + b - lo % b) % b;
            to.x[d] = (x.x[d] + b - (lo + 1) % b) % b;
            send(step, from, to);
            next.push_back(to);
            ++lo;
          }
          ++step;
        }
      }
      holders = std::move(next);
      start += ring_broadcast(b, h_.cube);
    }
    return start;
  }

  // Fills a level-j cluster (a copy of HDN(B, j−1)) from one full level-j super-node.
  std::uint64_t fill_cluster(unsigned j, std::vector<Node>& holders, std::uint64_t start) {
    if (j == 1) return spread(holders, dims_of(1, false, 0), start);  // broadcast(B/SN^1)
    // broadcast(SN^{j−1}/(SN^j ∩ SN^{j−1})): the nodes of SN^j in the first holder's SN^{j−1} fill it.
    const Node first = holders.front();
    const auto a = h_.index_at(first, j - 1).supernode;
    std::vector<Node> sn;
    for (const auto& x : holders)
      if (x.copy == first.copy && h_.index_at(x, j - 1).supernode == a) sn.push_back(x);
    const std::uint64_t t = spread(sn, dims_of(j - 1, true, j), start);
    const std::uint64_t end = hdn_broadcast(j - 1, sn, t);
    holders = std::move(sn);
    return end;
  }

  // HDN_broadcast(HDN(B, j, S), SN^j): `holders` is a full level-j super-node; on return it holds
  // every node of that level-j HDN.
  std::uint64_t hdn_broadcast(unsigned j, std::vector<Node>& holders, std::uint64_t start) {
    std::uint64_t t = fill_cluster(j, holders, start);  // C
    // Every node of C sends over its level-j cross-edge; the partners form one full super-node in
    // each cluster of the other class.
    std::vector<std::vector<Node>> groups(h_.clusters_per_class(j));
    for (const auto& u : holders) {
      const Node w = h_.cross_partner(u, j);
      send(t, u, w);
      groups[h_.index_at(w, j).cluster].push_back(w);
    }
    ++t;
    std::uint64_t end = t;
    std::vector<Node> all = holders;
    for (auto& grp : groups) {  // in parallel: the clusters are disjoint
      end = std::max(end, fill_cluster(j, grp, t));
      for (const auto& x : grp) {
        const Node w = h_.cross_partner(x, j);
        all.push_back(x);
        all.push_back(w);
      }
    }
    // The clusters of the other class, now full, send back over level j to every remaining cluster.
    for (auto& grp : groups)
      for (const auto& x : grp) send(end, x, h_.cross_partner(x, j));
    holders = std::move(all);
    std::sort(holders.begin(), holders.end(),
              [&](const Node& a, const Node& b) { return h_.encode(a) < h_.encode(b); });
    holders.erase(std::unique(holders.begin(), holders.end(),
                              [&](const Node& a, const Node& b) { return h_.encode(a) == h_.encode(b); }),
                  holders.end());
    return end + 1;
  }

  const HdnLayout& h_;
  std::vector<char> informed_;
  BroadcastSchedule s_;
};

}  // namespace

gen::HdnLayout hdn_layout(const Graph& g, std::string_view algo) {
  require_fit(g, "hdn");
  const auto& f = gen::find_family(g.meta.family);
  auto h = HdnLayout::from_params(g.meta.family, gen::normalize_params(f, g.meta.parameters));
  if (h.nodes.back() != g.num_nodes())
    throw InputError(fmt::format("--algo {}: the graph has {} nodes, its {} parameters say {}", algo, g.num_nodes(),
                                 g.meta.family, h.nodes.back()));
  return h;
}

std::uint64_t hdn_routing_bound(const HdnLayout& h) {
  const unsigned k = h.levels();
  auto r = [&](unsigned j) {  // R(B) for j = 0, R(SN^j) otherwise
    std::uint64_t sum = 0;
    for (unsigned d = 0; d < h.dims.size(); ++d)
      if (j == 0 || in_super(h, j, d)) sum += ring_route(h.dims[d], h.cube);
    return sum;
  };
  std::int64_t b = (std::int64_t{1} << k) * std::int64_t(r(0)) + (std::int64_t{1} << (k + 1)) - 2;
  for (unsigned j = 0; j < k; ++j) b -= (std::int64_t{1} << j) * std::int64_t(r(k - j));
  return std::uint64_t(b);
}

std::uint64_t hdn_broadcast_bound(const HdnLayout& h) {
  const unsigned k = h.levels();
  auto t = [&](unsigned j) {
    std::uint64_t sum = 0;
    for (unsigned d = 0; d < h.dims.size(); ++d)
      if (j == 0 || in_super(h, j, d)) sum += ring_broadcast(h.dims[d], h.cube);
    return sum;
  };
  std::int64_t b = (std::int64_t{1} << k) * std::int64_t(t(0)) + (std::int64_t{1} << (k + 1)) - 2;
  for (unsigned i = 0; i < k; ++i) b -= (std::int64_t{1} << i) * std::int64_t(t(k - i));
  return std::uint64_t(b);
}

namespace {

std::uint64_t sum_over(const HdnLayout& h, unsigned j, bool broadcast) {  // j = 0: all of B
  std::uint64_t sum = 0;
  for (unsigned d = 0; d < h.dims.size(); ++d)
    if (j == 0 || in_super(h, j, d))
      sum += broadcast ? ring_broadcast(h.dims[d], h.cube) : ring_route(h.dims[d], h.cube);
  return sum;
}

}  // namespace

std::uint64_t hdn_routing_recurrence_bound(const HdnLayout& h) {
  const unsigned k = h.levels();
  if (k == 0) return sum_over(h, 0, false);
  std::uint64_t r = 2 * sum_over(h, 0, false) - sum_over(h, 1, false) + 2;
  for (unsigned j = 2; j <= k; ++j) r = 2 * r + sum_over(h, j, false) + 2;
  return r;
}

std::uint64_t hdn_broadcast_recurrence_bound(const HdnLayout& h) {
  const unsigned k = h.levels();
  if (k == 0) return sum_over(h, 0, true);
  std::uint64_t t = 2 * (sum_over(h, 0, true) - sum_over(h, 1, true)) + 2;
  for (unsigned j = 2; j <= k; ++j) t = sum_over(h, j - 1, true) + 2 * t + 2;
  return t + sum_over(h, k, true);
}

BroadcastSchedule broadcast_hdn(const Graph& g, node_id root) {
  const auto h = hdn_layout(g, "hdn");
  if (root >= g.num_nodes()) throw InputError(fmt::format("--root {}: the graph has {} nodes", root, g.num_nodes()));
  auto s = HdnBroadcast(g, h).run(root);
  s.bound = hdn_broadcast_bound(h);
  const auto tree = broadcast_tree(g, root);
  s.lower_bound = tree.lower_bound;
  return s;
}

Algorithm algorithm_hdn() {
  return {.name = "hdn",
          .help = "HDN Algorithm 1 (HDN, RDN and dual-cube graphs)",
          .needs = Algorithm::Needs::family_structure,
          .make = [](const Graph& g, const RouterOptions&) { return std::make_unique<HdnRouter>(g); }};
}

}  // namespace topo::route
