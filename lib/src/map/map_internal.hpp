#pragma once
// Dispatch on the supply's storage so the inner loops read rows of the right element type.
#include "topo/map/problem.hpp"

namespace topo::map::detail {

template <class F>
decltype(auto) visit_rows(const Supply& s, F&& f) {
  switch (s.kind()) {
    case Supply::Kind::dense8:
      return f([&s](std::uint32_t u) { return s.row8(u); });
    case Supply::Kind::dense16:
      return f([&s](std::uint32_t u) { return s.row16(u); });
    case Supply::Kind::dense_real:
      return f([&s](std::uint32_t u) { return s.row_real(u); });
    case Supply::Kind::rows:
      break;
  }
  return f([&s](std::uint32_t u) { return s.row_bfs(u); });
}

}  // namespace topo::map::detail
