// All-to-all on C(1/L, L) by flooding trees (CLEX §II-C): the shortest-path tree and the ascending tree from each
// source, their hops and propagation lengths. See topo/sim/clex.hpp and doc/definitions.md §7.1.
#include <fmt/format.h>
#include <omp.h>

#include <algorithm>
#include <array>
#include <cmath>

#include "sim/clex/clex_shape_internal.hpp"
#include "topo/errors.hpp"
#include "topo/rng.hpp"
#include "topo/sim/clex.hpp"

namespace topo::sim {

using namespace detail;

ClexAllToAllResult clex_all_to_all(const ClexAllToAllOptions& o) {
  check_clex_shape(o.clique, o.levels);
  const std::uint32_t k = o.clique;
  const int L = static_cast<int>(o.levels);
  std::array<std::uint64_t, kMaxLevels + 1> pw{};
  pw[0] = 1;
  for (std::size_t d = 1; d <= std::size_t(L); ++d) {
    pw[d] = pw[d - 1] * k;
    if (pw[d] > (1u << 28))
      throw InputError(fmt::format("--clique/--levels: k^L = {}^{} nodes is too many for flooding trees", k, L));
  }
  const auto n = static_cast<std::uint32_t>(pw[std::size_t(L)]);
  ClexAllToAllResult r;
  r.clique = k;
  r.levels = o.levels;
  r.nodes = n;
  std::vector<std::uint32_t> src;
  if (o.sources == 0 ? n <= 4096 : o.sources >= n) {
    r.all_sources = true;
    for (std::uint32_t v = 0; v < n; ++v) src.push_back(v);
  } else {
    // A sample of distinct sources (partial Fisher-Yates over a lazily materialised identity).
    const std::uint32_t want = o.sources == 0 ? 16 : o.sources;
    std::uint64_t st = o.seed ^ 0x736f7572636573ULL;
    Rng rng(mix64(st));
    std::vector<std::uint32_t> ids(n);
    for (std::uint32_t v = 0; v < n; ++v) ids[v] = v;
    for (std::uint32_t i = 0; i < want; ++i) {
      std::swap(ids[i], ids[i + rng.below(n - i)]);
      src.push_back(ids[i]);
    }
  }
  r.sources = src.size();
  // Link lengths: the paper's worst case on level l, sqrt(3) k^(l/3) / 2 node spacings (§II-C).
  std::vector<double> len(std::size_t(L) + 1);
  for (int l = 1; l <= L; ++l) len[std::size_t(l)] = std::sqrt(3.0) * std::cbrt(std::pow(double(k), l)) / 2;

  struct PerSource {
    std::uint64_t hop_sum = 0;
    std::uint32_t max_hops = 0, max_level_links = 0;
    double len_sum = 0, max_len = 0;
    std::vector<std::uint64_t> links;
  };
  std::vector<PerSource> shortest(src.size()), ascending(src.size());
  const int threads = o.threads > 0 ? o.threads : omp_get_max_threads();
  auto step = [&](std::uint32_t u, int l, std::uint32_t j) {  // the level-l link number j of u
    if (l == 1) return u - u % k + j;
    const auto a = static_cast<std::uint32_t>(pw[std::size_t(l - 2)]),
               b = static_cast<std::uint32_t>(pw[std::size_t(l - 1)]);
    const std::uint32_t dl1 = (u / a) % k, dl = (u / b) % k;
    return u - dl1 * a - dl * b + dl1 * b + j * a;
  };
#pragma omp parallel num_threads(threads)
  {
    std::vector<std::uint8_t> dist(n), plevel(n), cnt(std::size_t(n) * std::size_t(L));
    std::vector<double> plen(n);
    std::vector<std::uint32_t> frontier, next;
#pragma omp for schedule(dynamic, 1)
    for (std::int64_t si = 0; si < std::int64_t(src.size()); ++si) {
      const std::uint32_t s = src[std::size_t(si)];
      // Shortest-path tree: breadth-first, keeping per node the shortest physical length among its
      // shortest hop paths; lower levels are scanned first, so equal lengths keep the lower level.
      auto& res = shortest[std::size_t(si)];
      res.links.assign(std::size_t(L), 0);
      std::fill(dist.begin(), dist.end(), std::uint8_t(255));
      dist[s] = 0;
      plen[s] = 0;
      for (int x = 0; x < L; ++x) cnt[std::size_t(s) * std::size_t(L) + std::size_t(x)] = 0;
      frontier.assign(1, s);
      for (std::uint32_t d = 0; !frontier.empty(); ++d) {
        next.clear();
        for (std::uint32_t u : frontier)
          for (int l = 1; l <= L; ++l)
            for (std::uint32_t j = 0; j < k; ++j) {
              const std::uint32_t w = step(u, l, j);
              if (w == u) continue;
              const double lw = plen[u] + len[std::size_t(l)];
              const bool fresh = dist[w] == 255;
              if (!fresh && !(dist[w] == d + 1 && lw < plen[w] - 1e-9)) continue;
              if (fresh) next.push_back(w);
              dist[w] = static_cast<std::uint8_t>(d + 1);
              plen[w] = lw;
              plevel[w] = static_cast<std::uint8_t>(l);
              for (int x = 0; x < L; ++x)
                cnt[std::size_t(w) * std::size_t(L) + std::size_t(x)] =
                    static_cast<std::uint8_t>(cnt[std::size_t(u) * std::size_t(L) + std::size_t(x)] + (x == l - 1));
            }
        std::swap(frontier, next);
      }
      for (std::uint32_t w = 0; w < n; ++w) {
        if (w == s || dist[w] == 255) continue;  // every node is reached: diameter <= 2^L - 1
        res.hop_sum += dist[w];
        res.max_hops = std::max<std::uint32_t>(res.max_hops, dist[w]);
        res.len_sum += plen[w];
        res.max_len = std::max(res.max_len, plen[w]);
        ++res.links[std::size_t(plevel[w] - 1)];
        for (int x = 0; x < L; ++x)
          res.max_level_links =
              std::max<std::uint32_t>(res.max_level_links, cnt[std::size_t(w) * std::size_t(L) + std::size_t(x)]);
      }
      // Ascending tree: step l uses the level-l link number f_l; the k^L choices of (f1..fL) reach
      // every node once (digit L ends as f1, digit l-1 as f_l). Depth first over the prefixes.
      auto& asc = ascending[std::size_t(si)];
      asc.links.assign(std::size_t(L), 0);
      asc.max_level_links = 1;
      struct Frame {
        std::uint32_t node, hops;
        double len;
      };
      std::array<Frame, kMaxLevels + 1> stack{};
      std::array<std::uint32_t, kMaxLevels + 1> choice{};
      int depth = 0;
      stack[0] = Frame{s, 0, 0};
      choice[1] = 0;
      while (depth >= 0) {
        if (depth == L) {
          if (stack[std::size_t(L)].node != s) {
            asc.hop_sum += stack[std::size_t(L)].hops;
            asc.max_hops = std::max(asc.max_hops, stack[std::size_t(L)].hops);
            asc.len_sum += stack[std::size_t(L)].len;
            asc.max_len = std::max(asc.max_len, stack[std::size_t(L)].len);
          }
          --depth;
          continue;
        }
        const int l = depth + 1;
        if (choice[std::size_t(l)] == k) {
          --depth;
          continue;
        }
        const Frame& f = stack[std::size_t(depth)];
        const std::uint32_t w = step(f.node, l, choice[std::size_t(l)]++);
        const bool moves = w != f.node;
        if (moves) ++asc.links[std::size_t(l - 1)];
        stack[std::size_t(l)] = Frame{w, f.hops + (moves ? 1u : 0u), f.len + (moves ? len[std::size_t(l)] : 0.0)};
        depth = l;
        if (l < L) choice[std::size_t(l) + 1] = 0;
      }
    }
  }
  const double side = std::cbrt(double(n));
  r.torus_mean_hops = 1.5 * side;  // CLEX §II-C: (k1 + k2 + k3) / 2 with k1 = k2 = k3 = n^(1/3)
  double sum = 0;
  for (int i = 0; i < L; ++i) sum += std::pow(double(n), -double(i) / (3.0 * L));
  r.paper_max_propagation = std::sqrt(3.0) * side / 2 * sum;
  auto reduce = [&](const std::vector<PerSource>& per) {
    ClexTreeStats t;
    std::uint64_t hop_sum = 0;
    double len_sum = 0;
    t.links_per_level.assign(std::size_t(L), 0);
    for (const auto& x : per) {
      hop_sum += x.hop_sum;
      len_sum += x.len_sum;
      t.max_hops = std::max(t.max_hops, x.max_hops);
      t.max_propagation = std::max(t.max_propagation, x.max_len);
      t.max_links_on_a_level = std::max(t.max_links_on_a_level, x.max_level_links);
      for (std::size_t l = 0; l < std::size_t(L); ++l) t.links_per_level[l] += double(x.links[l]);
    }
    const double pairs = double(per.size()) * double(n - 1);
    for (auto& e : t.links_per_level) e /= double(per.size());
    t.mean_hops = pairs > 0 ? double(hop_sum) / pairs : 0;
    t.mean_propagation = pairs > 0 ? len_sum / pairs : 0;
    t.hop_reduction = t.mean_hops > 0 ? r.torus_mean_hops / t.mean_hops : 0;
    t.propagation_ratio = t.mean_propagation / r.torus_mean_hops;
    return t;
  };
  r.shortest = reduce(shortest);
  r.ascending = reduce(ascending);
  return r;
}

}  // namespace topo::sim
