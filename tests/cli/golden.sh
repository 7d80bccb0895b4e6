#!/usr/bin/env bash
# Golden outputs: each case's command output must equal tests/cli/golden/NAME.
# Usage: golden.sh BIN_DIR [--regenerate]
set -uo pipefail
bin=$1
here=$(cd "$(dirname "$0")" && pwd)
regenerate=${2:-}
fails=0 passes=0

cases=(
  "ring5.el|$bin/topogen ring --nodes 5 --no-provenance"
  "torus2x3.json|$bin/topogen torus --dims 2x3 --format json --no-provenance"
  "mesh2x3.metis|$bin/topogen mesh --dims 2x3 --format metis"
  "hypercube3.dot|$bin/topogen hypercube --dim 3 --format dot"
  "torus4x4.descriptor|$bin/topogen torus --dims 4x4 --format descriptor --no-provenance"
  "torus4x4.describe|$bin/topogen torus --dims 4x4 --describe"
  "ring5.stat|$bin/topostat $here/golden/ring5.el"
  "ring5.stat.json|$bin/topostat --json --no-provenance $here/golden/ring5.el"
)
for c in "${cases[@]}"; do
  name=${c%%|*} cmd=${c#*|}
  if [[ "$regenerate" == "--regenerate" ]]; then
    $cmd > "$here/golden/$name"
    continue
  fi
  if diff -u "$here/golden/$name" <($cmd) > /tmp/golden.diff.$$; then
    passes=$((passes + 1))
  else
    echo "FAIL: $name differs:"; cat /tmp/golden.diff.$$; fails=$((fails + 1))
  fi
  rm -f /tmp/golden.diff.$$
done
echo "$passes passed, $fails failed"
((fails == 0))
