#!/usr/bin/env bash
# topomap's tabu search costs O(N²) per iteration: before a long run it measures its first iterations and
# says on stderr what a restart will cost; a short run, and --quiet, say nothing.
# Usage: tabu_estimate.sh BIN_DIR
# shellcheck disable=SC2016  # check() evaluates its condition later, where the variables are set
set -uo pipefail
bin=$(cd "$1" && pwd)
src=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"

"$bin/topogen" torus --dims 16x16x2 > "$tmp/t.el"  # 512 nodes for the 662_bus tasks cropped to 512
# One restart, so that it has the whole time limit to reach the iterations it times (eight would share it).
long=(--demand "$src/data/matrices/662_bus.mtx" --crop -m tabu --iterations 100000000 --time-limit 3 --restarts 1 --seed 1
  --no-provenance)
"$bin/topomap" "$tmp/t.el" "${long[@]}" > "$tmp/out" 2> "$tmp/err"
check "a long tabu run succeeds (rc $?)" '[[ -s $tmp/out ]]'
check "it estimates its time per iteration on stderr: $(head -c 300 "$tmp/err")" \
  'grep -qE "^topomap: tabu: [0-9.e+-]+ ms per iteration on 512 nodes, about [0-9]+ s per restart of 100000000 iterations" "$tmp/err"'
"$bin/topomap" "$tmp/t.el" "${long[@]}" -q > /dev/null 2> "$tmp/err"
check "--quiet silences the estimate" '[[ ! -s $tmp/err ]]'
"$bin/topomap" "$tmp/t.el" --demand "$src/data/matrices/662_bus.mtx" --crop -m tabu --iterations 50 --restarts 1 --seed 1 > /dev/null 2> "$tmp/err"
check "a short run says nothing" '! grep -q "per iteration" "$tmp/err"'
finish
