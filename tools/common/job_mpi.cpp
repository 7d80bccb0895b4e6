// The job of an MPI build: MPI_COMM_WORLD, and the ranks of each machine, which share memory. MPI is called by one
// thread at a time: the main thread, or in a simulation split over the ranks the simulator thread that ends a cycle
// (MPI_THREAD_SERIALIZED); OpenMP's threads never call it.
#include <fcntl.h>
#include <fmt/format.h>
#include <mpi.h>
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <climits>
#include <cstdint>
#include <cstdlib>
#include <exception>
#include <memory>
#include <string>
#include <utility>

#include "common/job.hpp"
#include "topo/errors.hpp"

namespace topo::cli {

namespace {

// Messages are sent in pieces of at most this many bytes (MPI counts are ints).
constexpr std::uint64_t piece = std::uint64_t{1} << 30;

class WorldJob final : public Job {
 public:
  int rank() const override { return rank_; }
  int size() const override { return solo_ ? 1 : size_; }
  void go_solo() override { solo_ = true; }
  bool calls_from_any_thread() const override { return serialized_; }

  void join(int& argc, char**& argv) {
    int provided = 0;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_SERIALIZED, &provided);
    serialized_ = provided >= MPI_THREAD_SERIALIZED;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
    MPI_Comm_size(MPI_COMM_WORLD, &size_);
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, rank_, MPI_INFO_NULL, &machine_);
    MPI_Comm_rank(machine_, &machine_rank_);
    joined_ = true;
  }
  void leave() {
    if (!joined_) return;
    MPI_Comm_free(&machine_);
    MPI_Finalize();
    joined_ = false;
  }

  bool machine_leader() const override { return machine_rank_ == 0; }

  const std::byte* share_on_machine(std::size_t bytes, const std::function<void(std::byte*)>& fill) override {
    if (agree_on_failure(false) >= 0) throw PeerFailed{};
    // The machine's first rank makes a file of the block's size in $TOPO_SHM_DIR (default /dev/shm, memory) and maps
    // it; the others map it read-only, and the file's name goes once every rank has it. Where the directory cannot
    // hold the block (a container's 64 MiB /dev/shm, say), or TOPO_SHM_DIR is empty, every rank gets its own copy.
    const bool leader = machine_leader();
    std::uint64_t length = leader ? std::max<std::size_t>(bytes, 1) : 0;
    MPI_Bcast(&length, 1, MPI_UINT64_T, 0, machine_);
    const char* dir = std::getenv("TOPO_SHM_DIR");
    std::string name = leader ? fmt::format("{}/topo-{}-{}", dir ? dir : "/dev/shm", ::getpid(), blocks_++) : "";
    void* base = leader && !(dir && !*dir) ? map_file(name, length, true) : nullptr;
    int made = base != nullptr;
    MPI_Bcast(&made, 1, MPI_INT, 0, machine_);
    if (made) {
      std::uint64_t chars = name.size();
      MPI_Bcast(&chars, 1, MPI_UINT64_T, 0, machine_);
      name.resize(chars);
      MPI_Bcast(name.data(), int(chars), MPI_CHAR, 0, machine_);
      if (!leader) base = map_file(name, length, false);
      int mine = base != nullptr;
      MPI_Allreduce(&mine, &made, 1, MPI_INT, MPI_MIN, machine_);
      if (leader) ::unlink(name.c_str());  // every rank has mapped it, or given up: the mappings keep the memory
      if (made) {
        fill_on_leader(fill, static_cast<std::byte*>(base));  // the block is full once every rank is past it
        return static_cast<const std::byte*>(base);
      }
      if (base) ::munmap(base, length);
    }
    std::byte* copy = copies_.emplace_back(std::make_unique<std::byte[]>(length)).get();
    fill_on_leader(fill, copy);
    for (std::uint64_t at = 0; at < length; at += piece)
      MPI_Bcast(copy + at, int(std::min(piece, length - at)), MPI_BYTE, 0, machine_);
    return copy;
  }

  int agree_on_failure(bool failed) override {
    if (size_ == 1) return failed ? 0 : -1;
    int mine = failed ? rank_ : INT_MAX, lowest = INT_MAX;
    MPI_Allreduce(&mine, &lowest, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    return lowest == INT_MAX ? -1 : lowest;
  }

  void broadcast(std::string& bytes) override {
    if (size() == 1) return;
    if (agree_on_failure(false) >= 0) throw PeerFailed{};
    std::uint64_t length = bytes.size();
    MPI_Bcast(&length, 1, MPI_UINT64_T, 0, MPI_COMM_WORLD);
    bytes.resize(length);
    for (std::uint64_t at = 0; at < length; at += piece)
      MPI_Bcast(bytes.data() + at, int(std::min(piece, length - at)), MPI_BYTE, 0, MPI_COMM_WORLD);
  }

  std::vector<std::string> gather(const std::string& bytes) override {
    if (size() == 1) return {bytes};
    if (agree_on_failure(false) >= 0) throw PeerFailed{};
    std::vector<std::string> all;
    if (rank_ != 0) {
      send(bytes);
      return all;
    }
    all.resize(std::size_t(size_));
    all[0] = bytes;
    for (int r = 1; r < size_; ++r) {
      std::uint64_t length = 0;
      MPI_Recv(&length, 1, MPI_UINT64_T, r, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      auto& b = all[std::size_t(r)];
      b.resize(length);
      for (std::uint64_t at = 0; at < length; at += piece)
        MPI_Recv(b.data() + at, int(std::min(piece, length - at)), MPI_BYTE, r, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    return all;
  }

  void sum(std::span<std::uint64_t> values) override {
    if (size() == 1) return;
    for (std::size_t at = 0; at < values.size(); at += piece / 8)
      MPI_Allreduce(MPI_IN_PLACE, values.data() + at, int(std::min<std::size_t>(piece / 8, values.size() - at)),
                    MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD);
  }

  std::vector<std::string> exchange(const std::vector<std::string>& to_rank) override {
    if (size() == 1) return {to_rank.at(0)};
    const auto n = std::size_t(size_);
    std::vector<int> send_counts(n), send_at(n), receive_counts(n), receive_at(n);
    std::uint64_t total = 0;
    for (std::size_t k = 0; k < n; ++k) {
      send_counts[k] = bytes_count(to_rank.at(k).size());
      send_at[k] = int(total);
      total = std::uint64_t(bytes_count(total + to_rank[k].size()));
    }
    std::string out;
    out.reserve(total);
    for (const auto& b : to_rank) out += b;
    MPI_Alltoall(send_counts.data(), 1, MPI_INT, receive_counts.data(), 1, MPI_INT, MPI_COMM_WORLD);
    total = 0;
    for (std::size_t k = 0; k < n; ++k) {
      receive_at[k] = int(total);
      total = std::uint64_t(bytes_count(total + std::uint64_t(receive_counts[k])));
    }
    std::string in(total, '\0');
    MPI_Alltoallv(out.data(), send_counts.data(), send_at.data(), MPI_BYTE, in.data(), receive_counts.data(),
                  receive_at.data(), MPI_BYTE, MPI_COMM_WORLD);
    std::vector<std::string> from(n);
    for (std::size_t k = 0; k < n; ++k) from[k] = in.substr(std::size_t(receive_at[k]), std::size_t(receive_counts[k]));
    return from;
  }

  parallel::Gathered all_gather(const std::string& bytes) override {
    if (size() == 1) return {bytes, {0, bytes.size()}};
    const auto n = std::size_t(size_);
    const int mine = bytes_count(bytes.size());
    std::vector<int> counts(n), at(n);
    MPI_Allgather(&mine, 1, MPI_INT, counts.data(), 1, MPI_INT, MPI_COMM_WORLD);
    parallel::Gathered all;
    all.start.assign(n + 1, 0);
    for (std::size_t k = 0; k < n; ++k) {
      at[k] = bytes_count(all.start[k]);
      all.start[k + 1] = all.start[k] + std::size_t(counts[k]);
    }
    all.bytes.resize(std::size_t(bytes_count(all.start[n])));
    MPI_Allgatherv(bytes.data(), mine, MPI_BYTE, all.bytes.data(), counts.data(), at.data(), MPI_BYTE, MPI_COMM_WORLD);
    return all;
  }

 private:
  /// The file `name` of `length` bytes mapped, made and writable by its maker, read-only for the others; null when
  /// it cannot be (no room in /dev/shm).
  static void* map_file(const std::string& name, std::uint64_t length, bool make) {
    const int fd = make ? ::open(name.c_str(), O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0600)
                        : ::open(name.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return nullptr;
    void* base = nullptr;
    // posix_fallocate takes the file's memory now: a full /dev/shm fails here, not with SIGBUS at a later write.
    if (!make || ::posix_fallocate(fd, 0, off_t(length)) == 0) {
      base = ::mmap(nullptr, length, make ? PROT_READ | PROT_WRITE : PROT_READ, MAP_SHARED, fd, 0);
      if (base == MAP_FAILED) base = nullptr;
    }
    ::close(fd);
    if (make && !base) ::unlink(name.c_str());
    return base;
  }
  /// The machine's first rank fills `out`; a collective of the machine's ranks. When the fill throws, that rank
  /// throws its error and the others PeerFailed, after the failure agreement that the first rank's end joins.
  void fill_on_leader(const std::function<void(std::byte*)>& fill, std::byte* out) {
    int filled = 1;
    std::exception_ptr error;
    if (machine_leader()) {
      try {
        fill(out);
      } catch (...) {
        filled = 0;
        error = std::current_exception();
      }
    }
    MPI_Allreduce(MPI_IN_PLACE, &filled, 1, MPI_INT, MPI_MIN, machine_);
    if (filled) return;
    if (error) std::rethrow_exception(error);
    agree_on_failure(false);  // the first rank's end says it failed
    throw PeerFailed{};
  }
  /// A byte count for MPI (an int): an exchange of 2 GiB or more from or to one rank is refused.
  static int bytes_count(std::uint64_t bytes) {
    if (bytes > std::uint64_t(INT_MAX)) throw Error("an exchange between MPI ranks of 2 GiB or more in one step");
    return int(bytes);
  }
  void send(const std::string& bytes) {
    std::uint64_t length = bytes.size();
    MPI_Send(&length, 1, MPI_UINT64_T, 0, 0, MPI_COMM_WORLD);
    for (std::uint64_t at = 0; at < length; at += piece)
      MPI_Send(bytes.data() + at, int(std::min(piece, length - at)), MPI_BYTE, 0, 0, MPI_COMM_WORLD);
  }
  int rank_ = 0, size_ = 1;
  MPI_Comm machine_ = MPI_COMM_NULL;  // the ranks of this machine, which share memory
  int machine_rank_ = 0;
  std::uint64_t blocks_ = 0;  // the files share_on_machine has made (their mappings are kept until the process ends)
  std::vector<std::unique_ptr<std::byte[]>> copies_;  // or the copies it made where it could not
  bool joined_ = false, solo_ = false, serialized_ = true;
};

WorldJob& world() {
  static WorldJob w;
  return w;
}

}  // namespace

void start_job(int& argc, char**& argv) {
  world().join(argc, argv);
}

void finish_job() {
  world().leave();
}

Job& job() {
  return world();
}

bool built_with_mpi() {
  return true;
}

std::string mpi_library_version() {
  char text[MPI_MAX_LIBRARY_VERSION_STRING] = {};
  int length = 0;
  MPI_Get_library_version(text, &length);  // may be called before MPI_Init
  std::string v(text, std::size_t(std::max(length, 0)));
  v = v.substr(0, v.find_first_of(",\n"));  // "Open MPI v4.1.4, package: ..." -> "Open MPI v4.1.4"
  return v;
}

}  // namespace topo::cli
