#!/usr/bin/python3
"""The sizes the papers give, one table per paper (PolarFly, Jellyfish, the flattened butterfly,
HyperX, XGFT, Tofu, Megafly), through `topogen ... --describe` (N, links, degree, terminals, radix) and, for the instances
small enough, `topogen | topostat` (the measured diameter; between the endpoints of the indirect ones).

None of these papers prints a table of instances that could be found and checked; each table below is the
paper's closed forms evaluated at instances the paper discusses or at small ones, and says so. The Tofu
table checks the published node counts of the K computer (88,128; RIKEN and Fujitsu) and Fugaku (158,976; RIKEN,
"About Fugaku") as 12·X·Y·Z of the shapes 24x18x17 and 24x23x24, which no source found here states.
Usage: network_families_tables.py BIN_DIR"""
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from harness import BIN, SANITIZED, check, finish  # noqa: E402


def describe(*args):
    return json.loads(subprocess.run([f"{BIN}/topogen", *args, "--describe", "--json"], check=True,
                                     capture_output=True, text=True).stdout)


def stat(*args):
    gen = subprocess.Popen([f"{BIN}/topogen", *args], stdout=subprocess.PIPE)
    out = subprocess.run([f"{BIN}/topostat", "--json", "--bisection", "no", "--utilization", "no"], stdin=gen.stdout,
                         check=True, capture_output=True, text=True).stdout
    gen.wait()
    return json.loads(out)


def row(name, got, want):
    """Checks every figure of one row: got and want are dicts of the same keys."""
    for key, value in want.items():
        check(f"{name}: {key}", got.get(key) == value, f"got {got.get(key)}, paper {value}")


def sizes(d):
    f = d["formulas"]
    return {"N": d["nodes"], "links": d["links"], "degree": (d["degree"]["min"], d["degree"]["max"]), **f}


# PolarFly (Lakhotia et al., SC 2022, §III): ER_q has N = q^2+q+1 routers, q+1 quadrics of degree q and q^2
# others of degree q+1 (network radix q+1), diameter 2; Moore bound efficiency N/(k^2+1) for k = q+1.
for q in (2, 3, 4, 5, 7, 8, 9, 11, 13, 31):
    d = describe("polarfly", "--q", str(q))
    got = sizes(d)
    row(f"PolarFly q={q}", got, {"N": q * q + q + 1, "degree": (q, q + 1), "absolute_points": q + 1,
                                 "links": (q * (q + 1) ** 2) // 2, "moore_bound": (q + 1) ** 2 + 1})
    if q <= 13:
        s = stat("polarfly", "--q", str(q))
        check(f"PolarFly q={q}: measured diameter 2", s["distances"]["diameter"] == 2, s["distances"]["diameter"])
        # Degrees q and q+1 with (q+1)N - 2·links = q+1 routers of degree q.
        quadrics = (q + 1) * s["nodes"] - 2 * s["links"]
        check(f"PolarFly q={q}: measured degrees q..q+1, q+1 of degree q",
              (s["degree"]["min"], s["degree"]["max"], quadrics) == (q, q + 1, q + 1), (s["degree"], quadrics))

# Jellyfish (Singla et al., NSDI 2012, §3): N switches of k ports, r of them to other switches in a random
# r-regular graph, k - r servers each: N(k-r) servers, Nr/2 links. N = 245 is the switch count of a fat tree of
# 14-port switches (5k^2/4 switches, k^3/4 = 686 servers), the kind of equipment the paper compares Jellyfish on.
for n, k, r in ((245, 14, 10), (40, 8, 5), (100, 24, 12)):
    d = describe("jellyfish", "--nodes", str(n), "--degree", str(r), "--terminals", str(k - r))
    row(f"Jellyfish N={n} k={k} r={r}", sizes(d), {"N": n, "links": n * r // 2, "degree": (r, r), "radix": k,
                                                   "terminals": n * (k - r), "terminals_per_router": k - r})

# Flattened butterfly (Kim, Dally and Abts, ISCA 2007, §2, Figure 1): the k-ary n-flat has k^(n-1) routers of
# radix k' = n(k-1)+1, k terminals each, N = k^n terminals, n-1 dimensions, diameter n-1. Figure 1 draws the
# 4-ary 2-flat and the 2-ary 4-flat.
for k, n in ((4, 2), (2, 4), (32, 2), (16, 3), (8, 4)):
    d = describe("flattened-butterfly", "--k", str(k), "--n", str(n))
    row(f"{k}-ary {n}-flat", sizes(d), {"N": k ** (n - 1), "radix": n * (k - 1) + 1, "terminals": k ** n,
                                        "terminals_per_router": k, "diameter": n - 1,
                                        "degree": ((n - 1) * (k - 1), (n - 1) * (k - 1))})
    if k ** (n - 1) <= 512:
        s = stat("flattened-butterfly", "--k", str(k), "--n", str(n))
        check(f"{k}-ary {n}-flat: measured diameter n-1", s["distances"]["diameter"] == n - 1)

# HyperX (Ahn et al., SC 2009, §3): L dimensions of S_i routers, K_i links per pair of a dimension, T terminals:
# P = T·ΠS_i terminals, radix R = T + Σ K_i(S_i-1), diameter L.
for widths, trunk, t in (([8, 8, 8], [1], 8), ([4, 4], [2, 1], 4), ([16, 16], [1], 16), ([3, 5, 7], [1, 2, 1], 2)):
    args = ["hyperx", "--widths", "x".join(map(str, widths)), "--trunking", ",".join(map(str, trunk)),
            "--terminals", str(t)]
    ks = trunk * len(widths) if len(trunk) == 1 else trunk
    nodes = 1
    for s in widths:
        nodes *= s
    degree = sum(k * (s - 1) for k, s in zip(ks, widths))
    row(f"HyperX S={widths} K={trunk} T={t}", sizes(describe(*args)),
        {"N": nodes, "terminals": t * nodes, "radix": t + degree, "diameter": len(widths),
         "degree": (degree, degree), "links": nodes * degree // 2})
    if nodes <= 512:
        check(f"HyperX S={widths}: measured diameter L", stat(*args)["distances"]["diameter"] == len(widths))

# XGFT (Öhring, Ibel, Das and Kumar, IPPS 1995, §2): level l has Π_{i>l} m_i · Π_{i<=l} w_i nodes, level 0 the
# Π m_i processing nodes, 2h apart at most. XGFT(h; k..k; 1,k..k) is the k-ary h-tree (fattree).
for m, w in (([4, 4, 4], [1, 4, 4]), ([4, 4, 4], [1, 2, 2]), ([16, 16], [1, 8]), ([3, 2, 2], [1, 2, 1])):
    args = ["xgft", "--m", ",".join(map(str, m)), "--w", ",".join(map(str, w))]
    h = len(m)
    levels = []
    for level in range(h + 1):
        n = 1
        for i in range(level + 1, h + 1):
            n *= m[i - 1]
        for i in range(1, level + 1):
            n *= w[i - 1]
        levels.append(n)
    links = sum(levels[level] * w[level] for level in range(h))
    row(f"XGFT({h}; {m}; {w})", sizes(describe(*args)),
        {"N": sum(levels), "nodes_per_level": levels, "links": links, "terminals": levels[0],
         "terminal_diameter": 2 * h})
    s = stat(*args)
    check(f"XGFT({h}; {m}; {w}): measured diameter between terminals 2h", s["distances"]["diameter"] == 2 * h,
          s["distances"]["diameter"])
for k, n in ((4, 3), (8, 2), (2, 5)):
    x = describe("xgft", "--m", ",".join([str(k)] * n), "--w", ",".join(["1"] + [str(k)] * (n - 1)))
    f = describe("fattree", "--arity", str(k), "--levels", str(n))
    check(f"XGFT({n}; {k}..; 1,{k}..) has the sizes of the {k}-ary {n}-tree",
          (x["nodes"], x["links"], x["formulas"]["terminals"], x["formulas"]["terminal_diameter"]) ==
          (f["nodes"], f["links"], f["formulas"]["terminals"], f["formulas"]["terminal_diameter"]))

# Tofu (Ajima et al., IEEE Computer 2009): X x Y x Z x 2 x 3 x 2, 10 links per node (X, Y, Z >= 3), 5N links;
# the machines' published node counts.
for name, xyz, nodes in (("K computer", (24, 18, 17), 88128), ("Fugaku", (24, 23, 24), 158976)):
    d = describe("tofu", "--xyz", "x".join(map(str, xyz)))
    row(f"Tofu {name}", sizes(d), {"N": nodes, "degree": (10, 10), "links": 5 * nodes,
                                   "diameter": sum(s // 2 for s in xyz) + 3})
for xyz in ((3, 3, 3), (4, 3, 5)) if not SANITIZED else ((3, 3, 3),):
    args = ["tofu", "--xyz", "x".join(map(str, xyz))]
    check(f"Tofu {xyz}: measured diameter", stat(*args)["distances"]["diameter"] == sum(s // 2 for s in xyz) + 3)
    check(f"Tofu {xyz} --mesh: measured diameter",
          stat(*args, "--mesh")["distances"]["diameter"] == sum(s - 1 for s in xyz) + 3)

# Megafly / Dragonfly+ (Flajslik et al., ISC 2018, §3; Shpiner et al., HiPINEB 2017): with radix-k routers,
# L = S = p = h = k/2: k^2/4 + 1 groups, (k/2)^2 (k^2/4 + 1) terminals, every router of radix k, leaves 3 apart.
for k in (8, 16, 36, 40, 64):
    half = k // 2
    args = ["megafly", "--leaves", str(half), "--spines", str(half), "--global", str(half), "--terminals", str(half)]
    groups = half * half + 1
    row(f"Megafly radix {k}", sizes(describe(*args)),
        {"groups": groups, "terminals": half * half * groups, "radix": k, "N": groups * k,
         "degree": (half, k), "global_links": groups * (groups - 1) // 2, "leaf_diameter": 3})
    if k <= 8:
        check(f"Megafly radix {k}: measured diameter between leaves 3", stat(*args)["distances"]["diameter"] == 3)

finish()
