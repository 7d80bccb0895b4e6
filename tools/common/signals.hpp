#pragma once
// SIGINT and SIGTERM end a tool at once with status 128 + signal (130, 143), removing the temporary
// files of unfinished -o outputs first.

namespace topo::cli {

/// Installs the SIGINT and SIGTERM handlers (once per process).
void install_signal_handlers();

/// Registers a temporary file to remove if a signal ends the process; returns a slot for untrack.
int track_temporary(const char* path);
void untrack_temporary(int slot);

}  // namespace topo::cli
