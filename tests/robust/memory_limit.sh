#!/usr/bin/env bash
# --max-memory in every tool: a request whose estimate is above the limit exits 1 with one line
# "tool: this run needs about ... but --max-memory is ...; raise it with --max-memory SIZE", writes nothing and
# is refused before the big allocation (so quickly, even for sizes that could never be built); the same request
# runs under a larger limit, with none, and under the suggested value; a malformed size is a usage error (2).
# Usage: memory_limit.sh BIN_DIR
set -uo pipefail
bin=$1
top=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"

# run STATUS STDIN TOOL ARGS...: runs TOOL ARGS under a timeout with STDIN, expects STATUS.
run() {
  local want=$1 stdin=$2 tool=$3
  shift 3
  timeout 60 "$bin/$tool" "$@" < "$stdin" > "$tmp/stdout" 2> "$tmp/stderr"
  local status=$?
  if ((status == 124)); then fail "$tool $*: still running after 60 s"; return 1; fi
  if ((status != want)); then fail "$tool $*: exit $status, expected $want: $(head -c 300 "$tmp/stderr")"; return 1; fi
  return 0
}

# refused NAME STDIN TOOL ARGS...: exit 1, one stderr line naming the estimate and the option, no output; then
# the suggested --max-memory lets the same request through.
refused() {
  local name=$1 stdin=$2 tool=$3
  shift 3
  run 1 "$stdin" "$tool" "$@" || return
  local line
  line=$(cat "$tmp/stderr")
  if [[ "$(wc -l < "$tmp/stderr")" -ne 1 || "$line" != "$tool: this run needs about "*" but --max-memory is "*"; raise it with --max-memory "* ]]; then
    fail "$name: not one line naming the estimate and --max-memory: $line"; return
  fi
  if [[ -s "$tmp/stdout" ]]; then fail "$name: wrote to stdout"; return; fi
  pass
  [[ -n "${VERBOSE:-}" ]] && echo "$name: $line"
  [[ -z "${RAISE:-}" ]] && return
  local suggested=${line##* --max-memory } args=() skip=0 a
  for a in "$@"; do
    if ((skip)); then skip=0; elif [[ $a == --max-memory ]]; then skip=1; else args+=("$a"); fi
  done
  run 0 "$stdin" "$tool" "${args[@]}" --max-memory "$suggested" && pass
}

# passes NAME STDIN TOOL ARGS...: exit 0 with output.
passes() {
  local name=$1 stdin=$2 tool=$3
  shift 3
  run 0 "$stdin" "$tool" "$@" || return
  if [[ ! -s "$tmp/stdout" ]]; then fail "$name: no output"; return; fi
  pass
}

"$bin/topogen" torus --dims 16x16x16 > "$tmp/torus.el"
"$bin/topogen" torus --dims 8x8x16 > "$tmp/torus1024.el"
"$bin/topogen" torus --dims 16x16 > "$tmp/torus256.el"
"$bin/topogen" torus --dims 4x4 > "$tmp/torus16.el"
"$bin/topogen" torus --dims 1000x1000x1000 --format descriptor > "$tmp/huge.desc"
"$bin/topogen" torus --dims 1000x1000x1000 --format descriptor --max-memory 1K > /dev/null ||
  fail "topogen --format descriptor builds nothing and is never refused"
null=/dev/null

# topogen: the graph, from describe() before anything is generated.
RAISE=1 refused "topogen" $null topogen torus --dims 32x32x32 --max-memory 1M
passes "topogen larger limit" $null topogen torus --dims 32x32x32 --max-memory 64M
passes "topogen none" $null topogen torus --dims 32x32x32 --max-memory none
passes "topogen 0" $null topogen torus --dims 32x32x32 --max-memory 0
refused "topogen 1000^3 with a limit" $null topogen torus --dims 1000x1000x1000 --max-memory 1G
passes "topogen --describe" $null topogen torus --dims 1000x1000x1000 --describe --max-memory 1K

# topostat: the run (graph, distances, link loads, bisection); a descriptor before its graph is built.
RAISE=1 refused "topostat" "$tmp/torus.el" topostat --max-memory 1M
passes "topostat larger limit" "$tmp/torus.el" topostat --max-memory 1G
refused "topostat descriptor" "$tmp/huge.desc" topostat --max-memory 16G
# An edge list's header counts are checked before its links are read into a graph: a header claiming a
# billion nodes is refused by the budget, not by the link count it then fails to match.
sed -e 's/^# nodes: 16$/# nodes: 1000000000/' -e 's/^# links: 32$/# links: 3000000000/' "$tmp/torus16.el" > "$tmp/claims.el"
refused "topostat edge-list header" "$tmp/claims.el" topostat --max-memory 16G
refused "topostat -j 2" "$tmp/torus.el" topostat -j 2 --max-memory 3M

# toporoute: the pairs and loads before the pairs are made; broadcast's graph.
RAISE=1 refused "toporoute all-to-all" "$tmp/torus256.el" toporoute --traffic all-to-all --summary --max-memory 256K
passes "toporoute larger limit" "$tmp/torus256.el" toporoute --traffic all-to-all --summary --max-memory 64M
refused "toporoute descriptor" "$tmp/huge.desc" toporoute --traffic uniform --summary --max-memory 1G
refused "toporoute broadcast descriptor" "$tmp/huge.desc" toporoute broadcast --max-memory 1G
passes "toporoute broadcast" "$tmp/torus16.el" toporoute broadcast --max-memory 1G

# topomap: the N x N supply matrix and the method's arrays before they are allocated.
RAISE=1 refused "topomap" "$tmp/torus1024.el" topomap --demand "$top/data/matrices/662_bus.mtx" --iterations 1000 --max-memory 1M
passes "topomap larger limit" "$tmp/torus1024.el" topomap --demand "$top/data/matrices/662_bus.mtx" --iterations 1000 --max-memory 64M
refused "topomap tabu" "$tmp/torus1024.el" topomap --demand "$top/data/matrices/662_bus.mtx" --method tabu --iterations 10 --max-memory 16M
refused "topomap descriptor" "$tmp/huge.desc" topomap --demand "$top/data/matrices/662_bus.mtx" --max-memory 1G

# toposim: the network state before the network is built; CLEX's message records before they are allocated.
quick=(--sample-period 100 --samples 1 --max-samples 3 --rate 0.05)
RAISE=1 refused "toposim run" "$tmp/torus16.el" toposim run "${quick[@]}" --max-memory 16K
passes "toposim run larger limit" "$tmp/torus16.el" toposim run "${quick[@]}" --max-memory 64M
refused "toposim run descriptor" "$tmp/huge.desc" toposim run "${quick[@]}" --max-memory 1G
# Links of capacity k are k channels each way: CLEX's swap links on 8^3 routers, 5.6 MiB counted as links from
# the header lines, 11.7 MiB as channels once the graph is read.
"$bin/topogen" clex --clique 8 --levels 3 --links swap > "$tmp/clex_swap.el"
refused "toposim run link capacities" "$tmp/clex_swap.el" toposim run "${quick[@]}" --vcs 6 --vc-classes hop --max-memory 8M
RAISE=1 refused "toposim clex" $null toposim clex --clique 8 --levels 2 --messages 4 --max-memory 2K
passes "toposim clex larger limit" $null toposim clex --clique 8 --levels 2 --messages 4 --max-memory 1M
refused "toposim clex 32^5" $null toposim clex --clique 32 --levels 5 --messages 28 --max-memory 1G
# While it runs: an 8^4 torus far above saturation fills its source queues; the estimate (37 MiB) passes, the
# packets then grow past what the limit leaves (at least 64 MiB) and the run stops with one line, exit 1, no
# output file.
"$bin/topogen" torus --dims 8x8x8x8 --format descriptor > "$tmp/torus4096.desc"
if run 1 "$tmp/torus4096.desc" toposim run --rate 0.9 --max-memory 45M -o "$tmp/run.json"; then
  line=$(cat "$tmp/stderr")
  if [[ "$(wc -l < "$tmp/stderr")" -ne 1 || "$line" != "toposim: at cycle "*" packets waiting or in flight took "*" more memory, more than --max-memory 45.0 MiB leaves above the estimate; lower --rate or raise --max-memory" ]]; then
    fail "toposim run past the limit while running: $line"
  elif [[ -e "$tmp/run.json" ]]; then
    fail "toposim run past the limit while running: wrote $tmp/run.json"
  else
    pass
  fi
fi

# Sizes: the accepted spellings, and malformed ones as usage errors with one line.
for size in 1073741824 1048576K 1024M 1G 1g 1.5G 1GiB 1GB 2T none 0; do
  run 0 "$tmp/torus16.el" topostat --max-memory "$size" && pass
done
for size in 12Q -5 1.5 G 1GG "1 G" "" 1e9 99999999999T; do
  for tool in topogen topostat toporoute topomap toposim; do
    case $tool in
      topogen) args=(torus --dims 4x4) ;;
      toposim) args=(clex --clique 4 --levels 2 --messages 1) ;;
      topomap) args=(--demand "$top/data/matrices/662_bus.mtx") ;;
      *) args=() ;;
    esac
    if run 2 "$tmp/torus16.el" "$tool" "${args[@]}" --max-memory "$size"; then
      if [[ "$(wc -l < "$tmp/stderr")" -eq 1 && "$(cat "$tmp/stderr")" == "$tool: "*"max-memory"* ]]; then
        pass
      else
        fail "$tool --max-memory '$size': not one line naming --max-memory: $(cat "$tmp/stderr")"
      fi
    fi
  done
done

finish
