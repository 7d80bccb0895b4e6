#!/usr/bin/env bash
# topostat --paths (shortest-path counts and edge-disjoint paths of every pair) against networkx computing the
# same two histograms (bench/paths_networkx.py) and igraph the second one (its Gomory–Hu tree,
# bench/paths_igraph.py), on the same graphs, with a check that all agree.
# Usage: bench/paths.sh BIN_DIR. THREADS (default 2) threads for topostat (the peers run on one), once with every
# vector kernel this CPU runs (TOPO_KERNEL: the path counts run in its lanes). The time of
# topostat is the whole process (reading, distances and the paths; --bisection no --utilization no, and the
# greedy paths and interference, which the peers have no counterpart of, on one sample: --paths-sample 1);
# the peers' is their computation alone, reading excluded (the median of 9 calls below a second), and igraph's
# also as the whole script a user runs (Python's start-up, the import, reading and the tree: igraph_run_s), for
# graphs small enough that our process's start-up (about 2 ms) outweighs its work. The last columns set call
# against call (build/bench/paths_call, the graph in memory, the median of 9): topostat's whole computation
# (distances, σ, λ, the greedy paths) against networkx's σ and λ, and its λ alone against igraph's tree.
set -euo pipefail
bin=$1
threads=${THREADS:-2}
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export OMP_NUM_THREADS=$threads

# shellcheck source=bench/timed.sh
. "$here/timed.sh"
# The kernels this CPU runs (the path counts run in their lanes), from topostat --version.
kernels=$(env -u TOPO_KERNEL "$bin/topostat" --version | sed -n 's/^kernel .*this CPU runs \([^;]*\);.*/\1/p' | tr -d ,)
echo "bench/paths.sh $(date -u +%Y-%m-%d), commit $(git -C "$here" rev-parse --short HEAD 2> /dev/null || echo unknown)"
echo "cpu: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'); topostat on $threads threads, median of 9 runs below 1 s"

printf '%-22s %-9s %12s %12s %8s %12s %8s %12s %8s %10s %8s %10s %8s  %s\n' graph kernel topostat_s networkx_s ratio \
  igraph_s ratio igraph_run_s ratio call_s nx_ratio lambda_s ig_ratio agree
for spec in "slimfly q=5:slimfly --q 5" "slimfly q=7:slimfly --q 7" "slimfly q=11:slimfly --q 11" \
  "slimfly q=19:slimfly --q 19" "dragonfly h=4:dragonfly --h 4" "torus 16x16:torus --dims 16x16" \
  "random-regular 1000/8:random-regular --nodes 1000 --degree 8 --seed 1"; do
  name=${spec%%:*}
  read -r -a gen <<<"${spec#*:}"
  "$bin/topogen" "${gen[@]}" -o "$tmp/g.el"
  /usr/bin/python3 "$here/paths_networkx.py" "$tmp/g.el" >"$tmp/nx.txt"
  theirs=$(head -1 "$tmp/nx.txt")
  /usr/bin/python3 "$here/paths_igraph.py" "$tmp/g.el" >"$tmp/ig.txt"
  igraph_s=$(head -1 "$tmp/ig.txt")
  timed "$tmp/igrun" /usr/bin/python3 "$here/paths_igraph.py" --once "$tmp/g.el"
  igraph_run_s=$(cut -d' ' -f1 "$tmp/igrun")
  for k in $kernels; do
    timed "$tmp/topo" env TOPO_KERNEL="$k" "$bin/topostat" --json --no-provenance --paths --paths-sample 1 \
      --bisection no --utilization no -j "$threads" "$tmp/g.el"
    ours=$(cut -d' ' -f1 "$tmp/topo")
    read -r _ call _ lambda _ < <(env TOPO_KERNEL="$k" "$(dirname "$bin")/bench/paths_call" "$tmp/g.el" "$threads" 9)
    agree=$(/usr/bin/python3 - "$tmp/topo.json" "$tmp/nx.txt" "$tmp/ig.txt" <<'PY'
import json, sys
p = json.load(open(sys.argv[1]))["paths"]
nx = json.loads(open(sys.argv[2]).read().splitlines()[1])
ig = json.loads(open(sys.argv[3]).read().splitlines()[1])
same = (p["shortest_paths"]["histogram"] == nx["shortest_paths"]
        and p["edge_disjoint_paths"]["histogram"] == nx["edge_disjoint_paths"] == ig["edge_disjoint_paths"])
print("yes" if same else "NO")
PY
)
    printf '%-22s %-9s %12.3f %12.6f %8.0f %12.6f %8.1f %12.3f %8.1f %10.6f %8.0f %10.6f %8.0f  %s\n' "$name" "$k" \
      "$ours" "$theirs" "$(echo "$theirs / $ours" | bc -l)" "$igraph_s" "$(echo "$igraph_s / $ours" | bc -l)" \
      "$igraph_run_s" "$(echo "$igraph_run_s / $ours" | bc -l)" "$call" "$(echo "$theirs / $call" | bc -l)" "$lambda" \
      "$(echo "$igraph_s / $lambda" | bc -l)" "$agree"
  done
done
