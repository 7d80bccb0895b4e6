// One line per routing algorithm, in the order of toporoute's --help.
// Adding one is a file in lib/src/route/ defining `Algorithm algorithm_NAME()` and one line here.
TOPO_ROUTING(shortest)
TOPO_ROUTING(dor)
TOPO_ROUTING(ibt)
TOPO_ROUTING(hdn)
TOPO_ROUTING(clex)
TOPO_ROUTING(slimfly)
TOPO_ROUTING(polarfly)
TOPO_ROUTING(dragonfly)
TOPO_ROUTING(hyperx)
TOPO_ROUTING(megafly)
TOPO_ROUTING(valiant)
TOPO_ROUTING(updown)
