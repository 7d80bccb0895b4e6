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

extern "C" void on_signal(int sig) {
  for (int i = 0; i < kSlots; ++i)
    if (used[i].load()) ::unlink(paths[i]);
  ::_exit(128 + sig);
}

}  // namespace

void install_signal_handlers() {
  struct sigaction sa {};
  sa.sa_handler = on_signal;
  sigemptyset(&sa.sa_mask);
  sigaddset(&sa.sa_mask, SIGINT);
  sigaddset(&sa.sa_mask, SIGTERM);
  for (int sig : {SIGINT, SIGTERM}) {
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
