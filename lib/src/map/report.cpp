#include "topo/map/report.hpp"

namespace topo::map {

std::optional<double> MappingReport::relative_to_identity() const {
  if (identity_cost > 0) return cost / identity_cost;
  return std::nullopt;
}

std::string supply_kind(const Supply& s) {
  switch (s.kind()) {
    case Supply::Kind::dense8:
      return "dense uint8";
    case Supply::Kind::dense16:
      return "dense uint16";
    case Supply::Kind::dense_real:
      return "dense (QAPLIB B)";
    case Supply::Kind::rows:
      return "BFS rows on demand";
  }
  return "?";
}

MappingReport report_for(const Demand& d, const Supply& s) {
  MappingReport r;
  r.tasks = d.n;
  r.nodes = s.size();
  if (!d.dense) r.demand_pairs = d.pairs();
  r.dense_demand = d.dense;
  r.supply = supply_kind(s);
  return r;
}

}  // namespace topo::map
