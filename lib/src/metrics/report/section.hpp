#pragma once
// One section of topostat's report: a heading of the text, keys of the JSON and a `section` of the CSV, all three
// rendered by the section's own file from the same typed figures (figures.hpp), so that a metric is written in
// one place. The sections are registered in section_list.hpp in the order of the text and the CSV (JSON objects
// are ordered by key); adding a metric is one file here defining `Section section_NAME()` and one line there.
#include <fmt/format.h>

#include <iosfwd>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "topo/metrics/figures.hpp"

namespace topo::metrics::report {

/// What a section renders from: the graph, the measured report, the user's cost inputs and the derived figures.
struct View {
  const Graph& g;
  const Report& r;
  const CostInputs& inputs;
  const Figures& f;
};

/// The text report's lines: headings, and rows of a figure's name in a column of 24 and its value.
class TextTable {
 public:
  explicit TextTable(std::ostream& out) : out_(out) {}
  /// A heading, after a blank line unless it opens the report.
  void heading(std::string_view name);
  /// A figure: its name in a column of 24, or followed by one space when longer.
  void row(std::string_view name, const std::string& value);
  void line(const std::string& text);

 private:
  std::ostream& out_;
  bool started_ = false;
};

/// The CSV report's rows (RFC 4180): "section,figure,value,note", the header written first.
class CsvRows {
 public:
  explicit CsvRows(std::ostream& out);
  void row(std::string_view section, std::string_view figure, const std::string& value, const std::string& note = "");
  template <class T>
  void num(std::string_view section, std::string_view figure, const T& value, const std::string& note = "") {
    row(section, figure, fmt::format("{}", value), note);
  }

 private:
  std::ostream& out_;
};

struct Section {
  const char* name;
  /// Adds the section's keys to the report's JSON object (nothing when it has no figure).
  void (*json)(const View&, nlohmann::json&);
  /// Writes the section's heading and rows (nothing when it has no figure).
  void (*text)(const View&, TextTable&);
  /// Writes the section's rows.
  void (*csv)(const View&, CsvRows&);
};

/// Every section, in the order of the text and the CSV.
const std::vector<Section>& sections();

// Values as the formats spell them.
/// Text: "yes" or "no".
std::string yes_no(bool b);
/// CSV: "true" or "false".
std::string boolean(bool b);
/// Text: "1 class", "3 classes".
std::string plural(std::uint64_t n, std::string_view one, std::string_view many);
/// A family's closed form as the text shows it: integers as they are, other numbers with 4 decimals, null as
/// "infinite".
std::string formula_text(const nlohmann::json& x);

}  // namespace topo::metrics::report
