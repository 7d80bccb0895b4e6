// Traffic pattern tornado: on grids, x + ⌈k/2⌉ − 1 (mod k) in every dimension (half a ring minus one);
// on other graphs (and hypercubes, where that sends nothing) the same on node ids. Over terminals, the
// same on routers, terminal k to terminal k.
#include <fmt/format.h>

#include <algorithm>
#include <numeric>

#include "route_internal.hpp"
#include "terminal_traffic_internal.hpp"
#include "topo/errors.hpp"
#include "topo/gen/registry.hpp"
#include "topo/route/traffic.hpp"

namespace topo::route {

namespace {

std::vector<Pair> tornado_on_grid(const Graph& g, const gen::Grid& grid) {
  const node_id n = g.num_nodes();
  const auto c = family_coords(g, "--traffic tornado");
  const auto& size = grid.sizes;
  if (c.dims != size.size()) throw InputError("--traffic tornado: the node coordinates do not match the grid");
  std::vector<std::int64_t> stride(c.dims, 1);
  for (unsigned i = 1; i < c.dims; ++i) stride[i] = stride[i - 1] * size[i - 1];
  std::vector<node_id> at(n, no_node);
  for (node_id v = 0; v < n; ++v) {
    std::int64_t id = 0;
    for (unsigned i = 0; i < c.dims; ++i) id += c.of(v)[i] * stride[i];
    if (id < 0 || id >= std::int64_t(n))
      throw InputError("--traffic tornado: the node coordinates do not match the grid");
    at[std::size_t(id)] = v;
  }
  std::vector<Pair> out;
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

std::vector<Pair> tornado(const Graph& g) {
  const auto grid = gen::grid_of(g);
  if (grid && std::any_of(grid->sizes.begin(), grid->sizes.end(), [](auto k) { return k > 2; }))
    return tornado_on_grid(g, *grid);
  const node_id n = g.num_nodes();
  std::vector<Pair> out;
  for (node_id v = 0; v < n; ++v) {
    const auto t = node_id((std::uint64_t(v) + (n + 1) / 2 - 1) % n);
    if (t != v) out.emplace_back(v, t);
  }
  return out;
}

}  // namespace

TrafficPattern traffic_tornado() {
  return {.name = "tornado",
          .help = "half a ring minus one in every dimension of a grid; on node ids otherwise",
          .pairs = [](const Graph& g, const TrafficOptions&) { return tornado(g); },
          .terminal_help = "toporoute's tornado on routers (x + ceil(k/2) - 1 per dimension on tori and meshes)",
          .destinations =
              [](const TerminalLayout& t, const TrafficOptions&) {
                std::vector<std::uint64_t> to(t.terminals());
                std::iota(to.begin(), to.end(), 0);
                for (const auto& [s, d] : tornado(t.graph)) {
                  require_same_terminals(t, "tornado", s, d);
                  for (std::uint32_t k = 0; k < t.on(s); ++k) to[t.first[s] + k] = t.first[d] + k;
                }
                return std::make_unique<FixedDestinations>(std::move(to));
              }};
}

}  // namespace topo::route
