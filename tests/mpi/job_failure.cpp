// A probe of the job's failure rule for tests/mpi/identical.sh: rank --fail-rank throws before or after
// the exchange the other ranks wait in (a gather, then a broadcast, as the library's reductions do).
// Every rank must exit non-zero, and one line must name the failed rank; no rank may wait forever.
#include <fmt/format.h>

#include "common/cli.hpp"
#include "common/job.hpp"
#include "common/suggest.hpp"
#include "topo/errors.hpp"

int main(int argc, char** argv) {
  topo::cli::Tool tool("job_failure", "job_failure: a rank that fails in an MPI job", argc, argv);
  int fail_rank = -1;
  std::string when = "before";
  tool.app.add_option("--fail-rank", fail_rank, "the rank that fails (default none)");
  tool.app.add_option("--when", when, "before or after the exchange")->check(topo::cli::one_of({"before", "after"}));
  return tool.run([&] {
    auto& job = topo::cli::job();
    const auto fail = [&] { throw topo::InputError(fmt::format("probe.el:3: a bad line on rank {}", job.rank())); };
    if (when == "before" && job.rank() == fail_rank) fail();
    std::string joined;
    for (const auto& part : job.gather(std::to_string(job.rank()))) joined += part;
    job.broadcast(joined);
    if (when == "after" && job.rank() == fail_rank) fail();
    if (tool.leader()) fmt::print("{}\n", joined);
  });
}
