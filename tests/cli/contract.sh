#!/usr/bin/env bash
# Contract tests for every tool (doc/definitions.md §8): --help and --version exit 0, an unknown option exits 2,
# bad input exits 1 with "tool:" on stderr and leaves no output file, pipes close quietly,
# write errors are caught. Usage: contract.sh BIN_DIR
set -uo pipefail
bin=$1
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"

# How to feed each tool bad input, with -o FILE appended.
declare -A bad_input=(
  [topogen]="$bin/topogen pn --q 6"  # well-formed but not a prime power (a malformed value is a usage error)
  [topostat]="$bin/topostat $tmp/garbage.el"
  [toposim]="$bin/toposim clex --clique 1 --levels 2 --messages 3"
  [toporoute]="$bin/toporoute $tmp/garbage.el --traffic all-to-all"
  [topomap]="$bin/topomap $tmp/garbage.el --demand $tmp/garbage.el"
)
printf 'garbage in\n' > "$tmp/garbage.el"

tools=()
for t in "$bin"/topo*; do tools+=("$(basename "$t")"); done
expect "found the tools" test "${#tools[@]}" -ge 2

for tool in "${tools[@]}"; do
  "$bin/$tool" --help > "$tmp/out" 2> "$tmp/err"; expect_status "$tool --help" 0 $?
  expect "$tool --help prints usage" grep -q "Usage: $tool" "$tmp/out"
  "$bin/$tool" --version > "$tmp/out" 2>&1; expect_status "$tool --version" 0 $?
  expect "$tool --version names the tool" grep -q "^$tool (topo) " "$tmp/out"
  "$bin/$tool" --no-such-option > "$tmp/out" 2> "$tmp/err" < /dev/null; expect_status "$tool unknown option" 2 $?
  expect "$tool usage error is one line starting '$tool:'" test "$(wc -l < "$tmp/err")" -eq 1 -a "$(cut -c1-${#tool} < "$tmp/err")" = "$tool"
  [[ -n "${bad_input[$tool]:-}" ]] || { fail "no bad-input case for $tool"; continue; }
  rm -f "$tmp/result"
  ${bad_input[$tool]} -o "$tmp/result" > "$tmp/out" 2> "$tmp/err"; expect_status "$tool bad input" 1 $?
  expect "$tool bad input: one line starting '$tool:'" test "$(wc -l < "$tmp/err")" -eq 1 -a "$(cut -c1-$((${#tool} + 1)) < "$tmp/err")" = "$tool:"
  expect "$tool bad input leaves no output file" test ! -e "$tmp/result"
  expect "$tool bad input leaves no temporary file" test "$(files_named "$tmp" '*result*')" -eq 0
  expect "$tool bad input prints nothing on stdout" test ! -s "$tmp/out"
done

# Pipes that close early end quietly (default SIGPIPE).
"$bin/topogen" torus --dims 64x64x64 2> "$tmp/err" | head -1 > /dev/null
expect "topogen | head -1 is quiet" test ! -s "$tmp/err"

# -o writes the whole file and leaves no temporary behind.
"$bin/topogen" ring --nodes 5 -o "$tmp/ring.el"; expect_status "topogen -o" 0 $?
expect "-o wrote the file" grep -q '^# links: 5$' "$tmp/ring.el"
expect "-o left no temporary" test "$(files_named "$tmp" '*ring.el*')" -eq 1

# Write errors are detected at exit.
if [[ -w /dev/full ]]; then
  "$bin/topogen" torus --dims 8x8x8 > /dev/full 2> "$tmp/err"; expect_status "write error" 1 $?
  expect "write error is reported" grep -q '^topogen: write error' "$tmp/err"
fi

# A truncated edge list is an error, not a smaller graph.
"$bin/topogen" torus --dims 4x4 | head -n 30 | "$bin/topostat" > /dev/null 2> "$tmp/err"; expect_status "truncated input" 1 $?
expect "truncated input is named" grep -q 'topostat: <stdin>:30: the header says 32 links but the file has' "$tmp/err"

# A missing input file.
"$bin/topostat" "$tmp/none.el" > /dev/null 2> "$tmp/err"; expect_status "missing file" 1 $?
expect "missing file is named" grep -q "topostat: cannot open $tmp/none.el: No such file or directory" "$tmp/err"

# Bad family parameters name the constraint.
"$bin/topogen" torus --dims 4x0 2> "$tmp/err"; expect_status "bad dims" 1 $?
expect "bad dims message" grep -q 'topogen: --dims: every size must be at least 1, got 0' "$tmp/err"
"$bin/topogen" nonesuch 2> "$tmp/err"; expect_status "unknown family" 2 $?

# toposim clex: a graph that is not a clex graph is refused by name; the output is a table.
"$bin/topogen" ring --nodes 5 | "$bin/toposim" clex --messages 2 > /dev/null 2> "$tmp/err"; expect_status "toposim clex non-clex graph" 1 $?
expect "toposim names the family" grep -q "toposim: <stdin>: not a clex graph (family 'ring')" "$tmp/err"
"$bin/toposim" clex --clique 4 --levels 2 --messages 2 > "$tmp/sim.txt"; expect_status "toposim clex runs" 0 $?
expect "toposim clex prints the level table" grep -q '^lvl\.' "$tmp/sim.txt"
"$bin/toposim" clex --clique 4 --levels 2 > /dev/null 2> "$tmp/err"; expect_status "toposim clex without --messages" 2 $?

# Descriptor pipelines rebuild the graph downstream.
"$bin/topogen" torus --dims 8x8x8 --format descriptor | "$bin/topostat" --json > "$tmp/d.json"; expect_status "descriptor pipeline" 0 $?
expect "descriptor gives the graph" grep -q '"diameter": 12' "$tmp/d.json"

finish
