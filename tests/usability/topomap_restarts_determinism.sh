#!/usr/bin/env bash
# topomap: the number of restarts does not depend on the thread count (8 by default), so -j 1, -j 2 and
# -j 3 (which does not divide 8) give the same mapping and cost for the same seed under an iteration budget:
# threads only run a fixed number of restarts side by side.
# Usage: topomap_restarts_determinism.sh BIN_DIR
# shellcheck disable=SC2016  # check() evaluates its condition later, where the variables are set
set -uo pipefail
bin=$(cd "$1" && pwd)
src=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"

"$bin/topogen" torus --dims 4x4x4 > "$tmp/t.el"  # 64 nodes: the first 64 tasks of 662_bus (--crop)
for m in anneal tabu genetic random; do
  for r in default 3; do
    extra=()
    [[ $r == default ]] || extra=(--restarts "$r")
    for j in 1 2 3; do
      "$bin/topomap" "$tmp/t.el" --demand "$src/data/matrices/662_bus.mtx" --crop -m "$m" --iterations 200 --seed 7 -j "$j" -q \
        "${extra[@]}" --no-provenance > "$tmp/$m-$r-$j.out" 2> "$tmp/err"
      check "$m restarts=$r -j $j runs ($(head -c 200 "$tmp/err"))" '[[ -s $tmp/$m-$r-$j.out ]]'
    done
    # The runs differ only in nothing: same header (cost, restarts, winner) and the same mapping.
    check "$m restarts=$r: -j 1 and -j 2 give the same mapping and cost" 'cmp -s "$tmp/$m-$r-1.out" "$tmp/$m-$r-2.out"'
    check "$m restarts=$r: -j 1 and -j 3 give the same mapping and cost" 'cmp -s "$tmp/$m-$r-1.out" "$tmp/$m-$r-3.out"'
  done
  check "$m: the default is eight restarts" 'grep -q "^# method: $m, seed 7, 8 restart(s)" "$tmp/$m-default-1.out"'
  check "$m: the default's winner is named" 'grep -qE "^# method: $m, seed 7, 8 restart\(s\), best restart [0-7]$" "$tmp/$m-default-2.out"'
  check "$m --restarts 3 runs three" 'grep -q "^# method: $m, seed 7, 3 restart(s)" "$tmp/$m-3-2.out"'
done
# The JSON's figures too, timing aside: iterations are summed over the same eight restarts whatever -j.
for j in 1 2; do
  "$bin/topomap" "$tmp/t.el" --demand "$src/data/matrices/662_bus.mtx" --crop -m tabu --iterations 300 -j "$j" -q --json \
    > "$tmp/j$j.json"
done
same_json() {
  python3 - "$@" << 'END'
import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:])
keys = ("mapping", "cost", "restarts", "best_restart", "iterations")
sys.exit(not (all(a[k] == b[k] for k in keys) and a["restarts"] == 8 and a["iterations"] == 8 * 300))
END
}
check "tabu --json: -j 1 and -j 2 give the same mapping, cost, winner and 8 x 300 iterations" \
  'same_json "$tmp/j1.json" "$tmp/j2.json"'
finish
