#!/usr/bin/env bash
# topomap benchmarks. Usage: bench/topomap.sh BIN_DIR [swap|qap|table|all]
#   swap   sparse swap evaluations per second, bcspwr10 (first 4096 tasks) on a 16x16x16 torus
#   qap    QAPLIB instances with n <= 50: gap to the best known solution, tabu and anneal, QAP_TIME s each
#   table  the dissertation-style table (§3.3.4) with Scotch's scotch_gmap scored by --evaluate
# Environment: QAP_TIME (default 10), QAP_ONLY (instance names, e.g. "chr25a nug20"; default every n <= 50),
# QAP_SEED (default 1), MAP_TIME (anneal seconds per table cell, default 20), THREADS (default 1).
# topomap runs its default number of restarts (8) throughout; THREADS changes only how many run at once.
# Prints markdown tables for bench/RESULTS.md.
set -euo pipefail
bin=$(cd "$1" && pwd)
what=${2:-all}
here=$(cd "$(dirname "$0")" && pwd)
data=$(cd "$here/../data" && pwd)
qap_time=${QAP_TIME:-10}
qap_only=${QAP_ONLY:-}
qap_seed=${QAP_SEED:-1}
map_time=${MAP_TIME:-20}
threads=${THREADS:-1}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
json_field() { /usr/bin/python3 -c "import json,sys; print(json.load(sys.stdin)['$1'])"; }

echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'); threads used: $threads"
echo

if [[ $what == swap || $what == all ]]; then
  "$bin/topogen" torus --dims 16x16x16 -o "$tmp/t4096.el"
  echo '### Sparse swap evaluations per second'
  echo
  echo '```'
  "$(dirname "$bin")/bench/map_swap_rate" "$tmp/t4096.el" "$data/matrices/bcspwr10.mtx" 5
  echo '```'
  echo
fi

if [[ $what == qap || $what == all ]]; then
  echo "### QAPLIB, n <= 50, ${qap_time} s per instance and method, $threads thread(s), default restarts, seed $qap_seed"
  echo
  echo '| instance | n | best known | tabu | gap % | tabu iterations | anneal | gap % | anneal proposals |'
  echo '|---|---|---|---|---|---|---|---|---|'
  sum_t=0 sum_a=0 count=0
  for dat in "$data"/qaplib/*.dat; do
    n=$(awk '{for (i = 1; i <= NF; i++) {print $i; exit}}' "$dat")
    ((n <= 50)) || continue
    name=$(basename "$dat" .dat)
    [[ -z $qap_only || " $qap_only " == *" $name "* ]] || continue
    bks=$(awk '{for (i = 1; i <= NF; i++) if (++k == 2) {print $i; exit}}' "$data/qaplib/$name.sln")
    for m in tabu anneal; do
      "$bin/topomap" --qap "$dat" -m "$m" --time-limit "$qap_time" --seed "$qap_seed" -j "$threads" -q --json > "$tmp/$m.json"
    done
    t=$(json_field cost < "$tmp/tabu.json") ti=$(json_field iterations < "$tmp/tabu.json")
    a=$(json_field cost < "$tmp/anneal.json") ai=$(json_field iterations < "$tmp/anneal.json")
    gt=$(awk -v c="$t" -v b="$bks" 'BEGIN {printf "%.3f", 100 * (c - b) / b}')
    ga=$(awk -v c="$a" -v b="$bks" 'BEGIN {printf "%.3f", 100 * (c - b) / b}')
    printf '| %s | %s | %s | %.0f | %s | %.2f M | %.0f | %s | %.0f M |\n' "$name" "$n" "$bks" "$t" "$gt" \
      "$(awk -v i="$ti" 'BEGIN {print i / 1e6}')" "$a" "$ga" "$(awk -v i="$ai" 'BEGIN {print i / 1e6}')"
    sum_t=$(awk -v s="$sum_t" -v g="$gt" 'BEGIN {print s + g}')
    sum_a=$(awk -v s="$sum_a" -v g="$ga" 'BEGIN {print s + g}')
    count=$((count + 1))
  done
  awk -v t="$sum_t" -v a="$sum_a" -v c="$count" 'BEGIN {printf "| **mean over %d** | | | | **%.3f** | | | **%.3f** | |\n", c, t / c, a / c}'
  echo
fi

if [[ $what == table || $what == all ]]; then
  echo "### Dissertation-style table: ROMap vs the best of topomap's methods, and Scotch"
  echo
  echo "Weights |a_ij| (README), each undirected pair once; idle nodes pad a demand smaller than the machine."
  echo "anneal: ${map_time} s, $threads thread(s); genetic: 5 s; greedy; Scotch: scotch_gmap with a target built by amk_grf from the same network."
  echo
  echo '| matrix | machine | N | n | ROMap C | greedy | genetic | anneal | best | % impr. over ROMap | scotch_gmap | best / Scotch |'
  echo '|---|---|---|---|---|---|---|---|---|---|---|---|'
  declare -A dims=([bgl1024]=8x8x16 [bgl2048]=16x8x16 [qcdoc1024]=2x2x2x4x4x8)
  declare -A label=([bgl1024]="BG/L 8x8x16" [bgl2048]="BG/L 16x8x16" [qcdoc1024]="QCDOC 2x2x2x4x4x8")
  for mach in bgl1024 qcdoc1024 bgl2048; do
    "$bin/topogen" torus --dims "${dims[$mach]}" -o "$tmp/$mach.el"
    /usr/bin/python3 "$here/scotch_io.py" graph "$tmp/$mach.el" "$tmp/$mach.grf"
    amk_grf "$tmp/$mach.grf" "$tmp/$mach.tgt"
  done
  for mat in 662_bus young1c bcspwr09 bcsstk13; do
    f="$data/matrices/$mat.mtx"
    for mach in bgl1024 qcdoc1024 bgl2048; do
      N=$(grep -m1 '^# nodes:' "$tmp/$mach.el" | awk '{print $3}')
      n=$(awk '!/^%/ {print $1; exit}' "$f")
      ((n <= N)) || continue
      run() { "$bin/topomap" "$tmp/$mach.el" --demand "$f" -q --json -j "$threads" "$@" | json_field cost; }
      id=$(run -m identity)
      gr=$(run -m greedy)
      ge=$(run -m genetic --time-limit 5)
      an=$(run -m anneal --time-limit "$map_time")
      /usr/bin/python3 "$here/scotch_io.py" demand "$f" "$N" "$tmp/d.grf"
      scotch_gmap "$tmp/d.grf" "$tmp/$mach.tgt" "$tmp/d.map" 2> /dev/null
      sc=$("$bin/topomap" "$tmp/$mach.el" --demand "$f" --evaluate "$tmp/d.map" -q --json | json_field cost)
      best=$(printf '%s\n' "$gr" "$ge" "$an" "$id" | sort -g | head -1)
      awk -v m="$mat" -v l="${label[$mach]}" -v N="$N" -v n="$n" -v id="$id" -v gr="$gr" -v ge="$ge" -v an="$an" \
          -v b="$best" -v sc="$sc" 'BEGIN {printf "| %s | %s | %d | %d | %.1f | %.1f | %.1f | %.1f | %.1f | %.1f%% | %.1f | %.3f |\n",
          m, l, N, n, id, gr, ge, an, b, 100 * (id - b) / id, sc, b / sc}'
    done
  done
  echo
fi
