// CLEX algorithm A(L) on C(1/L, L) as the paper simulates it (CLEX §III): the random-permutation workload, the run
// on a team of engines (clex_engine.cpp, clex_clique.cpp), the paper's four columns per level and the torus
// comparisons. See topo/sim/clex.hpp and doc/definitions.md §7.1.
#include <fmt/format.h>
#include <omp.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "sim/clex/clex_engine_internal.hpp"
#include "topo/errors.hpp"
#include "topo/sim/clex.hpp"

namespace topo::sim {

using namespace detail;

ClexResult simulate_clex(const ClexOptions& o) {
  check_clex_shape(o.clique, o.levels);
  Params p;
  p.k = o.clique;
  p.L = static_cast<int>(o.levels);
  p.pow[0] = 1;
  for (std::size_t d = 1; d <= std::size_t(p.L); ++d) {
    p.pow[d] = p.pow[d - 1] * p.k;
    if (p.pow[d] > std::numeric_limits<std::uint32_t>::max())
      throw InputError(fmt::format("--clique/--levels: k^L = {}^{} nodes do not fit 32-bit node ids", p.k, p.L));
  }
  const auto n = p.pow[std::size_t(p.L)];
  std::uint64_t total = o.workload.empty() ? n * o.messages : o.workload.size();
  if (o.workload.empty() && o.messages < 1)
    throw InputError(fmt::format("--messages: must be at least 1, got {}", o.messages));
  if (total > std::numeric_limits<std::uint32_t>::max())
    throw InputError(fmt::format("--messages: {} messages in all do not fit 32-bit message ids", total));
  p.dense = o.traffic == ClexTraffic::dense;
  p.ceil_copies = o.copies == ClexCopyRounding::ceil;
  p.copy_cap = std::sqrt(std::log(double(o.copy_cap == ClexCopyCap::clique ? p.k : n)));
  p.handshake_in_mean = o.handshake_in_mean;
  p.random_spread = o.spread == ClexSpread::random;
  p.audit = o.audit;
  p.progress = o.progress;

  // The workload: message j starts at node j / M; destinations are a uniformly random permutation
  // of the multiset holding every node M times (CLEX §III-A).
  std::vector<Msg> msgs(total);
  const std::size_t top = std::size_t(p.L - 1);
  if (!o.workload.empty()) {
    for (std::size_t j = 0; j < total; ++j) {
      const auto [s, d] = o.workload[j];
      if (s >= n || d >= n)
        throw InputError(
            fmt::format("workload: message {} names node {} of a network of {} nodes", j, std::max(s, d), n));
      msgs[j].cur = s;
      msgs[j].tgt[top] = d;
    }
  } else {
    for (std::size_t j = 0; j < total; ++j) msgs[j].cur = msgs[j].tgt[top] = static_cast<std::uint32_t>(j / o.messages);
    std::uint64_t ws = o.seed ^ 0x776f726b6c6f6164ULL;
    Rng rng(mix64(ws));
    if (o.destinations == ClexWorkload::permutation)
      for (std::size_t i = total; i > 1; --i) std::swap(msgs[i - 1].tgt[top], msgs[rng.below(i)].tgt[top]);
    else
      for (auto& m : msgs) m.tgt[top] = static_cast<std::uint32_t>(rng.below(n));
  }
  for (std::size_t j = 0; j < total; ++j) msgs[j].id = static_cast<std::uint32_t>(j);

  int threads = o.threads > 0 ? o.threads : omp_get_max_threads();
  if (o.audit || p.L == 1) threads = 1;
  std::vector<Engine> team;
  team.reserve(std::size_t(threads));
  for (int t = 0; t < threads; ++t) team.emplace_back(p);
  std::uint64_t top_seed = o.seed;
  team[0].run(p.L, 0, msgs.data(), msgs.data() + total, mix64(top_seed), &team);

  Acc acc;
  for (const auto& e : team) acc.merge(e.acc);
  ClexResult r;
  r.clique = p.k;
  r.levels = o.levels;
  r.nodes = n;
  r.messages = total;
  for (const auto& m : msgs)
    if (m.cur != m.tgt[top]) ++r.undelivered;
  const double M = double(total);
  for (int l = 1; l <= p.L; ++l) {
    const auto& a = acc.lv[std::size_t(l - 1)];
    ClexLevelStats s;
    s.level = std::uint32_t(l);
    s.instances = a.instances;
    s.max_rounds = a.max_rounds;
    s.round_sum = a.round_sum;
    s.hop_sum = a.hop_sum;
    s.link_use_sum = a.link_use_sum;
    s.max_instance_messages = a.max_count;
    s.mean_rounds = M > 0 ? double(a.round_sum) / M : 0;
    s.mean_hops = M > 0 ? double(a.hop_sum) / M : 0;
    s.mean_link_uses = M > 0 ? double(a.link_use_sum) / M : 0;
    s.max_mean_load = double(a.max_count) / double(p.pow[std::size_t(l)]);
    r.per_level.push_back(s);
  }
  r.a1_remaining = acc.remaining;
  r.a1_phases = acc.phases;
  r.a1_duplicates = acc.duplicates;

  // Torus comparisons, computed from our columns the way CLEX §III-A/B does. Link lengths grow by
  // q = k^(1/3) per level; torus shortest paths cross ~ one top-level link length.
  const double q = std::cbrt(double(p.k)), torus_hops = 1.5 * std::cbrt(double(n));
  double prop = 0, rounds = 0, hops = 0;
  std::string pf, rf, hf;
  for (int l = p.L; l >= 1; --l) {
    const auto& s = r.per_level[std::size_t(l - 1)];
    const int e = p.L - l;
    prop += s.mean_rounds / std::pow(q, e);
    rounds += s.mean_rounds;
    hops += s.mean_hops;
    const char* sep = l == p.L ? "" : " + ";
    if (e == 0)
      pf += fmt::format("{}{:.2f}", sep, s.mean_rounds);
    else if (e == 1)
      pf += fmt::format("{}{:.2f}/{:.2f}", sep, s.mean_rounds, q);
    else
      pf += fmt::format("{}{:.2f}/{:.2f}^{}", sep, s.mean_rounds, q, e);
    rf += fmt::format("{}{:.2f}", sep, s.mean_rounds);
    hf += fmt::format("{}{:.2f}", sep, s.mean_hops);
  }
  r.propagation_ratio = {prop, "sum_l R_l / (k^(1/3))^(L-l) = " + pf};
  const std::string th = fmt::format("3 * {}^({}/3)", n == 0 ? 0 : p.k, p.L);
  r.hop_reduction = {rounds > 0 ? torus_hops / rounds : 0, th + " / (2 * (" + rf + "))"};
  r.bandwidth_gain = {hops > 0 ? torus_hops / hops : 0, th + " / (2 * (" + hf + "))"};

  r.message_record_bytes = sizeof(Msg);
  r.working_bytes = 2 * total * sizeof(Msg) + 2 * (n + 1) * sizeof(std::uint32_t);
  r.bytes_per_extra_thread = p.L > 1 ? acc.lv[std::size_t(p.L - 2)].max_count * sizeof(Msg) : 0;
  r.bytes_per_node = double(r.working_bytes) / double(n);
  return r;
}

}  // namespace topo::sim
