#!/usr/bin/env bash
# One toposim run split over 1, 2 and 4 MPI ranks (the MPI build: make MPI=1): the CLEX C(1/4,4) with clique 17 and
# the 32^4 torus, batch runs of M messages per node. For each: whether every run's JSON equals one rank's (the
# provenance aside), the wall time, the peak RSS and the peak PSS of each rank (RSS counts the graph, which the ranks
# of a machine share, whole in every rank; PSS, sampled every 0.2 s from /proc/PID/smaps_rollup, counts a share of
# it) and the bytes the ranks exchanged per cycle.
# Usage: bench/mpi_split.sh [BIN_DIR [WORK_DIR]]   (BIN_DIR: build-mpi/bin; RANKS="1 2 4", MESSAGES=4, THREADS=1)
# On fewer cores than ranks the ranks take turns (--oversubscribe): the wall times then show the exchange's cost,
# not the speed-up.
set -euo pipefail
bin=${1:-build-mpi/bin}
work=${2:-$(mktemp -d)}
ranks=${RANKS:-1 2 4}
messages=${MESSAGES:-4}
threads=${THREADS:-1}
mkdir -p "$work"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMP_NUM_THREADS=1 OMPI_MCA_mpi_yield_when_idle=1
"$bin/topogen" clex --clique 17 --levels 4 --format descriptor > "$work/clex17.desc"
"$bin/topogen" torus --dims 32x32x32x32 --format descriptor > "$work/torus32.desc"
echo "CPU: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //'), $(getconf _NPROCESSORS_ONLN) cores; toposim $("$bin/toposim" --version | head -1)"
echo
echo "| network | ranks | same output as 1 rank | wall s | peak RSS per rank (MiB) | peak PSS per rank (MiB) | exchanged bytes per cycle |"
echo "|---|---|---|---|---|---|---|"
for net in clex17 torus32; do
  case $net in
    clex17) args=(--algo clex --vcs 6 --vc-classes hop --buffer 1) ;;
    torus32) args=(--algo dor --vcs 6 --buffer 1) ;;
  esac
  for np in $ranks; do
    out=$work/$net.$np
    start=$(date +%s.%N)
    # shellcheck disable=SC2016 # expanded by each rank's shell
    mpirun -np "$np" --oversubscribe bash -c '
      /usr/bin/time -f %M -o "$0.rss.$OMPI_COMM_WORLD_RANK" "$@" & timer=$!
      peak=0
      while kill -0 "$timer" 2>/dev/null; do
        for pid in $(pgrep -P "$timer"); do
          pss=$(awk "/^Pss:/ {print \$2}" "/proc/$pid/smaps_rollup" 2>/dev/null || true)
          ((${pss:-0} > peak)) && peak=$pss
        done
        sleep 0.2
      done
      echo "$peak" > "$0.pss.$OMPI_COMM_WORLD_RANK"
      wait "$timer"' "$out" \
      "$bin/toposim" run "$work/$net.desc" "${args[@]}" --messages "$messages" -j "$threads" --json > "$out.json"
    end=$(date +%s.%N)
    grep -v '"seconds"\|"ranks"\|"exchanged_bytes_per_cycle"\|"argv"\|"threads"' "$out.json" > "$out.cmp"
    same=$(cmp -s "$work/$net.$(echo "$ranks" | cut -d' ' -f1).cmp" "$out.cmp" && echo yes || echo NO)
    rss=$(for f in "$out".rss.*; do echo $(($(tail -1 "$f") / 1024)); done | paste -sd/)
    pss=$(for f in "$out".pss.*; do echo $(($(cat "$f") / 1024)); done | paste -sd/)
    exchanged=$( (grep -o '"exchanged_bytes_per_cycle": [0-9.e+]*' "$out.json" || true) | awk '{printf "%.0f", $2}')
    printf '| %s | %s | %s | %.1f | %s | %s | %s |\n' "$net" "$np" "$same" "$(echo "$end - $start" | bc)" "$rss" \
      "$pss" "${exchanged:-0}"
  done
done
