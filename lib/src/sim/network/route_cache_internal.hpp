#pragma once
// Source routes already computed, per (source router, destination router), for the routings whose route
// depends on nothing but the pair and the draws it makes (SimRouting::pure): a decision that drew nothing
// gives the same route every time, so it is computed once and copied into later packets. One cache, read
// only, holds the routes of the dependency check (deadlock_check.cpp), and one per thread the others
// (engine_internal.hpp's Scratch); each at most `max_hops` hops in all, then nothing more is kept.
#include <algorithm>
#include <cstdint>
#include <unordered_map>
#include <vector>

#include "sim_internal.hpp"
#include "zeroed_array_internal.hpp"

namespace topo::sim {

class RouteCache {
 public:
  static constexpr std::uint64_t max_hops = std::uint64_t{1} << 18;
  static constexpr node_id max_dense_routers = 1024;  // a table of R^2 entries, else a hash map

  explicit RouteCache(node_id routers = 0)
      : routers_(routers), dense_(routers <= max_dense_routers ? std::size_t(routers) * routers : 0) {
    if (routers == 0) return;
    // Room for the most the cache keeps, reserved once: appending never copies, and the pages of the
    // unused part are never touched.
    const auto pairs = std::min<std::uint64_t>(std::uint64_t(routers) * routers, max_hops);
    entries_.reserve(pairs);
    hops_.reserve(max_hops);
  }

  /// The route of (s, t) (Packet's packing, route_hop) and its hops, or nullptr when there is none.
  const std::uint64_t* find(node_id s, node_id t, std::uint32_t& hops) const {
    if (entries_.empty()) return nullptr;
    const auto e = entry(s, t);
    if (e == 0) return nullptr;
    const auto& x = entries_[e - 1];
    hops = x.hops;
    return hops_.data() + x.hop;
  }
  /// find, for a cache that is still filled: once it is full, it is looked in only while at least one
  /// lookup in 8 finds a route (counted over 4096 lookups). Traffic spread over more pairs than it holds
  /// (uniform traffic on a large network) would otherwise pay a hash lookup, a cache miss or two, on every
  /// packet for nothing.
  const std::uint64_t* lookup(node_id s, node_id t, std::uint32_t& hops) {
    if (full_ && lookups_ >= 4096 && hits_ * 8 < lookups_) return nullptr;
    const auto* route = find(s, t, hops);
    if (full_) {
      ++lookups_;
      hits_ += route != nullptr;
    }
    return route;
  }
  /// False for the cache of no routers, which keeps nothing.
  bool keeps_routes() const { return routers_ > 0; }
  /// Keeps the route of (s, t) (Packet's packing), unless the cache is full or has no capacity.
  void store(node_id s, node_id t, const std::vector<std::uint64_t>& route) {
    const auto hops = route.size();
    if (routers_ == 0) return;
    if (hops_.size() + hops > max_hops) {
      full_ = true;
      return;
    }
    entries_.push_back({hops_.size(), std::uint32_t(hops)});
    hops_.insert(hops_.end(), route.begin(), route.end());
    const auto e = std::uint32_t(entries_.size());
    if (dense_.size())
      dense_[std::size_t(s) * routers_ + t] = e;
    else
      sparse_[std::uint64_t(s) * routers_ + t] = e;
  }

 private:
  std::uint32_t entry(node_id s, node_id t) const {
    if (dense_.size()) return dense_[std::size_t(s) * routers_ + t];
    const auto it = sparse_.find(std::uint64_t(s) * routers_ + t);
    return it == sparse_.end() ? 0 : it->second;
  }
  struct Entry {
    std::size_t hop;  // first hop in hops_
    std::uint32_t hops;
  };
  node_id routers_;
  ZeroedArray<std::uint32_t> dense_;  // 1 + the entry of (s, t), 0: none
  std::unordered_map<std::uint64_t, std::uint32_t> sparse_;
  std::vector<Entry> entries_;
  std::vector<std::uint64_t> hops_;
  bool full_ = false;                     // a route was refused for want of room
  std::uint64_t lookups_ = 0, hits_ = 0;  // since it is full (lookup)
};

}  // namespace topo::sim
