#!/usr/bin/env bash
# Errors a person makes: a misspelt family, subcommand, option or choice gets "did you mean",
# every usage error exits 2 with one line, a file that cannot be opened is named with the reason, and an
# iBT search that finds nothing says so and why.
# Usage: errors_a_person_makes.sh BIN_DIR
# shellcheck disable=SC2016  # check() evaluates its condition later, where the variables are set
set -uo pipefail
bin=$(cd "$1" && pwd)
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"

# usage STATUS "EXPECTED STDERR LINE" COMMAND...: exit status, and stderr is exactly that one line.
usage() {
  local want_rc=$1 want=$2
  shift 2
  "$@" > "$tmp/out" 2> "$tmp/err" < /dev/null
  local rc=$? err
  err=$(cat "$tmp/err")
  check "$* exits $want_rc (got $rc)" '((rc == want_rc))'
  check "$*: stderr is '$want' (got '$err')" '[[ $err == "$want" ]]'
  check "$*: nothing on stdout" '[[ ! -s $tmp/out ]]'
}
cd "$bin" || exit 1
usage 2 "topogen: unknown family 'torsu'; did you mean 'torus'? (try 'topogen --help')" ./topogen torsu --dims 4x4
usage 2 "topogen: unknown family 'hypercub'; did you mean 'hypercube'? (try 'topogen --help')" ./topogen hypercub
usage 2 "toposim: unknown subcommand 'clexx'; did you mean 'clex'? (try 'toposim --help')" ./toposim clexx --messages 2
usage 2 "topogen: unknown option '--dim'; did you mean '--dims'? (try 'topogen --help')" ./topogen torus --dim 4x4
usage 2 "topostat: unknown option '--jsno'; did you mean '--json'? (try 'topostat --help')" ./topostat --jsno
usage 2 "topogen: unknown family 'zzzzzz' (try 'topogen --help')" ./topogen zzzzzz
usage 2 "toporoute: --algo: 'shortst' is not one of $(./toporoute --help | grep -o 'ALGO:{[^}]*}' | head -1 | sed 's/ALGO:{//; s/}//; s/,/, /g'); did you mean 'shortest'? (try 'toporoute --help')" \
  ./toporoute --algo shortst --traffic all-to-all
usage 2 "topomap: --method: 'aneal' is not one of identity, random, greedy, bfs-order, anneal, genetic, tabu; did you mean 'anneal'? (try 'topomap --help')" \
  ./topomap -m aneal --demand x.mtx
usage 2 "topogen: --format: 'jsn' is not one of edgelist, plain, json, descriptor, metis, dot, graphml; did you mean 'json'? (try 'topogen --help')" \
  ./topogen torus --dims 4x4 --format jsn
usage 2 "topostat: --method: 'orbts' is not one of auto, orbits, bfs, sample; did you mean 'orbits'? (try 'topostat --help')" \
  ./topostat --method orbts
usage 2 "topomap: --weights: 'unt' is not one of magnitude, unit; did you mean 'unit'? (try 'topomap --help')" \
  ./topomap --weights unt --demand x.mtx
usage 2 "toposim: --flow: 'wormhol' is not one of wormhole, vct; did you mean 'wormhole'? (try 'toposim --help')" \
  ./toposim run --flow wormhol

# Every usage error exits 2: missing or malformed family parameters included.
usage 2 "topogen: missing --dims (or --preset)" ./topogen torus
usage 2 "topogen: --dims: expected an integer, got \"q\" (try 'topogen torus --help')" ./topogen torus --dims 4xq
usage 2 "topogen: ibt: missing required parameter --lengths (or give --search)" \
  ./topogen ibt --dims 24x24x24 --bypass-dims 3
usage 2 "topogen: hypercube: missing required parameter --dim (try 'topogen hypercube --help')" ./topogen hypercube
usage 2 "topogen: no family given (try 'topogen --list')" ./topogen
# ...while a well-formed parameter that breaks a family's constraint is bad input (1).
./topogen pn --q 6 > /dev/null 2>&1
rc=$?
check "topogen pn --q 6 (not a prime power) exits 1 (got $rc)" '((rc == 1))'

# A file that cannot be opened: the reason, as every tool gives it.
./topogen ring --nodes 8 > "$tmp/ring.el"
printf '0 1 5\n' > "$tmp/demand.el"
usage 1 "topomap: cannot open $tmp/none.mtx: No such file or directory" ./topomap "$tmp/ring.el" --demand "$tmp/none.mtx"
usage 1 "topomap: cannot open $tmp/none.el: No such file or directory" ./topomap "$tmp/none.el" --demand "$tmp/demand.el"
usage 1 "toporoute: cannot open $tmp/none.pairs: No such file or directory" ./toporoute "$tmp/ring.el" --pairs "$tmp/none.pairs"

# An iBT search with no result: "0 configurations" and the constraint that excluded them.
out=$(./topogen ibt --search 100 2> "$tmp/err")
rc=$?
check "ibt --search 100 exits 0 (got $rc)" '((rc == 0))'
check "ibt --search 100 says 0 configurations and why (got '$out')" \
  'grep -q "^# 0 configurations: the smallest iBT with n = 3, m = 3, k = 2 has 13824 nodes, above 100 (" <<< "$out"'
check "and on stderr" 'grep -q "^topogen: 0 configurations: the smallest iBT" "$tmp/err"'
out=$(./topogen ibt --search 14000 --json 2> /dev/null)
check "a band above the minimum: the size steps (got '$out')" \
  'grep -q "\"reason\": \"no product of dimension sizes lies in 14000..14000" <<< "$out"'
check "the JSON lists no configuration" 'grep -q "\"configurations\": \[\]" <<< "$out"'
out=$(./topogen ibt --search 32768±5% | sed -n 2p)
check "a search with results counts them (got '$out')" '[[ $out =~ ^#\ [1-9][0-9]*\ configurations$ ]]'
finish
