#pragma once
// toposim run: the cycle-based network simulator on any graph (topo/sim/network_sim.hpp).
#include <CLI/CLI.hpp>
#include <string>

#include "common/cli.hpp"
#include "topo/sim/network_sim.hpp"

namespace toposim {

struct RunCli {
  std::string input = "-";
  topo::sim::SimOptions o;
  std::string sweep, loads_file;
  bool saturation = false, csv = false, full_sweep = false;
  std::uint32_t seeds = 1;
};

/// Declares the `run` subcommand and its options.
CLI::App* add_run(CLI::App& app, RunCli& c);
/// Runs it; `json`, `output`, `no_provenance` and `threads` are the tool's shared options.
void run(topo::cli::Tool& tool, RunCli& c, const std::string& output, bool no_provenance, int threads);

}  // namespace toposim
