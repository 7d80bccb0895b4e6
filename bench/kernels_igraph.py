#!/usr/bin/python3
"""The igraph side of bench/kernels.sh, and the graphs it runs on.

Usage: kernels_igraph.py ba N M SEED            Barabási–Albert graph (igraph's Barabasi, m links per new node)
       kernels_igraph.py rgg N DEGREE SEED      2-D random geometric graph in the unit square with mean degree
                                                about DEGREE, its largest component, nodes renumbered
       kernels_igraph.py mtx FILE.mtx           a Matrix Market file's off-diagonal pattern, symmetrised
       kernels_igraph.py loads GRAPH            time edge_betweenness: "wall W cpu C u U"
       kernels_igraph.py distances GRAPH        time path_length_hist: "wall W cpu C mean M"
       kernels_igraph.py bandwidth              one thread's read bandwidth over 512 MiB: "GBPS"
The graph commands print a plain edge list ("u v" per line) on standard output.
"""
import math
import random
import sys
import time

import igraph

import link_loads_igraph  # the same folder: its readers of edge lists and Matrix Market files
from call_time import timed  # the same folder


def read_edge_list(path):
    n, edges = link_loads_igraph.read_edge_list(path)
    return igraph.Graph(n=n, edges=edges)


def print_edges(g):
    out = sys.stdout
    for u, v in g.get_edgelist():
        out.write(f"{u} {v}\n")


def main():
    what = sys.argv[1]
    if what == "ba":
        n, m, seed = map(int, sys.argv[2:5])
        random.seed(seed)
        print_edges(igraph.Graph.Barabasi(n, m).simplify())
    elif what == "rgg":
        n, degree, seed = int(sys.argv[2]), float(sys.argv[3]), int(sys.argv[4])
        random.seed(seed)
        g = igraph.Graph.GRG(n, math.sqrt(degree / (math.pi * n)))
        print_edges(g.connected_components().giant())
    elif what == "mtx":
        n, edges = link_loads_igraph.read_matrix(sys.argv[2])
        print_edges(igraph.Graph(n=n, edges=edges))
    elif what == "loads":
        g = read_edge_list(sys.argv[2])
        wall, cpu, eb = timed(lambda: g.edge_betweenness(directed=False))
        u = (sum(eb) / len(eb)) / max(eb)
        print(f"wall {wall:.3f} cpu {cpu:.3f} u {u:.15f}")
    elif what == "distances":
        g = read_edge_list(sys.argv[2])
        wall, cpu, h = timed(lambda: g.path_length_hist(directed=False))
        total = sum(c for _, _, c in h.bins())
        mean = sum(lo * c for lo, _, c in h.bins()) / total
        print(f"wall {wall:.3f} cpu {cpu:.3f} mean {mean:.6f}")
    elif what == "bandwidth":
        import numpy

        a = numpy.ones(1 << 26)  # 512 MiB of doubles
        best = float("inf")
        for _ in range(5):
            t0 = time.perf_counter()
            a.sum()
            best = min(best, time.perf_counter() - t0)
        print(f"{a.nbytes / best / 1e9:.1f}")
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
