#!/usr/bin/env bash
# SIGINT and SIGTERM stop a tool within a second, while it computes or while it writes -o FILE, with
# status 130 or 143, and leave neither the output nor its temporary file behind; so do the other signals that
# end a process (SIGHUP of a dropped ssh connection, SIGQUIT, SIGPIPE, SIGALRM, SIGUSR1, SIGUSR2).
# Usage: signals.sh BIN_DIR
set -uo pipefail
set -m  # job control: background jobs keep SIGINT (a shell without it starts them with SIGINT ignored)
bin=$1
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"
now_ms() { date +%s%3N; }
wait_for() {  # wait_for SECONDS CONDITION...: polls every 20 ms
  local deadline=$(($(now_ms) + $1 * 1000)); shift
  until "$@"; do (($(now_ms) < deadline)) || return 1; sleep 0.02; done
}
has_temporary() { compgen -G "$1/*.tmp.*" > /dev/null; }

# stop SIGNAL STATUS NAME READY_CONDITION -- COMMAND...: starts COMMAND, waits until READY_CONDITION holds,
# sends SIGNAL and checks the exit status and that the process ended within a second.
stop() {
  local sig=$1 want=$2 name=$3 ready=$4; shift 5
  "$@" > /dev/null 2> "$tmp/err" &
  local pid=$!
  # shellcheck disable=SC2086 # READY_CONDITION is a command and its words
  if ! wait_for 60 $ready; then
    fail "$name: never got ready"; kill -KILL $pid; wait $pid; return
  fi
  local t0; t0=$(now_ms)
  kill -s "$sig" $pid
  wait $pid
  local status=$? elapsed=$(($(now_ms) - t0))
  expect_status "$name: status" "$want" $status
  expect "$name: stopped in ${elapsed} ms (< 1000)" test $elapsed -lt 1000
}

# While writing -o: the temporary file exists, the signal removes it and no output appears.
mkdir "$tmp/out"
big=("$bin/topogen" torus --dims 400x400x400)
stop TERM 143 "SIGTERM while writing -o" "has_temporary $tmp/out" -- "${big[@]}" -o "$tmp/out/big.el"
expect "SIGTERM removed the temporary" test -z "$(ls -A "$tmp/out")"
stop INT 130 "SIGINT while writing -o" "has_temporary $tmp/out" -- "${big[@]}" -o "$tmp/out/big.el"
expect "SIGINT removed the temporary" test -z "$(ls -A "$tmp/out")"
ulimit -c 0  # SIGQUIT dumps no core
for sig in HUP:129 QUIT:131 PIPE:141 ALRM:142 USR1:138 USR2:140; do
  stop "${sig%:*}" "${sig#*:}" "SIG${sig%:*} while writing -o" "has_temporary $tmp/out" -- "${big[@]}" -o "$tmp/out/big.el"
  expect "SIG${sig%:*} removed the temporary" test -z "$(ls -A "$tmp/out")"
done

# While computing (before any output): a long annealing run and a long metrics run.
"$bin/topogen" torus --dims 8x8x8 > "$tmp/t.el"
"$bin/topogen" hypercube --dim 9 --format plain > "$tmp/h.el"
started() { sleep 0.3; }
stop INT 130 "SIGINT while topomap computes" started -- \
  "$bin/topomap" "$tmp/t.el" --demand "$tmp/h.el" --method anneal --time-limit 60 -o "$tmp/out/map"
stop TERM 143 "SIGTERM while topomap computes" started -- \
  "$bin/topomap" "$tmp/t.el" --demand "$tmp/h.el" --method anneal --time-limit 60 -o "$tmp/out/map"
expect "no mapping file or temporary after the signals" test -z "$(ls -A "$tmp/out")"

finish
