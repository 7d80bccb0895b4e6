// CLEX algorithm A(l) for l > 1 (CLEX §II-D), simulated as in CLEX §III: recursive calls run one after another,
// each instance counts its own rounds. A(1) is in clex_clique.cpp.
#include <omp.h>

#include <algorithm>

#include "sim/clex/clex_engine_internal.hpp"

namespace topo::sim::detail {

// Stable counting sort of [b, e) by key, using the engine's scratch; off gets the bucket offsets.
template <class Key>
void Engine::group(Msg* b, Msg* e, std::uint32_t nkeys, Key key, std::vector<std::uint32_t>& off) {
  const auto m = static_cast<std::size_t>(e - b);
  off.assign(std::size_t(nkeys) + 1, 0);
  for (Msg* x = b; x != e; ++x) ++off[std::size_t(key(*x)) + 1];
  for (std::size_t i = 0; i < nkeys; ++i) off[i + 1] += off[i];
  if (scratch_.size() < m) scratch_.resize(m);
  pos_.assign(off.begin(), off.end() - 1);
  for (Msg* x = b; x != e; ++x) scratch_[pos_[key(*x)]++] = *x;
  std::copy(scratch_.begin(), scratch_.begin() + static_cast<std::ptrdiff_t>(m), b);
}

// A(l) on the level-l copy whose smallest node is `base`, for the messages [b, e) (all inside it).
void Engine::run(int l, std::uint32_t base, Msg* b, Msg* e, std::uint64_t id, std::vector<Engine>* team) {
  auto& st = acc.lv[std::size_t(l - 1)];
  const auto count = static_cast<std::uint64_t>(e - b);
  ++st.instances;
  st.max_count = std::max(st.max_count, count);
  if (l == 1) {
    clique(base, b, e, id);
    return;
  }
  const std::uint32_t k = p_.k;
  const auto sub = static_cast<std::uint32_t>(p_.pow[std::size_t(l - 1)]);    // nodes per copy
  const auto inner = static_cast<std::uint32_t>(p_.pow[std::size_t(l - 2)]);  // gateways per (copy, copy)
  Rng rng(id);
  auto& off = off_[std::size_t(l)];
  const std::size_t ti = std::size_t(l - 2);  // index of the sub-call's target

  // Run A(l-1) in every copy on the groups of `off`; threads only at the top level, which also reports
  // progress (serially: one report per finished copy).
  auto recurse = [&](std::uint32_t step) {
    const bool parallel = team && team->size() > 1, reporting = team && p_.progress;
    std::uint32_t done = 0;
    std::uint64_t left = count;
    if (reporting) report(step, 0, left);
    auto finished = [&](std::uint32_t c) {
      ++done;
      if (step == 3) left -= off[c + 1] - off[c];
      report(step, done, left);
    };
    if (parallel) {
#pragma omp parallel for schedule(dynamic, 1) num_threads(static_cast <int>(team->size()))
      for (std::int64_t i = 0; i < std::int64_t(k); ++i) {
        const auto c = static_cast<std::uint32_t>(i);
        (*team)[std::size_t(omp_get_thread_num())].run(l - 1, base + c * sub, b + off[c], b + off[c + 1],
                                                       child_id(id, step, c), nullptr);
        if (reporting) {
#pragma omp critical(topo_clex_progress)
          finished(c);
        }
      }
    } else {
      for (std::uint32_t c = 0; c < k; ++c) {
        run(l - 1, base + c * sub, b + off[c], b + off[c + 1], child_id(id, step, c), nullptr);
        if (reporting) finished(c);
      }
    }
  };

  // Step 1 (CLEX §II-D): move each message to a gateway of its copy towards the destination copy,
  // chosen u.i.r. among the k^(l-2) valid ones: (u1..u_{l-2}, c, i, rest).
  for (Msg* x = b; x != e; ++x) {
    const std::uint32_t i = p_.digit(x->cur, l), c = p_.digit(x->tgt[ti + 1], l);
    x->tgt[ti] = base + i * sub + c * inner + (inner > 1 ? static_cast<std::uint32_t>(rng.below(inner)) : 0);
  }
  group(
      b, e, k, [&](const Msg& m) { return p_.digit(m.cur, l); }, off);
  recurse(1);

  // Step 2: every gateway forwards over its k level-l links.
  if (team && p_.progress) report(2, 0, count);
  spread(l, base, b, e, id, rng);

  // Step 3: A(l-1) in every destination copy delivers to the targets of this call.
  for (Msg* x = b; x != e; ++x) x->tgt[ti] = x->tgt[ti + 1];
  group(
      b, e, k, [&](const Msg& m) { return p_.digit(m.cur, l); }, off);
  recurse(3);
}

void Engine::report(std::uint32_t step, std::uint32_t copies_done, std::uint64_t messages_left) const {
  const bool recursive = step != 2;
  p_.progress(ClexProgress{static_cast<std::uint32_t>(p_.L), step, recursive ? copies_done : 0, recursive ? p_.k : 0,
                           messages_left});
}

// Step 2 of A(l): gateway g = (u, c, i, rest) sends over its links to (u, j, c, rest), j in [0,k),
// balancing: each link gets floor(X/k) or one more, the links that get one more chosen at random
// (CLEX §III-A, second modification), and the messages matched to links at random.
void Engine::spread(int l, std::uint32_t base, Msg* b, Msg* e, std::uint64_t id, Rng& rng) {
  const std::uint32_t k = p_.k;
  const auto sub = static_cast<std::uint32_t>(p_.pow[std::size_t(l - 1)]);
  const auto inner = static_cast<std::uint32_t>(p_.pow[std::size_t(l - 2)]);
  const auto nodes = static_cast<std::uint32_t>(p_.pow[std::size_t(l)]);
  auto& st = acc.lv[std::size_t(l - 1)];
  auto& off = off_[std::size_t(l)];
  group(
      b, e, nodes, [&](const Msg& m) { return m.cur - base; }, off);
  perm_.resize(k);
  for (std::uint32_t g = 0; g < nodes; ++g) {
    const std::uint32_t X = off[g + 1] - off[g];
    if (X == 0) continue;
    Msg* mb = b + off[g];
    const std::uint32_t gnode = base + g, c = p_.digit(gnode, l - 1), u = g % inner;
    const std::uint32_t q = X / k, r = X % k;
    for (std::uint32_t j = 0; j < k; ++j) perm_[j] = j;
    if (p_.random_spread) {
      rng.shuffle(perm_.data(), k);
      rng.shuffle(mb, X);
    }
    st.max_rounds = std::max(st.max_rounds, q + (r ? 1u : 0u));
    for (std::uint32_t s = 0; s < X; ++s) {
      const std::uint32_t round = s < q * k ? s / k + 1 : q + 1;
      const std::uint32_t j = s < q * k ? s % k : perm_[s - q * k];
      const std::uint32_t to = base + c * sub + j * inner + u;
      event(l, id, round, gnode, to, mb[s].id, false, true);
      mb[s].cur = to;
      st.round_sum += round;
      ++st.hop_sum;
      ++st.link_use_sum;
    }
  }
}

}  // namespace topo::sim::detail
