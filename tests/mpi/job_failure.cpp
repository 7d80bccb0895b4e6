// A probe of the job for tests/mpi/identical.sh.
// Its failure rule: rank --fail-rank throws before or after the exchange the other ranks wait in (a gather, then a
// broadcast, as the library's reductions do). Every rank must exit non-zero, and one line must name the failed
// rank; no rank may wait forever.
// The memory the ranks of a machine share (--share BYTES): the first rank fills it, and each rank says whether it
// reads those bytes and what holds them, a file of $TOPO_SHM_DIR that every rank maps, or a copy of its own; with
// --when fill, the first rank fails while it fills it.
#include <fmt/format.h>

#include <cstdint>
#include <fstream>
#include <sstream>

#include "common/cli.hpp"
#include "common/job.hpp"
#include "common/suggest.hpp"
#include "topo/errors.hpp"

namespace {

std::byte pattern(std::size_t i) {
  return std::byte(i % 251);
}

/// What holds address p in this process: the file of its mapping, or "own copy" when no file does.
std::string holder(const void* p) {
  std::ifstream maps("/proc/self/maps");
  const auto at = reinterpret_cast<std::uintptr_t>(p);
  for (std::string line; std::getline(maps, line);) {
    std::istringstream fields(line);
    std::string range, perms, offset, device, inode, path;
    fields >> range >> perms >> offset >> device >> inode;
    std::getline(fields >> std::ws, path);
    const auto dash = range.find('-');
    const auto lo = std::stoull(range.substr(0, dash), nullptr, 16),
               hi = std::stoull(range.substr(dash + 1), nullptr, 16);
    if (at < lo || at >= hi) continue;
    if (path.find("/topo-") == std::string::npos) return "own copy";
    return fmt::format("shared {} file, {}", perms, path.ends_with("(deleted)") ? "removed" : "still there");
  }
  return "no mapping";
}

}  // namespace

int main(int argc, char** argv) {
  topo::cli::Tool tool("job_failure", "job_failure: a rank that fails in an MPI job", argc, argv);
  int fail_rank = -1;
  std::string when = "before";
  std::size_t share = 0;
  tool.app.add_option("--fail-rank", fail_rank, "the rank that fails (default none)");
  tool.app.add_option("--when", when, "before or after the exchange, or while filling the shared memory")
      ->check(topo::cli::one_of({"before", "after", "fill"}));
  tool.app.add_option("--share", share, "share this many bytes between the ranks of a machine");
  return tool.run([&] {
    auto& job = topo::cli::job();
    const auto fail = [&] { throw topo::InputError(fmt::format("probe.el:3: a bad line on rank {}", job.rank())); };
    if (share > 0) {
      const auto* block = job.share_on_machine(share, [&](std::byte* out) {
        if (when == "fill" && job.rank() == fail_rank) fail();
        for (std::size_t i = 0; i < share; ++i) out[i] = pattern(i);
      });
      bool same = true;
      for (std::size_t i = 0; i < share; ++i) same = same && block[i] == pattern(i);
      const auto said =
          fmt::format("rank {}: {}, {}\n", job.rank(), same ? "same bytes" : "other bytes", holder(block));
      for (const auto& part : job.gather(said)) fmt::print("{}", part);
      return;
    }
    if (when == "before" && job.rank() == fail_rank) fail();
    std::string joined;
    for (const auto& part : job.gather(std::to_string(job.rank()))) joined += part;
    job.broadcast(joined);
    if (when == "after" && job.rank() == fail_rank) fail();
    if (tool.leader()) fmt::print("{}\n", joined);
  });
}
