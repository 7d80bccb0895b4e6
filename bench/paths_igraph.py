#!/usr/bin/python3
"""The edge-disjoint path counts of topostat --paths computed with igraph, for bench/paths.sh: the histogram of λ
over unordered pairs from igraph's gomory_hu_tree (unit capacities; its edges joined in decreasing flow give every
pair's λ). igraph has no shortest-path counts to compare with topostat's σ.

Usage: paths_igraph.py GRAPH   print seconds, then the histogram as JSON
"""
import collections
import json
import sys
import time

import igraph


def read_edgelist(path):
    n, edges = 0, []
    with open(path) as f:
        for line in f:
            if line.startswith("# nodes:"):
                n = max(n, int(line.split(":")[1]))
            elif line.strip() and not line.startswith("#"):
                u, v = map(int, line.split()[:2])
                edges.append((u, v))
                n = max(n, u + 1, v + 1)
    return igraph.Graph(n=n, edges=edges)


def lambda_histogram(g):
    tree = g.gomory_hu_tree()
    root = list(range(g.vcount()))
    size = [1] * g.vcount()

    def find(x):
        while root[x] != x:
            root[x] = root[root[x]]
            x = root[x]
        return x

    lam = collections.Counter()
    for e in sorted(tree.es, key=lambda e: -e["flow"]):
        a, b = find(e.source), find(e.target)
        lam[int(e["flow"])] += size[a] * size[b]
        root[b] = a
        size[a] += size[b]
    return sorted([k, c] for k, c in lam.items())


g = read_edgelist(sys.argv[1])
t0 = time.perf_counter()
h = lambda_histogram(g)
print(f"{time.perf_counter() - t0:.3f}")
print(json.dumps({"edge_disjoint_paths": h}))
