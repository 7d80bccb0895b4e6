#!/usr/bin/python3
"""The figures of topostat --paths computed with networkx, for bench/paths.sh: the histogram of σ over ordered
pairs (the path counts of networkx's Brandes pass, the fastest way networkx has) and of λ over unordered pairs
(nx.gomory_hu_tree with unit capacities; its edges joined in decreasing weight give every pair's λ).

Usage: paths_networkx.py GRAPH   print the seconds of the call (call_time.timed), then the two histograms as JSON
"""
import collections
import json
import sys

import networkx as nx
from networkx.algorithms.centrality.betweenness import _single_source_shortest_path_basic

from call_time import timed  # the same folder
from flow_tree import lambda_histogram  # the same folder


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
    return sorted([k, c] for k, c in sigma.items()), lambda_histogram(g, tree.edges(data="weight"))


g = read_edgelist(sys.argv[1])
seconds, _, (s, l) = timed(lambda: figures(g))
print(f"{seconds:.6f}")
print(json.dumps({"shortest_paths": s, "edge_disjoint_paths": l}))
