#!/usr/bin/env bash
# TOPO_KERNEL forces the instruction set of the distance and link-load sweeps: every kernel this CPU runs
# gives the same figures, byte for byte, and says so in --version and the JSON provenance; an unknown
# kernel is a one-line usage error (exit 2).
# Usage: forced_kernels.sh BIN_DIR
# shellcheck disable=SC2016  # check() evaluates its condition later, where the variables are set
set -uo pipefail
bin=$(cd "$1" && pwd)
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"

# The kernels this CPU runs, from the --version line "kernel K (this CPU runs A, B; TOPO_KERNEL picks one)".
line=$(env -u TOPO_KERNEL "$bin/topostat" --version | grep '^kernel ')
check "--version has a kernel line ($line)" '[[ $line =~ ^kernel\ (portable|avx2|avx512)\ \(this\ CPU\ runs\ portable ]]'
runs=$(sed 's/.*this CPU runs \([^;]*\);.*/\1/; s/,//g' <<< "$line")
echo "kernels: $runs"

# Irregular graphs: random regular; one with hubs (node i links to a random earlier node, twice); an
# indirect network (traffic between its endpoints only). More than 64 nodes: the wide BFS kernels run.
"$bin/topogen" random-regular --nodes 300 --degree 6 --seed 2 -o "$tmp/rr.el"
awk 'BEGIN { srand(3); for (i = 1; i < 400; ++i) { print i, int(rand() * i); j = int(rand() * i); if (i > 2) print i, j } }' |
  awk '$1 != $2 && !seen[$1 < $2 ? $1 " " $2 : $2 " " $1]++' > "$tmp/hubs.el"
"$bin/topogen" fattree --arity 4 --levels 3 --format json -o "$tmp/ft.json"
for g in rr hubs ft; do
  f=$tmp/$g.el
  [ -f "$f" ] || f=$tmp/$g.json
  for k in $runs; do
    TOPO_KERNEL=$k "$bin/topostat" -q --json --no-provenance --method bfs --utilization yes --bisection no "$f" \
      > "$tmp/$g.$k.json"
    check "$g: exit 0 with TOPO_KERNEL=$k" '[ $? -eq 0 ] && [ -s "$tmp/$g.$k.json" ]'
    check "$g: $k gives the same figures as portable" 'cmp -s "$tmp/$g.portable.json" "$tmp/$g.$k.json"'
  done
  check "$g: link loads computed" 'grep -q "\"u\"" "$tmp/$g.portable.json"'
done
for k in $runs; do
  check "--version names the forced kernel $k" 'TOPO_KERNEL=$k "$bin/topostat" --version | grep -q "^kernel $k "'
  got=$(TOPO_KERNEL=$k "$bin/topostat" -q --json "$tmp/rr.el" | /usr/bin/python3 -c 'import json, sys; print(json.load(sys.stdin)["provenance"]["kernel"])')
  check "the provenance names $k (got $got)" '[ "$got" = "$k" ]'
done

TOPO_KERNEL=sse4 "$bin/topostat" -q "$tmp/rr.el" > "$tmp/out" 2> "$tmp/err"
status=$?
check "an unknown kernel exits 2 (got $status)" '[ $status -eq 2 ]'
check "with one line naming the variable and the choices ($(cat "$tmp/err"))" \
  '[ "$(cat "$tmp/err")" = "topostat: TOPO_KERNEL: unknown kernel \"sse4\" (portable, avx2, avx512)" ]'
check "and no output" '[ ! -s "$tmp/out" ]'
for k in avx2 avx512; do
  case " $runs " in *" $k "*) continue ;; esac
  TOPO_KERNEL=$k "$bin/topostat" -q "$tmp/rr.el" > /dev/null 2> "$tmp/err"
  status=$?
  check "$k, which this CPU lacks, exits 2 (got $status)" '[ $status -eq 2 ] && grep -q "which this CPU lacks" "$tmp/err"'
done
finish
