#!/usr/bin/python3
"""Runs one catalogued experiment and writes its result file (JSON) atomically.
Usage: run.py BIN_DIR NAME OUT. The file records the exact command lines, the tools' versions and the seed,
next to the tool's own JSON output (which carries its provenance block too)."""
import json
import os
import shlex
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from catalog import RUNS  # noqa: E402

bin_dir, name, out = sys.argv[1:4]
kind, args = RUNS[name]
topogen, topostat, toposim, topomap = (os.path.join(bin_dir, t) for t in ("topogen", "topostat", "toposim", "topomap"))
here = os.path.dirname(os.path.abspath(__file__))
PRESET_DIMS = {"bgl-1024": [8, 8, 16], "bgl-2048": [16, 8, 16], "qcdoc-1024": [2, 2, 2, 4, 4, 8],
               "qcdoc-2048": [2, 2, 2, 4, 4, 16]}  # topogen's presets (lib/src/gen/grid.cpp), for Scotch's target
data = os.environ.get("TOPO_MATRICES", os.path.join(here, "..", "data", "matrices"))  # map runs


def version(tool):
    # The first line ("topogen (topo) 0.1.0"); the commit and library versions follow on the next lines.
    return subprocess.run([tool, "--version"], capture_output=True, text=True, check=True).stdout.splitlines()[0]


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
elif kind == "scotch":
    preset, matrix = args
    mtx = os.path.join(data, matrix)
    io = [sys.executable, os.path.join(here, "..", "bench", "scotch_io.py")]
    with tempfile.TemporaryDirectory() as tmp:
        el, grf, tgt, dgrf, dmap = (os.path.join(tmp, f) for f in ("net.el", "net.grf", "net.tgt", "d.grf", "d.map"))
        run([topogen, "torus", "--preset", preset, "-o", el])
        nodes = int(next(ln for ln in open(el) if ln.startswith("# nodes:")).split()[2])
        run(io + ["demand", mtx, str(nodes), dgrf])
        # The target: Scotch's own torus (torusXD, ids with the first dimension fastest, as topogen's) up to 5
        # dimensions; QCDOC's 6 are more than torusXD takes, so amk_grf builds a decomposition-defined target
        # from the network, with a random seed of its own (that column varies a few % between fresh runs).
        dims = PRESET_DIMS[preset]
        if len(dims) <= 5:
            with open(tgt, "w") as f:
                f.write(f"torusXD {len(dims)} {' '.join(map(str, dims))}\n")
            target = f"echo 'torusXD {len(dims)} {' '.join(map(str, dims))}' > net.tgt"
        else:
            run(io + ["graph", el, grf])
            run(["amk_grf", grf, tgt])
            target = "bench/scotch_io.py graph net.el net.grf; amk_grf net.grf net.tgt"
        run(["scotch_gmap", "-Cd", dgrf, tgt, dmap])  # -Cd: deterministic given the target
        result = json.loads(run([topomap, el, "--demand", mtx, "--evaluate", dmap, "--json", "--quiet"]))
    result.pop("mapping", None)
    result.get("provenance", {}).pop("argv", None)
    m = f"data/matrices/{matrix}"
    command = (f"topogen torus --preset {preset} -o net.el; {target}; bench/scotch_io.py demand {m} {nodes} d.grf; "
               f"scotch_gmap -Cd d.grf net.tgt d.map; topomap net.el --demand {m} --evaluate d.map --json --quiet")
    gmap = subprocess.run(["scotch_gmap", "-V"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    gmap = [ln.strip() for ln in gmap.stdout.splitlines() if "version" in ln]
    tools = {"topogen": version(topogen), "topomap": version(topomap),
             "scotch_gmap": "scotch_gmap " + (gmap[0].split("version", 1)[1].strip() if gmap else "(unknown version)")}
elif kind == "map":
    preset, matrix, method, *extra = args
    gen_args = ["torus", "--preset", preset]
    opts = ["-m", method, *extra, "--restarts", "1", "-j", "1", "--json", "--quiet"]
    gen = subprocess.Popen([topogen, *gen_args], stdout=subprocess.PIPE)
    result = json.loads(run([topomap, "--demand", os.path.join(data, matrix), *opts], stdin=gen.stdout))
    gen.stdout.close()
    if gen.wait() != 0:
        sys.exit(f"run.py: {name}: topogen {shlex.join(gen_args)} failed")
    result.pop("mapping", None)  # the cost is the result; the mapping itself is reproducible from the command
    if "provenance" in result:
        result["provenance"].pop("argv", None)  # absolute paths; the command below is the portable form
    command = (f"topogen {shlex.join(gen_args)} | "
               f"topomap {shlex.join(['--demand', 'data/matrices/' + matrix, *opts])}")
    tools = {"topogen": version(topogen), "topomap": version(topomap)}
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
