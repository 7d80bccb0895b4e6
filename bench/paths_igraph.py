#!/usr/bin/python3
"""The edge-disjoint path counts of topostat --paths computed with igraph, for bench/paths.sh: the histogram of λ
over unordered pairs from igraph's gomory_hu_tree (unit capacities; its edges joined in decreasing flow give every
pair's λ). igraph has no shortest-path counts to compare with topostat's σ.

Usage: paths_igraph.py GRAPH          print the seconds of the call (call_time.timed), then the histogram as JSON
       paths_igraph.py --once GRAPH   the same from one call: the whole script as a user runs it
"""
import json
import sys

import igraph

from call_time import timed  # the same folder
from flow_tree import lambda_histogram  # the same folder


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


def figure(g):
    tree = g.gomory_hu_tree()
    return lambda_histogram(range(g.vcount()), ((e.source, e.target, e["flow"]) for e in tree.es))


once = sys.argv[1] == "--once"
g = read_edgelist(sys.argv[-1])
if once:
    seconds, h = 0.0, figure(g)
else:
    seconds, _, h = timed(lambda: figure(g))
print(f"{seconds:.6f}")
print(json.dumps({"edge_disjoint_paths": h}))
