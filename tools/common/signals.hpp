#pragma once
// The signals that end a process by default (SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGALRM, SIGUSR1,
// SIGUSR2) end a tool at once as they would have (status 128 + signal in a shell: 130, 143, 129, ...),
// removing the temporary files of unfinished -o outputs first.
#include <csignal>

namespace topo::cli {

/// Installs the handlers (once per process); a signal the parent ignores (nohup, `cmd &`) stays ignored.
void install_signal_handlers();

/// The signals the handlers take, for holding them while a temporary file is created or renamed.
sigset_t handled_signals();

/// Registers a temporary file to remove if a signal ends the process; returns a slot for untrack.
int track_temporary(const char* path);
void untrack_temporary(int slot);

}  // namespace topo::cli
