#pragma once
// Memory estimates and the limit a run is held to (`--max-memory`, doc/definitions.md §8): a tool adds up
// what a request will allocate before it allocates the big arrays, and the budget refuses a request whose
// estimate is above the limit.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "topo/errors.hpp"

namespace topo {

/// A request refused by MemoryBudget::check (exit status 1). Readers pass it on as it is: it is about the
/// run, not about a line of the input.
struct MemoryLimitError : InputError {
  using InputError::InputError;
};

/// What a request will allocate, part by part ("graph", "link loads", ...), in bytes.
struct MemoryEstimate {
  std::vector<std::pair<std::string, std::uint64_t>> parts;
  std::string who = "this run";  // what needs it: "each of the 4 ranks" when a run is split over processes
  /// Adds a part (a part of 0 bytes is left out); sums saturate instead of wrapping.
  MemoryEstimate& add(std::string part, std::uint64_t bytes);
  std::uint64_t total() const;
};

/// The most memory a run may take.
struct MemoryBudget {
  std::uint64_t limit = 0;  // bytes; 0 = no limit
  std::string origin;       // how the limit came about, for the message ("80% of physical memory"); may be empty
  /// MemoryLimitError when the estimate's total is above the limit, one line: "this run needs about 41.2 GiB (graph
  /// 3.1 GiB, link loads 38.1 GiB) but --max-memory is 19.2 GiB (80% of physical memory); raise it with
  /// --max-memory 42G".
  void check(const MemoryEstimate& e) const;
};

/// Physical memory in bytes (sysconf); 0 when unknown.
std::uint64_t physical_memory();
/// Bytes of the process's heap in use (glibc's mallinfo2: allocated chunks and mmapped blocks, counted
/// whole whether or not their pages were touched; AddressSanitizer's own count in a sanitized build); 0
/// when the C library cannot tell.
std::uint64_t heap_in_use();
/// "512 B", "3.0 KiB", "41.2 GiB".
std::string format_bytes(std::uint64_t bytes);
/// Reads a size: plain bytes or a number with K, M, G or T (powers of 1024, an optional B or iB after it,
/// any case): "1048576", "512K", "1.5G", "2TiB". nullopt when malformed or too large.
std::optional<std::uint64_t> parse_bytes(std::string_view text);
/// The smallest whole number of K, M, G or T at or above `bytes`, in the largest unit that keeps it at 10 or
/// more or holds it exactly ("42G", "1054M", "3T"), as parse_bytes reads it.
std::string size_argument(std::uint64_t bytes);

/// Memory of a Graph with that many nodes and links as GraphBuilder builds it: both ends of every link,
/// the adjacency in both directions, the offsets, a link-class column and the builder's sort index.
std::uint64_t graph_memory(std::uint64_t nodes, std::uint64_t links, bool directed);

}  // namespace topo
