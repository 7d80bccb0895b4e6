#pragma once
// A fixed-size array whose bytes start as zero, for the engine's large buffers: its pages are mapped
// fresh, without reserving memory for them (MAP_NORESERVE), and the kernel zeroes each when it is first
// touched, so the slots a run never reaches (the blocks of the input VC pool that traffic never needs,
// most of a dragonfly's 256-flit buffers at low load) cost neither start-up time nor memory, where
// std::vector writes every element up front. An array may so be larger than the machine's memory: what
// it costs is the pages the run touches. Small arrays come from calloc.
#include <sys/mman.h>

#include <cstdlib>
#include <new>
#include <type_traits>
#include <utility>

#include "huge_pages_internal.hpp"

namespace topo::sim {

template <class T>
class ZeroedArray {
  static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>);

 public:
  ZeroedArray() = default;
  /// With `huge`, a large array asks for huge pages (for one used densely from its start).
  // NOLINTNEXTLINE(bugprone-sizeof-expression): T may be a pointer (the engine's queues of packets)
  explicit ZeroedArray(std::size_t n, bool huge = false) : n_(n), bytes_((n ? n : 1) * sizeof(T)) {
    if (bytes_ < mapped_from) {
      p_ = static_cast<T*>(std::calloc(1, bytes_));
      if (!p_) throw std::bad_alloc();
      return;
    }
    void* p = mmap(nullptr, bytes_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (p == MAP_FAILED) throw std::bad_alloc();
    p_ = static_cast<T*>(p);
    if (huge && bytes_ >= huge_pages_from) advise_huge_pages(p_, bytes_);
  }
  ZeroedArray(ZeroedArray&& o) noexcept
      : p_(std::exchange(o.p_, nullptr)), n_(std::exchange(o.n_, 0)), bytes_(std::exchange(o.bytes_, 0)) {}
  ZeroedArray& operator=(ZeroedArray&& o) noexcept {
    if (this != &o) {
      release();
      p_ = std::exchange(o.p_, nullptr);
      n_ = std::exchange(o.n_, 0);
      bytes_ = std::exchange(o.bytes_, 0);
    }
    return *this;
  }
  ZeroedArray(const ZeroedArray&) = delete;
  ZeroedArray& operator=(const ZeroedArray&) = delete;
  ~ZeroedArray() { release(); }

  T& operator[](std::size_t i) { return p_[i]; }
  const T& operator[](std::size_t i) const { return p_[i]; }
  T* data() { return p_; }
  const T* data() const { return p_; }
  std::size_t size() const { return n_; }

 private:
  static constexpr std::size_t mapped_from = std::size_t{1} << 20;
  void release() {
    if (!p_) return;
    if (bytes_ < mapped_from)
      std::free(p_);
    else
      munmap(p_, bytes_);
    p_ = nullptr;
  }
  T* p_ = nullptr;
  std::size_t n_ = 0, bytes_ = 0;
};

}  // namespace topo::sim
