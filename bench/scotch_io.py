#!/usr/bin/env python3
"""Scotch interop for the topomap benchmarks.
  scotch_io.py graph NET.el OUT.grf          topo edge list -> Scotch source graph (the target machine)
  scotch_io.py demand MATRIX N OUT.grf       Matrix Market demand, cropped to N tasks, with topomap's pair weights
                                             (|a_ij| + |a_ji|)/2 -> Scotch graph with integer edge weights (scaled
                                             so the largest is 10000)
  scotch_io.py fixmap MAP.map TGT OUT.map    Scotch terminal domain numbers -> node ids (via the .tgt labels)
"""
import sys


def read_el(path):
    edges = []
    n = 0
    for line in open(path):
        if line.startswith("#"):
            if line.startswith("# nodes:"):
                n = int(line.split()[2])
            continue
        t = line.split()
        if len(t) >= 2:
            u, v = int(t[0]), int(t[1])
            edges.append((u, v, 1))
            n = max(n, u + 1, v + 1)
    return n, edges


def read_mm(path):
    """Matrix Market -> pair weights (|a_ij| + |a_ji|) / 2, symmetric files mirrored (topomap's convention)."""
    lines = open(path).read().splitlines()
    head = lines[0].lower().split()
    field, sym = head[3], head[4]
    body = [l for l in lines[1:] if l.strip() and not l.startswith("%")]
    n = int(body[0].split()[0])
    ordered = {}
    for l in body[1:]:
        t = l.split()
        i, j = int(t[0]) - 1, int(t[1]) - 1
        if i == j:
            continue
        v = 1.0 if field == "pattern" else abs(complex(float(t[2]), float(t[3]))) if field == "complex" else abs(float(t[2]))
        for k in ([(i, j), (j, i)] if sym != "general" else [(i, j)]):
            if sym != "general":
                ordered.setdefault(k, v)
            else:
                ordered[k] = ordered.get(k, 0.0) + v
    pairs = {}
    for (i, j), v in ordered.items():
        k = (min(i, j), max(i, j))
        pairs[k] = pairs.get(k, 0.0) + v / 2
    return n, pairs


def write_grf(path, n, edges, weighted):
    adj = [dict() for _ in range(n)]
    for u, v, w in edges:
        if u == v:
            continue
        adj[u][v] = adj[u].get(v, 0) + w
        adj[v][u] = adj[v].get(u, 0) + w
    arcs = sum(len(a) for a in adj)
    with open(path, "w") as f:
        f.write(f"0\n{n}\t{arcs}\n0\t{'010' if weighted else '000'}\n")
        for a in adj:
            items = sorted(a.items())
            if weighted:
                f.write(f"{len(items)}" + "".join(f"\t{w}\t{v}" for v, w in items) + "\n")
            else:
                f.write(f"{len(items)}" + "".join(f"\t{v}" for v, _ in items) + "\n")


def main():
    cmd = sys.argv[1]
    if cmd == "graph":
        n, edges = read_el(sys.argv[2])
        write_grf(sys.argv[3], n, edges, False)
    elif cmd == "demand":
        n, pairs = read_mm(sys.argv[2])
        cap = int(sys.argv[3])
        pairs = {k: w for k, w in pairs.items() if k[0] < cap and k[1] < cap and w > 0}
        n = min(n, cap)
        mx = max(pairs.values())
        edges = [(i, j, max(1, round(w * 10000 / mx))) for (i, j), w in pairs.items()]
        write_grf(sys.argv[4], n, edges, True)
    elif cmd == "fixmap":
        lines = open(sys.argv[2]).read().split()
        count = int(lines[0])
        pairs = [(int(lines[1 + 2 * k]), int(lines[2 + 2 * k])) for k in range(count)]
        out = open(sys.argv[4], "w")
        out.write(f"{count}\n")
        for t, dom in sorted(pairs):
            out.write(f"{t}\t{dom}\n")
    else:
        sys.exit("unknown command")


if __name__ == "__main__":
    main()
