#pragma once
// The presentation of a `toposim run` (toposim(1), OUTPUT): the JSON document of a sweep, a batch or a
// saturation search, and the per-channel utilisation file of --loads. Points alone: point_json and csv_row
// (network_sim.hpp).
#include <iosfwd>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <vector>

#include "topo/sim/network_sim.hpp"

namespace topo::sim {

/// What a run measured: its points in rate order (a saturation search's probes in the order run), the seeds'
/// statistics of each point (empty, or one per point when every point ran on several seeds), and the
/// saturation rate a search found.
struct RunResults {
  std::vector<PointResult> points;
  std::vector<Replicas> replicas;
  std::optional<Saturation> saturation;
};

/// The simulator's options as the JSON "parameters" record them (the caller adds its own: the sweep, seeds).
nlohmann::json options_json(const SimOptions& o, const SimSetup& s);

/// The run as JSON: "graph", "network" (the simulator's setup), "points" (each with its seeds' statistics) and
/// "saturation"; the caller adds "parameters", "seed" and "provenance".
nlohmann::json run_json(const Graph& g, const Simulator& s, const RunResults& r);

/// The --loads file: a header, then one line per router-to-router channel (source, target, class, lane,
/// latency) with its utilisation in flits per cycle at each point.
void write_channel_loads(std::ostream& out, const Simulator& s, const std::vector<PointResult>& points);

}  // namespace topo::sim
