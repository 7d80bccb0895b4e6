#include "common/signals.hpp"

#include <unistd.h>

#include <atomic>
#include <csignal>
#include <cstring>

namespace topo::cli {

namespace {

// The handler may only read these: fixed buffers, published by an atomic flag per slot.
constexpr int kSlots = 4;
constexpr std::size_t kPathMax = 4096;
char paths[kSlots][kPathMax];
std::atomic<bool> used[kSlots];

// Every signal whose default action ends the process and that a user, a terminal, a shell or a closed pipe
// sends: a dropped ssh connection (SIGHUP), Ctrl-\ (SIGQUIT), a reader that went away (SIGPIPE), alarm(1) or
// timeout -s ALRM, kill -USR1/-USR2.
constexpr int kSignals[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGALRM, SIGUSR1, SIGUSR2};

extern "C" void on_signal(int sig) {
  for (int i = 0; i < kSlots; ++i)
    if (used[i].load()) ::unlink(paths[i]);
  // Then end as the signal would have (a shell sees a process killed by it), with 128 + signal as a fallback.
  std::signal(sig, SIG_DFL);
  sigset_t s;
  sigemptyset(&s);
  sigaddset(&s, sig);
  ::raise(sig);
  ::sigprocmask(SIG_UNBLOCK, &s, nullptr);
  ::_exit(128 + sig);
}

}  // namespace

sigset_t handled_signals() {
  sigset_t s;
  sigemptyset(&s);
  for (int sig : kSignals) sigaddset(&s, sig);
  return s;
}

void install_signal_handlers() {
  struct sigaction sa {};
  sa.sa_handler = on_signal;
  sa.sa_mask = handled_signals();
  for (int sig : kSignals) {
    struct sigaction old {};
    sigaction(sig, nullptr, &old);
    if (old.sa_handler != SIG_IGN) sigaction(sig, &sa, nullptr);  // nohup and `cmd &` keep ignoring them
  }
}

int track_temporary(const char* path) {
  if (std::strlen(path) >= kPathMax) return -1;
  for (int i = 0; i < kSlots; ++i) {
    if (used[i].load()) continue;
    std::strcpy(paths[i], path);
    used[i].store(true);
    return i;
  }
  return -1;
}

void untrack_temporary(int slot) {
  if (slot >= 0 && slot < kSlots) used[slot].store(false);
}

}  // namespace topo::cli
