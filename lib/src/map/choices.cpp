// topomap's named choices (topo/map/choices.hpp), one line each.
#include "topo/map/choices.hpp"

namespace topo::map {

const std::vector<topo::Choice<Weights>>& weight_choices() {
  static const std::vector<topo::Choice<Weights>> list = {
      {Weights::magnitude, "magnitude", "|a_ij|"},
      {Weights::unit, "unit", "1"},
  };
  return list;
}

const std::vector<topo::Choice<SupplyMode>>& supply_modes() {
  static const std::vector<topo::Choice<SupplyMode>> list = {
      {SupplyMode::automatic, "auto", "dense when it fits --max-supply-mb, else BFS rows"},
      {SupplyMode::dense, "dense", "an N x N matrix"},
      {SupplyMode::rows, "rows", "BFS rows on demand"},
  };
  return list;
}

const std::vector<topo::Choice<MappingFormat>>& mapping_formats() {
  static const std::vector<topo::Choice<MappingFormat>> list = {
      {MappingFormat::plain, "plain", "one node per line, task i on line i"},
      {MappingFormat::plain, "viem", "the same as plain"},
      {MappingFormat::scotch, "scotch", "Scotch's mapping file"},
  };
  return list;
}

}  // namespace topo::map
