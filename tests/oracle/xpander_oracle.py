#!/usr/bin/python3
"""topogen xpander (Valadarsky et al., "Xpander: towards optimal-performance datacenters", CoNEXT 2016: a random
L-lift of K_{d+1}) checked with networkx against the definition of a lift, which fixes everything but the random
matchings: with router (u, i) = node u*L + i, there is no link inside a fiber {(u, 0..L-1)}, and the links between
the fibers of every two vertices u != v of K_{d+1} form a perfect matching; so the graph is d-regular, simple,
on (d+1)L nodes, and covers K_{d+1} (contracting the fibers gives K_{d+1}). Also: connected, the same seed gives
the same graph and another seed another one, and L = 1 is K_{d+1} itself (isomorphic). The paper prints no table
of sizes to copy; N = (d+1)L and the degree d are its closed forms. Usage: xpander_oracle.py BIN_DIR"""
import os
import subprocess
import sys

import networkx as nx

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from harness import BIN, check, finish  # noqa: E402


def ours(d, lift, seed):
    out = subprocess.run([f"{BIN}/topogen", "xpander", "--degree", str(d), "--lift", str(lift), "--seed", str(seed),
                          "--format", "plain"], capture_output=True, text=True)
    g = nx.MultiGraph()
    g.add_nodes_from(range((d + 1) * lift))
    g.add_edges_from(tuple(map(int, line.split()[:2])) for line in out.stdout.splitlines() if line.strip())
    return out.returncode, g


for d, lift, seed in [(2, 5, 1), (3, 8, 2), (4, 6, 1), (7, 16, 3), (12, 30, 5)]:
    name = f"xpander --degree {d} --lift {lift} --seed {seed}"
    rc, g = ours(d, lift, seed)
    check(f"{name}: runs", rc == 0)
    check(f"{name}: (d+1)L nodes, d-regular, simple", g.number_of_nodes() == (d + 1) * lift
          and {deg for _, deg in g.degree()} == {d} and nx.number_of_selfloops(g) == 0
          and g.number_of_edges() == nx.Graph(g).number_of_edges())
    fiber = {v: v // lift for v in g}
    check(f"{name}: no link inside a fiber", all(fiber[u] != fiber[v] for u, v in g.edges()))
    matchings = all(
        sum(1 for w in g.neighbors(x) if fiber[w] == v) == 1
        for x in g for v in range(d + 1) if v != fiber[x])
    check(f"{name}: a perfect matching between every two fibers", matchings)
    check(f"{name}: contracting the fibers gives K_{d + 1}",
          nx.is_isomorphic(nx.Graph((fiber[u], fiber[v]) for u, v in g.edges()), nx.complete_graph(d + 1)))
    check(f"{name}: connected", nx.is_connected(g))
    _, again = ours(d, lift, seed)
    check(f"{name}: the same seed, the same graph", sorted(map(sorted, g.edges())) == sorted(map(sorted, again.edges())))
    _, other = ours(d, lift, seed + 1)
    check(f"{name}: another seed, another graph", sorted(map(sorted, g.edges())) != sorted(map(sorted, other.edges())))

_, k = ours(5, 1, 1)
check("xpander --degree 5 --lift 1 is K_6", nx.is_isomorphic(nx.Graph(k), nx.complete_graph(6)))
out = subprocess.run([f"{BIN}/topogen", "xpander", "--degree", "1", "--lift", "4"], capture_output=True, text=True)
check("xpander --degree 1: refused", out.returncode == 1 and "--degree must be between 2" in out.stderr, out.stderr)
finish()
