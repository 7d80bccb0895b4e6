#!/usr/bin/env bash
# topostat --throughput: the exact LP (GLPK's simplex) against Garg–Könemann's certified bounds on the same graphs,
# with a check that the bounds bracket the LP's θ, then Garg–Könemann alone where the LP is out of reach; the same
# under given traffic (--traffic): tornado on tori (θ = 1/d + 1/(k − d), d = ⌈k/2⌉ − 1) and hotspot.
# Usage: bench/throughput.sh BIN_DIR. THREADS (default 2) threads. Times are the whole topostat process
# (--bisection no --utilization no); EPSILON (default 0.05) is the approximation's ε.
set -euo pipefail
bin=$1
threads=${THREADS:-2}
epsilon=${EPSILON:-0.05}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export OMP_NUM_THREADS=$threads

run() {  # graph file, method [traffic options...]: prints "seconds lower upper" of the uniform or given traffic
  local t0 t1 graph=$1 method=$2
  shift 2
  t0=$(date +%s.%N)
  "$bin/topostat" --json --no-provenance --throughput --throughput-method "$method" --epsilon "$epsilon" \
    --bisection no --utilization no -j "$threads" "$@" "$graph" >"$tmp/out.json" 2>/dev/null
  t1=$(date +%s.%N)
  /usr/bin/python3 -c 'import json, sys; t = json.load(open(sys.argv[1]))["throughput"]; u = t.get("uniform") or t["traffic"]; print(sys.argv[2], u["lower"], u["upper"])' \
    "$tmp/out.json" "$(echo "$t1 - $t0" | bc -l)"
}

printf '%-24s %-16s %-8s %10s %10s %10s %10s %10s  %s\n' graph traffic arcs lp_s theta gk_s gk_lower gk_upper brackets
for spec in "torus 6x6:uniform:torus --dims 6x6" "dragonfly h=2:uniform:dragonfly --h 2" \
  "slimfly q=5:uniform:slimfly --q 5" "random-regular 64/8:uniform:random-regular --nodes 64 --degree 8 --seed 1" \
  "random-regular 1000/8:uniform:random-regular --nodes 1000 --degree 8 --seed 1" \
  "torus 16x16:uniform:torus --dims 16x16" "torus 6x6:tornado:torus --dims 6x6" \
  "torus 16x16:tornado:torus --dims 16x16" "random-regular 1000/8:hotspot:random-regular --nodes 1000 --degree 8 --seed 1"; do
  name=${spec%%:*}
  rest=${spec#*:}
  traffic=${rest%%:*}
  read -r -a gen <<<"${rest#*:}"
  options=()
  [[ $traffic == uniform ]] || options=(--traffic "$traffic")
  "$bin/topogen" "${gen[@]}" -o "$tmp/g.el"
  arcs=$(awk '!/^#/ {n++} END {print 2 * n}' "$tmp/g.el")
  nodes=$(awk -F': *' '/^# nodes:/ {print $2}' "$tmp/g.el")
  read -r gs gl gu < <(run "$tmp/g.el" approximation "${options[@]}")
  if ((nodes * arcs <= 20000)); then  # the automatic limit of the LP
    read -r ls lt _ < <(run "$tmp/g.el" lp "${options[@]}")
    ok=$(echo "$gl <= $lt * 1.000000001 && $lt <= $gu * 1.000000001" | bc -l)
    printf '%-24s %-16s %-8s %10.2f %10.6f %10.2f %10.6f %10.6f  %s\n' "$name" "$traffic" "$arcs" "$ls" "$lt" "$gs" "$gl" "$gu" \
      "$([[ $ok == 1 ]] && echo yes || echo NO)"
  else
    printf '%-24s %-16s %-8s %10s %10s %10.2f %10.6f %10.6f  %s\n' "$name" "$traffic" "$arcs" - - "$gs" "$gl" "$gu" -
  fi
done
