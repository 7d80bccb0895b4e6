#!/usr/bin/env bash
# Exact link loads under split routing, side by side with igraph's edge_betweenness (the same
# quantity) on the same cores, in one run. Usage: bench/link_loads.sh BIN_DIR [MATRIX.mtx ...]
# Random regular graphs of SIZES nodes (default "20000 100000"; "" for none; degree 8, seed 1), then each Matrix
# Market file given (its off-diagonal pattern as an undirected graph). THREADS (default 2) threads for
# both (igraph's edge_betweenness runs on one of them). Per graph: the loads alone (build/bench/link_loads,
# parsing excluded), the whole `topostat --bisection no` run, igraph's edge_betweenness, the ratios
# igraph / loads and igraph / topostat (ratio2), and
# u from both with the number of digits in which they agree. igraph is left out ("-") above
# IGRAPH_MAX_NODES nodes (default: no limit; its time grows as N·M: about an hour on 100000 nodes).
# RUNS (default 1): each time is the best of RUNS runs, for small graphs, where one run is mostly noise
# and start-up.
set -euo pipefail
bin=$1
shift
threads=${THREADS:-2}
sizes=${SIZES-20000 100000}
igraph_max=${IGRAPH_MAX_NODES:-0}
runs=${RUNS:-1}
here=$(cd "$(dirname "$0")" && pwd)
py=/usr/bin/python3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export OMP_NUM_THREADS=$threads

graphs=()
for n in $sizes; do
  "$bin/topogen" random-regular --nodes "$n" --degree 8 --seed 1 -o "$tmp/rr$n.el"
  graphs+=("random-regular $n:$tmp/rr$n.el")
done
for m in "$@"; do
  name=$(basename "$m" .mtx)
  $py "$here/link_loads_igraph.py" --edges "$m" > "$tmp/$name.el"
  graphs+=("$name:$tmp/$name.el")
done

seconds() {  # seconds COMMAND...: wall time, best of $runs runs, output discarded
  local t0 best="" i
  for ((i = 0; i < runs; ++i)); do
    t0=$(date +%s.%N)
    "$@" > /dev/null
    best=$(echo "$(date +%s.%N) $t0 ${best:-1e300}" | awk '{t = $1 - $2; printf "%.3f", t < $3 ? t : $3}')
  done
  echo "$best"
}
field() { awk -v k="$1" '{for (i = 1; i < NF; ++i) if ($i == k) print $(i + 1)}'; }

echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), threads: $threads, runs: $runs, load $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-24s %8s %8s %9s %10s %9s %7s %7s %18s %18s %6s\n' graph nodes arcs 'loads s' 'topostat s' 'igraph s' ratio ratio2 \
  'u (topo)' 'u (igraph)' digits
for entry in "${graphs[@]}"; do
  name=${entry%%:*}
  file=${entry#*:}
  ours=$("$(dirname "$bin")/bench/link_loads" "$file" "$threads" "$runs")
  whole=$(seconds "$bin/topostat" -q -j "$threads" --bisection no "$file")
  nodes=$(field nodes <<< "$ours")
  if [ "$igraph_max" -gt 0 ] && [ "$nodes" -gt "$igraph_max" ]; then
    theirs="seconds - u -"
  else
    theirs=$($py "$here/link_loads_igraph.py" "$file" "$runs")
  fi
  t_ours=$(field seconds <<< "$ours")
  t_theirs=$(field seconds <<< "$theirs")
  u_ours=$(field u <<< "$ours")
  u_theirs=$(field u <<< "$theirs")
  digits=$(awk -v a="$u_ours" -v b="$u_theirs" 'BEGIN {if (b == "-") {print "-"; exit} d = a - b; if (d < 0) d = -d;
    if (d == 0) print 15; else printf "%d", -log(d / a) / log(10)}')
  ratio() { awk -v a="$t_theirs" -v b="$1" 'BEGIN {if (a == "-") print "-"; else printf "%.1f", a / b}'; }
  printf '%-24s %8s %8s %9s %10s %9s %7s %7s %18s %18s %6s\n' "$name" "$nodes" "$(field arcs <<< "$ours")" "$t_ours" \
    "$whole" "$t_theirs" "$(ratio "$t_ours")" "$(ratio "$whole")" "$u_ours" "$u_theirs" "$digits"
done
