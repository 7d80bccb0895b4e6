// What the tools share of the job, with or without MPI.
#include "common/job.hpp"

namespace topo::cli {

std::vector<std::string> deal_out(std::size_t count, const std::function<std::string(std::size_t)>& item) {
  auto& ranks = job();
  const auto P = std::size_t(ranks.size());
  std::string mine;
  for (auto i = std::size_t(ranks.rank()); i < count; i += P) {
    const std::string bytes = item(i);
    parallel::pack<char>(mine, bytes);
  }
  const auto all = ranks.gather(mine);
  std::vector<std::string> out;
  if (ranks.rank() != 0) return out;
  out.resize(count);
  std::vector<std::size_t> at(P, 0);
  for (std::size_t i = 0; i < count; ++i) {
    const auto bytes = parallel::unpack<char>(all[i % P], at[i % P]);
    out[i].assign(bytes.begin(), bytes.end());
  }
  return out;
}

}  // namespace topo::cli
