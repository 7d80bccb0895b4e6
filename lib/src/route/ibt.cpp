// iBT routing by closed-form distance (dissertation §3.2.1): the path is found by descending the
// distance, one neighbour at a time, so its length is exactly the formula's distance.
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cstdlib>

#include "route/ibt_internal.hpp"
#include "route_internal.hpp"
#include "topo/errors.hpp"
#include "topo/gen/registry.hpp"

namespace topo::route {

namespace {

std::int64_t sgn(std::int64_t x) {
  return (x > 0) - (x < 0);
}
std::int64_t mod(std::int64_t a, std::int64_t n) {
  return ((a % n) + n) % n;
}
// Shorter signed way round a ring of n from offset d (mod n); a tie at n/2 is +n/2.
std::int64_t ring_delta(std::int64_t d, std::int64_t n) {
  d = mod(d, n);
  return 2 * d <= n ? d : d - n;
}

// ok[m][P][Q][req]: a walk of P up-steps and Q down-steps (in some order) on the residues mod m,
// starting at 0, can visit every residue in the mask `req`. P and Q are capped at m (m up-steps
// alone already visit every residue), so the table is tiny.
struct CoverTable {
  std::array<std::array<std::array<std::array<bool, 8>, 4>, 4>, 4> ok{};
  CoverTable() {
    for (int m = 1; m <= 3; ++m)
      for (int P = 0; P <= m; ++P)
        for (int Q = 0; Q <= m; ++Q) walk(m, P, Q, 0, 1);
  }
  void walk(int m, int P, int Q, int pos, unsigned visited, int up = 0, int down = 0) {
    if (up == P && down == Q) {
      for (unsigned req = 0; req < 8; ++req)
        if ((req & visited) == req) ok[std::size_t(m)][std::size_t(P)][std::size_t(Q)][req] = true;
      return;
    }
    if (up < P) walk(m, P, Q, (pos + 1) % m, visited | (1u << ((pos + 1) % m)), up + 1, down);
    if (down < Q) walk(m, P, Q, (pos + m - 1) % m, visited | (1u << ((pos + m - 1) % m)), up, down + 1);
  }
};

// φ of the corrected formula: 2e for the fewest extra back-and-forth pairs e.
std::int64_t penalty(int m, std::int64_t ups, std::int64_t downs, unsigned req) {
  static const CoverTable table;
  for (std::int64_t e = 0; e <= m; ++e) {
    const auto P = std::size_t(std::min<std::int64_t>(ups + e, m)),
               Q = std::size_t(std::min<std::int64_t>(downs + e, m));
    if (table.ok[std::size_t(m)][P][Q][req]) return 2 * e;
  }
  return 2 * m;  // not reached: m up-steps visit every residue
}

}  // namespace

IbtShape ibt_shape(const Graph& g) {
  require_fit(g, "ibt");
  const auto& p = g.meta.parameters;
  IbtShape s;
  try {
    s.dims = gen::get_ints(p, "dims");
    s.m = int(gen::get_int(p, "bypass_dims"));
    const auto lengths = gen::get_ints(p, "lengths");
    if (lengths.size() != 1)
      throw InputError(
          fmt::format("--algo ibt: the closed-form distance needs one bypass length, got {}", lengths.size()));
    s.l = lengths[0];
  } catch (const InputError&) {
    throw;
  } catch (const std::exception&) {
    throw InputError("--algo ibt: the graph's ibt parameters (dims, bypass_dims, lengths) are missing or malformed");
  }
  if (s.m != 2 && s.m != 3)
    throw InputError(
        fmt::format("--algo ibt: the closed-form distance covers L = 2 or 3 bypass dimensions, got {}", s.m));
  std::uint64_t n = 1;
  for (auto k : s.dims) n *= std::uint64_t(k);
  if (n != g.num_nodes()) throw InputError("--algo ibt: the graph does not have the nodes of its ibt parameters");
  return s;
}

std::int64_t ibt_distance_printed(const IbtShape& s, std::span<const std::int32_t> p1,
                                  std::span<const std::int32_t> p2) {
  const auto m = std::size_t(s.m);
  const std::int64_t l = s.l;
  std::int64_t dist = 0, alpha = 0, beta = 0, gamma = 0, tsum = 0, s1sum = 0, s2sum = 0;
  for (std::size_t i = 0; i < m; ++i) {
    s1sum += p1[i];
    s2sum += p2[i];
  }
  const auto sp1 = std::size_t(s1sum % s.m), sp2 = std::size_t(s2sum % s.m);  // s(p) = e_{[Σx mod L]+1}
  for (std::size_t i = 0; i < s.dims.size(); ++i) {
    const std::int64_t N = s.dims[i];
    const std::int64_t dx = std::int64_t(p2[i]) - p1[i];
    // t = Δx + (N/2)·sgn(Δx)·{sign(N − 2|Δx|) − 1}, sign(0) = 1.
    const std::int64_t sign = N - 2 * std::abs(dx) >= 0 ? 1 : -1;
    const std::int64_t t = dx + N * sgn(dx) * (sign - 1) / 2;
    if (i >= m) {  // plain dimension: a torus distance
      dist += std::abs(t);
      continue;
    }
    // b = round(t/l) − sgn(t)·δ(|frac(t/l)|, 0.5), round halves away from zero.
    std::int64_t b = sgn(t) * ((2 * std::abs(t) + l) / (2 * l));
    if ((2 * std::abs(t)) % (2 * l) == l) b -= sgn(t);
    const std::int64_t th = t - l * b;
    dist += std::abs(b) + std::abs(th);
    alpha += th * th;
    beta += sgn(b) * sgn(b);
    const std::int64_t g = std::abs(sgn(b)) + (sp1 == i) + (sp2 == i);
    gamma += g * g;
    tsum += th;
  }
  std::int64_t phi = 0;
  if (s.m == 2) {
    if (alpha == 0 && (beta == 2 || gamma == 5 || gamma == 10)) phi = 2;
  } else {
    if (alpha == 0 && (gamma == 6 || gamma == 11))
      phi = 4;
    else if ((alpha == 0 || alpha == 1) && gamma == (5 - 2 * alpha) * beta)
      phi = 2;
    else if (alpha == 2 && tsum == 0 && gamma == beta * beta + 2)
      phi = 2;
  }
  return dist + phi;
}

std::int64_t ibt_distance(const IbtShape& s, std::span<const std::int32_t> p1, std::span<const std::int32_t> p2) {
  if (s.m < 1 || s.m > 3) throw InputError("ibt distance: L must be 1, 2 or 3");
  const std::size_t m = std::min<std::size_t>(std::size_t(s.m), 3);
  const std::int64_t l = s.l;
  std::int64_t plain = 0, s0 = 0;
  for (std::size_t i = m; i < s.dims.size(); ++i) plain += std::abs(ring_delta(std::int64_t(p2[i]) - p1[i], s.dims[i]));
  for (std::size_t i = 0; i < m; ++i) s0 += p1[i];
  s0 %= s.m;
  // Candidates (b, t̂) per bypass dimension whose own cost |b| + |t̂| is within 2(L−1) of the best:
  // φ ≤ 2(L−1), since L−1 extra pairs taken up-first visit every species.
  struct Cand {
    std::int64_t b, t;
  };
  // Reused buffers: this runs for every neighbour of every hop of an ibt route.
  thread_local std::array<std::vector<Cand>, 3> cand;
  for (std::size_t i = 0; i < m; ++i) {
    const std::int64_t N = s.dims[i];
    const std::int64_t d = std::int64_t(p2[i]) - p1[i];
    const std::int64_t B = N / l + 2;  // more bypass hops than N/l + 2 only go round the ring again
    std::int64_t best = N;
    for (std::int64_t b = -B; b <= B; ++b) {
      const std::int64_t r = mod(d - b * l, N);
      best = std::min(best, std::abs(b) + std::min(r, N - r));
    }
    cand[i].clear();
    for (std::int64_t b = -B; b <= B; ++b) {
      const std::int64_t r = mod(d - b * l, N);
      for (std::int64_t t : {r, r - N})
        if (std::abs(b) + std::abs(t) <= best + 2 * (s.m - 1)) cand[i].push_back({b, t});
    }
  }
  // Branch and bound over the dimensions, cheapest candidates first: φ ≥ 0, so a partial sum that
  // with the other dimensions' minima reaches the best total so far cannot win.
  std::array<std::int64_t, 4> rest{};  // rest[i]: sum of the minimal costs of dimensions i..m−1
  auto cost = [](const Cand& c) { return std::abs(c.b) + std::abs(c.t); };
  for (std::size_t i = 0; i < m; ++i) {
    auto& c = cand[i];
    std::sort(c.begin(), c.end(), [&](const Cand& x, const Cand& y) { return cost(x) < cost(y); });
  }
  for (std::size_t k = 0; k < m; ++k) rest[m - 1 - k] = rest[m - k] + cost(cand[m - 1 - k].front());
  std::int64_t best = std::numeric_limits<std::int64_t>::max();
  auto search = [&](auto&& self, std::size_t i, std::int64_t base, std::int64_t ups, std::int64_t downs,
                    unsigned req) -> void {
    if (i >= m || i >= 3) {
      best = std::min(best, base + penalty(s.m, ups, downs, req));
      return;
    }
    for (const auto& c : cand[i]) {
      if (base + cost(c) + rest[i + 1] >= best) break;
      const unsigned r = c.b != 0 ? 1u << mod(std::int64_t(i) - s0, s.m) : 0u;  // species i, relative to s(p1)
      self(self, i + 1, base + cost(c), ups + std::max<std::int64_t>(c.t, 0), downs + std::max<std::int64_t>(-c.t, 0),
           req | r);
    }
  };
  search(search, 0, 0, 0, 0, 0);
  return best + plain;
}

namespace {

class Ibt final : public Router {
 public:
  explicit Ibt(const Graph& g) : g_(g), shape_(ibt_shape(g)), coords_(family_coords(g, "--algo ibt")) {}

  Path route(node_id s, node_id t, Rng&) const override {
    Path p;
    p.nodes.push_back(s);
    const auto target = coords_.of(t);
    for (std::int64_t d = ibt_distance(shape_, coords_.of(s), target); d > 0; --d) {
      const node_id v = p.nodes.back();
      const auto nb = g_.out_neighbors(v);
      std::size_t pick = nb.size();
      for (std::size_t i = 0; i < nb.size() && pick == nb.size(); ++i)
        if (ibt_distance(shape_, coords_.of(nb[i]), target) == d - 1) pick = i;
      if (pick == nb.size())
        throw Error(fmt::format("--algo ibt: no neighbour of node {} is closer to {} by the formula", v, t));
      p.arcs.push_back(g_.arc_offset(v) + pick);
      p.nodes.push_back(nb[pick]);
    }
    return p;
  }

 private:
  const Graph& g_;
  IbtShape shape_;
  Coords coords_;
};

}  // namespace

Algorithm algorithm_ibt() {
  return {.name = "ibt",
          .help = "iBT: the closed-form distance (dissertation §3.2.1, corrected) and a path realising it",
          .needs = Algorithm::Needs::family_structure,
          .make = [](const Graph& g, const RouterOptions&) { return std::make_unique<Ibt>(g); }};
}

}  // namespace topo::route
