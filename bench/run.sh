#!/usr/bin/env bash
# Benchmarks (never timing asserts in tests). Usage: bench/run.sh BIN_DIR
# Prints one line per case: name, wall seconds (best of 3), threads.
set -euo pipefail
bin=$1
threads=${THREADS:-$(nproc)}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

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

"$bin/topogen" torus --dims 32x32x32 -o "$tmp/torus32.el"
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
echo "threads: $threads"
printf '%-48s %8s\n' case seconds
printf '%-48s %8.3f\n' "topostat exact distances, torus 32x32x32 (bfs)" \
  "$(best_of_3 "$bin/topostat" -j "$threads" -q "$tmp/torus32.el")"
printf '%-48s %8.3f\n' "topogen torus 32x32x32 | topostat (pipeline)" \
  "$(best_of_3 sh -c "'$bin/topogen' torus --dims 32x32x32 | '$bin/topostat' -j $threads -q")"
"$bin/topogen" hypercube --dim 15 -o "$tmp/hc15.el"
printf '%-48s %8.3f\n' "topostat exact distances, hypercube 15 (bfs)" \
  "$(best_of_3 "$bin/topostat" -j "$threads" -q "$tmp/hc15.el")"

if /usr/bin/python3 -c 'import igraph' 2>/dev/null; then
  /usr/bin/python3 - "$tmp/torus32.el" <<'PY'
import sys, time, igraph
edges = [tuple(map(int, l.split()[:2])) for l in open(sys.argv[1]) if l[0] != '#']
g = igraph.Graph(n=32768, edges=edges)
t = time.perf_counter(); h = g.path_length_hist(directed=False); dt = time.perf_counter() - t
print(f"{'igraph path_length_hist, torus 32x32x32':<48} {dt:8.3f}")
PY
fi
