#!/usr/bin/python3
"""Independent oracle: topostat --paths against networkx on three graphs: the histogram of the number of
shortest paths of every ordered pair (len(nx.all_shortest_paths)) and of the number of edge-disjoint paths of
every unordered pair (nx.edge_connectivity, and the Gomory-Hu tree's path minima). Usage: paths_networkx.py BIN_DIR"""
import collections
import itertools
import json
import os
import subprocess
import sys

import networkx as nx

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from harness import BIN, check, finish  # noqa: E402


def read_edgelist(text):
    g = nx.Graph()
    for line in text.splitlines():
        if line.startswith("# nodes:"):
            g.add_nodes_from(range(int(line.split(":")[1])))
        elif line and not line.startswith("#"):
            u, v = line.split()[:2]
            g.add_edge(int(u), int(v))
    return g


def sigma_histogram(g):
    hist = collections.Counter()
    for s in g.nodes:
        for t in g.nodes:
            if s != t and nx.has_path(g, s, t):
                hist[sum(1 for _ in nx.all_shortest_paths(g, s, t))] += 1
    return sorted([k, c] for k, c in hist.items())


def lambda_by_pairs(g):
    hist = collections.Counter(nx.edge_connectivity(g, s, t) for s, t in itertools.combinations(g.nodes, 2))
    return sorted([k, c] for k, c in hist.items())


def lambda_by_tree(g):
    nx.set_edge_attributes(g, 1, "capacity")
    tree = nx.gomory_hu_tree(g)
    hist = collections.Counter()
    for s, t in itertools.combinations(g.nodes, 2):
        path = nx.shortest_path(tree, s, t)
        hist[min(tree[u][v]["weight"] for u, v in zip(path, path[1:]))] += 1
    return sorted([k, c] for k, c in hist.items())


cases = [
    ("random-regular 30/4", ["random-regular", "--nodes", "30", "--degree", "4", "--seed", "1"], lambda_by_tree),
    ("dragonfly h=2", ["dragonfly", "--h", "2"], lambda_by_tree),
    ("mesh 4x5", ["mesh", "--dims", "4x5"], lambda_by_pairs),
]
for name, gen, lam in cases:
    el = subprocess.run([f"{BIN}/topogen", *gen], check=True, capture_output=True, text=True).stdout
    g = read_edgelist(el)
    out = subprocess.run([f"{BIN}/topostat", "--json", "--no-provenance", "--paths", "--bisection", "no",
                          "--utilization", "no"], input=el, check=True, capture_output=True, text=True).stdout
    p = json.loads(out)["paths"]
    sp, ed = p["shortest_paths"], p["edge_disjoint_paths"]
    expected_sigma = sigma_histogram(g)
    check(f"{name}: σ histogram", sp["histogram"] == expected_sigma, f"{sp['histogram']} != {expected_sigma}")
    n = g.number_of_nodes()
    check(f"{name}: ordered pairs", sp["ordered_pairs"] == n * (n - 1) and sp["exact"], sp["ordered_pairs"])
    singles = sum(c for k, c in expected_sigma if k == 1) / (n * (n - 1))
    check(f"{name}: single-path fraction", abs(sp["single_path_fraction"] - singles) < 1e-12)
    expected_lambda = lam(g)
    check(f"{name}: λ histogram", ed["histogram"] == expected_lambda, f"{ed['histogram']} != {expected_lambda}")
    check(f"{name}: λ exact, min = edge connectivity", ed["exact"] and ed["min"] == nx.edge_connectivity(g),
          ed["min"])
finish()
