#include "topo/metrics/symmetry.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <numeric>

#include "nauty_internal.hpp"
#include "topo/errors.hpp"
#include "topo/metrics/distance.hpp"
#include "topo/parallel/threads.hpp"
#include "topo/rng.hpp"

namespace topo::metrics {

namespace {

/// The simple graph underneath g (no loops, no parallel links) as nauty's sparse graph arrays.
struct SimpleAdjacency {
  std::vector<size_t> v;
  std::vector<int> d, e;
};

SimpleAdjacency simple_adjacency(const Graph& g) {
  const node_id n = g.num_nodes();
  SimpleAdjacency a;
  a.v.resize(n);
  a.d.resize(n);
  std::vector<node_id> nb;
  for (node_id x = 0; x < n; ++x) {
    nb.assign(g.out_neighbors(x).begin(), g.out_neighbors(x).end());
    std::sort(nb.begin(), nb.end());
    nb.erase(std::unique(nb.begin(), nb.end()), nb.end());
    nb.erase(std::remove(nb.begin(), nb.end(), x), nb.end());
    a.v[x] = a.e.size();
    a.d[x] = static_cast<int>(nb.size());
    for (node_id y : nb) a.e.push_back(static_cast<int>(y));
  }
  return a;
}

/// Where the nauty/Traces callbacks put the generators (C callbacks carry no user pointer).
thread_local std::vector<std::vector<node_id>>* generators_out = nullptr;

void keep_generator(const int* perm, int n) {
  generators_out->emplace_back(perm, perm + n);
}
void keep_traces_generator(int, int* perm, int n) {
  keep_generator(perm, n);
}
void keep_nauty_generator(int, int* perm, int*, int, int, int n) {
  keep_generator(perm, n);
}

}  // namespace

Orbits automorphism_orbits(const Graph& g, const std::vector<std::uint8_t>& colour) {
  const node_id n = g.num_nodes();
  Orbits o;
  if (n == 0) return o;
  if (n > static_cast<node_id>(std::numeric_limits<int>::max() / 2)) throw InputError("graph too large for nauty");
  SimpleAdjacency a = simple_adjacency(g);
  sparsegraph sg;
  SG_INIT(sg);
  sg.nv = static_cast<int>(n);
  sg.nde = a.e.size();
  sg.v = a.v.data();
  sg.d = a.d.data();
  sg.e = a.e.data();
  sg.vlen = a.v.size();
  sg.dlen = a.d.size();
  sg.elen = a.e.size();
  std::vector<int> lab(n), ptn(n), orbits(n);
  const bool coloured = !colour.empty();
  if (coloured) {  // cells of equal colour, in increasing colour: lab lists the nodes, ptn ends each cell with 0
    std::iota(lab.begin(), lab.end(), 0);
    std::stable_sort(lab.begin(), lab.end(), [&](int x, int y) { return colour[node_id(x)] < colour[node_id(y)]; });
    for (node_id i = 0; i < n; ++i)
      ptn[i] = i + 1 < n && colour[node_id(lab[i])] == colour[node_id(lab[i + 1])] ? 1 : 0;
  }
  generators_out = &o.generators;
  if (!g.directed()) {
    DEFAULTOPTIONS_TRACES(options);
    options.getcanon = FALSE;
    options.writeautoms = FALSE;
    options.defaultptn = coloured ? FALSE : TRUE;
    options.userautomproc = keep_traces_generator;
    TracesStats stats;
    Traces(&sg, lab.data(), ptn.data(), orbits.data(), &options, &stats, nullptr);
    if (stats.errstatus) throw Error(fmt::format("Traces failed (status {})", stats.errstatus));
    o.method = "traces";
    o.group_size_log10 = std::log10(stats.grpsize1) + stats.grpsize2;
  } else {
    DEFAULTOPTIONS_SPARSEDIGRAPH(options);
    options.getcanon = FALSE;
    options.writeautoms = FALSE;
    options.defaultptn = coloured ? FALSE : TRUE;
    options.userautomproc = keep_nauty_generator;
    statsblk stats;
    const int m = SETWORDSNEEDED(static_cast<int>(n));
    nauty_check(WORDSIZE, m, static_cast<int>(n), NAUTYVERSIONID);
    sparsenauty(&sg, lab.data(), ptn.data(), orbits.data(), &options, &stats, nullptr);
    if (stats.errstatus) throw Error(fmt::format("nauty failed (status {})", stats.errstatus));
    o.method = "nauty";
    o.group_size_log10 = std::log10(stats.grpsize1) + stats.grpsize2;
  }
  generators_out = nullptr;
  // orbits[v] is the smallest node of v's orbit.
  std::vector<std::uint64_t> count(n, 0);
  for (node_id v = 0; v < n; ++v) ++count[static_cast<node_id>(orbits[v])];
  for (node_id v = 0; v < n; ++v)
    if (count[v]) {
      o.representative.push_back(v);
      o.size.push_back(count[v]);
    }
  return o;
}

HintCheck check_classes(const Graph& g, const gen::NodeClasses& c, unsigned samples, unsigned max_classes,
                        std::uint64_t seed, int threads) {
  const node_id n = g.num_nodes();
  HintCheck r;
  const std::size_t k = c.representative.size();
  if (k == 0 || c.size.size() != k) {
    r.detail = "the hint has no classes";
    return r;
  }
  if (std::accumulate(c.size.begin(), c.size.end(), std::uint64_t{0}) != n) {
    r.detail = "the class sizes do not add up to the number of nodes";
    return r;
  }
  if (k > 1 && c.class_of.size() != n) {
    r.detail = "the hint does not say which class each node is in";
    return r;
  }
  std::vector<std::uint64_t> counted(k, 0);
  std::vector<std::vector<node_id>> members(k);
  for (node_id v = 0; v < n; ++v) {
    const std::uint32_t cls = k == 1 ? 0 : c.class_of[v];
    if (cls >= k) {
      r.detail = fmt::format("node {} is in class {}, but there are {} classes", v, cls, k);
      return r;
    }
    ++counted[cls];
  }
  for (std::size_t i = 0; i < k; ++i) {
    if (c.representative[i] >= n || (k > 1 && c.class_of[c.representative[i]] != i)) {
      r.detail = fmt::format("class {} has a representative outside it", i);
      return r;
    }
    if (counted[i] != c.size[i]) {
      r.detail = fmt::format("class {} has {} nodes, the hint says {}", i, counted[i], c.size[i]);
      return r;
    }
  }
  // Sample members: reservoir sampling per chosen class.
  Rng rng(seed);
  std::vector<std::size_t> classes(k);
  std::iota(classes.begin(), classes.end(), std::size_t{0});
  rng.shuffle(classes.data(), classes.size());
  classes.resize(std::min<std::size_t>(k, max_classes));
  std::vector<char> chosen(k, 0);
  for (auto i : classes) chosen[i] = 1;
  std::vector<std::uint64_t> seen(k, 0);
  for (node_id v = 0; v < n; ++v) {
    const std::uint32_t cls = k == 1 ? 0 : c.class_of[v];
    if (!chosen[cls] || v == c.representative[cls]) continue;
    auto& m = members[cls];
    ++seen[cls];
    if (m.size() < samples)
      m.push_back(v);
    else if (auto j = rng.below(seen[cls]); j < samples)
      m[j] = v;
  }
  std::vector<node_id> sources;
  std::vector<std::size_t> owner;
  for (auto i : classes) {
    sources.push_back(c.representative[i]);
    owner.push_back(i);
    for (node_id v : members[i]) {
      sources.push_back(v);
      owner.push_back(i);
    }
  }
  // A few searches: on a small graph a second thread, and libgomp's spinning after it, cost more than they save
  // (a 16 × 16 torus's whole run took 9.5 ms with it, 2.6 ms without).
  DistanceOptions bfs;
  bfs.threads = parallel::threads_for_distances(std::uint64_t(sources.size()) * g.num_arcs(), threads);
  const auto d = distance_distribution_from(g, sources, {}, bfs);
  std::vector<std::size_t> rep_index(k, 0);
  for (std::size_t j = 0; j < sources.size(); ++j)
    if (sources[j] == c.representative[owner[j]]) rep_index[owner[j]] = j;
  for (std::size_t j = 0; j < sources.size(); ++j) {
    const auto rj = rep_index[owner[j]];
    if (d.source_distance_sum[j] != d.source_distance_sum[rj] || d.source_reached[j] != d.source_reached[rj] ||
        d.eccentricity[j] != d.eccentricity[rj]) {
      r.detail = fmt::format("node {} and node {} are in the same class but have different distances", sources[j],
                             sources[rj]);
      return r;
    }
  }
  r.ok = true;
  r.members_checked = static_cast<unsigned>(sources.size());
  return r;
}

}  // namespace topo::metrics
