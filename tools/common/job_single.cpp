// The job of a build without MPI: this process alone.
#include <memory>

#include "common/job.hpp"

namespace topo::cli {

namespace {

class SingleJob final : public Job {
 public:
  int rank() const override { return 0; }
  int size() const override { return 1; }
  void broadcast(std::string&) override {}
  std::vector<std::string> gather(const std::string& bytes) override { return {bytes}; }
  void sum(std::span<std::uint64_t>) override {}
  std::vector<std::string> exchange(const std::vector<std::string>& to_rank) override { return {to_rank.at(0)}; }
  parallel::Gathered all_gather(const std::string& bytes) override { return {bytes, {0, bytes.size()}}; }
  int agree_on_failure(bool failed) override { return failed ? 0 : -1; }
  void go_solo() override {}
  bool machine_leader() const override { return true; }
  const std::byte* share_on_machine(std::size_t bytes, const std::function<void(std::byte*)>& fill) override {
    kept_.push_back(std::make_unique<std::byte[]>(bytes));
    fill(kept_.back().get());
    return kept_.back().get();
  }

 private:
  std::vector<std::unique_ptr<std::byte[]>> kept_;
};

}  // namespace

void start_job(int&, char**&) {}
void finish_job() {}

Job& job() {
  static SingleJob alone;
  return alone;
}

bool built_with_mpi() {
  return false;
}

std::string mpi_library_version() {
  return {};
}

}  // namespace topo::cli
