#!/usr/bin/env bash
# topostat --throughput: the throughput section in the text, the JSON and the CSV with a 6x6 torus's θ
# (degree/k̄ = 4·35/108) and TUB, the rest of each output the same as without it, and no trace of it without it;
# the approximation's bounds around the LP's θ; the longest matching's θ (antipodes: 2/3 = TUB); θ under a given
# traffic (tornado 1/2 + 1/4, hotspot 4 = the degree, a demand file between antipodes 4 = the edge connectivity) in
# each format; bad settings are usage errors. Usage: throughput.sh BIN_DIR
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

check "text: the longest matching (the antipodes) at TUB" 'grep -q "longest matching θ  *0.666667  (the assignment" "$tmp/th.txt"'

# Given traffic: tornado on the 6x6 torus, 2 hops or 4 in each dimension, θ = 1/2 + 1/4.
stat --throughput --traffic tornado >"$tmp/tornado.txt"
check "text: θ under tornado" 'grep -q "traffic θ  *0.750000$" "$tmp/tornado.txt"'
check "text: the traffic named and normalised" 'grep -q "^  traffic  *tornado: 36 router pairs, the busiest router.s sum 1 scaled to 1 per router$" "$tmp/tornado.txt"'
check "text: no uniform θ beside a given traffic" '! grep -q "uniform θ" "$tmp/tornado.txt"'
awk '/^Throughput/ {skip = 1; next} skip && /^$/ {skip = 0; next} !skip' "$tmp/tornado.txt" >"$tmp/tornado_removed.txt"
check "text: the rest unchanged with --traffic" 'cmp -s "$tmp/plain.txt" "$tmp/tornado_removed.txt"'

stat --json --throughput --traffic hotspot --hotspot 7 >"$tmp/hot.json"
stat --json --throughput --traffic tornado --throughput-method approximation --epsilon 0.02 >"$tmp/tornado.json"
check "json: hotspot at the degree, tornado bracketed, the rest unchanged" '/usr/bin/python3 - "$tmp/plain.json" "$tmp/hot.json" "$tmp/tornado.json" <<PY
import json, sys
plain, hot, tornado = (json.load(open(f)) for f in sys.argv[1:4])
t = hot.pop("throughput")
assert hot == plain
g = t["traffic"]
assert "uniform" not in t and "routed" not in t, t
assert g["name"] == "hotspot" and g["exact"] and abs(g["theta"] - 4) < 1e-9, g
assert g["router_pairs"] == 35 and g["busiest_router_sum"] == 35 and abs(g["scale"] - 1 / 35) < 1e-15, g
g = tornado["throughput"]["traffic"]
assert g["method"] == "garg-konemann" and g["lower"] <= 0.75 * (1 + 1e-9) <= g["upper"] * (1 + 2e-9), g
assert g["lower"] >= 0.98 * g["upper"], g
w = tornado["throughput"]["worst_case_permutation"]["longest_matching"]
assert w["lower"] <= 2 / 3 * (1 + 1e-9) <= w["upper"] * (1 + 2e-9), w
PY'

# A demand file between antipodes 0 = (0,0) and 21 = (3,3), both ways: four arc-disjoint paths each way, θ = 4;
# the same as Matrix Market, and with weight 5 (normalised away).
printf '0 21 5\n' >"$tmp/pair.el"
printf '%%%%MatrixMarket matrix coordinate real symmetric\n36 36 1\n22 1 1.0\n' >"$tmp/pair.mtx"
stat --csv --throughput --demand "$tmp/pair.el" >"$tmp/pair_el.csv"
stat --csv --throughput --demand "$tmp/pair.mtx" >"$tmp/pair_mtx.csv"
check "csv: θ of a demand file, edge list and Matrix Market" '/usr/bin/python3 - "$tmp/pair_el.csv" "$tmp/pair_mtx.csv" <<PY
import csv, sys
for f, busiest in zip(sys.argv[1:3], ("5", "1")):
    rows = {r["figure"]: r for r in csv.DictReader(open(f)) if r["section"] == "throughput"}
    assert abs(float(rows["traffic_theta"]["value"]) - 4) < 1e-6, rows
    assert rows["traffic_router_pairs"]["value"] == "2" and rows["traffic_busiest_router_sum"]["value"] == busiest, rows
    assert "uniform_theta" not in rows and abs(float(rows["longest_matching_theta"]["value"]) - 2 / 3) < 1e-6, rows
PY'
# The same demands from standard input (the format told by the content), the graph from its file.
stat --csv --throughput --demand - <"$tmp/pair.el" >"$tmp/pair_el_stdin.csv"
stat --csv --throughput --demand - <"$tmp/pair.mtx" >"$tmp/pair_mtx_stdin.csv"
check "csv: a demand on stdin as from its file, edge list and Matrix Market" \
  'diff <(grep "^throughput,traffic_theta," "$tmp/pair_el.csv") <(grep "^throughput,traffic_theta," "$tmp/pair_el_stdin.csv") &&
   diff <(grep "^throughput,traffic_theta," "$tmp/pair_mtx.csv") <(grep "^throughput,traffic_theta," "$tmp/pair_mtx_stdin.csv") &&
   grep -q "^throughput,traffic_busiest_router_sum,5" "$tmp/pair_el_stdin.csv" &&
   grep -q "^throughput,traffic_busiest_router_sum,1" "$tmp/pair_mtx_stdin.csv"'
grep -v "^throughput," "$tmp/pair_el.csv" | grep -v "^terminals,\|^costs," >"$tmp/pair_rest.csv"
check "csv: the rest unchanged with --demand" 'cmp -s "$tmp/plain_rest.csv" "$tmp/pair_rest.csv"'

# An indirect network: the 2-level fat tree XGFT(2; 4,4; 1,2), 16 terminals on 4 leaves of 2 uplinks each. A
# pattern acts on the 16 terminals alone: all-to-all is uniform traffic, θ = 2 uplinks/(4 terminals · 12/15 of
# their traffic off the leaf) = 5/8; bit-complement sends every terminal off its leaf, θ = 2/4; every terminal to
# terminal 3 is limited by its one link, θ = 1. A switch as the hotspot has no terminals.
"$BIN/topogen" xgft --m 4,4 --w 1,2 >"$tmp/ft.el"
for t in uniform all-to-all bit-complement hotspot; do
  args=(--traffic "$t")
  [[ $t == uniform ]] && args=()
  [[ $t == hotspot ]] && args+=(--hotspot 3)
  "$BIN/topostat" --no-provenance --bisection no --utilization no --json --throughput "${args[@]}" "$tmp/ft.el" >"$tmp/ft_$t.json"
done
check "fat tree: θ of patterns over its terminals (5/8, 5/8, 1/2, 1)" '/usr/bin/python3 - "$tmp" <<PY
import json, sys
for t, want in (("uniform", 5 / 8), ("all-to-all", 5 / 8), ("bit-complement", 1 / 2), ("hotspot", 1)):
    th = json.load(open(f"{sys.argv[1]}/ft_{t}.json"))["throughput"]
    got = th["uniform" if t == "uniform" else "traffic"]
    assert got["exact"] and abs(got["theta"] - want) < 1e-6, (t, got)
    if t == "all-to-all":
        assert got["router_pairs"] == 16 * 15, got
PY'
"$BIN/topostat" --throughput --traffic hotspot --hotspot 20 "$tmp/ft.el" >"$tmp/bad.out" 2>"$tmp/bad.err"
expect_status "fat tree: a switch as the hotspot" 1 $?
check "fat tree: a switch as the hotspot: one line" 'grep -q "router 20 has no terminals" "$tmp/bad.err" && [[ $(wc -l <"$tmp/bad.err") -eq 1 ]]'

for bad in "--epsilon 0" "--epsilon 1.5" "--throughput-method simplex" "--histogram" "--traffic nonesuch" \
  "--hotspot 2" "--traffic tornado --demand $tmp/pair.el" "--traffic tornado --hotspot 2"; do
  # shellcheck disable=SC2086  # the option and its value are two words
  "$BIN/topostat" --throughput $bad "$tmp/t.el" >"$tmp/bad.out" 2>"$tmp/bad.err"
  expect_status "--throughput $bad" 2 $?
  check "--throughput $bad: one line, no output" '[[ ! -s "$tmp/bad.out" && $(wc -l <"$tmp/bad.err") -eq 1 ]]'
done
finish
