#!/usr/bin/python3
"""topogen cascade against an independent networkx construction of the Cray XC (Cascade) network as Alverson,
Froese, Kaplan and Roweth describe it ("Cray XC Series Network", 2012): a group of 6 chassis x 16 Aries routers,
rank-1 (green) links between every two routers of a chassis, rank-2 (black) links, 3 per pair, between the routers
in the same slot of different chassis, and blue global links; router (chassis r, slot c) of group i is node
96i + 16r + c and global port k of a group is on router k mod 96, joined by the dragonfly arrangement documented in
man/topogen.1 (relative: slot k mod (g-1) to group i + slot + 1). Checks the links with classes and multiplicities,
degrees, the diameter against networkx, that the dragonfly routing takes at most 5 hops (a row and a column hop in
a group), that toposim run passes its channel dependency check on every route with the dragonfly VC classes, and that the
routing refuses, in one line, coordinates that do not fill the groups.
Usage: cascade_oracle.py BIN_DIR"""
import json
import os
import subprocess
import sys
from collections import Counter

import networkx as nx

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from harness import BIN, check, finish  # noqa: E402


def oracle(groups, m, arrangement):
    links = Counter()
    node = lambda i, r, c: 96 * i + 16 * r + c  # noqa: E731
    for i in range(groups):
        for r in range(6):
            for c in range(16):
                for c2 in range(c + 1, 16):
                    links[(node(i, r, c), node(i, r, c2), "green")] += 1
                for r2 in range(r + 1, 6):
                    links[(node(i, r, c), node(i, r2, c), "black")] += 3
    if groups == 1:
        return links
    slots = groups - 1

    def target(i, r):
        if arrangement == "absolute":
            return [j for j in range(groups) if j != i][r]
        return (i + r + 1) % groups

    for i in range(groups):
        for k in range(slots * m):
            copy, r = divmod(k, slots)
            j = target(i, r)
            back = copy * slots + [target(j, x) for x in range(slots)].index(i)
            if (i, k) < (j, back):
                u, v = 96 * i + k % 96, 96 * j + back % 96
                links[(min(u, v), max(u, v), "global")] += 1
    return links


def ours(args):
    out = subprocess.run([f"{BIN}/topogen", "cascade", *args, "--no-provenance"], capture_output=True, text=True)
    links = Counter()
    for line in out.stdout.splitlines():
        if line.startswith("#") or not line.strip():
            continue
        f = line.split()
        u, v = int(f[0]), int(f[1])
        links[(min(u, v), max(u, v), f[2])] += int(f[3]) if len(f) > 3 else 1
    return out.returncode, links


for groups, m, arrangement in [(1, None, "relative"), (2, 4, "relative"), (3, 2, "absolute"), (4, 5, "relative")]:
    args = ["--groups", str(groups), "--arrangement", arrangement] + (["--global-links", str(m)] if m else [])
    name = "cascade " + " ".join(args)
    rc, got = ours(args)
    want = oracle(groups, m or 0, arrangement)
    check(f"{name}: runs", rc == 0)
    check(f"{name}: links as the white paper's group and the arrangement", got == want,
          f"{sorted((got - want).items())[:3]} / {sorted((want - got).items())[:3]}")
    g = nx.MultiGraph()
    g.add_nodes_from(range(96 * groups))
    for (u, v, _), mult in got.items():
        for _ in range(mult):
            g.add_edge(u, v)
    degrees = Counter(d for _, d in g.degree())
    used = (groups - 1) * (m or 0)
    check(f"{name}: degree 30 + the router's global links", set(degrees) <= {30 + used // 96, 30 + -(-used // 96)},
          f"{degrees}")
    stat = json.loads(subprocess.run(f"{BIN}/topogen cascade {' '.join(args)} | {BIN}/topostat --json --bisection no",
                                     shell=True, capture_output=True, text=True).stdout)
    check(f"{name}: diameter as networkx", stat["distances"]["diameter"] == nx.diameter(nx.Graph(g)),
          f"{stat['distances']['diameter']}")

# The dragonfly routing: at most a row and a column hop in each group, so at most 5 hops.
route = subprocess.run(f"{BIN}/topogen cascade --groups 2 --global-links 3 | {BIN}/toporoute --algo dragonfly "
                       "--traffic all-to-all --summary --json --no-provenance", shell=True, capture_output=True,
                       text=True)
check("cascade: toporoute --algo dragonfly runs", route.returncode == 0, route.stderr)
if route.returncode == 0:
    r = json.loads(route.stdout)
    check("cascade: dragonfly routes of at most 5 hops", max(map(int, r["hops"]["histogram"])) == 5,
          json.dumps(r["hops"]))

# Coordinates that do not fill the groups (from a file): one clear error, not a crash.
doc = json.loads(subprocess.run([f"{BIN}/topogen", "cascade", "--groups", "1", "--json", "--no-provenance"],
                                capture_output=True, text=True).stdout)
doc["nodes"][5]["coords"] = [0, -1, 5]
bad = subprocess.run([f"{BIN}/toporoute", "--algo", "dragonfly", "--traffic", "all-to-all", "--summary"],
                     input=json.dumps(doc), capture_output=True, text=True)
check("cascade with a negative coordinate: toporoute --algo dragonfly exits 1 naming the node",
      bad.returncode == 1 and "node 5 has coordinates outside its groups" in bad.stderr, bad.stderr)
doc["nodes"][5]["coords"] = [0, 6, 5]
bad = subprocess.run([f"{BIN}/toporoute", "--algo", "dragonfly", "--traffic", "all-to-all", "--summary"],
                     input=json.dumps(doc), capture_output=True, text=True)
check("cascade with a row too many: toporoute --algo dragonfly exits 1", bad.returncode == 1
      and "do not fill every group" in bad.stderr, bad.stderr)

# toposim run: 192 routers, so every pair of routers is in the dependency check.
gen = subprocess.run([f"{BIN}/topogen", "cascade", "--groups", "2", "--global-links", "7"], capture_output=True,
                     text=True).stdout
out = subprocess.run([f"{BIN}/toposim", "run", "--no-provenance", "-j", "1", "--vcs", "3", "--vc-classes", "dragonfly", "--rate", "0.05",
                      "--sample-period", "200", "--samples", "1", "-"], input=gen, capture_output=True, text=True)
check("toposim run on cascade: exit 0", out.returncode == 0, out.stderr)
if out.returncode == 0:
    r = json.loads(out.stdout)
    check("toposim run on cascade: dragonfly routing and VC classes", r["parameters"]["algo"] == "dragonfly"
          and r["parameters"]["vc_classes"] == "dragonfly", json.dumps(r["parameters"]))
    check("toposim run on cascade: every route in the dependency check",
          r["network"]["dependency_check"] == {"routes": 192 * 191, "sampled": False}, json.dumps(r["network"]))
    check("toposim run on cascade: 4 terminals per router", r["network"]["terminals"] == 4 * 192)
finish()
