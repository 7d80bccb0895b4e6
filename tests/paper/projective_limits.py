#!/usr/bin/python3
"""Projective Networks Tables 2-3: the limits of the mean distance k̄ and the link utilisation u as q
grows, measured by `topostat` (exact distances, exact split-routing link loads) on growing instances.
- Slim Fly MMS: k̄ -> 2 and u -> 8/9 (§4.2), from below for q = 3 mod 4 and from above for q = 1 mod 4.
- PN G_q: u = 1 exactly (edge-transitive) and k̄ -> 5/2 (distance counts 1, q+1, q^2+q, q^2).
- demi-PN: u = (2q^2+q+1)/(2q(q+1)) -> 1 and k̄ -> 2.
Usage: projective_limits.py BIN_DIR"""
import json
import subprocess
import sys
from fractions import Fraction

BIN = sys.argv[1]
passed = failed = 0


def check(name, ok, detail=""):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print(f"FAIL: {name} {detail}")


def stat(args):
    gen = subprocess.Popen([f"{BIN}/topogen", *args], stdout=subprocess.PIPE)
    out = subprocess.run([f"{BIN}/topostat", "--json", "--bisection", "no", "--utilization", "yes"],
                         stdin=gen.stdout, check=True, capture_output=True, text=True).stdout
    gen.wait()
    d = json.loads(out)
    return d["distances"]["distinct_pairs"]["mean"], d["link_utilization"]["u"]


# Slim Fly: |u - 8/9| shrinks along each residue class of q mod 4, and k̄ grows towards 2.
for cls, qs, tol in [("q = 3 mod 4", [7, 11, 19, 23], 0.003), ("q = 1 mod 4", [9, 13, 17, 25], 0.025)]:
    gaps, kbars = [], []
    for q in qs:
        kbar, u = stat(["slimfly", "--q", str(q)])
        gaps.append(abs(u - 8 / 9))
        kbars.append(kbar)
        check(f"slimfly {q}: u on the expected side of 8/9", (u < 8 / 9) == (q % 4 == 3), f"u = {u}")
    check(f"slimfly {cls}: |u - 8/9| decreases", all(a > b for a, b in zip(gaps, gaps[1:])), f"{gaps}")
    check(f"slimfly {cls}: |u - 8/9| < {tol} at q = {qs[-1]}", gaps[-1] < tol, f"{gaps[-1]}")
    check(f"slimfly {cls}: k̄ increases towards 2", all(a < b < 2 for a, b in zip(kbars, kbars[1:])), f"{kbars}")

for q in [4, 7, 9, 16]:
    kbar, u = stat(["pn", "--q", str(q)])
    want = Fraction((q + 1) + 2 * (q * q + q) + 3 * q * q, 2 * (q * q + q + 1) - 1)
    check(f"pn {q}: u = 1", abs(u - 1) < 1e-12, f"{u}")
    check(f"pn {q}: k̄ from the distance counts", abs(kbar - float(want)) < 1e-12, f"{kbar} vs {float(want)}")
check("pn: k̄ -> 5/2", abs(stat(["pn", "--q", "16"])[0] - 2.5) < 0.07)

for q in [5, 9, 16, 25]:
    kbar, u = stat(["demipn", "--q", str(q)])
    check(f"demipn {q}: u formula", abs(u - (2 * q * q + q + 1) / (2 * q * (q + 1))) < 1e-12, f"{u}")
    check(f"demipn {q}: k̄ < 2", kbar < 2)
check("demipn: k̄ -> 2 and u -> 1 at q = 25", 2 - stat(["demipn", "--q", "25"])[0] < 0.04)

print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
