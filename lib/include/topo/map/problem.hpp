#pragma once
// Task mapping (doc/definitions.md §6, dissertation §3.3): demand D (tasks), supply S (hop distances of the network),
// and the objective C(m) = Σ D_ij · S_{m(i),m(j)}.
//
// Cost convention. A demand read from a matrix or an edge list is an undirected communication graph:
// each unordered pair {i, j} carries one weight w_ij, and C(m) = Σ_{i<j} w_ij · S_{m(i),m(j)} — an undirected
// pair counts once. For a symmetric file w_ij = |a_ij|; for a general file w_ij = (|a_ij| + |a_ji|) / 2,
// so a general file that stores both triangles scores the same as its symmetric twin. Equivalently
// C = ½ Σ_{i,j} D_ij S_{m(i),m(j)} over ordered pairs of the expanded matrix D. A QAPLIB instance keeps
// QAPLIB's own convention C(p) = Σ_{i,j} A_ij · B_{p(i),p(j)} over ordered pairs (A, B may be asymmetric).
#include <cstdint>
#include <iosfwd>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "topo/graph.hpp"

namespace topo::map {

/// How matrix values become communication volumes.
enum class Weights {
  magnitude,  // |a_ij| (complex: modulus); pattern files give 1
  unit,       // every stored off-diagonal entry gives 1
};

/// The tasks' communication. Either sparse and symmetric (pair weights, each pair stored in both rows,
/// no diagonal) or dense (n × n ordered, QAPLIB's A).
struct Demand {
  std::uint32_t n = 0;
  bool dense = false;
  // sparse: CSR of the pair weights w_ij
  std::vector<std::uint64_t> off;  // n + 1
  std::vector<std::uint32_t> adj;
  std::vector<double> w;
  // dense: a[i * n + j]
  std::vector<double> a;
  std::string source;  // file name, for messages

  std::uint64_t pairs() const { return adj.size() / 2; }
  /// The dense form with the same cost: a_ij = w_ij / 2 off the diagonal (ordered pairs count w/2 each).
  Demand to_dense() const;
  /// Rows padded with idle tasks (no communication) up to `slots`.
  Demand padded(std::uint32_t slots) const;
  /// The first k tasks and the communication among them (to fit a demand onto a smaller machine).
  Demand cropped(std::uint32_t k) const;
};

/// Most tasks a demand may have (2^24): a stray id such as 1111111111 would otherwise make a reader
/// allocate gigabytes for tasks that exchange nothing.
inline constexpr std::uint64_t max_tasks = std::uint64_t{1} << 24;

/// Readers. Errors are ParseError naming file:line; more than task_limit tasks (never more than max_tasks) is
/// one, found before anything of that size is allocated.
Demand read_matrix_market(const std::string& path, Weights wt = Weights::magnitude,
                          std::uint64_t task_limit = max_tasks);
Demand read_harwell_boeing(const std::string& path, Weights wt = Weights::magnitude,
                           std::uint64_t task_limit = max_tasks);
/// "u v [w]" lines, 0-based, '#' comments; n = largest id + 1 unless a "# nodes: N" line says more.
Demand read_edge_list(const std::string& path, Weights wt = Weights::magnitude, std::uint64_t task_limit = max_tasks);
/// By extension: .mtx, .rua/.rsa/.psa/.csa/.rra/.pua/.cua (HB), otherwise an edge list.
Demand read_demand(const std::string& path, Weights wt = Weights::magnitude, std::uint64_t task_limit = max_tasks);
/// From a stream (standard input), in the format its first lines show: Matrix Market ("%%MatrixMarket"),
/// Harwell-Boeing (a type such as RSA on line 3) or an edge list; gzip is decompressed. Errors name `name`.
Demand read_demand(std::istream& in, const std::string& name, Weights wt = Weights::magnitude,
                   std::uint64_t task_limit = max_tasks);

/// A QAPLIB instance: minimise Σ A_ij B_{p(i)p(j)}.
struct Qap {
  std::uint32_t n = 0;
  std::vector<double> a, b;
};
Qap read_qaplib(const std::string& path);
/// A QAPLIB .sln: n, cost, and the permutation (converted to 0-based; a file holding 0..n-1 is taken as 0-based).
struct QapSolution {
  std::uint32_t n = 0;
  double cost = 0;
  std::vector<std::uint32_t> perm;
};
QapSolution read_qaplib_solution(const std::string& path);

/// Hop distances. Dense (uint8 when the diameter allows, else uint16) or rows computed by BFS on demand.
class Supply {
 public:
  enum class Kind { dense8, dense16, dense_real, rows };
  /// From an undirected connected network. A dense matrix when N² entries fit in `max_bytes`, else
  /// InputError naming the size — unless `rows_on_demand`, which keeps `cache_rows` BFS rows instead.
  static Supply from_graph(const Graph& g, std::uint64_t max_bytes, bool rows_on_demand, std::size_t cache_rows = 64,
                           int threads = 0);
  /// Bytes per entry of the dense matrix from_graph would make of g (1 or 2, from one BFS), for estimates.
  static unsigned dense_entry_bytes(const Graph& g);
  /// QAPLIB's B (any real matrix, not necessarily symmetric).
  static Supply from_matrix(std::uint32_t n, std::vector<double> b);

  std::uint32_t size() const { return n_; }
  Kind kind() const { return kind_; }
  bool symmetric() const { return symmetric_; }
  std::uint32_t diameter() const { return diameter_; }
  /// Bytes of the dense matrix (or of the row cache).
  std::uint64_t bytes() const;
  double operator()(std::uint32_t u, std::uint32_t v) const;

  // Direct access for the inner loops.
  const std::uint8_t* row8(std::uint32_t u) const { return d8_.data() + std::size_t(u) * n_; }
  const std::uint16_t* row16(std::uint32_t u) const { return d16_.data() + std::size_t(u) * n_; }
  const double* row_real(std::uint32_t u) const { return dr_.data() + std::size_t(u) * n_; }
  /// On-demand rows (kind rows): computes or fetches row u; valid until the next call evicts it.
  const std::uint16_t* row_bfs(std::uint32_t u) const;

 private:
  std::uint32_t n_ = 0, diameter_ = 0;
  Kind kind_ = Kind::dense16;
  bool symmetric_ = true;
  std::vector<std::uint8_t> d8_;
  std::vector<std::uint16_t> d16_;
  std::vector<double> dr_;
  struct Cache;
  std::shared_ptr<Cache> cache_;
};

/// A QAPLIB instance as a mapping problem: A is the demand (dense, QAPLIB's ordered pairs), B the supply.
struct QapProblem {
  Demand demand;
  Supply supply;
};
QapProblem from_qap(Qap q, const std::string& source);

/// A mapping: m[task] = node, for every slot (tasks first, then idle slots), a permutation of 0..N-1.
using Mapping = std::vector<std::uint32_t>;

/// C(m) by full recomputation (see the convention above). m may hold only the n real tasks.
double evaluate(const Demand& d, const Supply& s, std::span<const std::uint32_t> m);

/// Checks that m maps every task to a distinct node < nodes; InputError otherwise.
void check_mapping(std::span<const std::uint32_t> m, std::uint32_t tasks, std::uint32_t nodes, const std::string& what);
/// Completes a mapping of n tasks to a permutation of N slots (idle slots take the free nodes in order).
Mapping complete(std::span<const std::uint32_t> m, std::uint32_t nodes);

/// Mapping files. Scotch: "count" then "task node" lines. VieM / plain: one node per line, line i = task i.
enum class MappingFormat { plain, scotch };
struct MappingFile {
  MappingFormat format = MappingFormat::plain;
  std::vector<std::uint32_t> m;
};
/// Detects the format (a first line with one integer followed by two-integer lines is Scotch's).
MappingFile read_mapping(const std::string& path);
void write_mapping(std::ostream& out, std::span<const std::uint32_t> m, MappingFormat f);

}  // namespace topo::map
