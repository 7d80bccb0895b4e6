// Prints every name of every registry, one per line, as `TOOL SUBCOMMAND OPTION NAME` ("-" for no
// subcommand; OPTION "-" for a subcommand of its own, as topogen's families), for registries.sh to check that
// each one is in the tool's --help, its completions and its man page.
#include <fmt/format.h>

#include <string>
#include <vector>

#include "topo/gen/registry.hpp"
#include "topo/io/format.hpp"
#include "topo/map/choices.hpp"
#include "topo/map/methods.hpp"
#include "topo/metrics/distance_method.hpp"
#include "topo/metrics/link_loads.hpp"
#include "topo/metrics/measure.hpp"
#include "topo/registry.hpp"
#include "topo/route/broadcast.hpp"
#include "topo/route/route.hpp"
#include "topo/route/traffic.hpp"
#include "topo/sim/clex_output.hpp"
#include "topo/sim/network_sim.hpp"

namespace {

void print(const char* tool, const char* sub, const char* option, const std::vector<std::string>& names) {
  for (const auto& n : names) fmt::print("{} {} {} {}\n", tool, sub, option, n);
}

}  // namespace

int main() {
  using namespace topo;
  print("topogen", "-", "-", names_of(gen::families()));
  print("topogen", "-", "--format", io::output_format_names());
  print("topostat", "-", "--format", io::input_format_names());
  print("topostat", "-", "--method", names_of(metrics::distance_methods()));
  print("topostat", "-", "--routing", names_of(metrics::load_routings()));
  print("topostat", "-", "--bisection", names_of(metrics::when_choices()));
  print("topostat", "-", "--traffic", route::traffic_names());
  print("topostat", "-", "--utilization", names_of(metrics::when_choices()));
  print("toporoute", "-", "--format", io::input_format_names());
  print("toporoute", "-", "--algo", route::algorithm_names());
  print("toporoute", "-", "--traffic", route::traffic_names());
  print("toporoute", "broadcast", "--algo", route::broadcast_names());
  print("topomap", "-", "--method", map::method_names());
  print("topomap", "-", "--weights", names_of(map::weight_choices()));
  print("topomap", "-", "--supply", names_of(map::supply_modes()));
  print("topomap", "-", "--mapping-format", names_of(map::mapping_formats()));
  print("toposim", "run", "--algo", sim::routing_names());
  print("toposim", "run", "--traffic", route::terminal_traffic_names());
  print("toposim", "run", "--vc-classes", sim::vc_class_names());
  print("toposim", "run", "--injection", sim::injection_names());
  print("toposim", "run", "--flow", sim::flow_names());
  print("toposim", "run", "--vc-reallocation", sim::vc_reallocation_names());
  print("toposim", "run", "--next-head", sim::next_head_names());
  print("toposim", "run", "--injection-channel", sim::injection_channel_names());
  print("toposim", "run", "--ugal-queue", sim::ugal_queue_names());
  print("toposim", "run", "--ugal-rule", sim::ugal_rule_names());
  print("toposim", "clex", "--traffic", names_of(sim::clex_traffics()));
  print("toposim", "clex", "--destinations", names_of(sim::clex_workloads()));
  print("toposim", "clex", "--copies", names_of(sim::clex_copy_roundings()));
  print("toposim", "clex", "--copy-cap", names_of(sim::clex_copy_caps()));
  print("toposim", "clex", "--spread", names_of(sim::clex_spreads()));
  return 0;
}
