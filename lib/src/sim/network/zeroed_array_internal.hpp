#pragma once
// A fixed-size array whose bytes start as zero, from calloc, for the engine's large buffers: a large
// block comes from fresh mapped pages that the kernel zeroes when they are first touched, so the slots
// a run never reaches (most of a dragonfly's 256-flit buffers at low load) cost neither start-up time
// nor memory, where std::vector writes every element up front.
#include <cstdlib>
#include <memory>
#include <new>
#include <type_traits>

namespace topo::sim {

template <class T>
class ZeroedArray {
  static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>);

 public:
  ZeroedArray() = default;
  explicit ZeroedArray(std::size_t n) : p_(static_cast<T*>(std::calloc(n ? n : 1, sizeof(T)))), n_(n) {
    if (!p_) throw std::bad_alloc();
  }
  T& operator[](std::size_t i) { return p_.get()[i]; }
  const T& operator[](std::size_t i) const { return p_.get()[i]; }
  std::size_t size() const { return n_; }

 private:
  struct Free {
    void operator()(T* p) const { std::free(p); }
  };
  std::unique_ptr<T, Free> p_;
  std::size_t n_ = 0;
};

}  // namespace topo::sim
