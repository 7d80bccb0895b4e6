// The graph's family and parameters, when its file names them.
#include "section.hpp"

namespace topo::metrics::report {

Section section_graph() {
  return {"graph",
          [](const View& v, nlohmann::json& j) {
            if (!v.g.meta.family.empty())
              j["graph"] = {{"family", v.g.meta.family}, {"parameters", v.g.meta.parameters}};
          },
          [](const View& v, TextTable& t) {
            if (!v.g.meta.family.empty())
              t.line(fmt::format("{:<26}{} {}", "graph", v.g.meta.family, v.g.meta.parameters->dump()));
          },
          [](const View& v, CsvRows& t) {
            if (v.g.meta.family.empty()) return;
            t.row("graph", "family", v.g.meta.family);
            t.row("graph", "parameters", v.g.meta.parameters->dump());
          }};
}

}  // namespace topo::metrics::report
