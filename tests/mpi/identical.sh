#!/usr/bin/env bash
# The MPI build (cmake -DTOPO_MPI=ON): under `mpirun -np 2 --oversubscribe` and `-np 3` topostat,
# toposim run --sweep, toposim run of one point (its network split over the ranks), toposim clex --seeds,
# topomap --restarts and topogen print byte for byte what one process prints (cmp), on graphs with
# symmetry (tori) and without (random regular); a bad input makes
# the whole job exit 1 with one line naming the rank, and a usage error exit 2 with one line; the ranks share one
# copy of the graph, or each holds its own where they cannot.
# A rank other than 0 that fails, before or after the others wait for it, is checked with the probe
# tests/mpi/job_failure.cpp.
# Usage: identical.sh BIN_DIR JOB_FAILURE   (the tools of the MPI build, and the probe)
set -uo pipefail
bin=$1
probe=$2
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"
# As root in a container Open MPI refuses to start without these; one thread per rank on 2 cores, and
# waiting ranks give their core away instead of polling.
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMP_NUM_THREADS=1 OMPI_MCA_mpi_yield_when_idle=1
mpi() {
  local np=$1
  shift
  timeout 300 mpirun -np "$np" --oversubscribe "$@"
}

# same NAME CMD...: the command alone and under 2 and 3 ranks give the same bytes.
same() {
  local name=$1
  shift
  "$@" > "$tmp/$name.1" || fail "$name: exit status $? alone"
  for np in 2 3; do
    mpi "$np" "$@" > "$tmp/$name.$np" || fail "$name: exit status $? with $np ranks"
    cmp -s "$tmp/$name.1" "$tmp/$name.$np" || fail "$name: $np ranks differ from one: $(diff "$tmp/$name.1" "$tmp/$name.$np" | head -5)"
  done
  [[ -s "$tmp/$name.1" ]] || fail "$name: no output"
}

"$bin/topogen" torus --dims 6x6x6 > "$tmp/torus.el" || fail "topogen torus"
"$bin/topogen" torus --dims 30x30x30 > "$tmp/torus30.el" || fail "topogen torus 30"
"$bin/topogen" random-regular --nodes 700 --degree 5 --seed 3 > "$tmp/rr.el" || fail "topogen random-regular"
"$bin/topogen" fattree --arity 4 --levels 3 > "$tmp/ft.el" || fail "topogen fattree"

# topogen is not distributed: rank 0 writes the graph once.
same topogen "$bin/topogen" torus --dims 5x4

# topostat: the whole report, the distribution and the link loads (split, ecmp, single, family).
same stat_torus "$bin/topostat" --utilization yes "$tmp/torus.el"
same stat_torus_orbits_json "$bin/topostat" --method orbits --utilization yes --routing ecmp --json --no-provenance \
  "$tmp/torus.el"
same stat_torus_hist "$bin/topostat" --histogram --csv "$tmp/torus.el"
# 27000 nodes: distances from orbits and link loads by symmetry (one search per orbit).
same stat_torus30 "$bin/topostat" --bisection no --json --no-provenance "$tmp/torus30.el"
grep -q '"orbits": 1' "$tmp/stat_torus30.1" || fail "the 30x30x30 torus did not take the orbit path"
same stat_rr "$bin/topostat" --method bfs --utilization yes --json --no-provenance "$tmp/rr.el"
same stat_rr_single "$bin/topostat" --utilization yes --routing single --bisection no "$tmp/rr.el"
# The family's own routing (dor): the routes' sources are split among the ranks too (13 parts of 16).
same stat_torus_family "$bin/topostat" --utilization yes --routing family --bisection no --json --no-provenance \
  "$tmp/torus.el"
same stat_rr_sample "$bin/topostat" --method sample --sample 50 --seed 4 --json --no-provenance "$tmp/rr.el"
# --paths: the path counts, the greedy paths and their interference are shared between the ranks.
same stat_rr_paths "$bin/topostat" --paths --bisection no --json --no-provenance "$tmp/rr.el"
same stat_torus_paths "$bin/topostat" --paths --paths-sample 50 --bisection no --csv "$tmp/torus.el"
grep -q '"u":' "$tmp/stat_rr.1" || fail "the random regular report has no link utilisation"
# Standard input reaches rank 0 only.
"$bin/topostat" --utilization yes < "$tmp/rr.el" > "$tmp/stdin.1"
mpi 3 "$bin/topostat" --utilization yes < "$tmp/rr.el" > "$tmp/stdin.3" || fail "topostat from stdin under 3 ranks"
cmp -s "$tmp/stdin.1" "$tmp/stdin.3" || fail "topostat from stdin: 3 ranks differ from one"
# -o is written once, by rank 0.
mpi 3 "$bin/topostat" --json --no-provenance -o "$tmp/out.json" "$tmp/torus.el" || fail "topostat -o under 3 ranks"
"$bin/topostat" --json --no-provenance "$tmp/torus.el" | cmp -s - "$tmp/out.json" || fail "topostat -o differs"
# An indirect network: distances and loads over its endpoints only.
same stat_fattree "$bin/topostat" --utilization yes "$tmp/ft.el"

# toposim run: a latency-load sweep with two seeds per point, CSV, and the --loads file.
"$bin/topogen" torus --dims 4x4 > "$tmp/t16.el"
quick=(--sample-period 200 --samples 2 --max-samples 5)
same sim_sweep "$bin/toposim" run "$tmp/t16.el" --sweep 0.05:0.4:0.05 --seeds 2 "${quick[@]}" --no-provenance
same sim_sweep_csv "$bin/toposim" run "$tmp/t16.el" --sweep 0.1:0.5:0.1 --csv "${quick[@]}"
"$bin/toposim" run "$tmp/t16.el" --sweep 0.1:0.3:0.1 "${quick[@]}" --csv --loads "$tmp/loads.1" > /dev/null
mpi 3 "$bin/toposim" run "$tmp/t16.el" --sweep 0.1:0.3:0.1 "${quick[@]}" --csv --loads "$tmp/loads.3" > /dev/null
cmp -s "$tmp/loads.1" "$tmp/loads.3" || fail "toposim --loads: 3 ranks differ from one"

# toposim run, one point: its network split over the ranks (contiguous blocks of routers), flits, credits and
# packets crossing between them every cycle or every lookahead period (the dragonfly's 10-cycle links); open loop
# and batch, multi-flit packets, a CLEX descriptor.
"$bin/topogen" torus --dims 6x6 > "$tmp/t36.el"
"$bin/topogen" dragonfly --h 2 > "$tmp/df.el"
"$bin/topogen" clex --clique 4 --levels 3 --format descriptor > "$tmp/c4.desc"
same split_torus "$bin/toposim" run "$tmp/t36.el" --rate 0.4 --packet-size 3 "${quick[@]}" --json --no-provenance
same split_torus_batch "$bin/toposim" run "$tmp/t36.el" --messages 6 --packet-size 2 --json --no-provenance
# Two threads a rank: the exchange is made by whichever thread ends the cycle.
same split_torus_threads "$bin/toposim" run "$tmp/t36.el" --rate 0.3 --packet-size 2 -j 2 "${quick[@]}" --json \
  --no-provenance
same split_torus_saturation "$bin/toposim" run "$tmp/t36.el" --saturation "${quick[@]}" --csv
same split_dragonfly "$bin/toposim" run "$tmp/df.el" --algo ugal --ugal-queue credits --link-latency local=10,global=30 \
  --rate 0.3 "${quick[@]}" --json --no-provenance
same split_dragonfly_batch "$bin/toposim" run "$tmp/df.el" --algo valiant --link-latency local=10,global=30 --messages 3 \
  --json --no-provenance
same split_dragonfly_adaptive "$bin/toposim" run "$tmp/df.el" --algo minimal-adaptive --vcs 4 --rate 0.3 "${quick[@]}" \
  --json --no-provenance
same split_clex "$bin/toposim" run "$tmp/c4.desc" --algo clex --vcs 6 --vc-classes hop --buffer 1 --rate 0.2 \
  "${quick[@]}" --json --no-provenance
same split_clex_batch "$bin/toposim" run "$tmp/c4.desc" --algo clex --vcs 6 --vc-classes hop --buffer 1 --messages 4 \
  --json --no-provenance
grep -q '"delivered": 256' "$tmp/split_clex_batch.1" || fail "the CLEX batch did not deliver its 4 x 64 packets"
# The ranks of a machine share one copy of the graph: the first rank fills a file of TOPO_SHM_DIR (/dev/shm by
# default) that every rank maps, the others read-only, and that is removed once all have. Where the file cannot be
# made, or TOPO_SHM_DIR is empty, every rank holds its own copy, and the output is the same.
mpi 3 "$probe" --share 100000 > "$tmp/share" || fail "sharing memory between 3 ranks"
cmp -s "$tmp/share" <(echo 'rank 0: same bytes, shared rw-s file, removed'
  printf 'rank %s: same bytes, shared r--s file, removed\n' 1 2) ||
  fail "3 ranks do not share one removed file: $(cat "$tmp/share")"
for dir in "" "$tmp/no-such-dir"; do
  TOPO_SHM_DIR=$dir mpi 3 "$probe" --share 100000 > "$tmp/share" || fail "TOPO_SHM_DIR='$dir': exit status $?"
  cmp -s "$tmp/share" <(printf 'rank %s: same bytes, own copy\n' 0 1 2) ||
    fail "TOPO_SHM_DIR='$dir': the ranks do not hold copies of their own: $(cat "$tmp/share")"
  TOPO_SHM_DIR=$dir mpi 3 "$bin/toposim" run "$tmp/t36.el" --messages 6 --packet-size 2 --json --no-provenance \
    > "$tmp/copies" || fail "TOPO_SHM_DIR='$dir': toposim run exit status $?"
  cmp -s "$tmp/split_torus_batch.1" "$tmp/copies" || fail "TOPO_SHM_DIR='$dir': the output differs from one rank's"
done
# The first rank fails while it fills the shared memory, with the file or with copies: the others do not wait.
for dir in /dev/shm ""; do
  TOPO_SHM_DIR=$dir mpi 3 "$probe" --share 100000 --fail-rank 0 --when fill > /dev/null 2> "$tmp/err"
  [[ $? -eq 1 ]] || fail "the first rank failing to fill the shared memory (TOPO_SHM_DIR='$dir'): not exit 1"
  grep -q '^job_failure: rank 0: probe.el:3: a bad line on rank 0$' "$tmp/err" ||
    fail "the first rank failing to fill the shared memory: wrong line: $(cat "$tmp/err")"
done
mpi 2 "$bin/toposim" run "$tmp/t36.el" --rate 0.2 "${quick[@]}" --json > "$tmp/split_provenance.json" ||
  fail "toposim run with provenance under 2 ranks"
grep -q '"ranks": 2' "$tmp/split_provenance.json" || fail "the provenance does not say 2 ranks"
grep -q '"exchanged_bytes_per_cycle": [1-9]' "$tmp/split_provenance.json" || fail "no bytes exchanged between 2 ranks"
# A deadlocked ring: the same report and warning on 2 ranks as on 1.
"$bin/topogen" ring --nodes 16 > "$tmp/ring.el"
deadlock=(run "$tmp/ring.el" --rate 0.9 --vcs 1 --vc-classes none --allow-deadlock --packet-size 4 --buffer 2
  --deadlock-cycles 500 --json --no-provenance)
"$bin/toposim" "${deadlock[@]}" > "$tmp/deadlock.1" 2> "$tmp/deadlock_err.1" || fail "the deadlocked ring alone"
mpi 2 "$bin/toposim" "${deadlock[@]}" > "$tmp/deadlock.2" 2> "$tmp/deadlock_err.2" || fail "the deadlocked ring, 2 ranks"
cmp -s "$tmp/deadlock.1" "$tmp/deadlock.2" || fail "the deadlocked ring: 2 ranks report differently from one"
grep -q 'packets stuck' "$tmp/deadlock_err.1" || fail "the deadlocked ring gives no warning"
cmp -s "$tmp/deadlock_err.1" <(grep '^toposim' "$tmp/deadlock_err.2") || fail "the deadlock warning differs on 2 ranks"
# UGAL on the flits waiting at the next routers: the ranks send each other their input ports' counts every cycle.
same split_dragonfly_waiting "$bin/toposim" run "$tmp/df.el" --algo ugal --traffic group-shift --rate 0.3 \
  "${quick[@]}" --json --no-provenance
# UGAL-G reads every router's queues: it cannot be split, exit 2, one line.
mpi 2 "$bin/toposim" run "$tmp/df.el" --algo ugal-g --rate 0.1 > /dev/null 2> "$tmp/err"
[[ $? -eq 2 ]] || fail "UGAL-G split over 2 ranks does not exit 2"
[[ $(grep -c '^toposim:' "$tmp/err") -eq 1 ]] || fail "UGAL-G split over ranks: not one line: $(cat "$tmp/err")"
grep -q 'every router' "$tmp/err" || fail "UGAL-G split over ranks: the line does not say why"

# toposim clex --seeds: one run per seed, in seed order, in the three formats.
same clex_seeds "$bin/toposim" clex --clique 4 --levels 2 --messages 4 --seeds 3..7
same clex_seeds_csv "$bin/toposim" clex --clique 4 --levels 2 --messages 4 --seeds 3..7 --csv
same clex_seeds_json "$bin/toposim" clex --clique 4 --levels 2 --messages 4 --seeds 3..7 --json --no-provenance
[[ $(grep -c '^seed ' "$tmp/clex_seeds.1") -eq 5 ]] || fail "clex --seeds 3..7 does not print five runs"
# Each run is the single-seed run.
"$bin/toposim" clex --clique 4 --levels 2 --messages 4 --seed 5 --csv | tail -n +2 | sed 's/^/5,/' > "$tmp/seed5"
grep '^5,' "$tmp/clex_seeds_csv.1" | cmp -s - "$tmp/seed5" || fail "clex --seeds: seed 5's rows differ from --seed 5"

# topomap: restarts spread over ranks, the best by (cost, restart) as one process keeps it.
"$bin/topogen" torus --dims 4x4x4 > "$tmp/t64.el"
"$bin/topogen" random-regular --nodes 64 --degree 4 --seed 5 | awk '!/^#/ {print $1, $2, 1 + NR % 3}' > "$tmp/demand.el"
for m in anneal genetic tabu; do
  "$bin/topomap" "$tmp/t64.el" --demand "$tmp/demand.el" -m "$m" --restarts 7 --iterations 3000 --json \
    --no-provenance | grep -v '"seconds"' > "$tmp/map_$m.1"
  for np in 2 3; do
    mpi "$np" "$bin/topomap" "$tmp/t64.el" --demand "$tmp/demand.el" -m "$m" --restarts 7 --iterations 3000 --json \
      --no-provenance | grep -v '"seconds"' > "$tmp/map_$m.$np"
    cmp -s "$tmp/map_$m.1" "$tmp/map_$m.$np" || fail "topomap -m $m: $np ranks differ from one"
  done
done
# The demand from standard input (rank 0's), the mapping to -o (written by rank 0).
"$bin/topomap" "$tmp/t64.el" --demand - --restarts 5 --iterations 2000 -o "$tmp/map.1" < "$tmp/demand.el" |
  grep -v seconds > "$tmp/map_out.1"
mpi 3 "$bin/topomap" "$tmp/t64.el" --demand - --restarts 5 --iterations 2000 -o "$tmp/map.3" < "$tmp/demand.el" |
  grep -v seconds > "$tmp/map_out.3"
cmp -s "$tmp/map.1" "$tmp/map.3" || fail "topomap --demand - -o: 3 ranks map differently from one"
cmp -s "$tmp/map_out.1" "$tmp/map_out.3" || fail "topomap --demand -: 3 ranks print differently from one"
[[ $(wc -l < "$tmp/map.3") -eq 64 ]] || fail "topomap -o under 3 ranks did not write 64 lines"

# Errors: a bad input line (read by rank 0) stops every rank; one line names the rank; no output file.
printf '0 1\n1 x\n' > "$tmp/bad.el"
mpi 3 "$bin/topostat" -o "$tmp/bad.out" "$tmp/bad.el" > /dev/null 2> "$tmp/err"
[[ $? -eq 1 ]] || fail "a bad input under 3 ranks does not exit 1"
[[ $(grep -c '^topostat:' "$tmp/err") -eq 1 ]] || fail "a bad input does not give exactly one topostat line: $(cat "$tmp/err")"
grep -q '^topostat: rank 0: .*bad.el:2: ' "$tmp/err" || fail "the error line does not name the rank and line: $(grep topostat "$tmp/err")"
[[ ! -e "$tmp/bad.out" ]] || fail "a failed run left an output file"
mpi 2 "$bin/topomap" "$tmp/t64.el" --demand "$tmp/missing.el" > /dev/null 2> "$tmp/err"
[[ $? -eq 1 ]] || fail "a missing demand file under 2 ranks does not exit 1"
[[ $(grep -c '^topomap:' "$tmp/err") -eq 1 ]] || fail "a missing demand file does not give one topomap line: $(cat "$tmp/err")"
mpi 3 "$bin/toposim" run "$tmp/t16.el" --bogus > /dev/null 2> "$tmp/err"
[[ $? -eq 2 ]] || fail "a usage error under 3 ranks does not exit 2"
[[ $(grep -c '^toposim:' "$tmp/err") -eq 1 ]] || fail "a usage error does not give exactly one line: $(cat "$tmp/err")"

# A rank other than 0 fails: before the exchange the others wait in, or after it, while they finish.
for when in before after; do
  for np in 2 3; do
    mpi "$np" "$probe" --fail-rank 1 --when "$when" > "$tmp/probe.out" 2> "$tmp/err"
    [[ $? -eq 1 ]] || fail "rank 1 failing $when the exchange ($np ranks): not exit 1"
    [[ $(grep -c '^job_failure:' "$tmp/err") -eq 1 ]] || fail "rank 1 failing $when ($np ranks): not one line: $(cat "$tmp/err")"
    grep -q '^job_failure: rank 1: probe.el:3: a bad line on rank 1$' "$tmp/err" || fail "rank 1 failing $when: wrong line"
  done
done
mpi 3 "$probe" > "$tmp/probe.out" || fail "the probe fails without a failing rank"
[[ $(cat "$tmp/probe.out") == 012 ]] || fail "the probe's gather is not in rank order: $(cat "$tmp/probe.out")"

if ((fails)); then
  echo "$fails failure(s)"
  exit 1
fi
echo "mpi identical: ok"
