#!/usr/bin/python3
"""topogen dragonfly against an independent networkx construction of the global link arrangements of Hastings et
al., "Comparing global link arrangements for dragonfly networks" (IEEE Cluster 2015), with our documented port
numbering (man/topogen.1): global port k of group i is port k mod h of router k // h; it is copy k // (g-1) of slot
k mod (g-1), and slot r of group i leads to
  absolute:  the r-th other group in increasing order,
  relative:  group i + r + 1 (mod g),
  circulant: groups i+1, i-1, i+2, i-2, ... (mod g) for slots 0, 1, 2, 3, ...,
joined to the slot of that group that leads back to i, copy to copy. Checks the links with their classes and
multiplicities, that every pair of groups gets a*h/(g-1) global links, that the relative arrangement is García's
palm tree (Camarero, Vallejo and Beivide, ACM TACO 2014: slot r to group i - r - 1) up to isomorphism, the
diameter 3 at the canonical sizes, and that toposim run's minimal dragonfly routing passes its channel dependency
check with 3 VCs (Kim et al. 2008, §4.3) on every arrangement. Usage: dragonfly_arrangements.py BIN_DIR"""
import json
import os
import subprocess
import sys
from collections import Counter

import networkx as nx

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from harness import BIN, check, finish  # noqa: E402
from nauty_labelg import check_nauty  # noqa: E402


def slot_targets(arrangement, g, i):
    """The group each slot 0..g-2 of group i leads to."""
    others = [j for j in range(g) if j != i]
    if arrangement == "absolute":
        return others
    if arrangement == "relative":
        return [(i + r + 1) % g for r in range(g - 1)]
    if arrangement == "palmtree":
        return [(i - r - 1) % g for r in range(g - 1)]
    offsets = []
    x = 1
    while len(offsets) < g - 1:
        offsets.append(x)
        if len(offsets) < g - 1:
            offsets.append(-x)
        x += 1
    return [(i + d) % g for d in offsets]


def oracle(arrangement, a, h, g):
    """Links as a Counter of (u, v, class) with u < v, from the ports."""
    links = Counter()
    node = lambda grp, r: grp * a + r  # noqa: E731
    for i in range(g):
        for r1 in range(a):
            for r2 in range(r1 + 1, a):
                links[(node(i, r1), node(i, r2), "local")] += 1
    slots = g - 1
    targets = [slot_targets(arrangement, g, i) for i in range(g)]
    for i in range(g):
        for k in range(a * h):
            copy, r = divmod(k, slots)
            j = targets[i][r]
            back = copy * slots + targets[j].index(i)
            u, v = node(i, k // h), node(j, back // h)
            if (i, k) < (j, back):  # each link once
                links[(min(u, v), max(u, v), "global")] += 1
    return links


def ours(args):
    out = subprocess.run([f"{BIN}/topogen", "dragonfly", *args, "--no-provenance"], capture_output=True, text=True)
    links = Counter()
    for line in out.stdout.splitlines():
        if line.startswith("#") or not line.strip():
            continue
        f = line.split()
        u, v = int(f[0]), int(f[1])
        links[(min(u, v), max(u, v), f[2])] += int(f[3]) if len(f) > 3 else 1
    return out.returncode, links


def to_nx(links, n):
    g = nx.MultiGraph()
    g.add_nodes_from(range(n))
    for (u, v, _), m in links.items():
        for _ in range(m):
            g.add_edge(u, v)
    return g


INSTANCES = [(2, None, None), (1, None, None), (2, 3, 4), (3, 4, 7), (2, 4, 5)]  # (h, a, g); None: canonical
for arrangement in ["absolute", "relative", "circulant"]:
    for h, a_, g_ in INSTANCES:
        a = a_ or 2 * h
        g = g_ or a * h + 1
        args = ["--h", str(h), "--arrangement", arrangement]
        if a_:
            args += ["--a", str(a), "--g", str(g)]
        name = f"dragonfly {' '.join(args)}"
        rc, got = ours(args)
        want = oracle(arrangement, a, h, g)
        check(f"{name}: runs", rc == 0)
        check(f"{name}: links as the arrangement's definition", got == want,
              f"{sorted((got - want).items())[:4]} / {sorted((want - got).items())[:4]}")
        per_pair = Counter()
        for (u, v, cls), m in got.items():
            if cls == "global":
                per_pair[(u // a, v // a)] += m
        check(f"{name}: a*h/(g-1) global links per pair of groups",
              len(per_pair) == g * (g - 1) // 2 and set(per_pair.values()) == {a * h // (g - 1)}, f"{per_pair}")
        if a_ is None:
            check(f"{name}: diameter 3", nx.diameter(to_nx(got, a * g)) == 3)

for h in (1, 2):
    _, got = ours(["--h", str(h)])
    check(f"dragonfly --h {h}: the default is the relative arrangement", got == oracle("relative", 2 * h, h, 2 * h * h + 1))
    nodes = 2 * h * (2 * h * h + 1)
    relative, palmtree = to_nx(got, nodes), to_nx(oracle("palmtree", 2 * h, h, 2 * h * h + 1), nodes)
    check(f"dragonfly --h {h}: relative is the palm tree up to isomorphism", nx.is_isomorphic(relative, palmtree))
    check_nauty(f"dragonfly --h {h}: relative and palm tree", relative, palmtree)

# toposim run: the minimal dragonfly routing with the dragonfly VC classes, 3 VCs, every route checked.
for arrangement in ["absolute", "relative", "circulant"]:
    for args in (["--h", "2"], ["--h", "2", "--a", "3", "--g", "4", "--p", "1"]):
        name = f"toposim run on dragonfly {' '.join(args)} --arrangement {arrangement}"
        gen = subprocess.run([f"{BIN}/topogen", "dragonfly", *args, "--arrangement", arrangement], capture_output=True,
                             text=True).stdout
        out = subprocess.run([f"{BIN}/toposim", "run", "--no-provenance", "-j", "1", "--vcs", "3", "--rate", "0.05",
                              "--sample-period", "200", "--samples", "1", "-"], input=gen, capture_output=True, text=True)
        check(f"{name}: exit 0", out.returncode == 0, out.stderr)
        if out.returncode:
            continue
        r = json.loads(out.stdout)
        n = r["graph"]["nodes"]
        check(f"{name}: dragonfly routing and VC classes", r["parameters"]["algo"] == "dragonfly"
              and r["parameters"]["vc_classes"] == "dragonfly", json.dumps(r["parameters"]))
        check(f"{name}: every route in the dependency check", r["network"]["dependency_check"] == {
            "routes": n * (n - 1), "sampled": False}, json.dumps(r["network"]))
        p = 1 if "--p" in args else 2
        check(f"{name}: p terminals per router", r["network"]["terminals"] == p * n, json.dumps(r["network"]))
        check(f"{name}: no deadlock", all(pt["deadlock"] is None for pt in r["points"]))
finish()
