#!/usr/bin/env bash
# The README's tour, run as a newcomer would: every `$ command` line of the "A five-minute tour" and
# "Our edge lists in other tools" sections, from the repository's top folder (a copy with data/), the tools
# on PATH. Heavy lines run at reduced size (the substitutions below; each must still match the README, so the
# test follows its edits). Also: every family of `topogen --list` is in the README's family table.
# Usage: readme_tour.sh BIN_DIR
# shellcheck disable=SC2016  # check() evaluates its condition later, where the variables are set
set -uo pipefail
bin=$(cd "$1" && pwd)
src=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"

# "README text => reduced text" (fixed strings).
reductions=(
  "topogen torus --dims 32x32x32 | topostat => topogen torus --dims 8x8x8 | topostat"
  "topogen torus --dims 64x64x64 --format descriptor | topostat => topogen torus --dims 16x16x16 --format descriptor | topostat"
  "toposim clex --clique 32 --levels 4 --messages 28 --seed 1 => toposim clex --clique 8 --levels 2 --messages 4 --seed 1"
  "--time-limit 10 -o bus.map => --iterations 20000 -o bus.map"
)
mapfile -t lines < <(awk '/^## A five-minute tour/ {on = 1} /^## Families/ {on = 0} on && /^    \$ / {sub(/^    \$ /, ""); print}' \
  "$src/README.md")
check "the tour has its lines (got ${#lines[@]})" '((${#lines[@]} >= 17))'
for r in "${reductions[@]}"; do
  from=${r%% => *}
  check "the README still has: $from" 'grep -qF -- "$from" "$src/README.md"'
done
ln -s "$src/data" "$tmp/data"
cd "$tmp" || exit 1
export PATH="$bin:/usr/bin:/bin"
for line in "${lines[@]}"; do
  cmd=${line%%   #*}  # the comment after the command
  for r in "${reductions[@]}"; do cmd=${cmd//"${r%% => *}"/"${r#* => }"}; done
  start=$(date +%s.%N)
  out=$(bash -o pipefail -c "$cmd" 2>&1 < /dev/null)
  rc=$?
  check "tour: $cmd (rc $rc: $(head -c 300 <<< "$out"))" '((rc == 0))'
  printf '%6.2f s  %s\n' "$(echo "$(date +%s.%N) - $start" | bc)" "$cmd"
done
check "the mapping line wrote bus.map" '[[ -s bus.map ]]'

for f in $("$bin/topogen" --list | cut -d' ' -f1); do
  check "README family table lists $f" 'grep -q "^| .*\`$f\`.* | .* | .* |$" "$src/README.md"'
done
finish
