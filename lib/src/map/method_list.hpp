// One line per mapping method, in the order of topomap's --help.
// Adding one is a file in lib/src/map/ defining `Method method_NAME()` and one line here.
TOPO_METHOD(identity)
TOPO_METHOD(random)
TOPO_METHOD(greedy)
TOPO_METHOD(bfs_order)
TOPO_METHOD(anneal)
TOPO_METHOD(genetic)
TOPO_METHOD(tabu)
