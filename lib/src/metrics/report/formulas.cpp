// The closed forms the graph's family gives for its parameters (Description::formulas).
#include "section.hpp"

namespace topo::metrics::report {

Section section_formulas() {
  return {"formulas",
          [](const View& v, nlohmann::json& j) {
            if (!v.r.formulas->empty()) j["formulas"] = *v.r.formulas;
          },
          [](const View& v, TextTable& t) {
            if (v.r.formulas->empty()) return;
            t.heading("Family formulas");
            for (const auto& [k, x] : v.r.formulas->items()) t.row(k, formula_text(x));
          },
          [](const View& v, CsvRows& t) {
            for (const auto& [k, x] : v.r.formulas->items())
              t.row("formulas", k, x.is_string() ? x.get<std::string>() : x.dump());
          }};
}

}  // namespace topo::metrics::report
