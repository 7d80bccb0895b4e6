#!/usr/bin/python3
"""All-to-all flooding trees on CLEX (CLEX §II-C) against networkx on the explicit graph, built
here from doc/definitions.md §3.4's link rule. Checks `toposim clex-alltoall --json`: mean hops of the shortest
tree = networkx's mean shortest-path length over distinct pairs, max hops = diameter; the ascending
tree (one link per level) has at most L hops and the paper's maximal propagation; and for L >= 3
some shortest paths need two links of one level (against the paper's "at most one edge on each
level"), counted independently here.
Usage: clex_alltoall.py BIN_DIR"""
import collections
import json
import os
import math
import subprocess
import sys

import networkx as nx

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from harness import BIN, check, finish  # noqa: E402


def clex(k, L):
    """Directed CLEX graph: node id = v1 + k v2 + ...; edge attribute 'level'. Self-loops dropped."""
    g = nx.DiGraph()
    n = k ** L
    g.add_nodes_from(range(n))
    for u in range(n):
        d = [(u // k ** i) % k for i in range(L)]
        for j in range(k):
            e = d[:]
            e[0] = j
            w = sum(x * k ** i for i, x in enumerate(e))
            if w != u:
                g.add_edge(u, w, level=min(1, g.edges[u, w]["level"]) if g.has_edge(u, w) else 1)
        for l in range(2, L + 1):
            for j in range(k):
                e = d[:]
                e[l - 1] = d[l - 2]
                e[l - 2] = j
                w = sum(x * k ** i for i, x in enumerate(e))
                if w != u and not g.has_edge(u, w):
                    g.add_edge(u, w, level=l)
    return g


for k, L in ((3, 3), (4, 2), (2, 4), (3, 2)):
    g = clex(k, L)
    n = k ** L
    out = subprocess.run([f"{BIN}/toposim", "clex-alltoall", "--clique", str(k), "--levels", str(L), "--json",
                          "--no-provenance"], check=True, capture_output=True, text=True).stdout
    j = json.loads(out)
    S, A = j["shortest_tree"], j["ascending_tree"]
    check(f"k={k} L={L}: every source", j["all_sources"] and j["sources"] == n)
    mean = nx.average_shortest_path_length(g)
    check(f"k={k} L={L}: mean hops", abs(S["mean_hops"] - mean) < 1e-9, f"{S['mean_hops']} vs {mean}")
    check(f"k={k} L={L}: max hops = diameter", S["max_hops"] == nx.diameter(g))
    check(f"k={k} L={L}: ascending tree, one link per level", A["max_links_on_a_level"] == 1 and A["max_hops"] <= L)
    bound = math.sqrt(3) * n ** (1 / 3) / 2 * sum(n ** (-i / (3 * L)) for i in range(L))
    check(f"k={k} L={L}: paper's propagation bound", abs(j["paper_max_propagation"] - bound) < 1e-9)
    check(f"k={k} L={L}: ascending max propagation = bound", abs(A["max_propagation"] - bound) < 1e-9)
    # Does some pair have no shortest path with at most one link per level?
    two = False
    for s in g.nodes:
        dist = nx.single_source_shortest_path_length(g, s)
        best = {s: {frozenset()}}  # sets of used levels along shortest paths (one per level)
        for u in sorted(dist, key=dist.get):
            for w in g.successors(u):
                if dist[w] == dist[u] + 1:
                    lvl = g.edges[u, w]["level"]
                    for used in best.get(u, ()):
                        if lvl not in used:
                            best.setdefault(w, set()).add(used | {lvl})
        if any(t not in best for t in dist):
            two = True
            break
    check(f"k={k} L={L}: two links of one level needed", two == (S["max_links_on_a_level"] == 2), S)

finish()
