// Link lengths of a graph with node positions: mean, maximum and total per link class, per level and overall.
#include "section.hpp"

namespace topo::metrics::report {

Section section_lengths() {
  return {
      "lengths",
      [](const View& v, nlohmann::json& j) {
        if (v.r.lengths.empty()) return;
        auto& lens = j["link_lengths"] = nlohmann::json::array();
        for (const auto& l : v.r.lengths)
          lens.push_back({{"group", l.name}, {"links", l.links}, {"mean", l.mean}, {"max", l.max}, {"total", l.total}});
      },
      [](const View& v, TextTable& t) {
        if (v.r.lengths.empty()) return;
        t.heading("Link lengths");
        for (const auto& l : v.r.lengths)
          t.row(fmt::format("length {}", l.name),
                fmt::format("mean {:.4f}, max {:.4f}, total {:.4f} ({} links)", l.mean, l.max, l.total, l.links));
      },
      [](const View& v, CsvRows& t) {
        for (const auto& l : v.r.lengths) {
          std::string name = l.name;  // "class torus", "level 2", "all"
          for (char& ch : name)
            if (ch == ' ' || ch == ',') ch = '_';
          t.num("lengths", name + "_mean", l.mean);
          t.num("lengths", name + "_max", l.max);
          t.num("lengths", name + "_total", l.total, fmt::format("{} links", l.links));
        }
      }};
}

}  // namespace topo::metrics::report
