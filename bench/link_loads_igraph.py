#!/usr/bin/python3
"""igraph's edge_betweenness on a topo edge list or a Matrix Market file, for bench/link_loads.sh.

Usage: link_loads_igraph.py GRAPH [RUNS]     time edge_betweenness (best of RUNS, default 1); print
                                             seconds, u, mean and max
       link_loads_igraph.py --edges MATRIX   print MATRIX's links (.mtx: off-diagonal pattern,
                                             symmetrised) as a plain edge list

Under split routing and uniform all-to-all traffic, the load of arc v->w of an undirected graph is the
edge betweenness of {v, w} (every unordered pair's unit counted once per direction), so u = mean/max
of edge_betweenness over the edges of a simple graph.
"""
import sys
import time

import igraph


def read_matrix(path):
    """Edges {i, j}, i != j, of a Matrix Market coordinate file, 0-based, each once."""
    edges, n, header = set(), 0, True
    with open(path) as f:
        for line in f:
            if line.startswith("%") or not line.strip():
                continue
            fields = line.split()
            if header:
                n, header = int(fields[0]), False
                continue
            i, j = int(fields[0]) - 1, int(fields[1]) - 1
            if i != j:
                edges.add((min(i, j), max(i, j)))
    return n, sorted(edges)


def read_edge_list(path):
    edges, n = [], 0
    with open(path) as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            u, v = map(int, line.split()[:2])
            edges.append((u, v))
            n = max(n, u + 1, v + 1)
    return n, edges


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "--edges":
        _, edges = read_matrix(sys.argv[2])
        for u, v in edges:
            print(u, v)
        return
    n, edges = read_edge_list(sys.argv[1])
    g = igraph.Graph(n=n, edges=edges)
    if not g.is_simple():
        sys.exit("link_loads_igraph.py: the graph has parallel links or loops")
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    seconds = float("inf")
    for _ in range(runs):
        t0 = time.perf_counter()
        eb = g.edge_betweenness(directed=False)
        seconds = min(seconds, time.perf_counter() - t0)
    mean, top = sum(eb) / len(eb), max(eb)
    print(f"seconds {seconds:.4f} u {mean / top:.15f} mean {mean:.10f} max {top:.10f}")


if __name__ == "__main__":
    main()
