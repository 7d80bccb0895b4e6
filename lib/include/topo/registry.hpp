#pragma once
// The one pattern for everything a user picks by name (families, routings, traffic patterns, broadcasts,
// mapping methods, load routings, distance methods, formats, the simulator's routings, VC class schemes and
// injection processes, metrics): a registry is a `const std::vector<Entry>&` returned by one function, with
// one entry per choice in the order of --help, each with a `name` (and, for help text, a `help`). These
// lookups are the only ones: names for CLI11's choices (and so for completions), the entry of a name, and the
// UsageError that lists the choices.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <string>
#include <string_view>
#include <vector>

#include "topo/errors.hpp"

namespace topo {

/// An entry of a registry of an enum's values (a choice that only selects a value): its value, name and help.
template <class Id>
struct Choice {
  Id id;
  const char* name;
  const char* help;
};

/// The names of a registry in registration order.
template <class Entry>
std::vector<std::string> names_of(const std::vector<Entry>& list) {
  std::vector<std::string> names;
  names.reserve(list.size());
  for (const auto& e : list) names.emplace_back(e.name);
  return names;
}

/// The entry called `name`, or null.
template <class Entry>
const Entry* find_entry(const std::vector<Entry>& list, std::string_view name) {
  for (const auto& e : list)
    if (std::string_view(e.name) == name) return &e;
  return nullptr;
}

/// The entry called `name`; UsageError `unknown WHAT "name" (a, b, c)` when there is none.
template <class Entry>
const Entry& find_named(const std::vector<Entry>& list, std::string_view name, std::string_view what) {
  if (const Entry* e = find_entry(list, name)) return *e;
  throw UsageError(fmt::format("unknown {} \"{}\" ({})", what, name, fmt::join(names_of(list), ", ")));
}

/// The name of the entry whose `id` is `id` (registries of an enum's values), empty when there is none.
template <class Entry, class Id>
std::string_view name_of(const std::vector<Entry>& list, Id id) {
  for (const auto& e : list)
    if (e.id == id) return e.name;
  return {};
}

/// "a: help of a; b: help of b", for an option's --help.
template <class Entry>
std::string help_of(const std::vector<Entry>& list) {
  std::string s;
  for (const auto& e : list) s += fmt::format("{}{}: {}", s.empty() ? "" : "; ", e.name, e.help);
  return s;
}

}  // namespace topo
