# shellcheck shell=bash
# timed OUT COMMAND...: runs COMMAND (standard output to OUT.json), writes "wall cpu" seconds to OUT: of the
# one run, or, when it took less than a second, the median of 9 runs (by wall time; a run of a few milliseconds
# moves by a millisecond from one to the next). Sourced by the benchmarks that time topostat.
timed() {
  local out=$1
  shift
  local TIMEFORMAT='%R %U %S'
  { time "$@" > "$out.json" 2> /dev/null; } 2> "$out.t"
  if awk '{exit !($1 < 1)}' "$out.t"; then
    for _ in 2 3 4 5 6 7 8 9; do
      { time "$@" > /dev/null 2>&1; } 2>> "$out.t"
    done
  fi
  sort -n "$out.t" | awk '{w[NR] = $1; c[NR] = $2 + $3} END {m = int((NR + 1) / 2); printf "%.3f %.3f\n", w[m], c[m]}' > "$out"
}
