#!/usr/bin/python3
"""HDN paper (Li, Peng, Chu) Tables 1 and 3 through `topogen hdn ... --describe`, exact diameters of the
smaller instances through `topogen | topostat`, and an independent Python construction of doc/definitions.md §3.5 that must
give the very same labelled edge list. Usage: hdn_tables.py BIN_DIR"""
import itertools
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from harness import BIN, SANITIZED, finish  # noqa: E402
from harness import check as _check  # noqa: E402


def check(ok, what):
    _check(what, ok)


def run(args, stdin=None):
    return subprocess.run([f"{BIN}/topogen", *args], capture_output=True, text=True, input=stdin)


def describe(args):
    p = run([*args, "--describe", "--json"])
    if p.returncode != 0:
        raise RuntimeError(f"topogen {' '.join(args)}: {p.stderr}")
    return json.loads(p.stdout)


def stat(args):
    gen = subprocess.Popen([f"{BIN}/topogen", *args], stdout=subprocess.PIPE)
    out = subprocess.run([f"{BIN}/topostat", "--json", "--bisection", "no", "--utilization", "no"], stdin=gen.stdout,
                         check=True, capture_output=True, text=True).stdout
    gen.wait()
    return json.loads(out)


# B = C2 x C3 x C5; a super-node size names its base dimensions (0-based).
SUPER = {1: "none", 2: "0", 3: "1", 5: "2", 6: "0,1", 10: "0,2", 15: "1,2", 30: "0,1,2"}
SIZES = [1, 2, 3, 5, 6, 10, 15, 30]

# Table 1 of the HDN paper, as printed (k = 1 by s1, then k = 2 by rows s1 and columns s2); the printed
# values live in one place, experiments/papers.py, which `make experiments` reports against too.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "experiments"))
from papers import HDN_TABLE1_K1 as TABLE1_K1, HDN_TABLE1_K2 as TABLE1_K2  # noqa: E402
# Instances up to this size are generated and measured by BFS (30 of them); under the sanitizers only those up
# to 2400 nodes (17: every k = 1 row and the smaller k = 2 ones), as all-pairs BFS is ~10x slower there.
EXACT_LIMIT = 2400 if SANITIZED else 13000


def hdn_args(sizes):
    return ["hdn", "--base", "2x3x5", "--levels", str(len(sizes)), "--supernodes", ":".join(SUPER[s] for s in sizes)]


cases = [((s1,), TABLE1_K1[i]) for i, s1 in enumerate(SIZES)]
cases += [((s1, s2), TABLE1_K2[i][j]) for (i, s1), (j, s2) in itertools.product(enumerate(SIZES), enumerate(SIZES))]
for sizes, expected in cases:
    d = describe(hdn_args(sizes))
    check(d["nodes"] == expected, f"Table 1 {sizes}: {d['nodes']} nodes, paper {expected}")
    check(d["degree"]["min"] == d["degree"]["max"] == 6 + len(sizes), f"{sizes}: degree {d['degree']}")
    if d["nodes"] <= EXACT_LIMIT:
        s = stat(hdn_args(sizes))
        bound = d["formulas"]["diameter_upper_bound"]
        exact = s["distances"]["diameter"]
        check(s["nodes"] == expected and s["degree"]["min"] == s["degree"]["max"] == 6 + len(sizes),
              f"{sizes}: generated {s['nodes']} nodes, degrees {s['degree']}")
        # Computed: the bound is exact unless the level-1 super-node is all of B (then 5 < 6 for k = 1,
        # and 2 less for k = 2).
        want = bound - (1 if len(sizes) == 1 else 2) if sizes[0] == 30 else bound
        check(exact == want, f"{sizes}: exact diameter {exact}, bound {bound}, expected {want}")

# doc/definitions.md §3.5: the paper's closed form (2N0)^(2^k)/(2 prod s_i) is wrong for k >= 2 unless s1 = 1.
d = describe(hdn_args((2, 1)))
check(d["nodes"] == 1620000 and d["formulas"]["nodes_paper_closed_form"] == 3240000,
      f"closed form vs recurrence (2,1): {d['nodes']}, {d['formulas']['nodes_paper_closed_form']}")
d = describe(hdn_args((1, 5)))
check(d["nodes"] == d["formulas"]["nodes_paper_closed_form"] == 1296000, "closed form agrees when s1 = 1")

# Table 3: n, degree, diameter (the formula) and CR_w with w1 = w2 = 0.5.
TABLE3 = [((1,), 1800, 7, 10, 0.79), ((2,), 900, 7, 9, 0.82), ((3,), 600, 7, 9, 0.87),
          ((2, 2), 810000, 8, 19, 0.69), ((2, 5), 324000, 8, 18, 0.71), ((5, 2), 129600, 8, 17, 0.74)]
for sizes, n, deg, diam, cr in TABLE3:
    d = describe(hdn_args(sizes))
    got = (d["nodes"], d["degree"]["max"], d["formulas"]["diameter_upper_bound"],
           round(d["formulas"]["cost_ratio_half_weights"], 2))
    check(got == (n, deg, diam, cr), f"Table 3 {sizes}: got {got}, paper {(n, deg, diam, cr)}")
check(describe(["hdn", "--base", "2x3x5", "--levels", "2", "--supernodes", "0:0"])["nodes"] == 810000,
      "doc/definitions.md §3.5: Table 3's HDN(B,2,(2,2)) is --supernodes 0:0")

# RDN and the dual-cube (HDN §2-3): RDN(8,k) over a 3-cube has 2^7, 2^15, 2^31 nodes; DC(n) has 2^(2n-1)
# nodes of degree n and diameter 2n (n >= 2; DC(1) is one link, diameter 1 < the bound 2).
for k, n in [(1, 2**7), (2, 2**15), (3, 2**31)]:
    check(describe(["rdn", "--cube", "3", "--levels", str(k)])["nodes"] == n, f"RDN(8,{k}) has {n} nodes")
for n in range(1, 6):
    s = stat(["dualcube", "--dim", str(n)])
    want = (2**(2*n-1), n, n, 2*n if n >= 2 else 1)
    check((s["nodes"], s["degree"]["min"], s["degree"]["max"], s["distances"]["diameter"]) == want,
          f"dual-cube {n}: {s['nodes']} nodes, degree {s['degree']}, diameter {s['distances']['diameter']}")
    check(describe(["dualcube", "--dim", str(n)])["formulas"]["diameter_upper_bound"] == 2*n, f"dual-cube {n} bound")


# An independent construction straight from doc/definitions.md §3.5, level by level with explicit re-indexing maps.
def oracle(dims, groups, cube=False):
    r = len(dims)
    n0 = 1
    for b in dims:
        n0 *= b

    def radix(x, ds):
        v = 0
        for d in reversed(ds):
            v = v * dims[d] + x[d]
        return v

    xs = [tuple(t[::-1]) for t in itertools.product(*[range(b) for b in reversed(dims)])]  # dimension 0 fastest
    info = {radix(x, range(r)): (0, x) for x in xs}  # id -> (copy of B, base coordinates)
    edges = []  # (u, v, class, level, dim, multiplicity)
    for x in xs:
        for d in range(r):
            y = list(x)
            if dims[d] == 2:
                y[d] = 1 - x[d]
                edges.append((radix(x, range(r)), radix(y, range(r)), "base", 0, d, 1 if cube else 2))
            else:
                y[d] = (x[d] + 1) % dims[d]
                edges.append((radix(x, range(r)), radix(y, range(r)), "base", 0, d, 1))
    edges = list({(min(a, b), max(a, b), *rest) for a, b, *rest in edges})
    N = n0
    for level, f in enumerate(groups, start=1):
        inside = sorted(f)
        outside = [d for d in range(r) if d not in f]
        s = 1
        for d in inside:
            s *= dims[d]
        n = N // s
        rho = {}
        for y, (q, x) in info.items():
            rho[y] = (q * (n0 // s) + radix(x, outside)) * s + radix(x, inside)
        new_info, new_edges = {}, []
        for cu in range(2 * n):
            for y, (q, x) in info.items():
                new_info[cu * N + rho[y]] = (cu * (N // n0) + q, x)
            for a, b, *rest in edges:
                u, v = cu * N + rho[a], cu * N + rho[b]
                new_edges.append((min(u, v), max(u, v), *rest))
        for u, a, t in itertools.product(range(n), range(n), range(s)):
            p, q = (0 * n + u) * N + a * s + t, (1 * n + a) * N + u * s + t
            new_edges.append((min(p, q), max(p, q), "cross", level, None, 1))
        info, edges, N = new_info, new_edges, 2 * N * N // s
    return N, sorted(edges)


def topogen_edges(args):
    p = run(args)
    rows, cols = [], None
    for line in p.stdout.splitlines():
        if line.startswith("# columns:"):
            cols = json.loads(line.split(":", 1)[1])
        if line.startswith("#"):
            continue
        f = dict(zip(cols, line.split()))
        rows.append((int(f["source"]), int(f["target"]), f["class"], int(f["level"]),
                     None if f["dim"] == "-" else int(f["dim"]), int(f.get("multiplicity", 1))))
    return sorted(rows)


ORACLE_CASES = [
    (["hdn", "--base", "2x3x5", "--levels", "1", "--supernodes", "0,1"], [2, 3, 5], [[0, 1]], False),
    (["hdn", "--base", "2x3x5", "--levels", "2", "--supernodes", "0,1:1,2"], [2, 3, 5], [[0, 1], [1, 2]], False),
    (["hdn", "--base", "2x3x5", "--levels", "2", "--supernodes", "2:none"], [2, 3, 5], [[2], []], False),
    (["hdn", "--base", "2x3", "--levels", "3", "--supernodes", "0,1:0:1"], [2, 3], [[0, 1], [0], [1]], False),
    (["hdn", "--base", "4x3", "--levels", "2", "--supernodes", "0:1"], [4, 3], [[0], [1]], False),
    (["rdn", "--cube", "2", "--levels", "2"], [2, 2], [[], []], True),
]
for args, dims, groups, cube in ORACLE_CASES:
    n, want = oracle(dims, groups, cube)
    got = topogen_edges(args)
    check(got == want and describe(args)["nodes"] == n,
          f"{' '.join(args)}: the edge list differs from the doc/definitions.md §3.5 construction ({len(got)} vs {len(want)} links)")

# The 3-level instance: exact diameter against the bound.
args = ["hdn", "--base", "2x3", "--levels", "3", "--supernodes", "0,1:0:1"]
s, d = stat(args), describe(args)
check(s["distances"]["diameter"] <= d["formulas"]["diameter_upper_bound"],
      f"3 levels: exact {s['distances']['diameter']} > bound {d['formulas']['diameter_upper_bound']}")

# Bad parameters: exit 1, the constraint named.
BAD = [(["hdn", "--base", "2x3x5", "--levels", "2", "--supernodes", "0"], "one group per level"),
       (["hdn", "--base", "2x3x5", "--levels", "1", "--supernodes", "3"], "dimension 3 does not exist"),
       (["hdn", "--base", "2x1x5", "--levels", "1", "--supernodes", "0"], "at least 2 nodes"),
       (["hdn", "--base", "2x3x5", "--levels", "1", "--supernodes", "0,0"], "appears twice"),
       (["hdn", "--base", "2x3x5", "--levels", "3", "--supernodes", "none:none:none"], "32-bit node ids"),
       (["rdn", "--levels", "1"], "exactly one of --base"),
       (["clex", "--clique", "1", "--levels", "2"], "--clique"),
       (["clex", "--clique", "64", "--levels", "6"], "32-bit node ids")]
for args, msg in BAD:
    p = run(args)
    check(p.returncode == 1 and msg in p.stderr and p.stdout == "", f"{' '.join(args)}: exit {p.returncode}, {p.stderr!r}")

finish()
