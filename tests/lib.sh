# shellcheck shell=bash
# What the shell tests share, sourced first by each: . "$(dirname "$0")/../lib.sh"
# A check that fails prints one "FAIL: ..." line and the script goes on, so that one run names every failure;
# `finish` prints "N passed, M failed" and is the script's exit status. $tmp is a folder of the script's own,
# removed when it exits (read-only files in it included).
passes=0 fails=0
tmp=$(mktemp -d)
trap 'chmod -R u+w "$tmp"; rm -rf "$tmp"' EXIT

pass() { passes=$((passes + 1)); }
fail() {  # fail MESSAGE...
  echo "FAIL: $*"
  fails=$((fails + 1))
}

expect() {  # expect NAME COMMAND...: COMMAND succeeds
  local name=$1
  shift
  if "$@"; then pass; else fail "$name"; fi
}

expect_status() {  # expect_status NAME EXPECTED_STATUS ACTUAL_STATUS
  if [[ "$2" == "$3" ]]; then pass; else fail "$1: exit $3, expected $2"; fi
}

# check NAME CONDITION: CONDITION, a string of shell code, holds when evaluated here (it reads the caller's
# variables, locals included). Callers quote CONDITION with single quotes, so shellcheck's SC2016 does not apply.
check() { if eval "$2"; then pass; else fail "$1"; fi; }

files_named() {  # files_named DIR GLOB: how many entries of DIR (hidden ones included) have a name matching GLOB
  find "$1" -mindepth 1 -maxdepth 1 -name "$2" | wc -l
}

skip() {  # skip REASON...: the script does not apply here; CTest counts it as skipped and make test prints REASON
  echo "SKIP: $*"
  exit 77
}

finish() {
  echo "$passes passed, $fails failed"
  ((fails == 0))
}
