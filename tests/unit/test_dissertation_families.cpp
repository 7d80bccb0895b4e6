// The dissertation's families: iBT (definition, constraints, translation classes, search), the
// reference networks of its Table 2 (CCC, SBS, de Bruijn, Kautz, fat tree), sp6 and hex3d.
// The CLI-pipeline reproduction of Table 2 is tests/paper/dissertation_table2.py.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdlib>
#include <queue>
#include <random>

#include <fmt/format.h>

#include "topo/errors.hpp"
#include "topo/gen/ibt_search.hpp"
#include "topo/gen/registry.hpp"
#include "topo/metrics/distance.hpp"
#include "topo/metrics/summary.hpp"

using namespace topo;

namespace {

using Raw = std::map<std::string, std::string>;

Graph gen_of(const std::string& family, const Raw& raw) {
  const auto& f = gen::find_family(family);
  return gen::generate(f, gen::parse_params(f, raw));
}

// The InputError message of a bad parameter set (describe() must refuse it before building).
std::string error_of(const std::string& family, const Raw& raw) {
  const auto& f = gen::find_family(family);
  try {
    const auto p = gen::parse_params(f, raw);
    f.describe(p);
  } catch (const InputError& e) {
    return e.what();
  }
  return "(accepted)";
}

std::vector<std::uint32_t> bfs(const Graph& g, node_id s) {
  std::vector<std::uint32_t> d(g.num_nodes(), ~0u);
  std::queue<node_id> q;
  d[s] = 0;
  q.push(s);
  while (!q.empty()) {
    const auto u = q.front();
    q.pop();
    for (auto v : g.out_neighbors(u))
      if (d[v] == ~0u) {
        d[v] = d[u] + 1;
        q.push(v);
      }
  }
  return d;
}

struct Row {
  double mean = 0, std = 0;
  std::uint32_t diameter = 0;
};

// Distances over all ordered pairs (self included) from one BFS per node class, weighted by class size.
Row class_weighted(const Graph& g, const gen::NodeClasses& c) {
  std::vector<double> hist;
  for (std::size_t i = 0; i < c.representative.size(); ++i)
    for (auto x : bfs(g, c.representative[i])) {
      REQUIRE(x != ~0u);
      if (x >= hist.size()) hist.resize(x + 1, 0);
      hist[x] += double(c.size[i]);
    }
  double n = 0, s1 = 0, s2 = 0;
  for (std::size_t d = 0; d < hist.size(); ++d) n += hist[d], s1 += hist[d] * double(d), s2 += hist[d] * double(d * d);
  const double mean = s1 / n;
  return {mean, std::sqrt(s2 / n - mean * mean), static_cast<std::uint32_t>(hist.size() - 1)};
}

double round4(double x) { return std::round(x * 1e4) / 1e4; }

}  // namespace

TEST_CASE("ibt: the definition of SPEC §3.2, link by link") {
  const Graph g = gen_of("ibt", {{"dims", "12x12x12"}, {"bypass-dims", "3"}, {"lengths", "6"}});
  // mk = 3; a length of 6 = N/2 makes both bypass links one link of multiplicity 2.
  CHECK(g.num_nodes() == 1728);
  CHECK(g.total_multiplicity() == 1728 * 4);
  const auto s = metrics::summarize(g);
  CHECK(s.regular);
  CHECK(s.degree_min == 8);
  CHECK(s.connected);

  const Graph h = gen_of("ibt", {{"dims", "16x16x7"}, {"bypass-dims", "2"}, {"lengths", "4,8"}});
  // mk = 4; 8 = N_d/2 gives multiplicity 2. Node p = (x1,x2,x3): S = x1 + x2, d = S mod 2, h = (S mod 4) / 2.
  const std::int64_t dims[3] = {16, 16, 7}, lengths[2] = {4, 8};
  std::uint64_t bypass_links = 0;
  for (link_id l = 0; l < h.num_links(); ++l) {
    if (h.link_class_name(l) != "bypass") {
      CHECK(h.link_class_name(l) == "torus");
      continue;
    }
    bypass_links += h.multiplicity(l);
    const auto a = h.coords(h.source(l)), b = h.coords(h.target(l));
    const auto sa = (a[0] + a[1]) % 4, sb = (b[0] + b[1]) % 4;
    CHECK(sa == sb);  // both ends of a bypass link have the same species
    const unsigned d = static_cast<unsigned>(sa % 2);
    CHECK(h.dim(l) == d);
    const auto len = lengths[sa / 2];
    CHECK(h.level(l) == sa / 2 + 1);
    CHECK(h.multiplicity(l) == (len == 8 ? 2u : 1u));
    for (unsigned i = 0; i < 3; ++i) {
      if (i == d) {
        const auto diff = (b[i] - a[i] + dims[i]) % dims[i];
        CHECK((diff == len || diff == dims[i] - len));
      } else {
        CHECK(a[i] == b[i]);
      }
    }
  }
  CHECK(bypass_links == 16 * 16 * 7);  // two link ends per node
  CHECK(metrics::summarize(h).degree_max == 8);
}

TEST_CASE("ibt: the dissertation's worked example, p = (1,1,4) in iBT(32x32x16; L=2; <4,16>) has species <1,16>") {
  const Graph g = gen_of("ibt", {{"dims", "32x32x16"}, {"bypass-dims", "2"}, {"lengths", "4,16"}});
  const node_id p = 1 + 1 * 32 + 4 * 32 * 32;
  int seen = 0;
  for (auto l : g.out_links(p)) {
    if (g.link_class_name(l) != "bypass") continue;
    CHECK(g.dim(l) == 0);  // dimension 1 (x)
    CHECK(g.multiplicity(l) == 2);  // 16 = 32/2: the two 16-hop links coincide
    const auto other = g.source(l) == p ? g.target(l) : g.source(l);
    CHECK(g.coords(other)[0] == 17);
    ++seen;
  }
  CHECK(seen == 1);
}

TEST_CASE("ibt: every constraint is refused with its name") {
  const std::string f = "ibt";
  CHECK(error_of(f, {{"dims", "30x30x36"}, {"bypass-dims", "3"}, {"lengths", "4,12"}}) ==
        "--lengths: every length must be a multiple of m*k = 6, got 4");
  CHECK(error_of(f, {{"dims", "32x30x36"}, {"bypass-dims", "3"}, {"lengths", "6,12"}}) ==
        "--dims: every bypass dimension's size must be a multiple of m*k = 6, got 32 in dimension 1");
  CHECK(error_of(f, {{"dims", "30x4x36"}, {"bypass-dims", "1"}, {"lengths", "6"}}) ==
        "--dims: every size must be greater than 4 (N_i > 4), got 4 in dimension 2");
  CHECK(error_of(f, {{"dims", "24x24x24"}, {"bypass-dims", "3"}, {"lengths", "12,6"}}) ==
        "--lengths: lengths must be strictly increasing (l1 < l2 < ...), got 12,6");
  CHECK(error_of(f, {{"dims", "24x24x24"}, {"bypass-dims", "3"}, {"lengths", "6,18"}}) ==
        "--lengths: every length must be at most half of every bypass dimension (l_k <= N_d/2), got 18 > 24/2 in "
        "dimension 1");
  CHECK(error_of(f, {{"dims", "24x24x24"}, {"bypass-dims", "4"}, {"lengths", "8"}}) ==
        "--bypass-dims: m must be between 1 and the number of dimensions n = 3, got 4");
  CHECK(error_of(f, {{"dims", "24x24x24"}, {"bypass-dims", "1"}, {"lengths", "1"}}) ==
        "--lengths: every length must be at least 2, got 1");
  CHECK(error_of(f, {{"dims", "24x24x24"}, {"lengths", "6"}}) ==
        "ibt: missing required parameter --bypass-dims (or give --search)");
  CHECK(error_of(f, {{"dims", "24x24x24"}, {"bypass-dims", "1"}, {"lengths", "6"}, {"ndims", "3"}}) ==
        "--ndims: only used with --search");
  // The dissertation's own Table 2 uses l = N_d/2 (32 on 64x64x8), which SPEC allows.
  CHECK(error_of(f, {{"dims", "64x64x8"}, {"bypass-dims", "2"}, {"lengths", "32"}}) == "(accepted)");
}

TEST_CASE("ibt: translation classes are automorphism orbits of the translations with sum t_i = 0 mod mk") {
  // Small instances: every node of a class has the same distance histogram as its representative,
  // and the class-weighted distribution equals the full one.
  for (const auto& raw : std::vector<Raw>{{{"dims", "12x12x6"}, {"bypass-dims", "2"}, {"lengths", "4"}},
                                          {{"dims", "12x12x9"}, {"bypass-dims", "3"}, {"lengths", "3"}},
                                          {{"dims", "8x8x5"}, {"bypass-dims", "2"}, {"lengths", "4"}},
                                          {{"dims", "16x16x5"}, {"bypass-dims", "2"}, {"lengths", "4,8"}}}) {
    CAPTURE(raw.at("dims"));
    const auto& f = gen::find_family("ibt");
    const auto p = gen::parse_params(f, raw);
    const Graph g = gen::generate(f, p);
    const auto c = f.symmetry(p);
    std::uint64_t total = 0;
    for (auto s : c.size) total += s;
    CHECK(total == g.num_nodes());
    auto histogram = [&](node_id v) {
      std::vector<std::uint64_t> h;
      for (auto x : bfs(g, v)) {
        if (x >= h.size()) h.resize(x + 1, 0);
        ++h[x];
      }
      return h;
    };
    const auto mk = static_cast<std::int64_t>(c.representative.size());
    std::vector<std::vector<std::uint64_t>> rep;
    for (auto r : c.representative) rep.push_back(histogram(r));
    for (node_id v = 0; v < g.num_nodes(); v += 7) {  // a sample of every class
      std::int64_t s = 0;
      for (std::int64_t i = 0; i < gen::get_int(p, "bypass_dims"); ++i) s += g.coords(v)[std::size_t(i)];
      CHECK(histogram(v) == rep[std::size_t(s % mk)]);
    }
    const auto full = metrics::distance_distribution(g);
    const auto w = class_weighted(g, c);
    CHECK(w.mean == doctest::Approx(full.mean_all).epsilon(1e-12));
    CHECK(w.std == doctest::Approx(full.std_all).epsilon(1e-12));
    CHECK(w.diameter == *full.diameter);
  }
}

TEST_CASE("ibt: every iBT row of the dissertation's Table 2 (class-weighted BFS, 4 decimals)") {
  // Table 2 of the dissertation (mean and std over all ordered pairs, self included; diameter). The five
  // rows of SPEC §3.2 are also checked through the CLI pipeline (full BFS) in tests/paper/dissertation_table2.py.
  // One difference, kept visible: iBT(32x32x32; L=2; <4>) has mean exactly 887/64 = 13.859375 (checked
  // below), which rounds to 13.8594; Table 2 prints 13.8593 (truncated, not rounded). Every other iBT
  // figure of the table (24 rows x 3 values, and this row's std and diameter) agrees to 4 decimals.
  struct T {
    const char* dims;
    const char* m;
    const char* lengths;
    double mean, std;
    std::uint32_t diameter;
  };
  const T table[] = {
      {"32x32x32", "2", "2", 16.7344, 5.6961, 33},   {"32x32x32", "2", "4", 13.8594, 4.9855, 26},
      {"32x32x32", "2", "6", 13.3730, 4.8800, 26},   {"32x32x32", "2", "8", 13.8984, 4.9872, 26},
      {"32x32x32", "2", "16", 16.9414, 5.6963, 32},  {"32x32x32", "2", "4,8", 13.1035, 4.8235, 24},
      {"32x32x32", "2", "4,16", 13.3257, 4.8199, 24}, {"32x32x32", "2", "8,16", 13.6416, 4.9104, 26},
      {"64x64x8", "2", "2", 18.7422, 6.6664, 37},    {"64x64x8", "2", "4", 11.8672, 3.5835, 22},
      {"64x64x8", "2", "8", 9.9023, 2.6172, 18},     {"64x64x8", "2", "16", 11.9434, 3.5945, 22},
      {"64x64x8", "2", "32", 18.9697, 6.6687, 36},   {"64x64x8", "2", "4,8", 9.2908, 2.3277, 16},
      {"64x64x8", "2", "4,16", 8.5679, 1.9477, 14},  {"64x64x8", "2", "4,32", 9.5942, 2.2946, 16},
      {"64x64x8", "2", "8,16", 8.7402, 2.1133, 16},  {"64x64x8", "2", "8,32", 8.9987, 2.0954, 16},
      {"64x64x8", "2", "16,32", 11.5198, 3.4786, 22}, {"30x30x36", "3", "3", 10.3464, 2.8542, 19},
      {"30x30x36", "3", "6", 8.2800, 1.9675, 15},    {"30x30x36", "3", "9", 8.8034, 2.2895, 16},
      {"30x30x36", "3", "12", 8.8827, 2.3044, 15},   {"30x30x36", "3", "15", 11.3114, 3.3441, 21},
      {"30x30x36", "3", "6,12", 7.5152, 1.5288, 12},
  };
  for (const auto& t : table) {
    const std::string label = fmt::format("{} L={} <{}>", t.dims, t.m, t.lengths);
    CAPTURE(label);
    const auto& f = gen::find_family("ibt");
    const auto p = gen::parse_params(f, {{"dims", t.dims}, {"bypass-dims", t.m}, {"lengths", t.lengths}});
    const auto r = class_weighted(gen::generate(f, p), f.symmetry(p));
    CHECK(round4(r.mean) == t.mean);
    if (std::string(t.dims) == "32x32x32" && std::string(t.lengths) == "4") CHECK(r.mean == 887.0 / 64);
    CHECK(round4(r.std) == t.std);
    CHECK(r.diameter == t.diameter);
  }
}
