#!/usr/bin/env bash
# topostat --throughput: the throughput section in the text, the JSON and the CSV with a 6x6 torus's θ
# (degree/k̄ = 4·35/108) and TUB, the rest of each output the same as without it, and no trace of it without it;
# the approximation's bounds around the LP's θ; bad settings are usage errors. Usage: throughput.sh BIN_DIR
# shellcheck disable=SC2016  # check() evaluates its condition later, where the variables are set
set -uo pipefail
BIN=$1
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"
"$BIN/topogen" torus --dims 6x6 >"$tmp/t.el"
stat() { "$BIN/topostat" --no-provenance --bisection no "$@" "$tmp/t.el"; }

stat >"$tmp/plain.txt"
stat --throughput >"$tmp/th.txt"
check "text: the section with --throughput" 'grep -q "^Throughput (any routing)" "$tmp/th.txt"'
check "text: θ of a 6x6 torus, exact" 'grep -q "uniform θ  *1.296296$" "$tmp/th.txt"'
check "text: the LP said so" 'grep -q "uniform θ by  *LP, GLPK simplex: .*(exact)$" "$tmp/th.txt"'
check "text: TUB of a 6x6 torus" 'grep -q "permutation θ at most  *0.666667 " "$tmp/th.txt"'
check "text: no section without --throughput" '! grep -q "Throughput" "$tmp/plain.txt"'
awk '/^Throughput/ {skip = 1; next} skip && /^$/ {skip = 0; next} !skip' "$tmp/th.txt" >"$tmp/th_removed.txt"
check "text: the rest unchanged" 'cmp -s "$tmp/plain.txt" "$tmp/th_removed.txt"'

stat --json >"$tmp/plain.json"
stat --json --throughput --throughput-method approximation --epsilon 0.02 >"$tmp/th.json"
check "json: bounds around θ and the rest unchanged" '/usr/bin/python3 - "$tmp/plain.json" "$tmp/th.json" <<PY
import json, sys
plain, th = (json.load(open(f)) for f in sys.argv[1:3])
t = th.pop("throughput")
assert "throughput" not in plain and th == plain
u = t["uniform"]
theta = 4 * 35 / 108
assert u["method"] == "garg-konemann" and not u["exact"] and u["epsilon"] == 0.02, u
assert u["lower"] <= theta * (1 + 1e-9) and u["upper"] >= theta * (1 - 1e-9), u
assert u["lower"] >= 0.98 * u["upper"], u
assert abs(t["routed"]["theta"] - theta) < 1e-9 and abs(t["routed"]["inverse_u"] - 1) < 1e-12, t
assert t["worst_case_permutation"]["max_distance_sum"] == 216 and t["arc_capacity"] == 144, t
assert t["terminals"] == 36 and t["terminals_per_router"] == 1, t
PY'

stat --csv >"$tmp/plain.csv"
stat --csv --throughput --terminals-per-router 2 >"$tmp/th.csv"
# Two terminals per router: T = 72 and a router pair demands θ·4/71, so θ = 144/((4/71)·36·108) = (4·35/108)·71/140.
check "csv: θ with 2 terminals per router" '/usr/bin/python3 - "$tmp/th.csv" <<PY
import csv, sys
rows = {r["figure"]: r for r in csv.DictReader(open(sys.argv[1])) if r["section"] == "throughput"}
theta = float(rows["uniform_theta"]["value"])
assert abs(theta - 4 * 35 / 108 * 71 / 140) < 1e-6, theta
assert rows["uniform_method"]["value"] == "lp" and rows["terminals"]["value"] == "72", rows
assert abs(float(rows["permutation_tub"]["value"]) - 144 / (2 * 216)) < 1e-9, rows
PY'
check "csv: no throughput rows without --throughput" '! grep -q "^throughput," "$tmp/plain.csv"'
grep -v "^throughput," "$tmp/th.csv" | grep -v "^terminals,\|^costs," >"$tmp/th_rest.csv"
grep -v "^terminals,\|^costs," "$tmp/plain.csv" >"$tmp/plain_rest.csv"
check "csv: the rest unchanged" 'cmp -s "$tmp/plain_rest.csv" "$tmp/th_rest.csv"'

for bad in "--epsilon 0" "--epsilon 1.5" "--throughput-method simplex" "--histogram"; do
  # shellcheck disable=SC2086  # the option and its value are two words
  "$BIN/topostat" --throughput $bad "$tmp/t.el" >"$tmp/bad.out" 2>"$tmp/bad.err"
  expect_status "--throughput $bad" 2 $?
  check "--throughput $bad: one line, no output" '[[ ! -s "$tmp/bad.out" && $(wc -l <"$tmp/bad.err") -eq 1 ]]'
done
finish
