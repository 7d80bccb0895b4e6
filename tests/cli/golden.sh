#!/usr/bin/env bash
# Golden outputs: each case's command output must equal tests/cli/golden/NAME.
# Usage: golden.sh BIN_DIR [--regenerate]
set -uo pipefail
bin=$1
here=$(cd "$(dirname "$0")" && pwd)
regenerate=${2:-}
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"

cases=(
  "ring5.el|$bin/topogen ring --nodes 5 --no-provenance"
  "torus2x3.json|$bin/topogen torus --dims 2x3 --format json --no-provenance"
  "mesh2x3.metis|$bin/topogen mesh --dims 2x3 --format metis"
  "hypercube3.dot|$bin/topogen hypercube --dim 3 --format dot"
  "torus4x4.descriptor|$bin/topogen torus --dims 4x4 --format descriptor --no-provenance"
  "torus4x4.describe|$bin/topogen torus --dims 4x4 --describe"
  "ring5.stat|$bin/topostat $here/golden/ring5.el"
  "ring5.stat.json|$bin/topostat --json --no-provenance $here/golden/ring5.el"
  "torus4x4.route.jsonl|$bin/toporoute --algo shortest --from 0 --to 10 $here/golden/torus4x4.descriptor"
  "torus4x4.route.dor|$bin/toporoute --algo dor --traffic transpose --text $here/golden/torus4x4.descriptor"
  "torus4x4.route.summary|$bin/toporoute --algo valiant --traffic permutation --seed 3 --summary $here/golden/torus4x4.descriptor"
  "torus4x4.route.summary.json|$bin/toporoute --algo shortest --split --traffic all-to-all --summary --json --no-provenance $here/golden/torus4x4.descriptor"
  "torus4x4.broadcast|$bin/toporoute broadcast --root 5 $here/golden/torus4x4.descriptor"
  "torus4x4.map.identity|$bin/topomap --demand $here/golden/demand16.mtx --method identity $here/golden/torus4x4.descriptor"
  "torus4x4.map.anneal|$bin/topomap --demand $here/golden/demand16.mtx --method anneal --iterations 3000 --seed 5 --restarts 2 $here/golden/torus4x4.descriptor"
  "torus4x4.map.genetic|$bin/topomap --demand $here/golden/demand16.mtx --method genetic --iterations 20 --seed 5 --restarts 1 $here/golden/torus4x4.descriptor"
  "clex4x2.sim|$bin/toposim clex --clique 4 --levels 2 --messages 3 --seed 1"
  "clex3x3.sim.json|$bin/toposim clex --clique 3 --levels 3 --messages 2 --seed 7 --traffic light --json --no-provenance"
  "clex3x2.alltoall|$bin/toposim clex-alltoall --clique 3 --levels 2"
  "clex3x3.alltoall.json|$bin/toposim clex-alltoall --clique 3 --levels 3 --json --no-provenance"
  "mesh4x4.descriptor|$bin/topogen mesh --dims 4x4 --format descriptor --no-provenance"
  "dragonfly2.descriptor|$bin/topogen dragonfly --h 2 --format descriptor --no-provenance"
  "mesh4x4.run.json|$bin/toposim run --no-provenance -j 1 --algo dor --traffic transpose --rate 0.2 --sample-period 200 $here/golden/mesh4x4.descriptor"
  "dragonfly2.run.json|$bin/toposim run --no-provenance -j 1 --algo ugal --ugal-threshold 0 --traffic group-shift --vcs 3 --link-latency local=2,global=5 --rate 0.1 --sample-period 200 $here/golden/dragonfly2.descriptor"
  "torus4x4.run.csv|$bin/toposim run --csv -j 1 --sweep 0.1:0.3:0.1 --sample-period 200 $here/golden/torus4x4.descriptor"
  "torus4x4.run.batch.json|$bin/toposim run --no-provenance -j 1 --messages 4 --packet-size 2 $here/golden/torus4x4.descriptor"
)
for c in "${cases[@]}"; do
  name=${c%%|*} cmd=${c#*|}
  if [[ "$regenerate" == "--regenerate" ]]; then
    $cmd > "$here/golden/$name"
    continue
  fi
  if diff -u "$here/golden/$name" <($cmd) > "$tmp/diff"; then
    pass
  else
    fail "$name differs:"; cat "$tmp/diff"
  fi
done
finish
