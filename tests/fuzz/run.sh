#!/usr/bin/env bash
# Runs every fuzz target: first its regression inputs (each must pass), then fuzzing for SECONDS from its
# seed corpus, one target at a time at the lowest priority. Prints the executions per target; exits 1
# when a target crashed, hung, leaked or tripped a sanitizer (the input is saved under ARTIFACTS/).
# Usage: run.sh FUZZ_BIN_DIR SECONDS [TARGET...]
# With RUNS=N in the environment, a target also stops after N executions (whichever comes first); MAX_LEN=BYTES
# sets the largest input (default 16384; `make fuzz-deep` gives 1 MiB, for structures nested thousands deep).
set -uo pipefail
bin=$1 seconds=$2
shift 2
here=$(cd "$(dirname "$0")" && pwd)
work=$bin/work
mkdir -p "$work/artifacts"
targets=("$@")
if ((${#targets[@]} == 0)); then
  for exe in "$bin"/fuzz_*; do targets+=("$(basename "$exe")"); done
fi
status=0
printf '%-28s %12s %8s %s\n' target executions exec/s result
for t in "${targets[@]}"; do
  exe=$bin/$t
  seeds=$here/corpus/${t#fuzz_}
  regressions=$here/regressions/${t#fuzz_}
  corpus=$work/corpus/${t#fuzz_}
  mkdir -p "$corpus"
  log=$work/$t.log
  result=ok
  if [[ -d "$regressions" ]] && compgen -G "$regressions/*" > /dev/null; then
    if ! "$exe" -timeout=10 -rss_limit_mb=2048 "$regressions"/* > "$log.regressions" 2>&1; then
      result="regression failed (see $log.regressions)"
      status=1
    fi
  fi
  dirs=("$corpus")
  [[ -d "$seeds" ]] && dirs+=("$seeds")
  nice -n 19 "$exe" -max_total_time="$seconds" -runs="${RUNS:--1}" -timeout=10 -rss_limit_mb=2048 -max_len="${MAX_LEN:-16384}" -print_final_stats=1 \
    -artifact_prefix="$work/artifacts/${t#fuzz_}-" "${dirs[@]}" > "$log" 2>&1
  rc=$?
  if ((rc != 0)); then
    result="FOUND A BUG (exit $rc, see $log and $work/artifacts/)"
    status=1
  fi
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
  printf '%-28s %12s %8s %s\n' "$t" "${runs:-?}" "${rate:-?}" "$result"
done
exit $status
