// Traffic patterns. Bit patterns act on node ids (the usual convention of BookSim and CAMINOS);
// tornado acts per dimension on tori and meshes (half a ring minus one) and on node ids otherwise.
#include "topo/route/traffic.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <bit>
#include <numeric>
#include <random>

#include "topo/errors.hpp"
#include "topo/route/route.hpp"

namespace topo::route {

const std::vector<std::string>& traffic_names() {
  static const std::vector<std::string> names = {"all-to-all",     "uniform", "permutation", "transpose",
                                                 "bit-complement", "tornado", "hotspot",     "nearest-neighbour"};
  return names;
}

namespace {

unsigned log2_exact(const Graph& g, std::string_view pattern) {
  const std::uint64_t n = g.num_nodes();
  if (n == 0 || !std::has_single_bit(n))
    throw InputError(fmt::format("--traffic {} needs a power-of-two number of nodes, got {}", pattern, n));
  return unsigned(std::countr_zero(n));
}

std::vector<Pair> tornado(const Graph& g) {
  const node_id n = g.num_nodes();
  std::vector<Pair> out;
  const auto& f = g.meta.family;
  if (f == "torus" || f == "mesh" || f == "ring") {
    const auto c = family_coords(g, "tornado");
    std::vector<std::int64_t> size(c.dims, 1), stride(c.dims, 1);
    for (node_id v = 0; v < n; ++v)
      for (unsigned i = 0; i < c.dims; ++i) size[i] = std::max(size[i], std::int64_t(c.of(v)[i]) + 1);
    for (unsigned i = 1; i < c.dims; ++i) stride[i] = stride[i - 1] * size[i - 1];
    std::vector<node_id> at(n);
    for (node_id v = 0; v < n; ++v) {
      std::int64_t id = 0;
      for (unsigned i = 0; i < c.dims; ++i) id += c.of(v)[i] * stride[i];
      at[std::size_t(id)] = v;
    }
    for (node_id v = 0; v < n; ++v) {
      std::int64_t id = 0;
      for (unsigned i = 0; i < c.dims; ++i) {
        const std::int64_t k = size[i];
        id += (c.of(v)[i] + (k + 1) / 2 - 1) % k * stride[i];  // x + ⌈k/2⌉ − 1 (mod k)
      }
      if (at[std::size_t(id)] != v) out.emplace_back(v, at[std::size_t(id)]);
    }
    return out;
  }
  for (node_id v = 0; v < n; ++v) {
    const auto t = node_id((std::uint64_t(v) + (n + 1) / 2 - 1) % n);
    if (t != v) out.emplace_back(v, t);
  }
  return out;
}

}  // namespace

std::vector<Pair> traffic_pairs(const Graph& g, std::string_view pattern, const TrafficOptions& o) {
  const node_id n = g.num_nodes();
  std::vector<Pair> out;
  std::mt19937_64 rng(o.seed);
  if (pattern == "all-to-all") {
    out.reserve(std::size_t(n) * (n ? n - 1 : 0));
    for (node_id s = 0; s < n; ++s)
      for (node_id t = 0; t < n; ++t)
        if (s != t) out.emplace_back(s, t);
  } else if (pattern == "uniform") {
    if (n < 2) throw InputError("--traffic uniform needs at least two nodes");
    for (node_id s = 0; s < n; ++s) {  // one message per source to a uniformly random other node
      auto t = node_id(std::uniform_int_distribution<std::uint64_t>(0, n - 2)(rng));
      out.emplace_back(s, t >= s ? t + 1 : t);
    }
  } else if (pattern == "permutation") {
    std::vector<node_id> pi(n);
    std::iota(pi.begin(), pi.end(), node_id{0});
    for (node_id i = n; i > 1; --i)  // Fisher–Yates
      std::swap(pi[i - 1], pi[std::uniform_int_distribution<std::uint64_t>(0, i - 1)(rng)]);
    for (node_id s = 0; s < n; ++s)
      if (pi[s] != s) out.emplace_back(s, pi[s]);
  } else if (pattern == "transpose") {
    const unsigned b = log2_exact(g, pattern);
    if (b % 2)
      throw InputError(fmt::format("--traffic transpose needs 4^h nodes (an even number of address bits), got {}", n));
    const unsigned h = b / 2;
    const node_id low = (node_id{1} << h) - 1;
    for (node_id s = 0; s < n; ++s) {
      const node_id t = ((s & low) << h) | (s >> h);  // swap the two halves of the address
      if (t != s) out.emplace_back(s, t);
    }
  } else if (pattern == "bit-complement") {
    const unsigned b = log2_exact(g, pattern);
    const node_id mask = b == 32 ? ~node_id{0} : (node_id{1} << b) - 1;
    for (node_id s = 0; s < n; ++s)
      if ((~s & mask) != s) out.emplace_back(s, ~s & mask);
  } else if (pattern == "tornado") {
    out = tornado(g);
  } else if (pattern == "hotspot") {
    if (o.hotspot >= n) throw InputError(fmt::format("--hotspot {}: the graph has {} nodes", o.hotspot, n));
    for (node_id s = 0; s < n; ++s)
      if (s != o.hotspot) out.emplace_back(s, o.hotspot);
  } else if (pattern == "nearest-neighbour") {
    for (node_id s = 0; s < n; ++s) {
      std::vector<node_id> nb(g.out_neighbors(s).begin(), g.out_neighbors(s).end());
      std::sort(nb.begin(), nb.end());
      nb.erase(std::unique(nb.begin(), nb.end()), nb.end());
      for (node_id t : nb)
        if (t != s) out.emplace_back(s, t);
    }
  } else {
    throw UsageError(fmt::format("unknown traffic pattern \"{}\" ({})", pattern, fmt::join(traffic_names(), ", ")));
  }
  return out;
}

}  // namespace topo::route
