#!/usr/bin/python3
"""Runs one catalogued experiment and writes its result file (JSON) atomically.
Usage: run.py BIN_DIR NAME OUT. The file records the exact command lines, the tools' versions and the seed,
next to the tool's own JSON output (which carries its provenance block too)."""
import json
import os
import shlex
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from catalog import RUNS  # noqa: E402

bin_dir, name, out = sys.argv[1:4]
kind, args = RUNS[name]
topogen, topostat, toposim = (os.path.join(bin_dir, t) for t in ("topogen", "topostat", "toposim"))


def version(tool):
    return subprocess.run([tool, "--version"], capture_output=True, text=True, check=True).stdout.strip()


def run(cmd, stdin=None):
    p = subprocess.run(cmd, stdin=stdin, capture_output=True, text=True)
    if p.returncode != 0:
        sys.exit(f"run.py: {name}: {shlex.join(cmd)} failed ({p.returncode}): {p.stderr.strip()}")
    return p.stdout


start = time.time()
if kind in ("stat", "statd", "statu"):
    stat = [topostat, "--json", "--quiet"] + {"stat": ["--utilization", "no"],
                                              "statd": ["--utilization", "no", "--bisection", "no"],
                                              "statu": ["--utilization", "yes"]}[kind]
    gen = subprocess.Popen([topogen, *args], stdout=subprocess.PIPE)
    result = json.loads(run(stat, stdin=gen.stdout))
    gen.stdout.close()
    if gen.wait() != 0:
        sys.exit(f"run.py: {name}: topogen {shlex.join(args)} failed")
    command = f"topogen {shlex.join(args)} | {shlex.join(['topostat'] + stat[1:])}"
    tools = {"topogen": version(topogen), "topostat": version(topostat)}
elif kind in ("describe", "search"):
    extra = ["--describe", "--json"] if kind == "describe" else ["--json"]
    result = json.loads(run([topogen, *args, *extra]))
    command = f"topogen {shlex.join(args + extra)}"
    tools = {"topogen": version(topogen)}
elif kind == "clex":
    cmd = [toposim, "clex", *args, "--json", "--quiet"]
    result = json.loads(run(cmd))
    command = f"toposim clex {shlex.join(args + ['--json', '--quiet'])}"
    tools = {"toposim": version(toposim)}
else:
    sys.exit(f"run.py: unknown kind {kind}")

seed = result.get("provenance", {}).get("seed") if isinstance(result, dict) else None
doc = {"name": name, "kind": kind, "command": command, "tools": tools, "seed": seed,
       "wall_seconds": round(time.time() - start, 2), "result": result}
tmp = f"{out}.tmp.{os.getpid()}"
with open(tmp, "w") as f:
    json.dump(doc, f, indent=1, ensure_ascii=False)
    f.write("\n")
os.replace(tmp, out)
