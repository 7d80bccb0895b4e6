#!/usr/bin/env bash
# A graph read from a pipe stops at its first refused line: an endless or huge stream of bad lines ends at once
# with the line named (exit 1, one line), and an endless stream of acceptable ones ends at --max-memory.
# Usage: streaming_input.sh BIN_DIR
set -u
bin=$1
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"

# refused NAME STATUS STDERR_PATTERN ACTUAL_STATUS: checks the exit status and the one line of $tmp/err.
refused() {
  local name=$1 want=$2 pattern=$3 status=$4
  local line
  line=$(cat "$tmp/err")
  if [[ "$status" != "$want" ]]; then fail "$name: exit $status, expected $want: $line"; return; fi
  if [[ "$(wc -l < "$tmp/err")" -ne 1 ]] || ! grep -Eq "$pattern" "$tmp/err"; then
    fail "$name: expected one line matching '$pattern', got: $line"; return
  fi
  pass
}

for tool in topostat toporoute toposim; do
  case $tool in
    toporoute) args=(--traffic uniform --summary) ;;
    toposim) args=(run --samples 1) ;;
    *) args=() ;;
  esac
  yes x | timeout 60 "$bin/$tool" "${args[@]}" > /dev/null 2> "$tmp/err"
  refused "$tool, an endless stream of \"x\"" 1 "^$tool: <stdin>:1: expected two node ids, got \"x\"$" "${PIPESTATUS[1]}"
done

yes x | gzip -1 | timeout 60 "$bin/topostat" > /dev/null 2> "$tmp/err"
refused "topostat, an endless gzip stream of \"x\"" 1 '^topostat: <stdin>:1: expected two node ids, got "x"$' \
  "${PIPESTATUS[2]}"

"$bin/topogen" ring --nodes 100 > "$tmp/ring.el"
lines=$(wc -l < "$tmp/ring.el")
{ cat "$tmp/ring.el"; echo "x y"; yes "0 1"; } | timeout 60 "$bin/topostat" > /dev/null 2> "$tmp/err"
refused "topostat, a bad line after a ring, then an endless tail" 1 \
  "^topostat: <stdin>:$((lines + 1)): expected 4 columns, got 2: \"x y\"$" "${PIPESTATUS[1]}"

head -c 1G /dev/zero | timeout 60 "$bin/topostat" > /dev/null 2> "$tmp/err"
refused "topostat, 1 GiB of zeros" 1 '^topostat: <stdin>:1: expected two node ids, got "\\x00' "${PIPESTATUS[1]}"

for line in "0 1" "{"; do
  yes "$line" | timeout 120 "$bin/topostat" --max-memory 64M > /dev/null 2> "$tmp/err"
  refused "topostat, an endless stream of \"$line\" under --max-memory 64M" 1 \
    '^topostat: this run needs about .*input, so far.* but --max-memory is 64' "${PIPESTATUS[1]}"
done

finish
