#!/usr/bin/env bash
# CLEX Tables I-IV at full size (CLEX §III), one run each, with wall time and peak memory.
# Usage: bench/clex.sh BIN_DIR [SEED]. Needs /usr/bin/time; about a minute and 1.7 GB on 2 cores.
set -euo pipefail
bin=$1
seed=${2:-1}
for run in "Table I:32:4:28:dense" "Table II:64:3:57:dense" "Table III:32:4:4:light" "Table IV:64:3:5:light"; do
  IFS=: read -r name k L M traffic <<< "$run"
  echo "== $name: toposim clex --clique $k --levels $L --messages $M --traffic $traffic --seed $seed"
  /usr/bin/time -f "wall %e s, user %U s, peak RSS %M KiB" \
    "$bin/toposim" clex --clique "$k" --levels "$L" --messages "$M" --traffic "$traffic" --seed "$seed"
done
