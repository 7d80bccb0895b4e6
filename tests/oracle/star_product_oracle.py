#!/usr/bin/python3
"""topogen polarstar (PolarStar, Lakhotia et al., SPAA 2024, arXiv 2302.07217) and topogen bundlefly (Bundlefly,
Lei et al., ICS 2020) against star products written here from the definition: structure graph G, supernode S and a
bijection f: (x,u) ~ (x,v) for uv in S, (x,u) ~ (y,f(u)) for x ~ y in G, x < y, and (x,u) ~ (x,f(u)) for a
self-loop x ~ x when f is an involution. Supernodes as in the authors' reference code (SST Merlin, EvalNet):
Paley(q') with f(u) = g u (g the least primitive root), and the inductive-quad graph IQ(d') with its involution f.
PolarStar: G = ER_q (points of PG(2,q), x ~ y iff x . y = 0, x != y; the q+1 self-orthogonal points, the
quadrics, carry the loops). Bundlefly: G = MMS(q) (2q^2 nodes (s,x,y), doc/definitions.md), S Paley.
Checked: the same edges and link classes (intra-/inter-supernode) in the documented numbering for prime q;
isomorphic (igraph) for PolarStar with q = 4, built here over GF(4); Property R1 / R* of the supernodes;
diameter 3, N and the degrees; --describe's closed forms against the graphs. Usage: star_product_oracle.py BIN_DIR"""
import json
import os
import subprocess
import sys

import igraph
import networkx as nx

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from harness import BIN, check, finish  # noqa: E402
from nauty_labelg import check_nauty  # noqa: E402


def gf4():
    """GF(4) = GF(2)[x]/(x^2+x+1), elements 0..3 as bit vectors: addition is xor."""
    def mul(a, b):
        r = 0
        for i in range(2):
            if b >> i & 1:
                r ^= a << i
        return r ^ 0b111 if r & 0b100 else r
    return 4, (lambda a, b: a ^ b), mul


def prime_field(q):
    return q, (lambda a, b: (a + b) % q), (lambda a, b: a * b % q)


def er(field):
    """ER_q: points (1,x,y) -> xq+y, (0,1,x) -> q^2+x, (0,0,1) -> q^2+q; adjacency lists and the quadrics."""
    q, add, mul = field
    pts = [(1, x, y) for x in range(q) for y in range(q)] + [(0, 1, x) for x in range(q)] + [(0, 0, 1)]

    def dot(a, b):
        s = 0
        for u, v in zip(a, b):
            s = add(s, mul(u, v))
        return s
    adj = [[j for j in range(len(pts)) if j != i and dot(pts[i], pts[j]) == 0] for i in range(len(pts))]
    quadrics = [i for i in range(len(pts)) if dot(pts[i], pts[i]) == 0]
    return adj, quadrics


def paley(p):
    squares = {x * x % p for x in range(1, p)}
    g = next(g for g in range(2, p) if len({pow(g, k, p) for k in range(1, p)}) == p - 1)
    edges = {(u, v) for u in range(p) for v in range(u + 1, p) if (v - u) % p in squares}
    return p, edges, [g * u % p for u in range(p)]


def iq(d):
    """The inductive-quad graph of degree d = 0, 3 mod 4 on 2d+2 vertices and its involution f."""
    n = 2 * d + 2
    edges, f = set(), [None] * n

    def link(u, v):
        edges.add((min(u, v), max(u, v)))
    a_side, b_side = [], []

    def quad(at):
        a = [at + i for i in range(4)]
        b = [at + 4 + i for i in range(4)]
        for i in (1, 2, 3):
            link(a[0], a[i])
            link(b[0], a[i])
            w = i % 3 + 1
            link(a[i], b[w])
            link(b[i], b[w])
        for i in range(4):
            f[a[i]], f[b[i]] = b[i], a[i]
            for v in (a_side if i < 2 else b_side):
                link(a[i], v)
                link(b[i], v)
        a_side.extend(a)
        b_side.extend(b)
    at = 0
    if d % 4 == 0:
        f[0], f[1] = 1, 0
        a_side.append(0)
        b_side.append(1)
        at = 2
    while at < n:
        quad(at)
        at += 8
    return n, edges, f


def mms(q):
    """MMS(q), q an odd prime, node (s,x,y) = s q^2 + x q + y (doc/definitions.md): X0 = the powers of g with the
    exponents 0, 2, ..., q-3 (q = 1 mod 4) or 0, 2, ..., (q-3)/2, (q-1)/2, (q-1)/2 + 2, ..., q-2 (q = 3 mod 4),
    X1 = g X0; (s,x,y1) ~ (s,x,y2) iff y1 - y2 in X_s; (0,x1,y1) ~ (1,x2,y2) iff y1 - y2 = x1 x2."""
    g = next(g for g in range(2, q) if len({pow(g, k, q) for k in range(1, q)}) == q - 1)
    if q % 4 == 1:
        exps = list(range(0, q - 2, 2))
    else:
        exps = list(range(0, (q - 3) // 2 + 1, 2)) + list(range((q - 1) // 2, q - 1, 2))
    x0 = {pow(g, e, q) for e in exps}
    xs = [x0, {g * v % q for v in x0}]
    node = {(s, x, y): s * q * q + x * q + y for s in range(2) for x in range(q) for y in range(q)}
    adj = [[] for _ in node]
    for (s1, x1, y1), a in node.items():
        for (s2, x2, y2), b in node.items():
            if a != b and ((s1 == s2 and x1 == x2 and (y1 - y2) % q in xs[s1])
                           or (s1 == 0 and s2 == 1 and (y1 - y2) % q == x1 * x2 % q)
                           or (s1 == 1 and s2 == 0 and (y2 - y1) % q == x1 * x2 % q)):
                adj[a].append(b)
    return adj


def star(structure, supernode, loops):
    adj, quadrics = structure
    s, sedges, f = supernode
    edges = {}
    for x in range(len(adj)):
        for u, v in sedges:
            edges[(x * s + u, x * s + v)] = "intra-supernode"
        for y in adj[x]:
            if x < y:
                for u in range(s):
                    a, b = x * s + u, y * s + f[u]
                    edges[(min(a, b), max(a, b))] = "inter-supernode"
        if loops and x in quadrics:
            for u in range(s):
                if u < f[u]:
                    edges[(x * s + u, x * s + f[u])] = "intra-supernode"
    return len(adj) * s, edges, quadrics


def ours(args, family="polarstar"):
    out = subprocess.run([f"{BIN}/topogen", family, *args], capture_output=True, text=True)
    edges = {}
    for line in out.stdout.splitlines():
        if line and not line.startswith("#"):
            u, v, cls = line.split()
            edges[(min(int(u), int(v)), max(int(u), int(v)))] = cls
    d = json.loads(subprocess.run([f"{BIN}/topogen", family, *args, "--describe", "--json"],
                                  capture_output=True, text=True).stdout)
    return out.returncode, edges, d


def complete_with(supernode, involution_pairs):
    """Property R1 (E u f(E) complete) or R* (with the pairs u f(u) as well)."""
    s, edges, f = supernode
    covered = {frozenset(e) for e in edges} | {frozenset((f[u], f[v])) for u, v in edges}
    if involution_pairs:
        covered |= {frozenset((u, f[u])) for u in range(s)}
    return all(frozenset((u, v)) in covered for u in range(s) for v in range(u + 1, s))


cases = [(2, "iq", 0), (3, "iq", 3), (5, "iq", 4), (3, "iq", 7), (3, "paley", 2), (5, "paley", 6), (7, "paley", 2),
         (2, "paley", 8), (4, "iq", 3)]
for q, kind, dd in cases:
    args = ["--q", str(q), "--supernode", kind, "--supernode-degree", str(dd)]
    name = "polarstar " + " ".join(args)
    rc, edges, d = ours(args)
    check(f"{name}: runs", rc == 0)
    sn = iq(dd) if kind == "iq" else paley(2 * dd + 1)
    check(f"{name}: supernode has Property {'R*' if kind == 'iq' else 'R1'}", complete_with(sn, kind == "iq"))
    field = gf4() if q == 4 else prime_field(q)
    n, oracle_edges, quadrics = star(er(field), sn, kind == "iq")
    check(f"{name}: N = (q^2+q+1)|S|", d["nodes"] == n == (q * q + q + 1) * sn[0], f"{d['nodes']} vs {n}")
    a = igraph.Graph(n=n, edges=sorted(edges))
    check_nauty(name, nx.Graph(edges), nx.Graph(oracle_edges))
    if q == 4:
        b = igraph.Graph(n=n, edges=sorted(oracle_edges))
        check(f"{name}: isomorphic to the star product over GF(4) built here", a.isomorphic(b))
    else:
        check(f"{name}: the same edges and classes", edges == oracle_edges,
              f"{len(edges)} vs {len(oracle_edges)} edges")
    check(f"{name}: diameter 3", a.diameter() == 3 == d["formulas"]["diameter"], f"{a.diameter()}")
    deg = a.degree()
    top = q + 1 + dd
    low = top if kind == "iq" else q + dd
    check(f"{name}: degrees {low}..{top}", min(deg) == low == d["degree"]["min"] and max(deg) == top ==
          d["degree"]["max"], f"{min(deg)} {max(deg)} {d['degree']}")
    if kind == "paley":  # the quadric supernodes' routers, one spare port each
        low_nodes = {v for v in range(n) if deg[v] == low}
        check(f"{name}: the degree-{low} routers are the quadric supernodes",
              low_nodes == {x * sn[0] + u for x in quadrics for u in range(sn[0])})
    intra = sum(1 for c in edges.values() if c == "intra-supernode")
    check(f"{name}: links and their classes as described", len(edges) == d["links"]
          and intra == d["formulas"]["intra_supernode_links"]
          and len(edges) - intra == d["formulas"]["inter_supernode_links"], json.dumps(d["formulas"]))

for q, dd in [(3, 2), (5, 2), (3, 6), (5, 6), (7, 2)]:
    args = ["--q", str(q), "--supernode-degree", str(dd)]
    out = subprocess.run([f"{BIN}/topogen", "slimfly", "--q", str(q), "--format", "plain"], capture_output=True,
                         text=True).stdout
    structure = mms(q)
    check(f"slimfly --q {q}: MMS(q) as built here", {tuple(sorted(map(int, line.split()))) for line in
          out.splitlines()} == {(a, b) for a in range(len(structure)) for b in structure[a] if a < b})
    name = "bundlefly " + " ".join(args)
    rc, edges, d = ours(args, "bundlefly")
    check(f"{name}: runs", rc == 0)
    n, oracle_edges, _ = star((structure, []), paley(2 * dd + 1), False)
    check(f"{name}: N = 2q^2 q'", d["nodes"] == n == 2 * q * q * (2 * dd + 1), f"{d['nodes']} vs {n}")
    check(f"{name}: the same edges and classes", edges == oracle_edges, f"{len(edges)} vs {len(oracle_edges)}")
    a = igraph.Graph(n=n, edges=sorted(edges))
    check(f"{name}: diameter 3", a.diameter() == 3 == d["formulas"]["diameter"], f"{a.diameter()}")
    k = (3 * q - (1 if q % 4 == 1 else -1)) // 2 + dd
    check(f"{name}: {k}-regular", set(a.degree()) == {k} and d["degree"] == {"min": k, "max": k}, f"{d['degree']}")
    intra = sum(1 for c in edges.values() if c == "intra-supernode")
    check(f"{name}: links and their classes as described", len(edges) == d["links"]
          and intra == d["formulas"]["intra_supernode_links"]
          and len(edges) - intra == d["formulas"]["inter_supernode_links"], json.dumps(d["formulas"]))

for family, args, reason in [("polarstar", ["--q", "6", "--supernode-degree", "3"], "prime power"),
                             ("polarstar", ["--q", "3", "--supernode-degree", "5"], "0 or 3 mod 4"),
                             ("polarstar", ["--q", "3", "--supernode", "paley", "--supernode-degree", "3"], "1 mod 4"),
                             ("bundlefly", ["--q", "2", "--supernode-degree", "2"], "other than 2"),
                             ("bundlefly", ["--q", "5", "--supernode-degree", "3"], "1 mod 4")]:
    out = subprocess.run([f"{BIN}/topogen", family, *args], capture_output=True, text=True)
    check(f"{family} {' '.join(args)}: refused in one line naming the valid values", out.returncode == 1
          and out.stdout == "" and reason in out.stderr and out.stderr.count("\n") == 1, out.stderr)
finish()
