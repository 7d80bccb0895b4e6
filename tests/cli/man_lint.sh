#!/usr/bin/env bash
# The man pages must be clean under `mandoc -T lint -W warning`. Usage: man_lint.sh MAN_DIR
set -uo pipefail
shopt -s nullglob
pages=("$1"/*.[1-8])
((${#pages[@]} >= 3)) || { echo "FAIL: expected at least 3 man pages in $1"; echo "0 passed, 1 failed"; exit 1; }
out=$(mandoc -T lint -W warning "${pages[@]}" 2>&1)
if [[ -n "$out" ]]; then echo "$out"; echo "0 passed, 1 failed"; exit 1; fi
echo "${#pages[@]} passed, 0 failed"
