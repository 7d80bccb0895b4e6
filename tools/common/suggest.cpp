#include "common/suggest.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <numeric>

namespace topo::cli {

std::size_t edit_distance(std::string_view a, std::string_view b) {
  const std::size_t n = a.size(), m = b.size();
  std::vector<std::vector<std::size_t>> d(n + 1, std::vector<std::size_t>(m + 1));
  for (std::size_t i = 0; i <= n; ++i) d[i][0] = i;
  for (std::size_t j = 0; j <= m; ++j) d[0][j] = j;
  for (std::size_t i = 1; i <= n; ++i)
    for (std::size_t j = 1; j <= m; ++j) {
      const std::size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[n][m];
}

std::string did_you_mean(std::string_view word, const std::vector<std::string>& names) {
  if (word.empty() || names.empty()) return "";
  const std::string* best = nullptr;
  std::size_t best_d = 0;
  for (const auto& n : names) {
    const std::size_t d = edit_distance(word, n);
    if (!best || d < best_d) best = &n, best_d = d;
  }
  const std::size_t limit = std::max<std::size_t>(1, word.size() / 3);
  if (best_d > 0 && best_d <= limit) return fmt::format("; did you mean '{}'?", *best);
  // A unique prefix (`--thread` for `--threads`, `hyper` for `hypercube`).
  const std::string* prefixed = nullptr;
  for (const auto& n : names)
    if (n.size() > word.size() && n.compare(0, word.size(), word) == 0) {
      if (prefixed) return "";
      prefixed = &n;
    }
  return prefixed && word.size() >= 3 ? fmt::format("; did you mean '{}'?", *prefixed) : "";
}

CLI::Validator one_of(std::vector<std::string> names) {
  const std::string desc = fmt::format("{{{}}}", fmt::join(names, ","));
  return CLI::Validator(
      [names = std::move(names)](std::string& value) -> std::string {
        if (std::find(names.begin(), names.end(), value) != names.end()) return "";
        return fmt::format("'{}' is not one of {}{}", value, fmt::join(names, ", "), did_you_mean(value, names));
      },
      desc);
}

namespace {

void option_names(const CLI::App& app, std::vector<std::string>& out) {
  for (const auto* opt : app.get_options()) {
    for (const auto& l : opt->get_lnames()) out.push_back("--" + l);
    for (const auto& s : opt->get_snames()) out.push_back("-" + s);
  }
}

}  // namespace

std::string explain_unexpected(const CLI::App& app, const std::string& noun) {
  const auto left = app.remaining(true);
  if (left.empty()) return "";
  const auto chosen = app.get_subcommands();
  const std::string& word = left.front();
  if (word.size() > 1 && word[0] == '-') {
    std::vector<std::string> names;
    for (const auto* sub : chosen) option_names(*sub, names);
    option_names(app, names);
    const std::string flag = word.substr(0, word.find('='));
    return fmt::format("unknown option '{}'{}", flag, did_you_mean(flag, names));
  }
  const auto subs = app.get_subcommands([](const CLI::App*) { return true; });
  if (chosen.empty() && !subs.empty()) {
    std::vector<std::string> names;
    names.reserve(subs.size());
    for (const auto* s : subs) names.push_back(s->get_name());
    return fmt::format("unknown {} '{}'{}", noun, word, did_you_mean(word, names));
  }
  return fmt::format("unexpected argument '{}'", word);
}

}  // namespace topo::cli
