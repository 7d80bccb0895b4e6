#pragma once
// What a family says about an instance without building it (sizes and closed forms), and the listing a
// family's search gives; the registry (registry.hpp) refers to both.
#include <cstdint>
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <vector>

#include "topo/gen/registry.hpp"
#include "topo/json_value.hpp"

namespace topo::gen {

/// Sizes and known closed forms of an instance, computed without building it.
struct Description {
  std::uint64_t nodes = 0;
  std::uint64_t links = 0;                       // counting multiplicity
  std::uint64_t degree_min = 0, degree_max = 0;  // out-degree when directed
  bool directed = false;
  JsonValue formulas = JsonValue::object();  // e.g. {"diameter": 48}
};

/// A listing of feasible instances that a family gives instead of one instance (ibt --search BAND).
struct Listing {
  std::string title;              // what was searched, e.g. "ibt configurations with 31130..34406 nodes, ..."
  std::string columns;            // the names of the fields of each row, separated by spaces
  std::vector<std::string> rows;  // one instance per row, fields separated by spaces
  std::string empty_reason;       // when there is no row: the constraint that rules out every instance
  JsonValue json;                 // the same listing as JSON
};

}  // namespace topo::gen
