#!/usr/bin/python3
"""topogen spectralfly (SpectralFly, Young et al., IPDPS 2022: the LPS Ramanujan graphs X^{p,q} of Lubotzky,
Phillips and Sarnak, Combinatorica 1988) against independent constructions:
- for q = 1 mod 4, LPS's own matrices [a0 + i a1, a2 + i a3; -a2 + i a3, a0 - i a1] with i^2 = -1 mod q, the
  Cayley graph built here by enumerating the group; isomorphic (igraph, bliss) to ours;
- for q = 3 mod 4, the matrices with x^2 + y^2 = -1 of man/topogen.1 and its breadth-first numbering: the same
  edge set;
and, with numpy's eigenvalues, the Ramanujan property: every eigenvalue but +-(p+1) has |lambda| <= 2 sqrt(p); N,
the degree p + 1 and bipartiteness exactly when the Legendre symbol (p/q) is -1. Usage: spectralfly_oracle.py BIN_DIR"""
import json
import os
import subprocess
import sys
from collections import deque

import igraph
import networkx as nx
import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from harness import BIN, check, finish  # noqa: E402
from nauty_labelg import check_nauty  # noqa: E402


def solutions(p):
    """a0^2+a1^2+a2^2+a3^2 = p, a0 > 0 odd, a1, a2, a3 even, ascending."""
    r = int(p ** 0.5) + 1
    out = []
    for a0 in range(1, r + 1, 2):
        for a1 in range(-r - r % 2, r + 1, 2):
            for a2 in range(-r - r % 2, r + 1, 2):
                for a3 in range(-r - r % 2, r + 1, 2):
                    if a0 * a0 + a1 * a1 + a2 * a2 + a3 * a3 == p:
                        out.append((a0, a1, a2, a3))
    return out


def norm(m, q):
    lead = m[0] % q or m[1] % q
    inv = pow(lead, q - 2, q)
    return tuple(x * inv % q for x in m)


def mul(u, v, q):
    return norm((u[0] * v[0] + u[1] * v[2], u[0] * v[1] + u[1] * v[3], u[2] * v[0] + u[3] * v[2],
                 u[2] * v[1] + u[3] * v[3]), q)


def cayley(gens, q):
    """Breadth-first from the identity, neighbours in generator order: (node count, edge set)."""
    ids = {norm((1, 0, 0, 1), q): 0}
    order = [norm((1, 0, 0, 1), q)]
    edges = set()
    queue = deque([0])
    while queue:
        v = queue.popleft()
        for s in gens:
            w = mul(order[v], s, q)
            if w not in ids:
                ids[w] = len(order)
                order.append(w)
                queue.append(ids[w])
            edges.add((min(v, ids[w]), max(v, ids[w])))
    return len(order), edges


def lps_classic(p, q):
    i = next(x for x in range(q) if (x * x + 1) % q == 0)
    return [norm((a0 + i * a1, a2 + i * a3, -a2 + i * a3, a0 - i * a1), q) for a0, a1, a2, a3 in solutions(p)]


def lps_xy(p, q):
    x, y = next((x, y) for x in range(q) for y in range(q) if (x * x + y * y + 1) % q == 0)
    return [norm((a0 + a1 * x + a3 * y, -a1 * y + a2 + a3 * x, -a1 * y - a2 + a3 * x, a0 - a1 * x - a3 * y), q)
            for a0, a1, a2, a3 in solutions(p)]


def ours(p, q):
    out = subprocess.run([f"{BIN}/topogen", "spectralfly", "--p", str(p), "--q", str(q), "--format", "plain"],
                         capture_output=True, text=True)
    edges = {tuple(sorted(map(int, line.split()[:2]))) for line in out.stdout.splitlines() if line.strip()}
    d = json.loads(subprocess.run([f"{BIN}/topogen", "spectralfly", "--p", str(p), "--q", str(q), "--describe",
                                   "--json"], capture_output=True, text=True).stdout)
    return out.returncode, edges, d


for p, q in [(5, 13), (13, 17), (5, 7), (5, 11), (13, 7), (17, 5)]:
    name = f"spectralfly --p {p} --q {q}"
    rc, edges, d = ours(p, q)
    check(f"{name}: runs", rc == 0)
    legendre = pow(p, (q - 1) // 2, q) == 1
    n = q * (q * q - 1) // (2 if legendre else 1)
    check(f"{name}: N = q(q^2-1)/{2 if legendre else 1}", d["nodes"] == n, f"{d['nodes']}")
    if q % 4 == 1:
        n_oracle, oracle_edges = cayley(lps_classic(p, q), q)
        a = igraph.Graph(n=d["nodes"], edges=sorted(edges))
        b = igraph.Graph(n=n_oracle, edges=sorted(oracle_edges))
        check(f"{name}: isomorphic to LPS's construction with i^2 = -1", n_oracle == n and a.isomorphic(b))
        check_nauty(name, nx.Graph(edges), nx.Graph(oracle_edges))
    else:
        n_oracle, oracle_edges = cayley(lps_xy(p, q), q)
        check(f"{name}: the edges of the x^2+y^2 = -1 construction, numbered breadth-first",
              n_oracle == n and edges == oracle_edges, f"{len(edges)} vs {len(oracle_edges)}")
    adj = np.zeros((n, n))
    for u, v in edges:
        adj[u, v] = adj[v, u] = 1
    check(f"{name}: (p+1)-regular", set(adj.sum(axis=1)) == {p + 1})
    ev = np.linalg.eigvalsh(adj)
    rest = [x for x in ev if abs(abs(x) - (p + 1)) > 1e-6]
    check(f"{name}: Ramanujan, |lambda| <= 2 sqrt(p) but +-(p+1)", max(abs(x) for x in rest) <= 2 * p ** 0.5 + 1e-9,
          f"{max(abs(x) for x in rest)} vs {2 * p ** 0.5}")
    bipartite = abs(ev[0] + (p + 1)) < 1e-6
    check(f"{name}: bipartite iff (p/q) = -1", bipartite == (not legendre) and d["formulas"]["bipartite"] == bipartite)
    g = igraph.Graph(n=n, edges=sorted(edges))
    check(f"{name}: diameter within LPS's bound", g.diameter() <= d["formulas"]["diameter_upper_bound"],
          f"{g.diameter()} vs {d['formulas']['diameter_upper_bound']}")
finish()
