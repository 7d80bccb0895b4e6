#!/usr/bin/env bash
# `make experiments` without Scotch: the report must skip Scotch's runs, say so, and still write the README.
# Every other run file and section is a stub here (the real runs take minutes); Scotch is absent from PATH (a
# folder of links to /usr/bin without Scotch's commands, so the test holds where Scotch is installed too).
# Usage: experiments_without_scotch.sh BIN_DIR
# shellcheck disable=SC2016,SC2034  # check() evaluates its condition later, where the variables are set
set -uo pipefail
src=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"

mkdir -p "$tmp/results/runs" "$tmp/bin"
ln -s /usr/bin/* "$tmp/bin/"
rm -f "$tmp/bin/scotch_gmap" "$tmp/bin/amk_grf"
/usr/bin/python3 - "$src" "$tmp/results" <<'PY'
import json, os, re, sys
src, res = sys.argv[1:3]
sys.path.insert(0, os.path.join(src, "experiments"))
import catalog
for name, (kind, _) in catalog.RUNS.items():
    if kind != "scotch":
        with open(os.path.join(res, "runs", name + ".json"), "w") as f:
            json.dump({"tools": {"topogen": "topogen (topo) stub"}, "result": {}}, f)
text = "".join(open(os.path.join(src, "experiments", p)).read() for p in os.listdir(os.path.join(src, "experiments"))
               if p.endswith(".py"))
for section in set(re.findall(r'"(\w+/\w+\.md)"', text)):
    os.makedirs(os.path.join(res, os.path.dirname(section)), exist_ok=True)
    with open(os.path.join(res, section), "w") as f:
        f.write(f"## {section}\n")
    with open(os.path.join(res, section[:-len(".md")] + ".diffs.json"), "w") as f:
        f.write("[]\n")  # the table's differences from the paper (none in the stub)
PY
PATH=$tmp/bin /usr/bin/python3 "$src/experiments/report.py" "$tmp/results" readme "$tmp/README.md" 2> "$tmp/err"
rc=$?
check "report.py readme exits 0 without Scotch's runs (rc $rc: $(tail -c 600 "$tmp/err"))" '((rc == 0))'
check "results/README.md is written" '[[ -s $tmp/README.md ]]'
check "the README names Scotch as skipped" 'grep -q "^Skipped: Scotch" "$tmp/README.md"'
check "stderr names Scotch as skipped" 'grep -q "report.py: Skipped: Scotch" "$tmp/err"'
dry=$(PATH=$tmp/bin make --no-print-directory -C "$src" -f experiments/experiments.mk BIN=/nonexistent R="$tmp/r2" -n 2>&1)
check "make experiments says Scotch is skipped" 'grep -q "skipped: Scotch" <<< "$dry"'
check "make experiments runs no Scotch run" '! grep -q "scotch\.json" <<< "$dry"'
finish
