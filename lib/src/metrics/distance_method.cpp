#include "topo/metrics/distance_method.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <nlohmann/json.hpp>
#include <numeric>

#include "topo/errors.hpp"
#include "topo/gen/registry.hpp"
#include "topo/registry.hpp"
#include "topo/rng.hpp"

namespace topo::metrics {

const std::vector<DistanceMethodEntry>& distance_methods() {
  static const std::vector<DistanceMethodEntry> list = {
      {DistanceMethod::automatic, "auto", "the family's checked classes, else orbits above 20000 nodes, else bfs"},
      {DistanceMethod::orbits, "orbits", "one BFS per automorphism orbit, weighted by its size"},
      {DistanceMethod::bfs, "bfs", "BFS from every node, never symmetry"},
      {DistanceMethod::sample, "sample", "BFS from random nodes: an estimate with confidence intervals"},
  };
  return list;
}

DistanceMethod parse_distance_method(const std::string& name) {
  return find_named(distance_methods(), name, "distance method").id;
}

namespace {

/// The family's classes for this graph, if it offers any and they pass the check.
std::optional<Orbits> family_orbits(const Graph& g, const DistanceMethodOptions& opt, std::string& rejected) {
  if (g.meta.family.empty()) return std::nullopt;
  const gen::Family* family = gen::family_of(g);
  if (!family || !family->symmetry) return std::nullopt;
  gen::NodeClasses classes;
  try {
    classes = family->symmetry(gen::normalize_params(*family, g.meta.parameters));
  } catch (const InputError& e) {
    rejected = fmt::format("the family's parameters are not valid: {}", e.what());
    return std::nullopt;
  }
  const HintCheck check = check_classes(g, classes, opt.hint_samples, opt.hint_max_classes, opt.seed, opt.bfs.threads);
  if (!check.ok) {
    rejected = check.detail;
    return std::nullopt;
  }
  Orbits o;
  o.representative = classes.representative;
  o.size = classes.size;
  o.method = fmt::format("family (checked on {} nodes)", check.members_checked);
  return o;
}

DistanceResult from_orbits(const Graph& g, Orbits o, const DistanceMethodOptions& opt) {
  DistanceResult r;
  r.method = "orbits";
  r.stats = distance_distribution_from(g, o.representative, o.size, opt.bfs);
  const auto& sums = r.stats.source_distance_sum;
  const bool exact_orbits = o.method == "traces" || o.method == "nauty";
  if (o.representative.size() == 1 || exact_orbits)
    r.vertex_transitive = o.representative.size() == 1;
  else if (std::adjacent_find(sums.begin(), sums.end(), std::not_equal_to<>()) != sums.end())
    r.vertex_transitive = false;
  r.symmetry_source = o.method;
  r.orbits = std::move(o);
  return r;
}

DistanceResult from_sample(const Graph& g, const DistanceMethodOptions& opt) {
  const node_id n = g.num_nodes();
  if (opt.sample == 0) throw UsageError("--method sample needs --sample N (N > 0)");
  const auto k = static_cast<node_id>(std::min<std::uint64_t>(opt.sample, n));
  // Floyd's algorithm: k distinct nodes, uniformly, reproducible for a seed.
  Rng rng(opt.seed);
  std::vector<node_id> chosen;
  std::vector<char> in(n, 0);
  for (node_id j = n - k; j < n; ++j) {
    const auto t = static_cast<node_id>(rng.below(std::uint64_t{j} + 1));
    const node_id pick = in[t] ? j : t;
    in[pick] = 1;
    chosen.push_back(pick);
  }
  std::sort(chosen.begin(), chosen.end());
  DistanceResult r;
  r.method = "sample";
  r.stats = distance_distribution_from(g, chosen, {}, opt.bfs);
  DistanceEstimate e;
  e.sources = k;
  e.diameter_lower_bound = r.stats.max_finite_distance;
  // Per-source means are the observations; the finite-population correction accounts for sampling
  // without replacement (the interval is 0 when every node is a source).
  std::vector<double> distinct, all;
  for (std::size_t i = 0; i < chosen.size(); ++i) {
    const auto sum = double(r.stats.source_distance_sum[i]);
    const auto reached = double(r.stats.source_reached[i]);
    all.push_back(sum / reached);
    if (reached > 1) distinct.push_back(sum / (reached - 1));
  }
  const double fpc = n > 1 ? std::sqrt(double(n - k) / double(n - 1)) : 0;
  auto ci = [&](const std::vector<double>& x, double& mean, double& half) {
    if (x.empty()) return;
    mean = std::accumulate(x.begin(), x.end(), 0.0) / double(x.size());
    if (x.size() < 2) return;
    double ss = 0;
    for (double v : x) ss += (v - mean) * (v - mean);
    half = 1.96 * std::sqrt(ss / double(x.size() - 1)) / std::sqrt(double(x.size())) * fpc;
  };
  ci(distinct, e.mean_distinct, e.mean_distinct_ci95);
  ci(all, e.mean_all, e.mean_all_ci95);
  r.estimate = e;
  return r;
}

}  // namespace

DistanceResult compute_distances(const Graph& g, const DistanceMethodOptions& opt) {
  switch (opt.method) {
    case DistanceMethod::sample:
      return from_sample(g, opt);
    case DistanceMethod::bfs: {
      DistanceResult r;
      r.method = "bfs";
      r.stats = distance_distribution(g, opt.bfs);
      return r;
    }
    case DistanceMethod::orbits:
    case DistanceMethod::automatic:
      break;
  }
  std::string rejected;
  auto hint = family_orbits(g, opt, rejected);
  DistanceResult r;
  if (hint) {
    r = from_orbits(g, std::move(*hint), opt);
  } else if (opt.method == DistanceMethod::orbits || g.num_nodes() > opt.auto_orbits_above) {
    Orbits o = automorphism_orbits(g);
    // Orbits only pay when there are far fewer of them than nodes: a weighted sweep costs about 3x a
    // plain one per source (torus 32^3, bench/RESULTS.md).
    if (opt.method == DistanceMethod::orbits || o.representative.size() * 4 < g.num_nodes()) {
      r = from_orbits(g, std::move(o), opt);
    } else {
      r.method = "bfs";
      r.stats = distance_distribution(g, opt.bfs);
      r.vertex_transitive = o.representative.size() == 1;
      r.orbits = std::move(o);
      r.symmetry_source = r.orbits->method;
    }
  } else {
    r.method = "bfs";
    r.stats = distance_distribution(g, opt.bfs);
  }
  r.hint_rejected = rejected;
  return r;
}

}  // namespace topo::metrics
