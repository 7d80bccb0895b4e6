#!/usr/bin/python3
"""The figures of topostat --paths computed with networkx, for bench/paths.sh: the histogram of σ over ordered
pairs (the path counts of networkx's Brandes pass, the fastest way networkx has) and of λ over unordered pairs
(nx.gomory_hu_tree with unit capacities; its edges joined in decreasing weight give every pair's λ).

Usage: paths_networkx.py GRAPH   print seconds, then the two histograms as JSON
"""
import collections
import json
import sys
import time

import networkx as nx
from networkx.algorithms.centrality.betweenness import _single_source_shortest_path_basic


def read_edgelist(path):
    g = nx.Graph()
    with open(path) as f:
        for line in f:
            if line.startswith("# nodes:"):
                g.add_nodes_from(range(int(line.split(":")[1])))
            elif line.strip() and not line.startswith("#"):
                u, v = line.split()[:2]
                g.add_edge(int(u), int(v))
    return g


def figures(g):
    sigma = collections.Counter()
    for s in g:
        _, _, counts, _ = _single_source_shortest_path_basic(g, s)
        for t, c in counts.items():
            if t != s:
                sigma[int(c)] += 1
    nx.set_edge_attributes(g, 1, "capacity")
    tree = nx.gomory_hu_tree(g)
    root = {v: v for v in g}
    size = {v: 1 for v in g}

    def find(x):
        while root[x] != x:
            root[x] = root[root[x]]
            x = root[x]
        return x

    lam = collections.Counter()
    for u, v, w in sorted(tree.edges(data="weight"), key=lambda e: -e[2]):
        a, b = find(u), find(v)
        lam[w] += size[a] * size[b]
        root[b] = a
        size[a] += size[b]
    return sorted([k, c] for k, c in sigma.items()), sorted([k, c] for k, c in lam.items())


g = read_edgelist(sys.argv[1])
t0 = time.perf_counter()
s, l = figures(g)
print(f"{time.perf_counter() - t0:.3f}")
print(json.dumps({"shortest_paths": s, "edge_disjoint_paths": l}))
