// The exact maximum concurrent flow, as the arc-flow LP aggregated by source router (Jyothi et al., SC 2016, §3):
// for every source router s and arc a a flow f(s,a) ≥ 0, conserved at every node v ≠ s up to the demand θ·d(s,v)
// that v keeps, and Σ_s f(s,a) ≤ capacity(a). Maximise θ. Solved by GLPK's simplex with its presolver, its
// terminal output switched off.
#include <fmt/format.h>
#include <glpk.h>

#include <limits>
#include <memory>

#include "topo/errors.hpp"
#include "topo/metrics/throughput.hpp"

namespace topo::metrics {

namespace {

struct ProblemDeleter {
  void operator()(glp_prob* p) const { glp_delete_prob(p); }
};

}  // namespace

ThroughputBounds throughput_lp(const Graph& g, const RouterDemand& d) {
  const std::uint64_t n = g.num_nodes(), arcs = g.num_arcs(), sources = d.sources.size();
  std::vector<double> demand(n);

  glp_term_out(GLP_OFF);
  std::unique_ptr<glp_prob, ProblemDeleter> lp(glp_create_prob());
  glp_prob* p = lp.get();
  glp_set_obj_dir(p, GLP_MAX);
  // Columns: θ first, then f(s,a) for source index i at 2 + i·arcs + a (GLPK counts from 1).
  const std::uint64_t columns = 1 + sources * arcs;
  // Rows: conservation of (i, v) at 1 + i·n + v (the row of v = s stays free), then capacity of a.
  const std::uint64_t rows = sources * n + arcs;
  if (columns > std::uint64_t(std::numeric_limits<int>::max() / 4) ||
      rows > std::uint64_t(std::numeric_limits<int>::max() / 4))
    throw InputError("throughput: the LP is too large for GLPK");
  glp_add_cols(p, int(columns));
  glp_add_rows(p, int(rows));
  glp_set_col_bnds(p, 1, GLP_LO, 0, 0);
  glp_set_obj_coef(p, 1, 1);
  for (std::uint64_t c = 2; c <= columns; ++c) glp_set_col_bnds(p, int(c), GLP_LO, 0, 0);

  std::vector<int> ia{0}, ja{0};
  std::vector<double> ar{0};
  auto entry = [&](std::uint64_t row, std::uint64_t column, double value) {
    ia.push_back(int(row));
    ja.push_back(int(column));
    ar.push_back(value);
  };
  for (std::uint64_t i = 0; i < sources; ++i) {
    const node_id s = d.sources[i];
    d.fill(i, demand);
    for (node_id v = 0; v < n; ++v) {
      const std::uint64_t row = 1 + i * n + v;
      if (v == s) {
        glp_set_row_bnds(p, int(row), GLP_FR, 0, 0);
        continue;
      }
      // inflow − outflow − θ·demand(v) = 0
      glp_set_row_bnds(p, int(row), GLP_FX, 0, 0);
      if (demand[v] != 0) entry(row, 1, -demand[v]);
    }
    for (std::uint64_t a = 0; a < arcs; ++a) {
      const node_id tail = g.arc_tail(a), head = g.arc_head(a);
      if (tail == head) continue;
      const std::uint64_t column = 2 + i * arcs + a;
      entry(1 + i * n + head, column, 1);
      entry(1 + i * n + tail, column, -1);
      entry(1 + sources * n + a, column, 1);
    }
  }
  for (std::uint64_t a = 0; a < arcs; ++a) {
    const double capacity = g.arc_tail(a) == g.arc_head(a) ? 0.0 : double(g.multiplicity(g.arc_link(a)));
    glp_set_row_bnds(p, int(1 + sources * n + a), GLP_UP, 0, capacity);
  }
  glp_load_matrix(p, int(ia.size() - 1), ia.data(), ja.data(), ar.data());
  std::vector<int>().swap(ia);
  std::vector<int>().swap(ja);
  std::vector<double>().swap(ar);

  glp_smcp parm;
  glp_init_smcp(&parm);
  parm.msg_lev = GLP_MSG_OFF;
  parm.presolve = GLP_ON;
  const int rc = glp_simplex(p, &parm);
  if (rc != 0 || glp_get_status(p) != GLP_OPT)
    throw InputError(
        fmt::format("throughput: GLPK's simplex did not reach an optimum (code {}, status {})", rc, glp_get_status(p)));
  ThroughputBounds b;
  b.lower = b.upper = glp_get_obj_val(p);
  b.exact = true;
  b.rows = rows;
  b.columns = columns;
  return b;
}

}  // namespace topo::metrics
