#pragma once
// The three standard descriptors: a closed one is held by /dev/null (so that no file the tool opens takes
// its number and receives its text), and diagnostics on stderr never end a run, whatever stderr is.
#include <string_view>

namespace topo::cli {

/// Puts /dev/null on each of descriptors 0, 1 and 2 that is closed, opened the other way round (write-only
/// for stdin, read-only for stdout and stderr) so that using it still fails as a closed descriptor does.
void hold_closed_standard_descriptors();

/// Puts a stream buffer on std::cout that remembers why a write to it failed (once, when the tool starts).
void remember_stdout_errors();
/// The errno of the first write to std::cout that failed; 0 when none did.
int stdout_error();

/// True when standard input was closed when the tool started.
bool stdin_was_closed();
/// True when standard output was closed when the tool started (a tool whose result went to -o then has
/// nothing it must print).
bool stdout_was_closed();

/// Writes `text` to stderr as one write; a failure (stderr closed, on a full disk, a closed pipe) is ignored:
/// a message or a progress bar that cannot be shown must not change the outcome of the run.
void write_stderr(std::string_view text) noexcept;

}  // namespace topo::cli
