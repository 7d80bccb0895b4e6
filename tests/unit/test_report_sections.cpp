// topostat's report sections (lib/src/metrics/report/): each renders in every format or in none, the registry
// has each name once, and the formats put together are the sections in order.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "fixtures.hpp"
#include "metrics/report/section.hpp"
#include "topo/metrics/measure.hpp"
#include "topo/metrics/report_output.hpp"

using namespace topo;

namespace {

struct Case {
  const char* what;
  Graph g;
  metrics::CostInputs inputs;
};

std::vector<Case> cases() {
  std::vector<Case> out;
  metrics::CostInputs priced;
  priced.terminals_per_router = 3;
  priced.prices = {1, 2, 3};
  out.push_back({"torus with terminals and prices", test::family("torus", {{"dims", "4x4"}}), priced});
  out.push_back({"indirect fat tree", test::family("fattree", {{"arity", "4"}, {"levels", "2"}}), {}});
  out.push_back({"directed de Bruijn", test::family("debruijn", {{"symbols", "2"}, {"length", "4"}}), {}});
  out.push_back({"CLEX with positions", test::family("clex", {{"clique", "3"}, {"levels", "2"}}), {}});
  out.push_back({"a graph without family", GraphBuilder(2, false).finish(Duplicates::reject), {}});
  return out;
}

}  // namespace

TEST_CASE("report sections: registered once, each in every format or in none") {
  std::set<std::string> names;
  for (const auto& s : metrics::report::sections()) CHECK_MESSAGE(names.insert(s.name).second, s.name);
  for (const auto& c : cases()) {
    CAPTURE(c.what);
    metrics::MeasureOptions mo;
    mo.threads = 1;
    mo.paths = true;  // the path diversity section too (absent without --paths)
    const auto r = metrics::measure(c.g, mo);
    const auto f = metrics::derive(c.g, r, c.inputs);
    const metrics::report::View v{c.g, r, c.inputs, f};
    std::size_t shown = 0;
    for (const auto& s : metrics::report::sections()) {
      CAPTURE(s.name);
      nlohmann::json j = nlohmann::json::object();
      s.json(v, j);
      std::ostringstream text, csv;
      metrics::report::TextTable t(text);
      s.text(v, t);
      {
        metrics::report::CsvRows rows(csv);
        s.csv(v, rows);
      }
      const bool in_csv = csv.str() != "section,figure,value,note\n";
      CHECK(!j.empty() == !text.str().empty());
      CHECK(!j.empty() == in_csv);
      shown += !j.empty();
    }
    CHECK(shown >= 4);  // size, connectivity, distances at least, and more on the family graphs
  }
}

TEST_CASE("report sections: the whole report is the sections in order") {
  const auto g = test::family("torus", {{"dims", "4x4"}});
  metrics::MeasureOptions mo;
  mo.threads = 1;
  const auto r = metrics::measure(g, mo);
  const metrics::CostInputs inputs;
  const auto f = metrics::derive(g, r, inputs);
  const metrics::report::View v{g, r, inputs, f};
  std::ostringstream whole, parts;
  metrics::write_report_csv(whole, g, r, inputs);
  metrics::report::CsvRows rows(parts);
  for (const auto& s : metrics::report::sections()) s.csv(v, rows);
  CHECK(whole.str() == parts.str());
  nlohmann::json j;
  for (const auto& s : metrics::report::sections()) s.json(v, j);
  CHECK(j == metrics::report_json(g, r, inputs));
  // The sections of a torus: its family's formulas, the bisection bounds and u among them.
  CHECK(j.at("formulas").at("diameter") == 4);
  CHECK(j.at("link_utilization").at("u") == doctest::Approx(1.0));
  CHECK(j.at("bisection").contains("structural"));
}
