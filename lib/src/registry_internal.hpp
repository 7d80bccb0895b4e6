#pragma once
// Lookups shared by every registry of named choices (routings, traffic patterns, broadcasts, mapping methods,
// load routings): the names in registration order, and the entry of a name or a UsageError listing them.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <string>
#include <string_view>
#include <vector>

#include "topo/errors.hpp"

namespace topo::detail {

template <class Entry>
std::vector<std::string> names_of(const std::vector<Entry>& list) {
  std::vector<std::string> names;
  for (const auto& e : list) names.push_back(e.name);
  return names;
}

/// The entry called `name`; UsageError `unknown WHAT "name" (a, b, c)` when there is none.
template <class Entry>
const Entry& find_named(const std::vector<Entry>& list, std::string_view name, std::string_view what) {
  for (const auto& e : list)
    if (e.name == name) return e;
  throw UsageError(fmt::format("unknown {} \"{}\" ({})", what, name, fmt::join(names_of(list), ", ")));
}

}  // namespace topo::detail
