#!/usr/bin/python3
"""Exact split-routing link loads (topostat's u, mean and max arc load, computed by the batched sweeps of
lib/src/metrics/load_kernel.cpp) against igraph's edge_betweenness, the same quantity on an undirected
simple graph: every ordered pair sends one unit split over its shortest paths, so arc v->w carries the
betweenness of {v, w}. Random regular graphs, a torus and a long thin mesh, all small enough that topostat
computes the loads from every node (not by symmetry). Usage: link_loads_igraph.py BIN_DIR"""
import os
import subprocess
import sys

import igraph

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from harness import BIN, check, finish, pipeline_json  # noqa: E402


def igraph_loads(gen_args):
    text = subprocess.run([f"{BIN}/topogen", "--format", "plain", *gen_args], check=True, capture_output=True,
                          text=True).stdout
    edges = [tuple(map(int, line.split()[:2])) for line in text.splitlines() if line and not line.startswith("#")]
    n = max(max(e) for e in edges) + 1
    eb = igraph.Graph(n=n, edges=edges).edge_betweenness(directed=False)
    mean = sum(eb) / len(eb)
    return mean, max(eb)


def close(a, b):
    return abs(a - b) <= 1e-12 * max(1.0, abs(b))


cases = [
    ["random-regular", "--nodes", "600", "--degree", "5", "--seed", "4"],
    ["random-regular", "--nodes", "1000", "--degree", "8", "--seed", "1"],
    ["torus", "--dims", "9x7x4"],
    ["mesh", "--dims", "60x3"],
]
for gen in cases:
    name = " ".join(gen)
    stat = pipeline_json(gen, ["--method", "bfs", "--bisection", "no", "--utilization", "yes"])
    lu = stat["link_utilization"]
    mean, top = igraph_loads(gen)
    check(f"{name}: mean arc load", close(lu["mean_arc_load"], mean), f"{lu['mean_arc_load']} != {mean}")
    check(f"{name}: max arc load", close(lu["max_arc_load"], top), f"{lu['max_arc_load']} != {top}")
    check(f"{name}: u", close(lu["u"], mean / top), f"{lu['u']} != {mean / top}")
finish()
