// Random d-regular simple graph (Jellyfish; Projective Networks §4.4), reproducible from --seed.
//
// Pairing with retries (Steger & Wormald 1999, as in networkx.random_regular_graph): shuffle the n·d stubs and
// pair them; pairs that would make a loop or a parallel link go back into the pool, which is shuffled again
// until it is empty, and the whole attempt restarts if no suitable pair is left. For d > (n−1)/2 the complement
// of a random (n−1−d)-regular graph is built instead, which keeps the pool from jamming near K_n.
// The random source is topo::Rng (topo/rng.hpp), so a seed gives the same graph on every platform.
#include <fmt/format.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <unordered_set>
#include <utility>
#include <vector>

#include "topo/errors.hpp"
#include "topo/gen/description.hpp"
#include "topo/gen/registry.hpp"
#include "topo/rng.hpp"

namespace topo::gen {

namespace {

struct Shape {
  std::uint64_t n, d, seed;
};

Shape rr_shape(const Params& p) {
  const auto n = get_int(p, "nodes"), d = get_int(p, "degree"), seed = get_int(p, "seed");
  if (n < 2 || n > 10'000'000) throw InputError(fmt::format("--nodes must be between 2 and 10000000, got {}", n));
  if (d < 1 || d >= n) throw InputError(fmt::format("--degree must be between 1 and nodes-1 = {}, got {}", n - 1, d));
  if ((n * d) % 2 != 0)
    throw InputError(
        fmt::format("--nodes times --degree must be even (a d-regular graph has n*d/2 links), got {}*{}", n, d));
  if (seed < 0) throw InputError(fmt::format("--seed must be non-negative, got {}", seed));
  return {std::uint64_t(n), std::uint64_t(d), std::uint64_t(seed)};
}

using Edge = std::pair<std::uint32_t, std::uint32_t>;

struct EdgeSet {
  std::unordered_set<std::uint64_t> keys;  // membership only; never iterated (its order is unspecified)
  std::vector<Edge> list;                  // in insertion order
  bool contains(std::uint32_t u, std::uint32_t v) const { return keys.count(std::uint64_t(u) << 32 | v) != 0; }
  bool insert(std::uint32_t u, std::uint32_t v) {
    if (!keys.insert(std::uint64_t(u) << 32 | v).second) return false;
    list.emplace_back(u, v);
    return true;
  }
};

// One attempt; false when the leftover stubs can no longer be paired.
bool try_pairing(std::uint64_t n, std::uint64_t d, Rng& rng, EdgeSet& edges) {
  edges = {};
  edges.keys.reserve(n * d / 2);
  std::vector<std::uint32_t> stubs;
  stubs.reserve(n * d);
  for (std::uint32_t v = 0; v < n; ++v)
    for (std::uint64_t k = 0; k < d; ++k) stubs.push_back(v);
  while (!stubs.empty()) {
    rng.shuffle(stubs.data(), stubs.size());
    std::vector<std::uint32_t> left;
    for (std::size_t i = 0; i + 1 < stubs.size(); i += 2) {
      auto [u, v] = std::minmax(stubs[i], stubs[i + 1]);
      if (u != v && edges.insert(u, v)) continue;
      left.push_back(u);
      left.push_back(v);
    }
    if (left.empty()) break;
    // Suitable: some two distinct leftover nodes are not yet joined.
    std::vector<std::uint32_t> distinct = left;
    std::sort(distinct.begin(), distinct.end());
    distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());
    bool suitable = false;
    for (std::size_t i = 0; i < distinct.size() && !suitable; ++i)
      for (std::size_t j = i + 1; j < distinct.size() && !suitable; ++j)
        suitable = !edges.contains(distinct[i], distinct[j]);
    if (!suitable) return false;
    stubs = std::move(left);
  }
  return true;
}

// The links, sorted.
std::vector<Edge> random_regular_edges(std::uint64_t n, std::uint64_t d, std::uint64_t seed) {
  Rng rng(seed);
  EdgeSet edges;
  for (int attempt = 0; attempt < 10'000; ++attempt)
    if (try_pairing(n, d, rng, edges)) {
      std::sort(edges.list.begin(), edges.list.end());
      return std::move(edges.list);
    }
  throw InputError(fmt::format("random-regular: no simple {}-regular graph on {} nodes found in 10000 attempts", d, n));
}

}  // namespace

Family family_random_regular() {
  return {.name = "random-regular",
          .summary = "random d-regular simple graph (Jellyfish), reproducible from --seed",
          .source = "Projective Networks §4.4; Steger & Wormald 1999",
          .params = {{"nodes", ParamType::integer, "number of nodes n", "", true, {}},
                     {"degree", ParamType::integer, "degree d (n*d even, d < n)", "", true, {}},
                     {"seed", ParamType::integer, "random seed", "1", false, {}}},
          .example = {{"nodes", "20"}, {"degree", "3"}, {"seed", "1"}},
          .describe =
              [](const Params& p) {
                const auto s = rr_shape(p);
                Description d;
                d.nodes = s.n;
                d.links = s.n * s.d / 2;
                d.degree_min = d.degree_max = s.d;
                return d;
              },
          .build =
              [](const Params& p) {
                const auto s = rr_shape(p);
                GraphBuilder b(s.n, false);
                LinkAttrs a;
                a.cls = b.class_id("random");
                b.reserve_links(std::size_t(s.n * s.d / 2));
                if (2 * s.d <= s.n - 1) {
                  for (const auto& [u, v] : random_regular_edges(s.n, s.d, s.seed)) b.add_link(u, v, a);
                } else {
                  // Dense: the complement of a sparse random regular graph (n(n−1−d) is even when nd is).
                  const auto missing =
                      s.n - 1 - s.d == 0 ? std::vector<Edge>{} : random_regular_edges(s.n, s.n - 1 - s.d, s.seed);
                  auto next = missing.begin();
                  for (std::uint32_t u = 0; u < s.n; ++u)
                    for (std::uint32_t v = u + 1; v < s.n; ++v) {
                      if (next != missing.end() && *next == Edge{u, v}) {
                        ++next;
                        continue;
                      }
                      b.add_link(u, v, a);
                    }
                }
                return b.finish(Duplicates::reject);
              }};
}

}  // namespace topo::gen
