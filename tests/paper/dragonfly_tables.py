#!/usr/bin/python3
"""Dragonfly sizes of Kim, Dally, Scott and Abts, "Technology-driven, highly-scalable dragonfly topology"
(ISCA 2008), §3.1: a router has p terminals, a-1 local and h global ports, radix k = p + a + h - 1; at most
g = ah + 1 groups, N = ap(ah + 1) terminals; the balanced dragonfly has a = 2p = 2h. The paper prints no table of
sizes; its worked examples are checked here with the closed forms: the 72-terminal dragonfly of radix-7 routers
(p = h = 2, a = 4, 9 groups) and the radix-64 one (p = h = 16, a = 32) of 262,656 terminals. Each row is checked
through topogen --describe and, where small enough, on the built graph (topostat).

Cray Cascade (XC series) of Alverson, Froese, Kaplan and Roweth, "Cray XC Series Network" (Cray WP-Aries01-1112,
2012): the white paper prints no table either; its figures are checked: a group of 2 cabinets, 6 chassis of 16
Aries routers (96), 4 nodes per router (384 per group); per router 15 rank-1 (green) links in the chassis, 15
rank-2 (black) links in 5 connectors (3 to each router in the same slot of the other chassis) and 10 rank-3 (blue)
global links, 960 per group, so that 241 groups are joined by 4 global links per pair. Usage: dragonfly_tables.py
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

# Cascade: (groups, global links per pair or None for the default), then routers, terminals, degree range.
CASCADE = [
    (1, None, 96, 384, (30, 30)),  # one group: 15 green + 15 black
    (241, None, 23136, 92544, (40, 40)),  # 240 other groups x 4 links = all 960 global ports
    (241, 4, 23136, 92544, (40, 40)),
    (17, 60, 1632, 6528, (40, 40)),  # 16 x 60 = 960
    (9, 10, 864, 3456, (30, 31)),  # 80 of the 960 ports: routers 0..79 get one
]
for groups, m, routers, terminals, (dmin, dmax) in CASCADE:
    args = ["cascade", "--groups", str(groups)] + (["--global-links", str(m)] if m else [])
    name = " ".join(args)
    d = describe(args)
    f = d["formulas"]
    check(f"{name}: {routers} routers, 96 per group", d["nodes"] == routers == 96 * groups
          and f["routers_per_group"] == 96, json.dumps(d))
    check(f"{name}: {terminals} terminals, 4 per router", f["terminals"] == terminals == 4 * routers
          and f["terminals_per_router"] == 4, json.dumps(f))
    check(f"{name}: degree {dmin}..{dmax}", d["degree"] == {"min": dmin, "max": dmax}, json.dumps(d["degree"]))
    check(f"{name}: 15 green links per router", f["green_links"] == routers * 15 // 2, json.dumps(f))
    check(f"{name}: 5 x 3 black links per router", f["black_links"] == routers * 15 // 2, json.dumps(f))
    per_pair = m or (960 // (groups - 1) if groups > 1 else 0)
    check(f"{name}: {per_pair} global links per pair of groups", f["global_links_per_group_pair"] == per_pair
          and f["global_links"] == groups * (groups - 1) // 2 * per_pair, json.dumps(f))
check("cascade --groups 242 --global-links 4: more than 960 global ports", subprocess.run(
    [f"{BIN}/topogen", "cascade", "--groups", "242", "--global-links", "4", "--describe"], capture_output=True,
    text=True).returncode == 1)
s = pipeline_json(["cascade", "--groups", "1"], ["--bisection", "no"])
check("cascade --groups 1: diameter 2 (a row hop and a column hop)", s["distances"]["diameter"] == 2)
finish()
