// The exact maximum concurrent flow by column generation over shortest paths: the path formulation of Jyothi et
// al.'s LP (SC 2016, §3), with Ford and Fulkerson's pricing. A column is one path P of one router pair (s,t), and
// x(P) ≥ 0 is the flow it carries:
//
//   maximise θ  subject to  Σ_P x(P) = θ·demand(s,t) for every pair,  Σ_{P ∋ a} x(P) ≤ capacity(a) for every arc.
//
// With the arc rows' duals y and the pair rows' duals π, a path improves the LP iff its length under y is below
// −π(s,t); the shortest is found by one shortest-path tree per source. The first round takes a few shortest-hop
// paths of every pair; each later round adds every pair's improving path and re-solves from the last basis; the optimum
// is reached when no path improves. For any lengths y ≥ 0, weak duality bounds θ ≤ Σ_a y(a)·capacity(a) / Σ_{s,t}
// demand(s,t)·dist_y(s,t), so every round also has a certified upper bound, and the run ends when the flow meets it.
// The duals of a degenerate LP jump between vertices and bring paths that do not move θ; pricing also at a mix of them
// and the lengths of the best bound so far (Wentges' smoothing) steadies them.
//
// Symmetry (ThroughputSymmetry): the LP keeps one source per orbit of routers, standing for the orbit's w
// routers, and one capacity row per orbit Q of arcs, the average over Q. A path of a source of weight w then puts
// w/|Q| into Q's row for each of its arcs in Q, and costs w·Σ y(Q)/|Q| over its arcs. Under the reversal the same
// holds with w = 2 (a path and its reverse) and Q a link's two arcs, for the pairs (s, t) with t > s only.
//
// Against the arc-flow LP (a flow per source and arc) the basis holds a few paths per pair and stays sparse:
// bench/RESULTS.md has the times.
#include <fmt/format.h>
#include <glpk.h>
#include <omp.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>

#include "shortest_path_tree.hpp"
#include "topo/errors.hpp"
#include "topo/metrics/throughput.hpp"

namespace topo::metrics {

namespace {

/// A path enters when its reduced cost exceeds this, relative: GLPK's own dual feasibility tolerance.
constexpr double improvement = 1e-7;
/// The weight of the best bound's lengths in the mix, after each round that moved the LP.
constexpr double smoothing = 0.5;
/// Shortest paths per router pair in the first round: on random regular 100/8 the uniform LP then ends after
/// its first round (22,578 paths) instead of 25 (42,777), 2.4× less CPU time for the whole process.
constexpr std::size_t first_paths = 4;

struct ProblemDeleter {
  void operator()(glp_prob* p) const { glp_delete_prob(p); }
};

/// The router pairs with demand: pair k is (source[i], target[k]) for first[i] ≤ k < first[i+1].
struct Pairs {
  std::vector<std::uint64_t> first{0};
  std::vector<node_id> target;
  std::vector<double> amount;

  Pairs(const RouterDemand& d, const ThroughputSymmetry& sym) {
    const std::vector<node_id>& senders = sym.sources;
    for (std::size_t i = 0; i < senders.size(); ++i) {
      if (d.uniform > 0) {
        for (node_id v : d.sources)
          if (sym.unordered_pairs ? v > senders[i] : v != senders[i]) {
            target.push_back(v);
            amount.push_back(d.uniform);
          }
      } else {
        for (const auto& [v, x] : d.to[i]) {
          if (sym.unordered_pairs && v < senders[i]) continue;
          target.push_back(v);
          amount.push_back(x);
        }
      }
      first.push_back(target.size());
    }
  }
};

/// Paths found for one source, as GLPK columns one after another (entries start[k] … start[k+1]), after a slot
/// that stands for GLPK's unused entry 0 of the first.
struct Paths {
  std::vector<int> rows{0};
  std::vector<double> values{0};
  std::vector<std::size_t> start{1};
  void clear() {
    rows.assign(1, 0);
    values.assign(1, 0);
    start.assign(1, 1);
  }
  std::size_t size() const { return start.size() - 1; }
};

/// The LP in GLPK: a capacity row per arc class (rows 1 … classes), then a row per pair; column 1 is θ.
class Master {
 public:
  Master(const std::vector<double>& class_capacity, const Pairs& pairs)
      : lp_(glp_create_prob()),
        pair_row_(1 + int(class_capacity.size())),
        crash_(pairs.target.size() > class_capacity.size()) {
    glp_prob* p = lp_.get();
    glp_set_obj_dir(p, GLP_MAX);
    const std::uint64_t pair_count = pairs.target.size();
    glp_add_rows(p, int(class_capacity.size() + pair_count));
    for (std::size_t c = 0; c < class_capacity.size(); ++c)
      glp_set_row_bnds(p, 1 + int(c), GLP_UP, 0, class_capacity[c]);
    std::vector<int> rows(pair_count + 1);
    std::vector<double> values(pair_count + 1);
    for (std::uint64_t k = 0; k < pair_count; ++k) {
      glp_set_row_bnds(p, pair_row(k), GLP_FX, 0, 0);
      rows[k + 1] = pair_row(k);
      values[k + 1] = -pairs.amount[k];
    }
    glp_add_cols(p, 1);
    glp_set_col_bnds(p, 1, GLP_LO, 0, 0);
    glp_set_obj_coef(p, 1, 1);
    glp_set_mat_col(p, 1, int(pair_count), rows.data(), values.data());
    glp_init_smcp(&parm_);
    parm_.msg_lev = GLP_MSG_OFF;
    parm_.meth = GLP_PRIMAL;
  }

  int pair_row(std::uint64_t k) const { return pair_row_ + int(k); }
  static int class_row(std::uint64_t c) { return 1 + int(c); }

  void add(const Paths& f) {
    if (f.size() == 0) return;
    int column = glp_add_cols(lp_.get(), int(f.size()));
    for (std::size_t k = 0; k < f.size(); ++k, ++column) {
      glp_set_col_bnds(lp_.get(), column, GLP_LO, 0, 0);
      // glp_set_mat_col reads entries 1..length: the slot before a column's first entry stands for entry 0.
      glp_set_mat_col(lp_.get(), column, int(f.start[k + 1] - f.start[k]), f.rows.data() + f.start[k] - 1,
                      f.values.data() + f.start[k] - 1);
    }
  }

  /// Solves, the first time from GLPK's advanced basis when the pair rows outnumber the capacity rows, then
  /// re-solves from the last basis; false when GLPK pivoted no new column in (optimal to its tolerance). The
  /// advanced basis (a triangular crash, glp_adv_basis) puts path columns in place of the pair rows' slacks, which
  /// the simplex would otherwise swap in one pivot at a time: random regular 64/8's uniform LP then takes 1,666
  /// pivots instead of 4,673 (0.36 s instead of 0.95), 100/8's 4,435 instead of 10,761 (2.5 s instead of 5.2).
  /// With fewer pairs (a permutation) its duals lead to more rounds: Slim Fly q = 5's longest matching 52 rounds
  /// and 1,130 paths instead of 51 and 728, the whole process 0.21–0.24 s instead of 0.15–0.16.
  bool solve() {
    const int before = glp_get_it_cnt(lp_.get());
    if (before == 0 && crash_) glp_adv_basis(lp_.get(), 0);
    const int rc = glp_simplex(lp_.get(), &parm_);
    if (rc != 0 || glp_get_status(lp_.get()) != GLP_OPT)
      throw InputError(fmt::format("throughput: GLPK's simplex did not reach an optimum (code {}, status {})", rc,
                                   glp_get_status(lp_.get())));
    return glp_get_it_cnt(lp_.get()) != before;
  }
  double theta() const { return glp_get_obj_val(lp_.get()); }
  double row_dual(int row) const { return glp_get_row_dual(lp_.get(), row); }

 private:
  std::unique_ptr<glp_prob, ProblemDeleter> lp_;
  int pair_row_;
  bool crash_;  // the first solve from the advanced basis: more pair rows than capacity rows
  glp_smcp parm_{};
};

/// What pricing reads: the LP's duals, and the arc lengths they give (a class's price over its size).
struct Prices {
  std::vector<double> class_dual;  // y per arc class (the LP's, clamped at 0)
  std::vector<double> pair_dual;   // π per pair
  std::vector<double> arc_length;  // y(class)/|class| per arc, from the LP's duals
};

void arc_lengths(const ThroughputSymmetry& sym, const std::vector<double>& per_class, std::vector<double>& out) {
  out.resize(sym.arc_class.size());
  for (std::size_t a = 0; a < out.size(); ++a) out[a] = per_class[sym.arc_class[a]] / sym.class_size[sym.arc_class[a]];
}

/// Appends the column of one path of pair row `pair_row` (its arcs in any order) for a source of weight w: 1 in
/// the pair's row, w/|Q| in the row of arc class Q for each of its arcs in Q.
void append_path(const ThroughputSymmetry& sym, int pair_row, double w, const std::vector<std::uint64_t>& arcs,
                 Paths& found) {
  found.rows.push_back(pair_row);
  found.values.push_back(1);
  const std::size_t from = found.rows.size();
  for (std::uint64_t a : arcs) {
    const int row = Master::class_row(sym.arc_class[a]);
    const double value = w / sym.class_size[sym.arc_class[a]];
    std::size_t same = from;  // GLPK takes each row once per column: one class twice gets the sum
    while (same < found.rows.size() && found.rows[same] != row) ++same;
    if (same < found.rows.size()) {
      found.values[same] += value;
    } else {
      found.rows.push_back(row);
      found.values.push_back(value);
    }
  }
  found.start.push_back(found.rows.size());
}

/// Appends to `found` the tree's path of each pair of source i not yet taken that improves the LP at its duals.
/// lp_cost is scratch, one entry per node.
void add_improving_paths(const Graph& g, const ThroughputSymmetry& sym, const ShortestPathTree& tree,
                         const Pairs& pairs, std::size_t i, int first_pair_row, const Prices& prices,
                         std::vector<double>& lp_cost, std::vector<char>& taken, Paths& found) {
  const node_id s = sym.sources[i];
  const double w = sym.weight[i];
  lp_cost[s] = 0;
  for (node_id v : tree.order)
    if (v != s) lp_cost[v] = lp_cost[g.arc_tail(tree.parent_arc[v])] + w * prices.arc_length[tree.parent_arc[v]];
  std::vector<std::uint64_t> path;
  for (std::uint64_t k = pairs.first[i]; k < pairs.first[i + 1]; ++k) {
    char& took = taken[k - pairs.first[i]];
    const node_id t = pairs.target[k];
    const double pi = prices.pair_dual[k], reduced = -pi - lp_cost[t];
    if (took || !(reduced > improvement * (std::abs(pi) + lp_cost[t]))) continue;
    took = 1;
    path.clear();
    for (node_id v = t; v != s; v = g.arc_tail(tree.parent_arc[v])) path.push_back(tree.parent_arc[v]);
    append_path(sym, first_pair_row + int(k), w, path, found);
  }
}

/// The first round's columns: up to `per_pair` shortest paths of each pair of source i under the tree's lengths
/// (all of them where there are fewer), found backwards from each target over the arcs that keep it shortest.
/// The lengths must be positive (round 0's 1/capacity): every such arc then leads back to s without a cycle.
void add_shortest_paths(const Graph& g, const ThroughputSymmetry& sym, const ShortestPathTree& tree,
                        const std::vector<double>& length, const Pairs& pairs, std::size_t i, int first_pair_row,
                        std::size_t per_pair, Paths& found) {
  const node_id s = sym.sources[i];
  // The arcs into each node that lie on a shortest path from s.
  std::vector<std::vector<std::uint64_t>> into(g.num_nodes());
  for (std::uint64_t a = 0; a < g.num_arcs(); ++a) {
    const node_id u = g.arc_tail(a), v = g.arc_head(a);
    if (u != v && std::isfinite(tree.dist[u]) &&
        std::abs(tree.dist[u] + length[a] - tree.dist[v]) <= 1e-12 * std::max(1.0, tree.dist[v]))
      into[v].push_back(a);
  }
  std::vector<std::uint64_t> path;
  for (std::uint64_t k = pairs.first[i]; k < pairs.first[i + 1]; ++k) {
    std::size_t made = 0;
    path.clear();
    // Depth first from the target back to s, the arcs into each node in their order.
    auto walk = [&](auto&& self, node_id v) -> void {
      if (v == s) {
        append_path(sym, first_pair_row + int(k), sym.weight[i], path, found);
        ++made;
        return;
      }
      for (std::uint64_t a : into[v]) {
        if (made == per_pair) return;
        path.push_back(a);
        self(self, g.arc_tail(a));
        path.pop_back();
      }
    };
    walk(walk, pairs.target[k]);
  }
}

}  // namespace

ThroughputBounds throughput_lp(const Graph& g, const RouterDemand& d, const ThroughputSymmetry& sym, int threads) {
  const std::uint64_t sources = sym.sources.size(), classes = sym.class_size.size();
  const Pairs pairs(d, sym);
  const std::uint64_t pair_count = pairs.target.size();
  if (classes + pair_count >= std::uint64_t(std::numeric_limits<int>::max() / 2))
    throw InputError("throughput: the LP is too large for GLPK");
  const int team = threads > 0 ? threads : omp_get_max_threads();

  std::vector<double> class_capacity(classes, 0);  // every arc of a class has its capacity
  for (std::uint64_t a = 0; a < g.num_arcs(); ++a)
    if (g.arc_tail(a) != g.arc_head(a)) class_capacity[sym.arc_class[a]] = g.multiplicity(g.arc_link(a));
  glp_term_out(GLP_OFF);
  Master master(class_capacity, pairs);

  ThroughputBounds b;
  b.exact = true;
  b.rows = classes + pair_count;
  b.columns = 1;
  b.lp_sources = sources;
  b.arc_classes = sym.unordered_pairs || sym.arc_class.size() == classes ? 0 : classes;
  b.unordered_pairs = sym.unordered_pairs;
  b.upper = std::numeric_limits<double>::infinity();

  // Round 0 prices every arc at 1/capacity: up to first_paths shortest-hop paths per pair, and the first bound.
  // Later rounds price at the LP's duals and at the mix alpha·(best bound's lengths, scaled to price at θ as the
  // LP's duals do) + (1 − alpha)·(the LP's duals); a path enters when it improves the LP at the LP's own duals.
  // When none does, the LP is optimal.
  Prices prices;
  prices.class_dual.assign(classes, 0);
  prices.pair_dual.assign(pair_count, 0);
  prices.arc_length.assign(g.num_arcs(), 0);
  std::vector<double> center(classes), mixed(classes), mixed_length;
  for (std::uint64_t c = 0; c < classes; ++c)
    center[c] = class_capacity[c] > 0 ? sym.class_size[c] / class_capacity[c] : 0;
  double center_bound = std::numeric_limits<double>::infinity(), alpha = 0;
  std::vector<Paths> found(sources);
  std::vector<double> routed_by(sources);
  for (bool first = true;; first = false) {
    double center_priced = 0;
    for (std::uint64_t c = 0; c < classes; ++c) center_priced += center[c] * class_capacity[c];
    const double scale = first || !(center_priced > 0) ? 1 : b.lower / center_priced;
    for (std::uint64_t c = 0; c < classes; ++c)
      mixed[c] = first ? center[c] : alpha * scale * center[c] + (1 - alpha) * prices.class_dual[c];
    arc_lengths(sym, mixed, mixed_length);
#pragma omp parallel num_threads(team) if (sources > 1)
    {
      ShortestPathTree tree;
      std::vector<double> lp_cost(g.num_nodes());
      std::vector<char> taken;
#pragma omp for schedule(dynamic, 1)
      for (std::uint64_t i = 0; i < sources; ++i) {
        found[i].clear();
        taken.assign(pairs.first[i + 1] - pairs.first[i], 0);
        shortest_path_tree(g, mixed_length, sym.sources[i], tree);
        double routed = 0;  // Σ demand·distance under the mix, for the bound
        for (std::uint64_t k = pairs.first[i]; k < pairs.first[i + 1]; ++k)
          routed += pairs.amount[k] * tree.dist[pairs.target[k]];
        routed_by[i] = sym.weight[i] * routed;
        if (std::isinf(routed)) continue;
        if (first) {
          add_shortest_paths(g, sym, tree, mixed_length, pairs, i, master.pair_row(0), first_paths, found[i]);
          continue;
        }
        add_improving_paths(g, sym, tree, pairs, i, master.pair_row(0), prices, lp_cost, taken, found[i]);
        if (alpha > 0) {  // the LP's duals find what the mix misses
          shortest_path_tree(g, prices.arc_length, sym.sources[i], tree);
          add_improving_paths(g, sym, tree, pairs, i, master.pair_row(0), prices, lp_cost, taken, found[i]);
        }
      }
    }
    b.shortest_path_trees += !first && alpha > 0 ? 2 * sources : sources;
    double priced = 0, routed = 0;  // in class and source order: the bound does not depend on the threads
    for (std::uint64_t c = 0; c < classes; ++c) priced += mixed[c] * class_capacity[c];
    for (double r : routed_by) routed += r;
    if (std::isinf(routed)) {  // a router cannot reach one it sends to: θ = 0
      b.lower = b.upper = 0;
      return b;
    }
    if (routed > 0 && priced / routed < center_bound) {
      center_bound = priced / routed;
      center = mixed;
    }
    b.upper = std::min(b.upper, center_bound);
    if (!first && b.lower >= b.upper * (1 - 1e-9)) break;
    std::uint64_t added = 0;
    for (const auto& f : found) added += f.size();
    if (added == 0) {
      if (alpha == 0) break;  // no path improves at the LP's duals: the optimum
      alpha = 0;
      continue;
    }
    if (b.columns + added >= std::uint64_t(std::numeric_limits<int>::max() / 2))
      throw InputError("throughput: the LP is too large for GLPK");
    for (const auto& f : found) master.add(f);
    b.columns += added;
    ++b.phases;
    const bool pivoted = master.solve();
    b.lower = master.theta();
    if (b.lower >= b.upper * (1 - 1e-9) || (!first && !pivoted)) break;
    for (std::uint64_t k = 0; k < pair_count; ++k) prices.pair_dual[k] = master.row_dual(master.pair_row(k));
    for (std::uint64_t c = 0; c < classes; ++c)
      prices.class_dual[c] = std::max(0.0, master.row_dual(Master::class_row(c)));
    arc_lengths(sym, prices.class_dual, prices.arc_length);
    alpha = smoothing;
  }
  b.upper = b.lower;
  return b;
}

}  // namespace topo::metrics
