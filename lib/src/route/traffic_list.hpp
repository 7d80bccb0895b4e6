// One line per traffic pattern, in the order of toporoute's --help.
// Adding one is a file lib/src/route/traffic_NAME.cpp defining `TrafficPattern traffic_NAME()` (its pairs for
// toporoute and, where it has one, its form over terminals for toposim run) and one line here.
TOPO_TRAFFIC(all_to_all)
TOPO_TRAFFIC(uniform)
TOPO_TRAFFIC(permutation)
TOPO_TRAFFIC(transpose)
TOPO_TRAFFIC(bit_complement)
TOPO_TRAFFIC(bit_reverse)
TOPO_TRAFFIC(shuffle)
TOPO_TRAFFIC(tornado)
TOPO_TRAFFIC(hotspot)
TOPO_TRAFFIC(nearest_neighbour)
TOPO_TRAFFIC(group_shift)
