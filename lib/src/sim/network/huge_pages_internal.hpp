#pragma once
// Huge pages for the simulator's large arrays. On a network of a million routers the engine's state is
// gigabytes, visited at random: with 4 KiB pages nearly every visit also misses the TLB, and the page walk
// is often a cache miss itself. Linux gives a process 2 MiB pages only where it asks for them (madvise) on
// most systems (/sys/kernel/mm/transparent_hugepage/enabled: madvise). bench/RESULTS.md has the gain.
#include <sys/mman.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <new>
#include <vector>

namespace topo::sim {

/// Arrays from this size on ask for huge pages; smaller ones are left as they are.
inline constexpr std::size_t huge_pages_from = std::size_t{32} << 20;

/// Asks for huge pages for the whole 2 MiB pages inside [p, p + bytes). Advice only: nothing fails.
inline void advise_huge_pages(const void* p, std::size_t bytes) {
#ifdef MADV_HUGEPAGE
  constexpr std::uintptr_t page = std::uintptr_t{2} << 20;
  const auto from = (reinterpret_cast<std::uintptr_t>(p) + page - 1) & ~(page - 1);
  const auto to = (reinterpret_cast<std::uintptr_t>(p) + bytes) & ~(page - 1);
  if (to > from) madvise(reinterpret_cast<void*>(from), to - from, MADV_HUGEPAGE);
#else
  (void)p;
  (void)bytes;
#endif
}

/// v = n copies of value; for a large array the advice comes before its pages are first touched (malloc
/// maps a large block fresh), so they are huge from the start.
template <class T>
void assign_huge(std::vector<T>& v, std::size_t n, const T& value = T{}) {
  if (n * sizeof(T) >= huge_pages_from) {
    std::vector<T>().swap(v);
    v.reserve(n);
    advise_huge_pages(v.data(), n * sizeof(T));
  }
  v.assign(n, value);
}

/// Small blocks that live as long as the arena, cut from chunks in huge pages: the packets of a run on a
/// large network (Engine::new_block), gigabytes of them, each visited at random at every hop.
class HugePageArena {
 public:
  /// `bytes` aligned to `align` (a power of two of at most 2 MiB).
  void* take(std::size_t bytes, std::size_t align) {
    auto at = (next_ + align - 1) & ~(align - 1);
    if (at + bytes > end_) {
      const auto size = std::max(chunk, (bytes + page - 1) & ~(page - 1));
      void* p = std::aligned_alloc(page, size);
      if (!p) throw std::bad_alloc();
      chunks_.emplace_back(p);
      advise_huge_pages(p, size);
      at = reinterpret_cast<std::uintptr_t>(p);
      end_ = at + size;
    }
    next_ = at + bytes;
    return reinterpret_cast<void*>(at);
  }

 private:
  static constexpr std::size_t page = std::size_t{2} << 20, chunk = std::size_t{32} << 20;
  struct Free {
    void operator()(void* p) const { std::free(p); }
  };
  std::vector<std::unique_ptr<void, Free>> chunks_;
  std::uintptr_t next_ = 0, end_ = 0;
};

}  // namespace topo::sim
