#!/usr/bin/env bash
# Benchmarks (never timing asserts in tests). Usage: bench/run.sh BIN_DIR
# Prints one line per case: name and best wall time of 3 runs, in seconds. Same graph, same machine,
# same thread count (THREADS, default: all cores) for topo, igraph, graph-tool and networkx.
set -euo pipefail
bin=$1
threads=${THREADS:-$(nproc)}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
py=/usr/bin/python3

best_of_3() {  # best_of_3 COMMAND... : prints the best wall time in seconds
  local best=""
  for _ in 1 2 3; do
    local t0 t1
    t0=$(date +%s.%N)
    "$@" > /dev/null
    t1=$(date +%s.%N)
    best=$(echo "$t0 $t1 $best" | awk '{d = $2 - $1; if ($3 == "" || d < $3) print d; else print $3}')
  done
  echo "$best"
}
row() { printf '%-62s %8.3f\n' "$1" "$2"; }

echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), threads: $threads"
printf '%-62s %8s\n' case seconds
"$bin/topogen" torus --dims 32x32x32 -o "$tmp/torus32.el"
"$bin/topogen" torus --dims 32x32x32 --format descriptor -o "$tmp/torus32.desc"
"$bin/topogen" ibt --dims 30x30x36 --bypass-dims 3 --lengths 6,12 --format descriptor -o "$tmp/ibt.desc"
"$bin/topogen" hypercube --dim 15 -o "$tmp/hc15.el"
stat=("$bin/topostat" -q -j "$threads" --bisection no --utilization no)
row "topostat --method bfs, torus 32x32x32 (edge list)" "$(best_of_3 "${stat[@]}" --method bfs "$tmp/torus32.el")"
row "topostat (orbits: 1 class), torus 32x32x32 (descriptor)" "$(best_of_3 "${stat[@]}" "$tmp/torus32.desc")"
row "topostat (orbits: 6 classes), iBT 30x30x36 <6,12> (descriptor)" "$(best_of_3 "${stat[@]}" "$tmp/ibt.desc")"
row "topostat --method bfs, hypercube 15 (edge list)" "$(best_of_3 "${stat[@]}" --method bfs "$tmp/hc15.el")"
"$(dirname "$bin")/bench/bfs_kernels" "$tmp/torus32.el" "$threads" | sed "s/^/BFS only, torus 32x32x32: /"
row "topogen torus 32x32x32 > file (edge list)" "$(best_of_3 "$bin/topogen" torus --dims 32x32x32 -o "$tmp/x.el")"

export OMP_NUM_THREADS=$threads
if $py -c 'import igraph' 2>/dev/null; then
  row "igraph path_length_hist, torus 32x32x32" "$($py - "$tmp/torus32.el" <<'PY'
import sys, time, igraph
edges = [tuple(map(int, l.split()[:2])) for l in open(sys.argv[1]) if l[0] != '#']
g = igraph.Graph(n=32768, edges=edges)
t = time.perf_counter(); g.path_length_hist(directed=False); print(time.perf_counter() - t)
PY
)"
fi
if $py -c 'import graph_tool' 2>/dev/null; then
  row "graph-tool distance_histogram, torus 32x32x32" "$($py - "$tmp/torus32.el" <<'PY'
import sys, time
import numpy as np
import graph_tool.all as gt
gt.openmp_set_num_threads(int(__import__('os').environ['OMP_NUM_THREADS']))
edges = np.array([tuple(map(int, l.split()[:2])) for l in open(sys.argv[1]) if l[0] != '#'])
g = gt.Graph(directed=False); g.add_vertex(32768); g.add_edge_list(edges)
t = time.perf_counter(); gt.distance_histogram(g); print(time.perf_counter() - t)
PY
)"
fi
if $py -c 'import networkx' 2>/dev/null; then
  # networkx is single-threaded and far slower: time BFS from 256 sources and scale to all 32768.
  row "networkx all-pairs BFS, torus 32x32x32 (256 sources x 128)" "$($py - "$tmp/torus32.el" <<'PY'
import sys, time, networkx as nx
g = nx.read_edgelist(sys.argv[1], nodetype=int, comments='#', data=False)
t = time.perf_counter()
for s in range(256): nx.single_source_shortest_path_length(g, s)
print((time.perf_counter() - t) * 128)
PY
)"
fi
