// A range of seeds of one CLEX run as one document (topo/sim/clex_output.hpp): each run rendered where it ran,
// then put together in seed order. The JSON runs arrive as text and are read back, so that the document is indented
// as a whole.
#include <fmt/format.h>
#include <fmt/ostream.h>

#include <nlohmann/json.hpp>
#include <ostream>
#include <sstream>

#include "topo/sim/clex_output.hpp"

namespace topo::sim {

std::string clex_seed_run(ClexFormat format, const ClexOptions& o, const ClexResult& r) {
  std::ostringstream text;
  switch (format) {
    case ClexFormat::json: {
      auto j = clex_json(o, r);
      j["seed"] = o.seed;
      text << j.dump();
      break;
    }
    case ClexFormat::csv:
      write_clex_csv_rows(text, r, fmt::format("{},", o.seed));
      break;
    case ClexFormat::text:
      write_clex_text(text, o, r);
      break;
  }
  return text.str();
}

void write_clex_seed_runs(std::ostream& out, ClexFormat format, std::uint64_t first,
                          const std::vector<std::string>& runs, const nlohmann::json& head) {
  switch (format) {
    case ClexFormat::json: {
      auto j = head;
      auto& all = j["runs"] = nlohmann::json::array();
      for (const auto& r : runs) all.push_back(nlohmann::json::parse(r));
      out << j.dump(2) << '\n';
      break;
    }
    case ClexFormat::csv:
      fmt::print(out, "seed,{}\n", clex_csv_header());
      for (const auto& r : runs) out << r;
      break;
    case ClexFormat::text:
      for (std::size_t i = 0; i < runs.size(); ++i) fmt::print(out, "{}seed {}\n{}", i ? "\n" : "", first + i, runs[i]);
      break;
  }
}

}  // namespace topo::sim
