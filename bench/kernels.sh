#!/usr/bin/env bash
# Exact link loads and exact distances with every vector kernel this CPU runs (TOPO_KERNEL), side by side
# with igraph's edge_betweenness and path_length_hist on the same machine, in one run.
# Usage: bench/kernels.sh BIN_DIR [MATRIX.mtx ...]
# Graphs: random regular 20000 nodes of degree 8, Barabási–Albert 30000 nodes (m = 4), a 2-D random
# geometric graph of 20000 nodes (mean degree about 10, largest component), each Matrix Market file given
# (default: data/matrices/bcsstk13.mtx and bcspwr10.mtx, the largest two; on smaller ones both sides take
# milliseconds and the comparison is one of process start-up against a call in a running Python), and last random
# regular 100000 nodes of degree 8 (unless SKIP_LARGE is set). GRAPHS, when set, keeps only the graphs it
# names, from: rr20000 ba rgg rr100000 and the matrices' file names without .mtx (GRAPHS="rgg bcspwr10").
# Per graph and kernel: the whole `topostat -j THREADS --method bfs --bisection no` process, with
# `--utilization yes` (loads) and `--utilization no` (distances), wall and CPU seconds; igraph's call alone
# (one thread), wall / CPU seconds; ratio = igraph wall / topostat wall (on a loaded machine, compare the
# CPU seconds too: a long igraph call meets more of the load than our short runs). THREADS: default 2.
# igraph is left out above IGRAPH_MAX_NODES nodes (default 30000: its edge_betweenness runs for more than 41
# CPU minutes on 100000).
# Rate: source·arcs per CPU second of the whole loads process (N·A / CPU s), next to the bound that one
# thread's read bandwidth sets (measured here, 512 MiB with numpy): each sweep of 8 sources reads each
# arc's 64-byte lane vector at least once forward and once backward, 16 bytes per source·arc; a distance
# sweep of 512 sources reads 64 bytes per arc and level, 1/8 byte per source·arc·level.
set -euo pipefail
bin=$(cd "$1" && pwd)
shift
here=$(cd "$(dirname "$0")" && pwd)
threads=${THREADS:-2}
igraph_max=${IGRAPH_MAX_NODES:-30000}
py=/usr/bin/python3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

matrices=("$@")
if [ ${#matrices[@]} -eq 0 ]; then
  matrices=("$here/../data/matrices/bcsstk13.mtx" "$here/../data/matrices/bcspwr10.mtx")
fi

# The kernels this CPU runs, from topostat --version.
kernels=$(env -u TOPO_KERNEL "$bin/topostat" --version | sed -n 's/^kernel .*this CPU runs \([^;]*\);.*/\1/p' | tr -d ,)

wanted() { [ -z "${GRAPHS:-}" ] || [[ " $GRAPHS " == *" $1 "* ]]; }
graphs=()
if wanted rr20000; then
  "$bin/topogen" random-regular --nodes 20000 --degree 8 --seed 1 -o "$tmp/rr20000.el"
  graphs+=("random regular 20000/8:$tmp/rr20000.el")
fi
if wanted ba; then
  $py "$here/kernels_igraph.py" ba 30000 4 1 > "$tmp/ba.el"
  graphs+=("Barabási–Albert 30000/4:$tmp/ba.el")
fi
if wanted rgg; then
  $py "$here/kernels_igraph.py" rgg 20000 10 1 > "$tmp/rgg.el"
  graphs+=("geometric 20000, deg 10:$tmp/rgg.el")
fi
for m in "${matrices[@]}"; do
  name=$(basename "$m" .mtx)
  wanted "$name" || continue
  $py "$here/kernels_igraph.py" mtx "$m" > "$tmp/$name.el"
  graphs+=("$name:$tmp/$name.el")
done
if [ -z "${SKIP_LARGE:-}" ] && wanted rr100000; then  # last: minutes per kernel
  "$bin/topogen" random-regular --nodes 100000 --degree 8 --seed 1 -o "$tmp/rr100000.el"
  graphs+=("random regular 100000/8:$tmp/rr100000.el")
fi

# shellcheck source=bench/timed.sh
. "$here/timed.sh"
bandwidth=$($py "$here/kernels_igraph.py" bandwidth)

echo "bench/kernels.sh $(date -u +%Y-%m-%d), commit $(git -C "$here" rev-parse --short HEAD 2> /dev/null || echo unknown)"
echo "CPU: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "flags: $(grep -m1 '^flags' /proc/cpuinfo | tr ' ' '\n' | grep -E '^(sse4_2|avx|avx2|fma|avx512[a-z_]*)$' | tr '\n' ' ')"
echo "kernels: $kernels; topostat threads: $threads; igraph $($py -c 'import igraph; print(igraph.__version__)') (one thread)"
echo "read bandwidth, one thread: $bandwidth GB/s: loads bound $(awk -v b="$bandwidth" 'BEGIN {printf "%.1e", b * 1e9 / 16}') source·arcs/s per thread, distances $(awk -v b="$bandwidth" 'BEGIN {printf "%.1e", b * 1e9 * 8}') source·arc·levels/s"
echo
printf '| %-26s | %-8s | %-16s | %-16s | %-9s | %-6s | %-32s | %-16s | %-9s | %-16s | %-9s | %-6s |\n' graph kernel \
  'loads wall/CPU s' 'rate /bound' 'igraph wall/CPU s' ratio 'u (igraph u)' 'dist. wall/CPU s' 'dist. rate' 'mean distance' 'igraph wall/CPU s' ratio
printf '|%s|\n' '---|---|---|---|---|---|---|---|---|---|---|---'
for entry in "${graphs[@]}"; do
  name=${entry%%:*}
  file=${entry#*:}
  nodes=$(awk '!/^#/ {a = $1 + 0; b = $2 + 0; if (a > n) n = a; if (b > n) n = b} END {print n + 1}' "$file")
  arcs=$(($(grep -vc '^#' "$file") * 2))
  eb="-" ph="-" ebc="-" phc="-" u_ig="-" mean_ig="-"
  if [ "$nodes" -le "$igraph_max" ]; then
    read -r _ eb _ ebc _ u_ig <<< "$($py "$here/kernels_igraph.py" loads "$file")"
    read -r _ ph _ phc _ mean_ig <<< "$($py "$here/kernels_igraph.py" distances "$file")"
  fi
  for k in $kernels; do
    timed "$tmp/l" env TOPO_KERNEL="$k" "$bin/topostat" -q -j "$threads" --json --method bfs --bisection no \
      --utilization yes "$file"
    timed "$tmp/d" env TOPO_KERNEL="$k" "$bin/topostat" -q -j "$threads" --json --method bfs --bisection no \
      --utilization no "$file"
    u=$($py -c 'import json, sys; print("%.12f" % json.load(open(sys.argv[1]))["link_utilization"]["u"])' "$tmp/l.json" || echo "?")
    mean=$($py -c 'import json, sys; print("%.6f" % json.load(open(sys.argv[1]))["distances"]["distinct_pairs"]["mean"])' "$tmp/d.json" || echo "?")
    read -r lw lc < "$tmp/l"
    read -r dw dc < "$tmp/d"
    rate=$(awk -v n="$nodes" -v a="$arcs" -v c="$lc" -v b="$bandwidth" 'BEGIN {printf "%.1e /%.1e", n * a / c, b * 1e9 / 16}')
    ratio_l=$(awk -v i="$eb" -v t="$lw" 'BEGIN {if (i == "-") print "-"; else printf "%.1f×", i / t}')
    ratio_d=$(awk -v i="$ph" -v t="$dw" 'BEGIN {if (i == "-") print "-"; else printf "%.1f×", i / t}')
    printf '| %-26s | %-8s | %-16s | %-16s | %-9s | %-6s | %-32s | %-16s | %-9s | %-16s | %-9s | %-6s |\n' "$name ($nodes)" "$k" \
      "$lw / $lc" "$rate" "$eb / $ebc" "$ratio_l" "$u (ig. ${u_ig:0:14})" "$dw / $dc" "$(awk -v n="$nodes" -v a="$arcs" -v c="$dc" 'BEGIN {printf "%.1e", n * a / c}')" "$mean (ig. ${mean_ig})" "$ph / $phc" "$ratio_d"
  done
done
