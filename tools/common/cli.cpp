#include "common/cli.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <new>

#include "common/completion.hpp"
#include "common/job.hpp"
#include "common/option_values.hpp"
#include "common/signals.hpp"
#include "common/standard_streams.hpp"
#include "common/suggest.hpp"
#include "common/version.hpp"
#include "topo/errors.hpp"
#include "topo/excerpt.hpp"

namespace topo::cli {

namespace {

// CLI11 messages start with a capital and may span lines; ours are one
// lowercase line.
std::string one_line(std::string msg) {
  for (auto& c : msg)
    if (c == '\n') c = ' ';
  while (!msg.empty() && msg.back() == ' ') msg.pop_back();
  if (!msg.empty() && msg[0] >= 'A' && msg[0] <= 'Z' && !(msg.size() > 1 && msg[1] >= 'A' && msg[1] <= 'Z'))
    msg[0] = static_cast<char>(msg[0] - 'A' + 'a');
  return msg;
}

bool stdout_ok() {
  std::cout.flush();
  return std::cout && std::fflush(stdout) == 0 && !std::ferror(stdout);
}

std::string stdout_write_error() {
  const int err = stdout_error();
  return err ? fmt::format("write error on standard output: {}", std::strerror(err))
             : std::string("write error on standard output");
}

}  // namespace

Tool::Tool(std::string name, const std::string& description, int argc, char** argv)
    : app(description, name), name_(std::move(name)), argc_(argc), raw_argv_(argv) {
  hold_closed_standard_descriptors();
  start_job(argc_, raw_argv_);
  // Die quietly on a closed pipe (`topogen ... | head`), as filters do: by SIGPIPE, after removing a temporary file.
  std::signal(SIGPIPE, SIG_DFL);
  install_signal_handlers();
  std::ios::sync_with_stdio(false);
  remember_stdout_errors();
  for (int i = 0; i < argc_; ++i) argv_.emplace_back(raw_argv_[i]);
  app.set_version_flag("--version", version_text(name_), "print the version, commit and libraries and exit");
  app.set_help_flag("-h,--help", "print this help and exit");
  app.option_defaults()->always_capture_default();
}

int Tool::run(const std::function<void()>& body) {
  const int status = run_here(body);
  finish_job();
  return status;
}

int Tool::run_here(const std::function<void()>& body) {
  // Under MPI every rank parses and runs the same command; only rank 0 prints results, and of the
  // failed ranks only the lowest prints its message, naming its rank (a usage error fails on every
  // rank alike, and rank 0 says it).
  auto& ranks = job();
  const bool leader = ranks.rank() == 0;
  // Hidden: `TOOL --generate-completion SHELL` prints a completion script made
  // from the option tree.
  if (argc_ == 3 && std::string_view(raw_argv_[1]) == "--generate-completion") {
    if (!leader) return ok;
    try {
      std::cout << generate_completion(app, raw_argv_[2]);
    } catch (const topo::UsageError& e) {
      write_stderr(fmt::format("{}: {}\n", name_, e.what()));
      return usage;
    }
    return stdout_ok() ? ok : failure;
  }
  if (leader_only) ranks.go_solo();
  int status = ok;
  std::string message;
  bool peer_failed = false, peer_stopped = false;
  try {
    // Before CLI11 takes the option as a value (and then, maybe, the option's own value as an extra argument).
    if (auto swallowed = option_value_like_option(app, argc_, raw_argv_); !swallowed.empty())
      throw CLI::ValidationError(swallowed);
    app.parse(argc_, raw_argv_);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) {  // --help, --version
      if (!leader) return ok;
      app.exit(e, std::cout, std::cerr);
      return stdout_ok() ? ok : failure;
    }
    const std::string unexpected = explain_unexpected(app, subcommand_noun);
    message = fmt::format("{} (try '{} --help')", topo::printable(unexpected.empty() ? one_line(e.what()) : unexpected),
                          name_);
    status = usage;
  }
  if (status == ok && (leader || !leader_only)) {
    try {
      body();
    } catch (const PeerFailed&) {
      peer_failed = true;
      status = failure;
    } catch (const topo::parallel::PeerStopped&) {
      peer_stopped = true;  // the rank that stopped it says why
      status = failure;
    } catch (const topo::UsageError& e) {
      message = topo::printable(e.what());
      status = usage;
    } catch (const topo::Error& e) {
      message = topo::printable(e.what());
      status = failure;
    } catch (const std::bad_alloc&) {
      message = fmt::format(
          "out of memory: an allocation failed that the memory estimate did not foresee "
          "(--max-memory {})",
          memory().limit ? format_bytes(memory().limit) : "none");
      status = failure;
    } catch (const std::exception& e) {
      message = topo::printable(one_line(e.what()));
      status = failure;
    }
    if (!stdout_ok() && status == ok) {
      message = stdout_write_error();
      status = failure;
    }
  }
  if (peer_failed) return status;
  const int lowest_failed = ranks.agree_on_failure(status != ok && !peer_stopped);
  if (status == ok) return lowest_failed < 0 ? ok : failure;
  if (lowest_failed == ranks.rank()) {
    if (ranks.size() > 1)
      write_stderr(fmt::format("{}: rank {}: {}\n", name_, ranks.rank(), message));
    else
      write_stderr(fmt::format("{}: {}\n", name_, message));
  }
  return status;
}

nlohmann::json Tool::provenance(std::optional<std::uint64_t> seed) const {
  nlohmann::json p = {{"tool", name_}, {"version", TOPO_VERSION}, {"argv", argv_}};
  if (seed) p["seed"] = *seed;
  return p;
}

void Tool::add_json_flag(bool& json) {
  app.add_flag("--json", json, "machine-readable JSON output");
}

void Tool::add_provenance_flag(bool& no_provenance) {
  app.add_flag("--no-provenance", no_provenance, "leave out the provenance block (tool, version, argv, seed)");
}

CLI::Validator file_name() {
  return CLI::Validator(
      [](std::string& v) { return v.empty() ? std::string("an empty file name ('-' is standard output)") : ""; }, "");
}

void Tool::add_output_option(std::string& path) {
  app.add_option("-o,--output", path, "write to FILE (atomically) instead of standard output")
      ->type_name("FILE")
      ->check(file_name());
}

void Tool::add_threads_option(int& threads) {
  app.add_option("-j,--threads", threads, "number of threads (default: all cores)")
      ->type_name("N")
      ->check(CLI::NonNegativeNumber);
}

void Tool::add_progress_flags() {
  auto* p = app.add_flag("--progress", progress_, "draw progress on stderr even when it is not a terminal");
  auto* q = app.add_flag("-q,--quiet", quiet_, "never draw progress");
  p->excludes(q);
}

namespace {

// --max-memory: none or 0 = no limit, else bytes as topo::parse_bytes reads them.
std::optional<std::uint64_t> parse_max_memory(const std::string& text) {
  if (text == "none") return 0;
  return topo::parse_bytes(text);
}

}  // namespace

void Tool::add_memory_option(CLI::App* on) {
  (on ? on : &app)
      ->add_option("--max-memory", max_memory_,
                   "refuse a run whose memory estimate is above SIZE (bytes, or K/M/G/T; none: no limit; "
                   "default: 80% of physical memory)")
      ->type_name("SIZE")
      ->check(CLI::Validator(
          [](std::string& v) -> std::string {
            return parse_max_memory(v) ? std::string()
                                       : fmt::format("\"{}\" is not a size (e.g. 512M, 16G or none)", v);
          },
          ""));
}

MemoryBudget Tool::memory() const {
  if (!max_memory_.empty()) return {*parse_max_memory(max_memory_), ""};
  return {physical_memory() / 5 * 4, "80% of physical memory"};
}

bool Tool::leader() const {
  return job().rank() == 0;
}

bool Tool::progress_enabled() const {
  return !quiet_ && (progress_ || isatty(STDERR_FILENO)) && job().rank() == 0;
}

}  // namespace topo::cli
