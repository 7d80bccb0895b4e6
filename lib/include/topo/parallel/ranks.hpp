#pragma once
// The processes of one job (the MPI ranks under mpirun or srun) as the library sees them, without MPI
// itself: which process this is, how work items are split between the processes, the two collectives
// that bring partial results together, and the two that one computation split over the processes
// meets at as it goes (a simulation across ranks: toposim run). The library runs with a single process unless a
// tool hands it the job (tools/common/job.hpp); it never prints, exits or stops the job.
#include <cstddef>
#include <cstdint>
#include <exception>
#include <span>
#include <string>
#include <vector>

namespace topo::parallel {

/// Every rank's bytes, in rank order, in one string: rank k's are [start[k], start[k + 1]).
struct Gathered {
  std::string bytes;
  std::vector<std::size_t> start;
};

class Ranks {
 public:
  virtual ~Ranks() = default;
  virtual int rank() const = 0;  // 0 .. size()-1
  virtual int size() const = 0;
  /// Replaces `bytes` on every rank by rank 0's.
  virtual void broadcast(std::string& bytes) = 0;
  /// Every rank's bytes in rank order, on rank 0; an empty list on the other ranks.
  virtual std::vector<std::string> gather(const std::string& bytes) = 0;
  /// Adds `values` over the ranks element by element: every rank gets the sums. A collective without the
  /// failure agreement of broadcast and gather: a computation that calls it often says itself when a rank
  /// failed (PeerStopped).
  virtual void sum(std::span<std::uint64_t> values) = 0;
  /// Sends to_rank[k] to rank k (size() entries) and returns what every rank sent this one, in rank order.
  /// The same kind of collective as sum.
  virtual std::vector<std::string> exchange(const std::vector<std::string>& to_rank) = 0;
  /// Every rank's bytes on every rank (the same kind of collective as sum).
  virtual Gathered all_gather(const std::string& bytes) = 0;
};

/// Thrown by a computation split over the ranks on the ranks that did not fail, when another did: that rank
/// throws its own error, and says why.
struct PeerStopped : std::exception {
  const char* what() const noexcept override { return "another rank stopped the computation"; }
};

/// This process alone (rank 0 of 1).
Ranks& single_process();

/// Splits items 0..n-1 into `parts` consecutive ranges of about equal total cost: part p gets the
/// items [first[p], first[p+1]) (an item goes to the part its cost midpoint falls in).
std::vector<std::size_t> split_by_cost(std::span<const double> cost, int parts);

/// Appends the bytes of `values` to `out`, and reads them back from `in` at `at` (advancing it);
/// for packing partial results of trivially copyable types on one machine architecture.
template <class T>
void pack(std::string& out, std::span<const T> values) {
  const std::size_t count = values.size();
  out.append(reinterpret_cast<const char*>(&count), sizeof count);
  out.append(reinterpret_cast<const char*>(values.data()), count * sizeof(T));
}
template <class T>
std::vector<T> unpack(const std::string& in, std::size_t& at) {
  std::size_t count = 0;
  in.copy(reinterpret_cast<char*>(&count), sizeof count, at);
  at += sizeof count;
  std::vector<T> values(count);
  in.copy(reinterpret_cast<char*>(values.data()), count * sizeof(T), at);
  at += count * sizeof(T);
  return values;
}

}  // namespace topo::parallel
