#!/usr/bin/env bash
# CLEX at full scale (doc/definitions.md §3.4): peak memory and time of the descriptor, of building the graph in-process
# and of writing the whole edge list. Usage: bench/clex_build.sh BUILD_DIR [K L]   (default C(1/4,4): 32 4)
set -euo pipefail
build=$1
k=${2:-32}
l=${3:-4}
src=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
g++ -std=c++20 -O2 -DNDEBUG -I"$src/../lib/include" "$src/clex_build.cpp" "$build/lib/libtopo.a" -lfmt -fopenmp \
  -o "$tmp/clex_build"
measure() {  # measure LABEL COMMAND...: wall time and peak RSS from /usr/bin/time -v
  local label=$1
  shift
  /usr/bin/time -v "$@" 2> "$tmp/time" > "$tmp/out" || { cat "$tmp/time"; exit 1; }
  printf '%-44s %10s s wall %8s s cpu %8d MB peak\n' "$label" \
    "$(awk -F': ' '/Elapsed/ {print $2}' "$tmp/time")" \
    "$(awk -F': ' '/User time/ {u=$2} /System time/ {s=$2} END {print u+s}' "$tmp/time")" \
    "$(($(awk -F': ' '/Maximum resident/ {print $2}' "$tmp/time") / 1024))"
}
measure "topogen clex $k $l --format descriptor" "$build/bin/topogen" clex --clique "$k" --levels "$l" --format descriptor
measure "in-process build (make_clex, full)" "$tmp/clex_build" "$k" "$l"
head -1 "$tmp/out"
measure "in-process build (make_clex, swap)" "$tmp/clex_build" "$k" "$l" swap
head -1 "$tmp/out"
measure "topogen clex $k $l > /dev/null (edge list)" sh -c "'$build/bin/topogen' clex --clique $k --levels $l > /dev/null"
