#!/usr/bin/env bash
# topostat --paths: the path diversity section in the text, the JSON and the CSV, the rest of each output the
# same as without --paths, and no trace of it without --paths. Usage: paths.sh BIN_DIR
# shellcheck disable=SC2016  # check() evaluates its condition later, where the variables are set
set -uo pipefail
BIN=$1
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"
"$BIN/topogen" torus --dims 5x5 >"$tmp/t.el"
stat() { "$BIN/topostat" --no-provenance --bisection no "$@" "$tmp/t.el"; }

stat >"$tmp/plain.txt"
stat --paths >"$tmp/paths.txt"
check "text: the section with --paths" 'grep -q "^Path diversity" "$tmp/paths.txt"'
check "text: σ of a 5x5 torus" 'grep -q "σ: pairs  *1: 200, 2: 100, 3: 200, 6: 100$" "$tmp/paths.txt"'
check "text: λ of a 5x5 torus" 'grep -q "λ: pairs  *4: 300$" "$tmp/paths.txt"'
check "text: exact figures said so" '[[ $(grep -c "(exact" "$tmp/paths.txt") -ge 3 ]]'
check "text: no section without --paths" '! grep -q "Path diversity" "$tmp/plain.txt"'
# The section is a heading and its rows up to the next blank line.
awk '/^Path diversity/ {skip = 1; next} skip && /^$/ {skip = 0; next} !skip' "$tmp/paths.txt" \
  >"$tmp/paths_removed.txt"
check "text: the rest unchanged" 'cmp -s "$tmp/plain.txt" "$tmp/paths_removed.txt"'

stat --json >"$tmp/plain.json"
stat --json --paths >"$tmp/paths.json"
check "json: paths and the rest unchanged" '/usr/bin/python3 - "$tmp/plain.json" "$tmp/paths.json" <<PY
import json, sys
plain, paths = (json.load(open(f)) for f in sys.argv[1:3])
p = paths.pop("paths")
assert "paths" not in plain and paths == plain
assert p["shortest_paths"]["histogram"] == [[1, 200], [2, 100], [3, 200], [6, 100]], p
assert p["shortest_paths"]["exact"] and p["edge_disjoint_paths"]["exact"]
assert p["edge_disjoint_paths"]["method"] == "gomory-hu" and p["edge_disjoint_paths"]["min"] == 4
PY'

stat --csv >"$tmp/plain.csv"
stat --csv --paths >"$tmp/paths.csv"
check "csv: paths rows" 'grep -q "^paths,shortest_paths=6,100,ordered pairs$" "$tmp/paths.csv"'
check "csv: edge connectivity" 'grep -q "^paths,edge_disjoint_min,4,exact: the edge connectivity$" "$tmp/paths.csv"'
check "csv: no paths rows without --paths" '! grep -q "^paths," "$tmp/plain.csv"'
check "csv: the rest unchanged" 'grep -v "^paths," "$tmp/paths.csv" | cmp -s "$tmp/plain.csv" -'

# EvalNet's greedy figures: a 5x5 torus's pairs have 4 greedy paths, the first as long as the distance; the
# sample and the quadruples follow --paths-sample.
check "json: greedy paths and interference" '/usr/bin/python3 - "$tmp/paths.json" <<PY
import json, sys
p = json.load(open(sys.argv[1]))["paths"]
g, x = p["greedy_edge_disjoint_paths"], p["interference"]
assert g["sample"] == "every pair" and g["unordered_pairs"] == 300, g
assert [k["k"] for k in g["by_k"]] == [1, 2, 3, 4] and all(k["unordered_pairs"] == 300 for k in g["by_k"]), g
# distances of a 5x5 torus from a node: 4 at 1, 8 at 2, 8 at 3, 4 at 4
assert g["by_k"][0]["length_histogram"] == [[1, 50], [2, 100], [3, 100], [4, 50]], g["by_k"][0]
assert x["quadruples"] == 1000 and x["by_length"][0] == {"length": 1, "mean": 0.0}, x
PY'
stat --csv --paths --paths-sample 7 >"$tmp/s7.csv"
check "--paths-sample: greedy pairs" 'grep -q "^paths,greedy_pairs,7,\"greedy, sampled pairs\"$" "$tmp/s7.csv"'
check "--paths-sample: quadruples" 'grep -q "^paths,interference_quadruples,7,sampled$" "$tmp/s7.csv"'
stat --paths-sample 7 >/dev/null 2>"$tmp/s.err"
expect_status "--paths-sample without --paths" 2 $?
stat --paths --paths-sample 0 >/dev/null 2>"$tmp/s.err"
expect_status "--paths-sample 0" 2 $?

# The sampled case is in the unit tests (its work limit is above what a test runs); a directed graph has σ
# but not λ, and says why.
"$BIN/topogen" debruijn --symbols 2 --length 4 | "$BIN/topostat" --paths --csv >"$tmp/d.csv"
check "directed: λ skipped, said why" 'grep -q "^paths,edge_disjoint_method,none,directed graph" "$tmp/d.csv"'
# --histogram prints the distances alone: --paths with it is a usage error, not a section computed and dropped.
"$BIN/topostat" --paths --histogram "$tmp/t.el" >"$tmp/h.out" 2>"$tmp/h.err"
expect_status "--paths --histogram" 2 $?
check "--paths --histogram: one line, no output" '[[ ! -s "$tmp/h.out" && $(wc -l <"$tmp/h.err") -eq 1 ]]'
finish
