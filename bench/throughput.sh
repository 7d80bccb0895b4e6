#!/usr/bin/env bash
# topostat --throughput: the exact LP (column generation, GLPK's simplex; one source per orbit on symmetric
# networks) against Garg–Könemann's certified bounds on the same graphs, with a check that the bounds bracket the
# LP's θ, and under uniform traffic against two peers: the arc-flow LP written from Python and solved by GLPK
# (`glpsol`, the solver topostat uses) and by COIN-OR CLP (bench/throughput_peer.py, when they are installed:
# scripts/install-deps.sh --bench) up to PEER_MAX variables (default 10^5), each stopped after PEER_TIMEOUT seconds
# (default: none), which then prints ">PEER_TIMEOUT"; PEERS (default "glpk clp") picks them.
# Then Garg–Könemann alone where the LP is out of reach; the same under given traffic (--traffic): tornado on
# tori (θ = 1/d + 1/(k − d), d = ⌈k/2⌉ − 1) and hotspot.
# Usage: bench/throughput.sh BIN_DIR. THREADS (default 2) threads. Times are the whole topostat process
# (--bisection no --utilization no), which also solves the longest matching's θ by the same method: the LP
# up to 10^5 variables, else the automatic one. EPSILON (default 0.05) is the approximation's ε. ROWS, a
# comma-separated list of the rows' names ("slimfly q=7,torus 16x16"), runs those rows alone.
set -euo pipefail
bin=$1
threads=${THREADS:-2}
epsilon=${EPSILON:-0.05}
peer_max=${PEER_MAX:-100000}
peer_timeout=${PEER_TIMEOUT:-}
rows=${ROWS:-}
peer_solvers=${PEERS:-glpk clp}
lp_max=100000  # variables of the peers' LP up to which topostat is given the LP for both traffics
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export OMP_NUM_THREADS=$threads

run() {  # graph file, method [traffic options...]: prints "seconds lower upper exact terminals" of the uniform or given traffic
  local t0 t1 graph=$1 method=$2
  shift 2
  t0=$(date +%s.%N)
  "$bin/topostat" --json --no-provenance --throughput --throughput-method "$method" --epsilon "$epsilon" \
    --bisection no --utilization no -j "$threads" "$@" "$graph" >"$tmp/out.json" 2>/dev/null
  t1=$(date +%s.%N)
  /usr/bin/python3 -c 'import json, sys; t = json.load(open(sys.argv[1]))["throughput"]; u = t.get("uniform") or t["traffic"]; print(sys.argv[2], u["lower"], u["upper"], "yes" if u["exact"] else "no", t["terminals_per_router"])' \
    "$tmp/out.json" "$(echo "$t1 - $t0" | bc -l)"
}

printf '%-24s %-10s %-6s %10s %8s %10s %10s %8s %-9s %10s %8s %10s %8s\n' graph traffic arcs theta s gk_lower gk_upper gk_s \
  bracketed glpk_theta glpk_s clp_theta clp_s
for spec in "torus 6x6:uniform:torus --dims 6x6" "dragonfly h=2:uniform:dragonfly --h 2" \
  "slimfly q=5:uniform:slimfly --q 5" "slimfly q=7:uniform:slimfly --q 7" "slimfly q=11:uniform:slimfly --q 11" \
  "dragonfly h=4:uniform:dragonfly --h 4" \
  "random-regular 64/8:uniform:random-regular --nodes 64 --degree 8 --seed 1" \
  "random-regular 100/8:uniform:random-regular --nodes 100 --degree 8 --seed 1" \
  "random-regular 1000/8:uniform:random-regular --nodes 1000 --degree 8 --seed 1" \
  "torus 16x16:uniform:torus --dims 16x16" "torus 6x6:tornado:torus --dims 6x6" \
  "torus 16x16:tornado:torus --dims 16x16" "random-regular 1000/8:hotspot:random-regular --nodes 1000 --degree 8 --seed 1"; do
  name=${spec%%:*}
  rest=${spec#*:}
  traffic=${rest%%:*}
  [[ -z $rows || ",$rows," == *",$name,"* ]] || continue
  read -r -a gen <<<"${rest#*:}"
  options=()
  [[ $traffic == uniform ]] || options=(--traffic "$traffic")
  "$bin/topogen" "${gen[@]}" -o "$tmp/g.el"
  arcs=$(awk '!/^#/ {n++} END {print 2 * n}' "$tmp/g.el")
  nodes=$(awk -F': *' '/^# nodes:/ {print $2}' "$tmp/g.el")
  read -r gs gl gu _ _ < <(run "$tmp/g.el" approximation "${options[@]}")
  method=auto  # the LP where the peers' default limit lets them run too
  [[ $traffic == uniform ]] && ((nodes * arcs <= lp_max)) && method="lp"
  read -r ls lt lu exact terminals < <(run "$tmp/g.el" "$method" "${options[@]}")
  if [[ $exact == yes ]]; then
    ok=$(echo "$gl <= $lt * 1.000000001 && $lt <= $gu * 1.000000001" | bc -l)
    bracket=$([[ $ok == 1 ]] && echo yes || echo NO)
    theta=$(printf '%.6f' "$lt")
  else
    bracket=-
    theta="$(printf '%.4f-%.4f' "$lt" "$lu")"
  fi
  peers=()
  for peer in glpk:glpsol clp:clp; do  # solver:its command
    solver=${peer%%:*} command=${peer#*:}
    peer_theta=- peer_s=-
    if [[ $traffic == uniform && " $peer_solvers " == *" $solver "* ]] && command -v "$command" >/dev/null &&
      ((nodes * arcs <= peer_max)); then
      read -r peer_theta peer_s < <(/usr/bin/python3 "$here/throughput_peer.py" "$tmp/g.el" --terminals "$terminals" \
        --solver "$solver" ${peer_timeout:+--timeout "$peer_timeout"})
      [[ $peer_theta == - ]] || peer_theta=$(printf '%.6f' "$peer_theta")
    fi
    peers+=("$peer_theta" "$peer_s")
  done
  printf '%-24s %-10s %-6s %10s %8.2f %10.6f %10.6f %8.2f %-9s %10s %8s %10s %8s\n' "$name" "$traffic" "$arcs" "$theta" \
    "$ls" "$gl" "$gu" "$gs" "$bracket" "${peers[@]}"
done
