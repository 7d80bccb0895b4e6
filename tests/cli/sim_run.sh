#!/usr/bin/env bash
# toposim run end to end: the dependency check refuses a cyclic routing (exit 1, one line), a permitted
# deadlock is reported and does not hang, CSV and --loads have their documented shapes, the output
# does not depend on -j, --packet-size is bounded, the contract's JSON keys are there, a point above
# saturation is not stable, --speedup takes a fraction, and BookSim2's sanity case comes within 5% of its manual.
# Usage: sim_run.sh BIN_DIR
set -uo pipefail
bin=$1
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"
quick=(--sample-period 200 --samples 1 --max-samples 5)

"$bin/topogen" ring --nodes 8 > "$tmp/ring.txt" || fail "topogen ring"
"$bin/topogen" mesh --dims 4x4 > "$tmp/mesh.txt" || fail "topogen mesh"

# Refused before the run: status 1, one line naming the cycle, no output file.
"$bin/toposim" run "$tmp/ring.txt" --algo shortest --vcs 1 --vc-classes none -o "$tmp/refused.json" 2> "$tmp/err"
[[ $? -eq 1 ]] || fail "a cyclic routing is not refused with status 1"
grep -q '^toposim: .*cycle of 8 channels' "$tmp/err" || fail "the refusal does not name the cycle: $(cat "$tmp/err")"
[[ $(wc -l < "$tmp/err") -eq 1 ]] || fail "the refusal is not one line"
[[ ! -e "$tmp/refused.json" ]] || fail "a refused run left an output file"

# Allowed: the deadlock is reported within the bound.
timeout 60 "$bin/toposim" run "$tmp/ring.txt" --algo shortest --vcs 1 --vc-classes none --allow-deadlock \
  --traffic tornado --rate 1 --packet-size 4 --buffer 2 --deadlock-cycles 200 "${quick[@]}" > "$tmp/dl.json" 2> "$tmp/err" ||
  fail "a deadlocked run did not finish with status 0"
python3 - "$tmp/dl.json" << 'PY' || fail "deadlock report"
import json, sys
p = json.load(open(sys.argv[1]))["points"][0]
assert p["deadlock"] is not None and p["deadlock"]["stuck_packets"] > 0 and p["deadlock"]["channels"], p["deadlock"]
assert not p["stable"]
PY
grep -q 'warning: deadlock' "$tmp/err" || fail "no deadlock warning on stderr"

# CSV: the contract's header and one row per rate.
"$bin/toposim" run "$tmp/mesh.txt" --sweep 0.1:0.3:0.1 --csv "${quick[@]}" > "$tmp/sweep.csv" || fail "sweep"
[[ $(head -1 "$tmp/sweep.csv") == "rate,offered,accepted,accepted_min,jain,latency_mean_cycles,latency_p50_cycles,latency_p99_cycles,latency_max_cycles,network_latency_mean_cycles,hops_mean,converged,stable" ]] ||
  fail "CSV header: $(head -1 "$tmp/sweep.csv")"
[[ $(wc -l < "$tmp/sweep.csv") -eq 4 ]] || fail "CSV rows: $(wc -l < "$tmp/sweep.csv")"

# A sweep stops after its first unstable point, says so on stderr, and leaves that point's latency empty;
# --full-sweep runs every rate. The 4x4 mesh saturates between 0.6 and 0.8 under uniform traffic.
"$bin/toposim" run "$tmp/mesh.txt" --sweep 0.6:1:0.2 --csv "${quick[@]}" > "$tmp/stop.csv" 2> "$tmp/err" ||
  fail "sweep past saturation"
[[ $(wc -l < "$tmp/stop.csv") -eq 3 ]] || fail "the sweep did not stop after the first unstable point: $(cat "$tmp/stop.csv")"
grep -q '^0.8,[^,]*,[^,]*,[^,]*,[^,]*,,,,,,,[a-z]*,false$' "$tmp/stop.csv" || fail "unstable row: $(tail -1 "$tmp/stop.csv")"
grep -q 'stopped after the first unstable point, rate 0.8' "$tmp/err" || fail "no note of the stop: $(cat "$tmp/err")"
"$bin/toposim" run "$tmp/mesh.txt" --sweep 0.6:1:0.2 --full-sweep --csv "${quick[@]}" > "$tmp/full.csv" ||
  fail "--full-sweep"
[[ $(wc -l < "$tmp/full.csv") -eq 4 ]] || fail "--full-sweep rows: $(wc -l < "$tmp/full.csv")"

# --saturation as CSV: a row per probe and the rate on a last comment line.
"$bin/toposim" run "$tmp/ring.txt" --saturation --csv "${quick[@]}" > "$tmp/sat.csv" || fail "--saturation --csv"
tail -1 "$tmp/sat.csv" | grep -q '^# saturation rate 0\.[0-9]*: stable' || fail "no saturation line: $(tail -1 "$tmp/sat.csv")"

# --rate next to --sweep or --saturation would be ignored: a usage error.
"$bin/toposim" run "$tmp/mesh.txt" --rate 0.2 --sweep 0.1:0.3:0.1 > /dev/null 2>&1
[[ $? -eq 2 ]] || fail "--rate with --sweep is not a usage error"

# --loads: one line per channel (4x4 mesh: 48 arcs), five fields plus one per point.
"$bin/toposim" run "$tmp/mesh.txt" --rate 0.2 --loads "$tmp/loads.txt" "${quick[@]}" > /dev/null || fail "loads"
[[ $(grep -vc '^#' "$tmp/loads.txt") -eq 48 ]] || fail "loads lines: $(grep -vc '^#' "$tmp/loads.txt")"
awk '!/^#/ && NF != 6 {bad=1} END {exit bad}' "$tmp/loads.txt" || fail "loads fields"

# Byte for byte the same output for 1 and 2 threads (sweep points in parallel, and routers in parallel): with
# --no-provenance the thread count is not printed either.
for j in 1 2; do
  "$bin/toposim" run "$tmp/mesh.txt" --algo minimal-adaptive --sweep 0.1:0.4:0.15 -j $j --no-provenance \
    "${quick[@]}" > "$tmp/j$j.json"
done
cmp -s "$tmp/j1.json" "$tmp/j2.json" || fail "-j 1 and -j 2 differ"
# One point on more threads than the mesh has routers (16): the team is cut to the routers, same output.
for j in 1 40; do
  "$bin/toposim" run "$tmp/mesh.txt" --rate 0.3 -j $j --no-provenance "${quick[@]}" > "$tmp/p$j.json"
done
cmp -s "$tmp/p1.json" "$tmp/p40.json" || fail "one point: -j 1 and -j 40 differ"
# With the provenance, the thread count is there.
"$bin/toposim" run "$tmp/mesh.txt" --rate 0.3 -j 2 "${quick[@]}" |
  python3 -c 'import json,sys; j=json.load(sys.stdin); assert j["provenance"]["threads"] == 2 and "threads" not in j["parameters"]' ||
  fail "the thread count is not in the provenance (only)"

# --packet-size has room for 65535 flits (Flit::max_flits): above, a usage error (status 2, one line).
"$bin/toposim" run "$tmp/mesh.txt" --packet-size 65536 2> "$tmp/err" > /dev/null
[[ $? -eq 2 ]] || fail "--packet-size 65536 is not a usage error"
grep -q '^toposim: --packet-size must be between 1 and 65535 flits$' "$tmp/err" || fail "packet size: $(cat "$tmp/err")"

# The contract's keys, resolved parameters and provenance; --seeds adds a confidence interval.
"$bin/toposim" run "$tmp/mesh.txt" --rate 0.2 --seeds 3 --seed 5 "${quick[@]}" > "$tmp/c.json" || fail "seeds"
python3 - "$tmp/c.json" << 'PY' || fail "contract keys"
import json, sys
j = json.load(open(sys.argv[1]))
assert j["seed"] == 5 and j["parameters"]["algo"] == "dor" and j["parameters"]["vc_classes"] == "none"
assert "provenance" in j
p = j["points"][0]
for k in ["rate", "offered", "accepted", "latency", "hops", "packets", "converged", "stable", "cycles", "links",
          "vc_occupancy", "deadlock", "seeds"]:
    assert k in p, k
assert set(p["accepted"]) == {"mean", "min", "jain"}
assert set(p["latency"]["packet"]) == {"mean", "p50", "p99", "max"}
assert p["seeds"]["n"] == 3 and p["seeds"]["latency"]["ci95"] > 0
assert p["packets"]["measured"] > 0 and p["deadlock"] is None
PY

# Stable as BookSim2 defines it: the 8x8 mesh under uniform DOR saturates near 0.41 flits/node/cycle
# (BookSim2 and toposim alike, bench/RESULTS.md); at 0.6 the latency test fails, at 0.2 it passes.
"$bin/topogen" mesh --dims 8x8 > "$tmp/mesh8.txt" || fail "topogen mesh 8x8"
# (The run at 0.6 is the slow one, ~30 s under the sanitizers: once, read as JSON.)
"$bin/toposim" run "$tmp/mesh8.txt" --rate 0.2 --sample-period 500 --csv > "$tmp/st0.2.csv" || fail "rate 0.2"
[[ $(tail -1 "$tmp/st0.2.csv" | cut -d, -f13) == true ]] || fail "0.2 is not stable: $(tail -1 "$tmp/st0.2.csv")"
"$bin/toposim" run "$tmp/mesh8.txt" --rate 0.6 --sample-period 500 --no-provenance |
  python3 -c 'import json,sys; p=json.load(sys.stdin)["points"][0]; assert p["latency_exceeded"] and p["stable"] is False' ||
  fail "0.6 (above saturation) is stable or does not report latency_exceeded"

# A fractional speedup is accepted and recorded; below 1 is a usage error.
"$bin/toposim" run "$tmp/mesh.txt" --speedup 1.5 --rate 0.2 --no-provenance "${quick[@]}" |
  python3 -c 'import json,sys; j=json.load(sys.stdin); assert j["parameters"]["speedup"] == 1.5 and j["points"][0]["stable"]' ||
  fail "--speedup 1.5"
"$bin/toposim" run "$tmp/mesh.txt" --speedup 0.5 2> /dev/null
[[ $? -eq 2 ]] || fail "--speedup 0.5 is not a usage error"

# BookSim2's sanity case (man page, EXAMPLES) with BookSim2's router and terminal timing: within 1% of the 33.70
# cycles its manual prints (bench/RESULTS.md: 33.54).
"$bin/topogen" torus --dims 8x8 > "$tmp/torus8.txt" || fail "topogen torus"
"$bin/toposim" run "$tmp/torus8.txt" --vcs 2 --vc-classes partition --random-ties --link-latency 2 --rate 0.15 \
  --next-head next-cycle --vc-reallocation next-cycle --injection-channel two-cycles --no-provenance |
  python3 -c 'import json,sys; m=json.load(sys.stdin)["points"][0]["latency"]["packet"]["mean"]; assert abs(m / 33.70 - 1) <= 0.01, m' ||
  fail "the sanity case is not within 1% of BookSim2's 33.70 cycles"

# The 8x8 mesh under bit-complement at 0.22, 88% of its bound: the routers at the middle of a row and a column
# merge one input with several busy VCs and one with a single busy VC into one output. BookSim2 gives 59.33
# cycles (bench/RESULTS.md); an output that took turns among input VCs rather than ports gave 123.8.
"$bin/toposim" run "$tmp/mesh8.txt" --traffic bit-complement --rate 0.22 --no-provenance |
  python3 -c 'import json,sys; p=json.load(sys.stdin)["points"][0]; m=p["latency"]["packet"]["mean"]; assert p["stable"] and abs(m / 59.33 - 1) <= 0.1, m' ||
  fail "the 8x8 mesh under bit-complement at 0.22 is not within 10% of BookSim2's 59.33 cycles"

# Usage errors exit 2.
"$bin/toposim" run "$tmp/mesh.txt" --sweep 0.3:0.1:0.1 2> /dev/null
[[ $? -eq 2 ]] || fail "a backwards sweep is not a usage error"
"$bin/toposim" run "$tmp/mesh.txt" --algo nonesuch 2> /dev/null
[[ $? -eq 2 ]] || fail "an unknown routing is not a usage error"

[[ $fails -eq 0 ]] && echo "sim_run: all checks passed"
exit $((fails > 0))
