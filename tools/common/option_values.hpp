#pragma once
// Option values that look like options: CLI11 takes the word after an option that needs a value whatever it
// is, so `--loads --csv` would write a file named "--csv". Such a value must be written `--loads=--csv`.
#include <CLI/CLI.hpp>
#include <string>

namespace topo::cli {

/// The usage error for the first option of argv (options of `app` and of the subcommands named on the line)
/// whose value starts with '-' and is not a number or "-", given as a separate word; empty when there is none.
/// Words after "--" are not looked at.
std::string option_value_like_option(const CLI::App& app, int argc, char** argv);

}  // namespace topo::cli
