#!/usr/bin/python3
"""topostat --routing family against toporoute: the link loads of all-to-all traffic along the family's own
routing (dimension order on tori and meshes, Slim Fly's two-hop rule, the iBT routing) must give toporoute's
--algo summary (mean hops, max and mean arc load, u), topostat must name the algorithm, use the routes' mean
length as the k̄ of its costs, and refuse a family without its own routing. Usage: family_routing.py BIN_DIR"""
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from harness import BIN, check, finish  # noqa: E402


def run(cmd, stdin=None):
    return subprocess.run(cmd, input=stdin, capture_output=True, text=True)


CASES = [(["torus", "--dims", "4x6"], "dor"), (["mesh", "--dims", "3x5"], "dor"),
         (["torus", "--dims", "3x3x4"], "dor"), (["slimfly", "--q", "5"], "slimfly"),
         (["ibt", "--dims", "6x6x6", "--bypass-dims", "3", "--lengths", "3"], "ibt")]
for args, algo in CASES:
    name = " ".join(args)
    graph = run([f"{BIN}/topogen", *args]).stdout
    ref = json.loads(run([f"{BIN}/toporoute", "--algo", algo, "--traffic", "all-to-all", "--summary", "--json",
                          "--no-provenance"], graph).stdout)
    out = run([f"{BIN}/topostat", "--json", "--no-provenance", "--routing", "family", "--terminals-per-router", "1",
               "--bisection", "no"], graph)
    check(f"{name}: runs", out.returncode == 0, out.stderr)
    if out.returncode:
        continue
    stat = json.loads(out.stdout)
    u = stat["link_utilization"]
    check(f"{name}: algorithm", u["algorithm"] == algo and u["routing"] == "family", json.dumps(u))
    check(f"{name}: mean hops as toporoute", abs(u["mean_hops"] - ref["hops"]["mean"]) < 1e-12,
          f"{u['mean_hops']} vs {ref['hops']['mean']}")
    check(f"{name}: max arc load as toporoute", abs(u["max_arc_load"] - ref["loads"]["max"]) < 1e-9,
          f"{u['max_arc_load']} vs {ref['loads']['max']}")
    check(f"{name}: u as toporoute", abs(u["u"] - ref["loads"]["u"]) < 1e-12, f"{u['u']} vs {ref['loads']['u']}")
    costs = stat["costs"]
    check(f"{name}: kbar of the costs is the routes' mean length", abs(costs["kbar"]["value"] - u["mean_hops"]) < 1e-12
          and abs(costs["kbar_over_u"] - u["mean_hops"] / u["u"]) < 1e-12, json.dumps(costs))
    delta = stat["degree"]["max"]
    check(f"{name}: subscription from the routed kbar",
          abs(costs["subscription"]["value"] - u["mean_hops"] / (delta * u["u"])) < 1e-12, json.dumps(costs))
    text = run([f"{BIN}/topostat", "--routing", "family", "--bisection", "no"], graph).stdout
    check(f"{name}: the text names the routing", f"(family routing: {algo};" in text and "kbar (routed)" in text, text)

# Shortest-path routings are not a family's own: a graph without a family has none.
out = run([f"{BIN}/topostat", "--routing", "family"], "0 1\n1 2\n2 0\n")
check("no family: exit 1", out.returncode == 1, out.stderr)
check("no family: says so", "no routing algorithm of toporoute is made for a graph without family metadata" in
      out.stderr, out.stderr)
out = run([f"{BIN}/topostat", "--routing", "familly"], "0 1\n")
check("misspelt routing: usage error", out.returncode == 2, out.stderr)
finish()
