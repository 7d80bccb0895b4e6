#!/usr/bin/env bash
# The same command and seed give byte-identical output with 1 and 2 threads and across runs.
# Usage: determinism.sh BIN_DIR
set -uo pipefail
bin=$1
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"
# same NAME COMMAND...: runs COMMAND with -j 1, -j 2 and -j 2 again; the three outputs must be equal.
same() {
  local name=$1; shift
  local ok=1
  "$@" -j 1 > "$tmp/a" 2> "$tmp/err" || ok=0
  "$@" -j 2 > "$tmp/b" 2>> "$tmp/err" || ok=0
  "$@" -j 2 > "$tmp/c" 2>> "$tmp/err" || ok=0
  if ((ok)) && [[ -s "$tmp/a" ]] && cmp -s "$tmp/a" "$tmp/b" && cmp -s "$tmp/b" "$tmp/c"; then
    pass
  else
    fail "$name: outputs differ between thread counts or runs (or the command failed)"
    head -3 "$tmp/err"; diff "$tmp/a" "$tmp/b" | head -5
  fi
}
# twice NAME COMMAND...: for a tool without threads, two runs give the same bytes.
twice() {
  local name=$1; shift
  if "$@" > "$tmp/a" && "$@" > "$tmp/b" && [[ -s "$tmp/a" ]] && cmp -s "$tmp/a" "$tmp/b"; then
    pass
  else
    fail "$name: two runs differ"
  fi
}

twice "topogen random-regular" "$bin/topogen" random-regular --nodes 2000 --degree 5 --seed 11
twice "topogen random-regular (json)" "$bin/topogen" random-regular --nodes 300 --degree 4 --seed 3 --format json
"$bin/topogen" random-regular --nodes 1500 --degree 6 --seed 5 > "$tmp/rr.el"
"$bin/topogen" torus --dims 6x6x6 > "$tmp/torus.el"
"$bin/topogen" hypercube --dim 6 --format plain > "$tmp/cube.el"

same "topostat exact" "$bin/topostat" "$tmp/rr.el" --json --no-provenance --bisection no
same "topostat sample" "$bin/topostat" "$tmp/rr.el" --json --no-provenance --method sample --sample 64 --seed 9 \
  --bisection no
same "topostat with bisection (METIS seeded)" "$bin/topostat" "$tmp/torus.el" --json --no-provenance --seed 4
twice "toporoute random ties" "$bin/toporoute" "$tmp/torus.el" --traffic uniform --seed 7 --random-ties --text
twice "toporoute summary" "$bin/toporoute" "$tmp/rr.el" --traffic permutation --seed 2 --random-ties --summary
same "topomap anneal" "$bin/topomap" "$tmp/torus.el" --demand "$tmp/cube.el" --method anneal --seed 3 \
  --restarts 2 --iterations 20000
same "topomap genetic" "$bin/topomap" "$tmp/torus.el" --demand "$tmp/cube.el" --method genetic --seed 3 \
  --restarts 2 --iterations 2000
# JSON without provenance: nothing that varies between runs or thread counts (wall-clock seconds, threads).
same "topomap anneal --json" "$bin/topomap" "$tmp/torus.el" --demand "$tmp/cube.el" --method anneal --seed 3 \
  --restarts 2 --iterations 20000 --json --no-provenance
same "toposim run --json" "$bin/toposim" run "$tmp/torus.el" --rate 0.2 --sample-period 200 --samples 1 \
  --max-samples 5 --no-provenance
same "toposim clex" "$bin/toposim" clex --clique 4 --levels 3 --messages 4 --seed 5
same "toposim clex-alltoall" "$bin/toposim" clex-alltoall --clique 4 --levels 3 --sources 16 --seed 5

finish
