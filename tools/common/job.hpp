#pragma once
// The job a tool runs in: the MPI ranks under mpirun or srun when the tools are built with MPI
// (cmake -DTOPO_MPI=ON), else this process alone. Only this layer knows MPI; the library sees the
// job as a topo::parallel::Ranks.
#include <cstddef>
#include <exception>
#include <functional>
#include <string>
#include <vector>

#include "topo/parallel/ranks.hpp"

namespace topo::cli {

/// Thrown on every rank when another rank failed: the tool exits 1 without a message of its own
/// (the failed rank says why).
struct PeerFailed : std::exception {
  const char* what() const noexcept override { return "another rank failed"; }
};

class Job : public parallel::Ranks {
 public:
  /// The collective every rank reaches exactly once at the end of a run (or at its failure): returns
  /// the lowest rank that failed, or -1 when none did. The broadcast and gather of a job start with
  /// the same agreement and throw PeerFailed when a rank failed, so a rank that fails between two
  /// collectives stops the others at the next one instead of leaving them waiting.
  virtual int agree_on_failure(bool failed) = 0;
  /// From now on rank 0 works alone: size() is 1 and the collectives do nothing (for a tool that is
  /// not distributed; agree_on_failure still joins every rank).
  virtual void go_solo() = 0;
  /// True when any one thread at a time may make the job's calls (MPI_THREAD_SERIALIZED or more), as a simulation
  /// split over the ranks needs when it runs on several threads; else only the main thread may.
  virtual bool calls_from_any_thread() const { return true; }
  /// True on the first rank of its machine, the one that fills what share_on_machine shares.
  virtual bool machine_leader() const = 0;
  /// `bytes` bytes that the machine's first rank fills (`fill`), the same memory on every rank of the machine (a
  /// file in $TOPO_SHM_DIR, default /dev/shm, that they all map), kept until the process ends: one copy a machine of
  /// what every rank reads. A collective of every rank, which starts with broadcast's failure agreement; `bytes` and
  /// `fill` matter on the first ranks only. Where the machine cannot share that much, every rank gets its own copy.
  virtual const std::byte* share_on_machine(std::size_t bytes, const std::function<void(std::byte*)>& fill) = 0;
};

/// Joins the job (MPI_Init) once per process; then job() is the job. Without MPI, does nothing.
void start_job(int& argc, char**& argv);
/// Leaves the job (MPI_Finalize); the process should exit right after.
void finish_job();
/// The job of this process (this process alone before start_job or without MPI).
Job& job();
/// True when the tools were built with MPI.
bool built_with_mpi();
/// The MPI library's name and version ("Open MPI v4.1.4"), empty without MPI (for --version).
std::string mpi_library_version();

}  // namespace topo::cli

namespace topo::cli {

/// Runs item(0) .. item(count-1) spread over the job's ranks (rank k runs k, k+P, ...) and returns
/// what each returned, in item order, on rank 0 (an empty list on the other ranks).
std::vector<std::string> deal_out(std::size_t count, const std::function<std::string(std::size_t)>& item);

}  // namespace topo::cli
