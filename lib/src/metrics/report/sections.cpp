// The section registry, the text and CSV writers the sections share, and the values as the formats spell them.
#include <fmt/ostream.h>

#include <algorithm>
#include <ostream>

#include "section.hpp"
#include "topo/io/csv.hpp"

namespace topo::metrics::report {

#define TOPO_REPORT_SECTION(name) Section section_##name();
#include "section_list.hpp"
#undef TOPO_REPORT_SECTION

const std::vector<Section>& sections() {
  static const std::vector<Section> all = {
#define TOPO_REPORT_SECTION(name) section_##name(),
#include "section_list.hpp"
#undef TOPO_REPORT_SECTION
  };
  return all;
}

void TextTable::heading(std::string_view name) {
  line(fmt::format("{}{}", started_ ? "\n" : "", name));
}

void TextTable::row(std::string_view name, const std::string& value) {
  // Padded by characters, not bytes: a name with θ or ≤ (UTF-8, several bytes each) lines up with the others.
  const auto width = std::size_t(std::count_if(name.begin(), name.end(), [](char c) { return (c & 0xC0) != 0x80; }));
  line(fmt::format("  {}{}{}", name, std::string(width >= 24 ? 1 : 24 - width, ' '), value));
}

void TextTable::line(const std::string& text) {
  fmt::print(out_, "{}\n", text);
  started_ = true;
}

CsvRows::CsvRows(std::ostream& out) : out_(out) {
  fmt::print(out_, "section,figure,value,note\n");
}

void CsvRows::row(std::string_view section, std::string_view figure, const std::string& value,
                  const std::string& note) {
  fmt::print(out_, "{},{},{},{}\n", section, figure, io::csv_field(value), io::csv_field(note));
}

std::string yes_no(bool b) {
  return b ? "yes" : "no";
}

std::string boolean(bool b) {
  return b ? "true" : "false";
}

std::string plural(std::uint64_t n, std::string_view one, std::string_view many) {
  return fmt::format("{} {}", n, n == 1 ? one : many);
}

std::string formula_text(const nlohmann::json& x) {
  if (x.is_null()) return "infinite";
  if (x.is_number_float()) return fmt::format("{:.4f}", x.get<double>());
  return x.dump();
}

}  // namespace topo::metrics::report
