// Bisection width: every bound found (figures.hpp, bisection_bounds()), each with how it was found.
#include "section.hpp"

namespace topo::metrics::report {

Section section_bisection() {
  return {"bisection",
          [](const View& v, nlohmann::json& j) {
            for (const auto& b : bisection_bounds())
              if (const auto& x = v.f.bisection.*b.figure)
                j["bisection"][b.name] = {{"links", x->links}, {"method", x->method}};
          },
          [](const View& v, TextTable& t) {
            if (v.f.bisection.empty()) return;
            t.heading("Bisection width");
            for (const auto& b : bisection_bounds())
              if (const auto& x = v.f.bisection.*b.figure)
                t.row(fmt::format("bisection {}", b.relation), fmt::format("{}  ({})", x->links, x->method));
          },
          [](const View& v, CsvRows& t) {
            for (const auto& b : bisection_bounds())
              if (const auto& x = v.f.bisection.*b.figure) t.num("bisection", b.name, x->links, x->method);
          }};
}

}  // namespace topo::metrics::report
