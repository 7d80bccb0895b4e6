#!/usr/bin/env bash
# `make experiments` is too slow for the test suite; this checks its recipes parse, that one small run makes
# shellcheck disable=SC2016,SC2034  # check() evaluates its condition later, where the variables are set
# its result file (command, version, value) and that a second make finds it up to date.
# Usage: experiments_smoke.sh BIN_DIR SOURCE_DIR
set -uo pipefail
bin=$(cd "$1" && pwd) src=$2
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"
mk=(make --no-print-directory -C "$src" -f experiments/experiments.mk BIN="$bin" R="$tmp/results")

dry=$("${mk[@]}" -n 2>&1)
rc=$?
check "make -n parses" '((rc == 0))'
runs=$(grep -c 'experiments/run.py' <<< "$dry")
check "make -n lists the runs (got $runs)" '((runs >= 290))'
maps=$(grep -c 'experiments/run.py .* map-' <<< "$dry")
check "make -n lists the mapping runs (got $maps)" '((maps >= 40))'
check "make -n makes the mapping table" 'grep -q "report.py $tmp/results diss-mapping " <<< "$dry"'
check "make -n ends with the README" 'grep -q "report.py $tmp/results readme $tmp/results/README.md" <<< "$dry"'
check "make -n writes each table's differences as JSON for the README" 'grep -q "report.py $tmp/results clex-tables $tmp/results/clex/tables.diffs.json" <<< "$dry"'

out=$tmp/results/runs/hdn-ref-torus-10.json
"${mk[@]}" "$out" > "$tmp/log" 2>&1
check "one run makes its file" '[[ -s $out ]]'
check "the run records its command" \
  '[[ $(/usr/bin/python3 -c "import json,sys; print(json.load(open(sys.argv[1]))[\"command\"])" "$out") == "topogen torus --dims 10x10x10 --describe --json" ]]'
check "the run records the value" \
  '[[ $(/usr/bin/python3 -c "import json,sys; print(json.load(open(sys.argv[1]))[\"result\"][\"nodes\"])" "$out") == 1000 ]]'
check "the run records the tool version" 'grep -q "\"topogen\": \"topogen (topo) " "$out"'
"${mk[@]}" -q "$out"
rc=$?
check "a second make finds it up to date" '((rc == 0))'
finish
