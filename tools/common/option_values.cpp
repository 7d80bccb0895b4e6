#include "common/option_values.hpp"

#include <fmt/format.h>

#include <cctype>
#include <string_view>

#include "topo/excerpt.hpp"

namespace topo::cli {

namespace {

// "-x", "--csv"; not "-" (standard input) or a negative number ("-1", "-.5").
bool looks_like_option(std::string_view word) {
  return word.size() >= 2 && word[0] == '-' && !std::isdigit(static_cast<unsigned char>(word[1])) && word[1] != '.';
}

const CLI::Option* find_option(const CLI::App* app, const std::string& name) {
  for (; app; app = app->get_parent())
    if (const auto* o = app->get_option_no_throw(name)) return o;
  return nullptr;
}

}  // namespace

std::string option_value_like_option(const CLI::App& app, int argc, char** argv) {
  const CLI::App* here = &app;
  for (int i = 1; i < argc; ++i) {
    const std::string word = argv[i];
    if (word == "--") break;
    const bool is_long = word.size() > 2 && word.compare(0, 2, "--") == 0;
    const bool is_short = word.size() == 2 && word[0] == '-' && word[1] != '-';
    if (!is_long && !is_short) {
      if (word[0] != '-')  // a subcommand moves on to its options; a positional value changes nothing
        for (const auto* sub : here->get_subcommands([](const CLI::App*) { return true; }))
          if (!sub->get_name().empty() && sub->check_name(word)) {
            here = sub;
            break;
          }
      continue;
    }
    if (word.find('=') != std::string::npos) continue;
    const auto* o = find_option(here, word);
    if (!o || o->get_items_expected_min() <= 0) continue;
    const int values = o->get_items_expected_min();
    for (int k = 1; k <= values && i + k < argc; ++k) {
      const std::string_view value = argv[i + k];
      if (!looks_like_option(value)) continue;
      const std::string name = o->get_lnames().empty() ? word : "--" + o->get_lnames().front();
      return fmt::format(
          "{} needs a value but is followed by the option {} (write {}={} for a value that starts "
          "with '-')",
          word, printable(value), name, printable(value));
    }
    i += values;
  }
  return {};
}

}  // namespace topo::cli
