#pragma once
// The shared CLI layer (doc/definitions.md §8): parsing with CLI11, exit codes, error lines, stdout checks,
// provenance and the options every tool shares. Only this layer and the tools print.
#include <CLI/CLI.hpp>
#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "topo/memory.hpp"

namespace topo::cli {

/// Exit statuses of every tool.
enum Exit : int { ok = 0, failure = 1, usage = 2 };

/// One tool invocation: its CLI11 app, its argv, and the run loop that maps errors to exit codes.
class Tool {
 public:
  Tool(std::string name, const std::string& description, int argc, char** argv);

  CLI::App app;
  const std::string& name() const { return name_; }
  const std::vector<std::string>& argv() const { return argv_; }
  /// Under mpirun, run the body on rank 0 only (a tool that is not distributed: the other ranks wait).
  bool leader_only = false;
  /// What the tool's subcommands are called in "unknown … 'x'; did you mean 'y'?" ("family" in topogen).
  std::string subcommand_noun = "subcommand";

  /// Parses the command line and runs `body`; returns the exit status. Usage errors exit 2,
  /// library errors print "tool: message" and exit 1, and a failed write to stdout is an error.
  /// Under MPI (common/job.hpp) every rank runs `body`; a failure on any rank makes every rank exit
  /// non-zero and one rank print "tool: rank R: message"; then the rank leaves the job.
  int run(const std::function<void()>& body);

  /// True on the rank that prints results and notes (rank 0; the only one without MPI).
  bool leader() const;

  /// Provenance block for JSON outputs (tool, version, argv, and the seed when there is one).
  nlohmann::json provenance(std::optional<std::uint64_t> seed = std::nullopt) const;

  // Shared options.
  void add_json_flag(bool& json);
  void add_provenance_flag(bool& no_provenance);
  void add_output_option(std::string& path);
  void add_threads_option(int& threads);
  void add_progress_flags();
  /// --max-memory SIZE on `on` (the tool's app when null; a subcommand without fallthrough needs its own):
  /// bytes, or K/M/G/T; none or 0 for no limit. A malformed size is a usage error.
  void add_memory_option(CLI::App* on = nullptr);
  /// The limit every estimate of the run is checked against: --max-memory, else 80% of physical memory.
  MemoryBudget memory() const;
  /// True when progress should be drawn on stderr (a terminal, unless --quiet; or --progress).
  bool progress_enabled() const;
  /// True with --quiet: no progress and no notes on stderr.
  bool quiet() const { return quiet_; }

 private:
  int run_here(const std::function<void()>& body);
  std::string name_;
  std::vector<std::string> argv_;
  int argc_;
  char** raw_argv_;
  bool progress_ = false, quiet_ = false;
  std::string max_memory_;  // as given; empty = the default
};

/// The check of an option that names a file to write: an empty name is a usage error (it is not stdout).
CLI::Validator file_name();

}  // namespace topo::cli
