#pragma once
// The global link arrangements of the dragonfly (Hastings et al., IEEE Cluster 2015), shared by the dragonfly and
// cascade families. A group of g has global ports k = 0, 1, …; port k is copy ⌊k/(g−1)⌋ of slot k mod (g−1), slot r
// of group i leads to a group j and arrives on the slot of j that leads back to i, copy to copy.
#include <array>
#include <cstdint>
#include <utility>

#include "topo/gen/registry.hpp"

namespace topo::gen {

enum class GlobalArrangement { absolute, relative, circulant };
inline constexpr std::array<const char*, 3> global_arrangement_names = {"absolute", "relative", "circulant"};

/// The "arrangement" parameter (a choice of global_arrangement_names); relative when absent.
GlobalArrangement global_arrangement(const Params& p);
/// Its spec, as the dragonfly and cascade families declare it.
ParamSpec global_arrangement_param();

/// The port at the other end of global port k of group i among g groups: (group, port).
std::pair<std::uint64_t, std::uint64_t> global_far_end(GlobalArrangement arrangement, std::uint64_t g, std::uint64_t i,
                                                       std::uint64_t k);

/// True at the one end of a global link that adds it: the end with the lower slot, the lower group on a tie.
bool global_link_added_here(std::uint64_t g, std::uint64_t i, std::uint64_t k,
                            const std::pair<std::uint64_t, std::uint64_t>& far);

/// The symmetry the arrangement offers: relative and circulant depend only on the difference of group numbers.
inline bool rotation_invariant(GlobalArrangement a) {
  return a != GlobalArrangement::absolute;
}

}  // namespace topo::gen
