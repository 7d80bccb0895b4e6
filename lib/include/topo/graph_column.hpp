#pragma once
// One array of a Graph (a per-link, per-arc or per-node column): the graph's own vector, or a view of the same array
// in memory the graph does not own (a block that the MPI ranks of one machine share: Graph::view_flat).
#include <cstddef>
#include <span>
#include <utility>
#include <vector>

namespace topo {

template <class T>
class GraphColumn {
 public:
  GraphColumn() = default;
  // A copy of an owning column owns a copy; a copy of a view views the same memory.
  GraphColumn(const GraphColumn& o) : own_(o.own_) {
    if (o.owning()) {
      look_at_own();
    } else {
      data_ = o.data_;
      size_ = o.size_;
    }
  }
  // Moving a vector keeps its buffer, so the view moves with it.
  GraphColumn(GraphColumn&& o) noexcept : own_(std::move(o.own_)), data_(o.data_), size_(o.size_) {
    o.data_ = nullptr;
    o.size_ = 0;
  }
  GraphColumn& operator=(GraphColumn o) noexcept {
    own_.swap(o.own_);
    std::swap(data_, o.data_);
    std::swap(size_, o.size_);
    return *this;
  }
  ~GraphColumn() = default;

  const T* data() const { return data_; }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  const T& operator[](std::size_t i) const { return data_[i]; }
  const T& back() const { return data_[size_ - 1]; }
  const T* begin() const { return data_; }
  const T* end() const { return data_ + size_; }
  operator std::span<const T>() const { return {data_, size_}; }  // NOLINT(google-explicit-constructor)

  /// The vector a GraphBuilder fills; look_at_own() makes the column read it.
  std::vector<T>& own() { return own_; }
  const std::vector<T>& own() const { return own_; }
  void look_at_own() {
    data_ = own_.data();
    size_ = own_.size();
  }
  /// Frees the column's memory (its own): the column is empty.
  void release() {
    std::vector<T>().swap(own_);
    data_ = nullptr;
    size_ = 0;
  }
  /// Reads `size` values at `data` (memory that outlives the column) instead of its own.
  void look_at(const T* data, std::size_t size) {
    own_ = {};
    data_ = data;
    size_ = size;
  }

 private:
  bool owning() const { return data_ == own_.data(); }
  std::vector<T> own_;
  const T* data_ = nullptr;
  std::size_t size_ = 0;
};

}  // namespace topo
