#include "common/stdin_demand.hpp"

#include <unistd.h>

#include <iostream>
#include <iterator>
#include <sstream>

#include "common/job.hpp"
#include "topo/errors.hpp"

namespace topo::cli {

map::Demand read_demand_stdin(map::Weights wt, std::uint64_t task_limit) {
  // Under MPI standard input reaches rank 0 only: it reads, every rank parses the same text.
  std::string text;
  if (job().rank() == 0) {
    if (isatty(STDIN_FILENO)) throw UsageError("--demand -: standard input is a terminal; pipe the demand in");
    text.assign(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>());
  }
  job().broadcast(text);
  std::istringstream in(std::move(text));
  auto d = map::read_demand(in, "<stdin>", wt, task_limit);
  d.source = "<stdin>";
  return d;
}

}  // namespace topo::cli
