#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "topo/errors.hpp"
#include "topo/gen/description.hpp"
#include "topo/gen/families.hpp"
#include "topo/gen/registry.hpp"
#include "topo/metrics/summary.hpp"

using namespace topo;

namespace {
Graph gen_of(const std::string& family, std::map<std::string, std::string> raw) {
  const auto& f = gen::find_family(family);
  return gen::generate(f, gen::parse_params(f, raw));
}
}  // namespace

TEST_CASE("torus: sizes, degrees, coordinates, first dimension fastest") {
  Graph g = gen_of("torus", {{"dims", "4x3x5"}});
  CHECK(g.num_nodes() == 60);
  CHECK(g.num_links() == 180);
  const auto s = metrics::summarize(g);
  CHECK(s.regular);
  CHECK(s.degree_min == 6);
  CHECK(s.connected);
  CHECK(g.coords(1)[0] == 1);
  CHECK(g.coords(4)[1] == 1);
  CHECK(g.coords(12)[2] == 1);
  CHECK(g.meta.family == "torus");
  CHECK((*g.meta.parameters)["dims"] == nlohmann::json({4, 3, 5}));
}

TEST_CASE("a torus dimension of size 2 is one link of multiplicity 2") {
  Graph g = gen_of("torus", {{"dims", "2x3"}});
  CHECK(g.num_nodes() == 6);
  CHECK(g.num_links() == 3 + 6);
  CHECK(g.total_multiplicity() == 12);
  CHECK(metrics::summarize(g).degree_min == 4);
  Graph m = gen_of("mesh", {{"dims", "2x3"}});
  CHECK(m.total_multiplicity() == 3 + 4);
  CHECK(metrics::summarize(m).degree_min == 2);
  CHECK(metrics::summarize(m).degree_max == 3);
}

TEST_CASE("presets follow dissertation Tables 3 and 4") {
  CHECK(gen_of("torus", {{"preset", "bgl-2048"}}).num_nodes() == 2048);
  Graph q = gen_of("torus", {{"preset", "qcdoc-1024"}});
  CHECK(q.num_nodes() == 1024);
  CHECK(q.coord_dims() == 6);
  CHECK(metrics::summarize(q).degree_min == 12);
  CHECK_THROWS_AS(gen_of("torus", {{"preset", "bgl-32"}, {"dims", "4x4"}}), UsageError);
  CHECK_THROWS_AS(gen_of("torus", {}), UsageError);
  CHECK_THROWS_AS(gen_of("torus", {{"dims", "4x0"}}), InputError);
  CHECK_THROWS_AS(gen_of("torus", {{"dims", "4xx2"}}), InputError);
  CHECK_THROWS_AS(gen_of("torus", {{"dims", "65536x65536x2"}}), InputError);
}

TEST_CASE("hypercube, ring, complete") {
  Graph h = gen_of("hypercube", {{"dim", "5"}});
  CHECK(h.num_nodes() == 32);
  CHECK(h.num_links() == 80);
  CHECK(metrics::summarize(h).degree_max == 5);
  Graph r = gen_of("ring", {{"nodes", "7"}});
  CHECK(r.num_links() == 7);
  Graph k = gen_of("complete", {{"nodes", "6"}});
  CHECK(k.num_links() == 15);
  CHECK_THROWS_AS(gen_of("hypercube", {{"dim", "-1"}}), InputError);
  CHECK_THROWS_AS(gen_of("nonesuch", {}), InputError);
}

TEST_CASE("describe agrees with the built graph") {
  for (const auto& [family, raw] :
       std::vector<std::pair<std::string, std::map<std::string, std::string>>>{{"torus", {{"dims", "2x3x4"}}},
                                                                               {"mesh", {{"dims", "2x3x4"}}},
                                                                               {"ring", {{"nodes", "2"}}},
                                                                               {"hypercube", {{"dim", "4"}}},
                                                                               {"complete", {{"nodes", "5"}}}}) {
    CAPTURE(family);
    const auto& f = gen::find_family(family);
    const auto p = gen::parse_params(f, raw);
    const auto d = f.describe(p);
    const Graph g = gen::generate(f, p);
    const auto s = metrics::summarize(g);
    CHECK(d.nodes == s.nodes);
    CHECK(d.links == s.links);
    CHECK(d.degree_min == s.degree_min);
    CHECK(d.degree_max == s.degree_max);
  }
}

TEST_CASE("generate refuses instances over the node limit before building") {
  const auto& f = gen::find_family("torus");
  gen::GenerateOptions opt;
  opt.max_nodes = 100;
  CHECK_THROWS_AS(gen::generate(f, gen::parse_params(f, {{"dims", "10x11"}}), opt), InputError);
}
