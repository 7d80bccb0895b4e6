#!/usr/bin/env bash
# toposim run's speed: simulated router-cycles per second (routers x cycles / wall seconds) and the
# simulator's memory per router, on BookSim2's two reference sizes: the 8x8 mesh (DOR, 4 VCs x 8
# flits, uniform) and the 1,056-terminal dragonfly (h = 4: 264 routers, 4 terminals each, MIN).
# Usage: bench/sim_speed.sh BIN_DIR [THREADS]   (one line per case; the best of 3 runs)
set -euo pipefail
bin=$1
threads=${2:-1}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$bin/topogen" mesh --dims 8x8 -o "$tmp/mesh.el"
"$bin/topogen" dragonfly --h 4 --format json -o "$tmp/df.json"
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), threads: $threads"
printf '%-58s %10s %14s %12s\n' case cycles router-cycles/s bytes/router
measure() {  # measure NAME FILE OPTIONS...
  local name=$1 file=$2
  shift 2
  local best="" cycles="" routers="" bytes=""
  for _ in 1 2 3; do
    local t0 t1
    t0=$(date +%s.%N)
    "$bin/toposim" run -q -j "$threads" --no-provenance "$file" "$@" > "$tmp/out.json"
    t1=$(date +%s.%N)
    best=$(echo "$t0 $t1 $best" | awk '{d = $2 - $1; if ($3 == "" || d < $3) print d; else print $3}')
  done
  read -r cycles routers bytes < <(python3 -c 'import json,sys; j=json.load(open(sys.argv[1])); print(sum(p["cycles"] for p in j["points"]), j["network"]["routers"], j["network"]["bytes_per_router"])' "$tmp/out.json")
  printf '%-58s %10s %14.0f %12s\n' "$name" "$cycles" "$(echo "$routers $cycles $best" | awk '{print $1 * $2 / $3}')" "$bytes"
}
fixed=(--sample-period 1000 --samples 10 --max-samples 3 --warmup-tolerance 1)
measure "mesh 8x8, dor, 4x8, uniform 0.1" "$tmp/mesh.el" --rate 0.1 "${fixed[@]}"
measure "mesh 8x8, dor, 4x8, uniform 0.4" "$tmp/mesh.el" --rate 0.4 "${fixed[@]}"
measure "dragonfly h=4 (264 routers, 1056 terminals), min, 0.1" "$tmp/df.json" --terminals-per-router 4 --vcs 4 \
  --vc-classes hop --rate 0.1 "${fixed[@]}"
measure "dragonfly h=4, ugal, 8 VCs, group-shift 0.1" "$tmp/df.json" --terminals-per-router 4 --algo ugal --vcs 8 \
  --traffic group-shift --rate 0.1 "${fixed[@]}"
