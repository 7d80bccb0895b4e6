#!/usr/bin/python3
"""Dragonfly sizes of Kim, Dally, Scott and Abts, "Technology-driven, highly-scalable dragonfly topology"
(ISCA 2008), §3.1: a router has p terminals, a-1 local and h global ports, radix k = p + a + h - 1; at most
g = ah + 1 groups, N = ap(ah + 1) terminals; the balanced dragonfly has a = 2p = 2h. The paper prints no table of
sizes; its worked examples are checked here with the closed forms: the 72-terminal dragonfly of radix-7 routers
(p = h = 2, a = 4, 9 groups) and the radix-64 one (p = h = 16, a = 32) of 262,656 terminals. Each row is checked
through topogen --describe and, where small enough, on the built graph (topostat). Usage: dragonfly_tables.py
BIN_DIR"""
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from harness import BIN, check, finish, pipeline_json  # noqa: E402


def describe(args):
    return json.loads(subprocess.run([f"{BIN}/topogen", *args, "--describe", "--json"], check=True,
                                     capture_output=True, text=True).stdout)


# (p, a, h, g), then the paper's figures: radix k, terminals N, routers, groups.
KIM = [
    ((2, 4, 2, 9), 7, 72, 36, 9),  # §3.1, the dragonfly of radix-7 routers
    ((16, 32, 16, 513), 63, 262656, 16416, 513),  # radix-64 routers (63 ports used)
    ((4, 8, 4, 33), 15, 1056, 264, 33),  # balanced, a = 2p = 2h
    ((4, 8, 4, 17), 15, 544, 136, 17),  # fewer groups: two global links per pair
]
for (p, a, h, g), k, n_terminals, routers, groups in KIM:
    args = ["dragonfly", "--p", str(p), "--a", str(a), "--h", str(h), "--g", str(g)]
    name = " ".join(args)
    d = describe(args)
    f = d["formulas"]
    check(f"{name}: radix k = p+a+h-1 = {k}", f["radix"] == k == p + a + h - 1, f"{f['radix']}")
    check(f"{name}: N = a*p*g = {n_terminals}", f["terminals"] == n_terminals == a * p * g, f"{f['terminals']}")
    check(f"{name}: {routers} routers in {groups} groups", d["nodes"] == routers and f["groups"] == groups
          and f["routers_per_group"] == a, json.dumps(d))
    check(f"{name}: degree a-1+h", d["degree"] == {"min": a - 1 + h, "max": a - 1 + h}, json.dumps(d["degree"]))
    check(f"{name}: ah/(g-1) global links per pair of groups", f["global_links_per_group_pair"] == a * h // (g - 1))
    if routers <= 300:
        s = pipeline_json(args, ["--bisection", "no"])
        check(f"{name}: built: {routers} routers, degree a-1+h, diameter 3", s["nodes"] == routers
              and s["degree"]["min"] == s["degree"]["max"] == a - 1 + h and s["distances"]["diameter"] == 3,
              json.dumps({k_: s[k_] for k_ in ("nodes", "degree")}))

# The balanced family of the default: --h alone is a = 2h, p = h, g = ah + 1.
for h in (1, 2, 4, 16):
    f = describe(["dragonfly", "--h", str(h)])["formulas"]
    check(f"dragonfly --h {h}: a = 2p = 2h, g = ah+1", f["routers_per_group"] == 2 * h and f["terminals_per_router"] == h
          and f["groups"] == 2 * h * h + 1, json.dumps(f))
finish()
