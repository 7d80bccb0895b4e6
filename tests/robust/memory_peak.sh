#!/usr/bin/env bash
# --max-memory refuses a request before it allocates: a refused run's peak resident memory stays far below the
# limit, and the run is refused with the estimate (exit 1, one line) even under an address-space limit
# (prlimit --as) below what the request would take, where an allocation made before the check would fail.
# Usage: memory_peak.sh BIN_DIR
set -uo pipefail
bin=$1
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"
# Under AddressSanitizer (TOPO_SANITIZED, the sanitizer build's ctest) a process maps terabytes of shadow memory
# at start, so no address-space limit can be set and its resident set says nothing: there the refusals and their
# messages are checked, without prlimit and the peak.
as_limit() { [[ -n "${TOPO_SANITIZED:-}" ]] || echo "prlimit --as=$(($1 << 20))"; }

# peak LIMIT_MIB RSS_MIB NAME STDIN TOOL ARGS...: runs TOOL under prlimit --as=LIMIT_MIB; expects exit 1, one
# line "tool: this run needs about ... but --max-memory is ...", and a peak resident set below RSS_MIB.
peak() {
  local limit=$1 most=$2 name=$3 stdin=$4 tool=$5
  shift 5
  local kib
  # shellcheck disable=SC2046 # as_limit's words are the command's
  kib=$(python3 - "$limit" "$stdin" "$tmp/stderr" $(as_limit "$limit") timeout 60 "$bin/$tool" "$@" <<'PY'
import resource, subprocess, sys
limit, stdin, err, cmd = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
with open(stdin, "rb") as i, open(err, "wb") as e:
    status = subprocess.run(cmd, stdin=i, stdout=subprocess.DEVNULL, stderr=e).returncode
print(status, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
PY
)
  local status=${kib% *} rss=${kib#* }
  local line
  line=$(cat "$tmp/stderr")
  if [[ "$status" != 1 ]]; then fail "$name: exit $status, expected 1: $line"; return; fi
  if [[ "$(wc -l < "$tmp/stderr")" -ne 1 || "$line" != "$tool: this run needs about "*" but --max-memory is "* ]]; then
    fail "$name: not refused with the estimate: $line"; return
  fi
  if [[ -z "${TOPO_SANITIZED:-}" ]] && ((rss > most << 10)); then
    fail "$name: peak resident memory $rss KiB, more than $most MiB"; return
  fi
  pass
  [[ -n "${VERBOSE:-}" ]] && echo "$name: peak $rss KiB: $line"
  return 0
}

# A plain edge list has N = its largest id plus one: "0 300000000" asks for 300 million nodes (4.7 GB when it
# was built before the check), "0 1000000000" for a billion.
printf '0 300000000\n' > "$tmp/far.txt"
printf '0 1000000000\n' > "$tmp/farther.txt"
for tool in topostat toporoute toposim; do
  case $tool in
    toporoute) args=(--traffic uniform --summary) ;;
    toposim) args=(run --samples 1) ;;
    *) args=() ;;
  esac
  peak 512 100 "$tool plain edge list, id 300000000" "$tmp/far.txt" $tool "${args[@]}" --max-memory 100M
  peak 512 100 "$tool plain edge list, id 1000000000" "$tmp/farther.txt" $tool "${args[@]}" --max-memory 100M
done

# gzip: the inflated bytes count. 512 MiB of comment lines in 0.5 MB, and of zeros, are refused once they pass
# the limit, not inflated whole first.
python3 -c '
import sys, zlib, gzip
line = b"# " + b"x" * 77 + b"\n"
c = zlib.compressobj(9, zlib.DEFLATED, 31)
with open(sys.argv[1], "wb") as f:
    for _ in range(64):
        f.write(c.compress(line * (1 << 17)))
    f.write(c.flush())
c = zlib.compressobj(9, zlib.DEFLATED, 31)
with open(sys.argv[2], "wb") as f:
    for _ in range(512):
        f.write(c.compress(bytes(1 << 20)))
    f.write(c.flush())
c = zlib.compressobj(9, zlib.DEFLATED, 31)
with open(sys.argv[3], "wb") as f:
    for _ in range(512):
        f.write(c.compress(b"\n" * (1 << 20)))
    f.write(c.flush())
' "$tmp/comments.el.gz" "$tmp/zeros.gz" "$tmp/blank.el.gz"
for f in comments.el.gz blank.el.gz; do
  peak 400 200 "topostat $f" "$tmp/$f" topostat --max-memory 64M
done
# Binary data (a NUL byte) ends the inflation at once, at its line, whatever the limit: 512 MiB of zeros under
# an address-space limit of 400 MiB is refused as not text, not inflated until memory runs out.
# shellcheck disable=SC2046 # as_limit's words are the command's
python3 - "$tmp/stderr" $(as_limit 400) timeout 60 "$bin/topostat" "$tmp/zeros.gz" <<'PY'
import subprocess, sys
with open(sys.argv[1], "wb") as e:
    sys.exit(subprocess.run(sys.argv[2:], stdout=subprocess.DEVNULL, stderr=e).returncode)
PY
st=$?
if [[ $st -eq 1 ]] && grep -q '^topostat: .*zeros.gz:1: a NUL byte' "$tmp/stderr"; then
  pass
else
  fail "topostat zeros.gz without a limit: exit $st: $(cat "$tmp/stderr")"
fi
# toporoute --pairs inflates its file under the same limit.
"$bin/topogen" ring --nodes 8 > "$tmp/ring8.el"
peak 400 200 "toporoute --pairs blank.el.gz" /dev/null toporoute --max-memory 64M --pairs "$tmp/blank.el.gz" "$tmp/ring8.el"

# A run's estimate is close to what it takes: C(1/4,4) with clique 17 (83,521 routers, 5.6 M input ports; VC
# state from the pool) in a batch of 4 single-flit messages per node, 6 VCs of one flit, within 10% of the run's
# peak resident memory (about 0.9 GB, 2 s). Not under AddressSanitizer, whose resident set says nothing.
if [[ -z "${TOPO_SANITIZED:-}" ]]; then
  "$bin/topogen" clex --clique 17 --levels 4 --format descriptor > "$tmp/clex17.desc"
  clex=(run --algo clex --vcs 6 --vc-classes hop --buffer 1 --messages 4 -j 2 "$tmp/clex17.desc")
  line=$("$bin/toposim" "${clex[@]}" --max-memory 1M 2>&1)
  rss=$(python3 - timeout 120 "$bin/toposim" "${clex[@]}" <<'PY'
import resource, subprocess, sys
subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, check=True)
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * 1024)
PY
  )
  if python3 - "$line" "$rss" <<'PY'; then pass; else fail "clex 17 batch: estimate and peak RSS $rss B: $line"; fi
import re, sys
m = re.search(r"needs about ([0-9.]+) ([KMG]i?B)", sys.argv[1])
units = {"KiB": 2**10, "MiB": 2**20, "GiB": 2**30}
estimate, rss = float(m.group(1)) * units[m.group(2)], float(sys.argv[2])
sys.exit(0 if abs(estimate - rss) <= 0.1 * rss else 1)
PY
  # The limit the refusal suggests is enough: the check before the graph is read (from the descriptor's counts)
  # counts what the check after it finds, here the CLEX's self-loops and parallel links (a lane count per arc,
  # 20 MiB), so that a user who takes the suggestion is not refused again.
  suggested=$(sed -n 's/.*raise it with --max-memory \([0-9]*[KMG]\)$/\1/p' <<< "$line")
  if [[ -z "$suggested" ]]; then
    fail "clex 17 batch: no suggested limit: $line"
  elif out=$("$bin/toposim" "${clex[@]}" --max-memory "$suggested" 2>&1 > /dev/null); then
    pass
  else
    fail "clex 17 batch under the suggested --max-memory $suggested: $out"
  fi
fi

finish
