#pragma once
// Shell completions generated from a tool's own CLI11 option tree (`TOOL --generate-completion SHELL`),
// so that the committed files in completions/ cannot drift from the options.
#include <CLI/CLI.hpp>
#include <string>

namespace topo::cli {

/// The completion script for bash, zsh or fish; UsageError for another shell.
std::string generate_completion(const CLI::App& app, const std::string& shell);

}  // namespace topo::cli
