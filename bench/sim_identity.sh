#!/usr/bin/env bash
# Byte-identity of toposim run between two builds, for speed work on the simulator: 34 runs that
# cover its options (routings, VC schemes, flow control, batch mode, link latencies, sweep, saturation search,
# on/off injection, --loads, a deadlock, 1 and 2 threads), each compared with cmp.
# Usage: bench/sim_identity.sh BIN_BEFORE BIN_AFTER [--ignore-memory]
#   --ignore-memory: skip the memory figures, which change when the simulator's layout does: network.bytes_*
#   (the estimate of its state) and each point's peak (flits in flight and busy ports, which builds before the
#   input VC pool do not print). Exit status 1 when any output differs. About 30 CPU seconds per build.
# IGNORE_PARAMETERS="KEY ...", with --ignore-memory: also skip these keys of the JSON's parameters (ones that
#   a newer build adds or states differently, e.g. IGNORE_PARAMETERS="ugal_rule ugal_threshold").
set -euo pipefail
before=$1
after=$2
ignore=${3:-}
export OMP_WAIT_POLICY=PASSIVE  # builds before b99430e busy-wait at -j 2: minutes of CPU on a shared machine
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
g=$tmp/graphs
mkdir -p "$g"
"$before/topogen" mesh --dims 8x8 -o "$g/mesh.el"
"$before/topogen" dragonfly --h 4 --format json -o "$g/df.json"
"$before/topogen" dragonfly --h 2 --format json -o "$g/df2.json"
"$before/topogen" torus --dims 4x4x4x4 -o "$g/t4.el"
"$before/topogen" torus --dims 8x8 -o "$g/t8.el"
"$before/topogen" clex --clique 4 --levels 2 --format json -o "$g/clex.json"
"$before/topogen" fattree --arity 4 --levels 3 -o "$g/ft.el"
"$before/topogen" slimfly --q 5 -o "$g/sf.el"
"$before/toporoute" --algo dor --traffic all-to-all "$g/mesh.el" -o "$g/mesh_routes.jsonl"
fixed=(--sample-period 1000 --samples 10 --max-samples 3 --warmup-tolerance 1)
book=(--terminals-per-router 4 --buffer 256 --speedup 1.7 --routing-delay 0 --link-latency "local=10,global=100")
runs() {  # runs BIN OUT
  local bin=$1 out=$2
  mkdir -p "$out"
  r() {  # r NAME OPTIONS...: the JSON (or CSV), stderr and exit status of one run
    local name=$1
    shift
    "$bin/toposim" run -q --no-provenance "$@" > "$out/$name.out" 2> "$out/$name.err" || echo "exit $?" >> "$out/$name.err"
  }
  r speed_mesh01 -j 1 "$g/mesh.el" --rate 0.1 "${fixed[@]}"
  r speed_mesh04 -j 1 "$g/mesh.el" --rate 0.4 "${fixed[@]}"
  r speed_dfmin -j 1 "$g/df.json" --terminals-per-router 4 --vcs 4 --vc-classes hop --rate 0.1 "${fixed[@]}"
  r speed_dfugal -j 1 "$g/df.json" --terminals-per-router 4 --algo ugal --vcs 8 --traffic group-shift --rate 0.1 \
    "${fixed[@]}"
  r speed_dfugal_j2 -j 2 "$g/df.json" --terminals-per-router 4 --algo ugal --vcs 8 --traffic group-shift \
    --rate 0.1 "${fixed[@]}"
  r t4_01 -j 1 "$g/t4.el" --algo dor --rate 0.1
  r t4_05 -j 1 "$g/t4.el" --algo dor --rate 0.5
  r t4_05_j2 -j 2 "$g/t4.el" --algo dor --rate 0.5
  r t4_madapt -j 2 "$g/t4.el" --algo minimal-adaptive --rate 0.3
  r df2_ugal -j 1 "$g/df2.json" --algo ugal --vc-classes hop --vcs 6 --rate 0.3
  r df2_ugal_j2 -j 2 "$g/df2.json" --algo ugal --vc-classes hop --vcs 6 --rate 0.3
  r df2_madapt -j 1 "$g/df2.json" --algo minimal-adaptive --allow-deadlock --rate 0.3
  r df2_madapt_j2 -j 2 "$g/df2.json" --algo minimal-adaptive --allow-deadlock --rate 0.3
  r t8_ps4_wh -j 1 "$g/t8.el" --packet-size 4 --flow wormhole --rate 0.3
  r t8_ps4_vct -j 1 "$g/t8.el" --packet-size 4 --flow vct --rate 0.3
  r t8_ps4_vct_j2 -j 2 "$g/t8.el" --packet-size 4 --flow vct --rate 0.3
  r t4_batch -j 1 "$g/t4.el" --messages 4
  r t4_batch_j2 -j 2 "$g/t4.el" --messages 4
  r clex_len -j 1 "$g/clex.json" --link-latency length --rate 0.2
  r clex_len_j2 -j 2 "$g/clex.json" --link-latency length --rate 0.2
  r df_book -j 1 "$g/df.json" "${book[@]}" --algo dragonfly --vc-classes hop --vcs 3 --rate 0.01
  r df_book_ugal -j 2 "$g/df.json" "${book[@]}" --algo ugal --vc-classes hop --vcs 6 --traffic group-shift \
    --rate 0.05
  r t8_sweep -j 2 "$g/t8.el" --vcs 2 --sweep 0.05:0.6:0.1 --csv
  r t8_sat -j 1 "$g/t8.el" --saturation --samples 1 --sample-period 500
  r t8_onoff_loads -j 1 "$g/t8.el" --injection onoff --rate 0.3 --loads "$out/t8_onoff.loads"
  r mesh_sat -j 1 "$g/mesh.el" --rate 0.6
  r mesh_hot -j 1 "$g/mesh.el" --traffic hotspot --hotspot 5 --rate 0.02 --seeds 3
  r ft -j 1 "$g/ft.el" --algo updown --rate 0.4 --packet-size 2
  r sf_ma -j 2 "$g/sf.el" --algo minimal-adaptive --allow-deadlock --rate 0.4 --terminals-per-router 3
  r t8_deadlock -j 1 "$g/t8.el" --vc-classes none --vcs 1 --allow-deadlock --rate 0.9 --packet-size 4 \
    --deadlock-cycles 500
  r t8_valiant -j 2 "$g/t8.el" --algo valiant --vc-classes hop --vcs 16 --rate 0.1
  r mesh_table -j 2 "$g/mesh.el" --algo table --routes "$g/mesh_routes.jsonl" --rate 0.2
  r mesh_perm -j 2 "$g/mesh.el" --traffic permutation --rate 0.3
  r t8_rdelay -j 1 "$g/t8.el" --routing-delay 0 --vc-alloc-delay 2 --sw-alloc-delay 2 --speedup 1.5 --rate 0.4 \
    --random-ties --algo shortest --vc-classes hop --vcs 8
}
runs "$before" "$tmp/before"
runs "$after" "$tmp/after"
without_memory() {  # the output without its memory figures (JSON; CSV and error text as they are)
  python3 -c '
import json, sys
text = open(sys.argv[1]).read()
try:
    j = json.loads(text)
except ValueError:
    print(text, end="")
    sys.exit()
for k in [k for k in j.get("network", {}) if k.startswith("bytes_")]:
    del j["network"][k]
for p in j.get("points", []):
    p.pop("peak", None)
for k in sys.argv[2].split():
    j.get("parameters", {}).pop(k, None)
print(json.dumps(j, indent=1))' "$1" "${IGNORE_PARAMETERS:-}"
}
n=0 bad=0
for f in "$tmp"/before/*; do
  b=$tmp/after/$(basename "$f")
  n=$((n + 1))
  if [ "$ignore" = --ignore-memory ]; then
    cmp -s <(without_memory "$f") <(without_memory "$b") || { echo "differs: $(basename "$f")"; bad=$((bad + 1)); }
  else
    cmp -s "$f" "$b" || { echo "differs: $(basename "$f")"; bad=$((bad + 1)); }
  fi
done
echo "sim_identity: $n files compared, $bad differ"
[ "$bad" -eq 0 ]
