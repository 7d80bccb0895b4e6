#!/usr/bin/env python3
"""The uniform-traffic throughput LP as a peer would build it: the arc-flow LP aggregated by source router (Jyothi
et al., SC 2016, section 3) written from Python as free MPS and solved by GLPK, the solver topostat uses (`glpsol`,
Debian package glpk-utils: its default primal simplex), or by COIN-OR CLP's dual simplex (`clp`, Debian package
coinor-clp), the faster of the two. Prints "theta seconds", theta in topostat's units (a fraction of each terminal's
injection bandwidth; --terminals terminals on every router) and the seconds of writing the file and the solver's
whole process; with --timeout S, a solver still running after S seconds is stopped and "- >S" printed instead.

Usage: bench/throughput_peer.py GRAPH.el [--terminals T] [--solver clp|glpk] [--timeout S]
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile
import time


def read_links(path):
    links = []
    for line in open(path):
        if line.startswith("#") or not line.strip():
            continue
        u, v = line.split()[:2]
        links.append((int(u), int(v)))
    return links


def write_mps(links, out):
    """max theta s.t. inflow - outflow = theta at every v != s (one unit per ordered pair), sum_s f(s,a) <= 1."""
    n = max(max(u, v) for u, v in links) + 1
    arcs = [a for u, v in links if u != v for a in ((u, v), (v, u))]
    w = out.write
    w("NAME THROUGHPUT\nROWS\n N obj\n")
    for s in range(n):
        for v in range(n):
            if v != s:
                w(f" E c{s}_{v}\n")
    for a in range(len(arcs)):
        w(f" L k{a}\n")
    w("COLUMNS\n th obj -1\n")
    for s in range(n):
        for v in range(n):
            if v != s:
                w(f" th c{s}_{v} -1\n")
    for s in range(n):
        for a, (t, h) in enumerate(arcs):
            if h != s:
                w(f" f{s}_{a} c{s}_{h} 1\n")
            if t != s:
                w(f" f{s}_{a} c{s}_{t} -1\n")
            w(f" f{s}_{a} k{a} 1\n")
    w("RHS\n")
    for a in range(len(arcs)):
        w(f" rhs k{a} 1\n")
    w("ENDATA\n")
    return n


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("graph")
    parser.add_argument("--terminals", type=float, default=1)
    parser.add_argument("--solver", choices=["clp", "glpk"], default="clp")
    parser.add_argument("--timeout", type=float, help="seconds after which the solver is stopped")
    args = parser.parse_args()
    links = read_links(args.graph)
    with tempfile.TemporaryDirectory() as tmp:
        mps = os.path.join(tmp, "lp.mps")
        start = time.time()
        with open(mps, "w") as out:
            n = write_mps(links, out)
        solution = os.path.join(tmp, "lp.sol")
        if args.solver == "clp":
            command = ["clp", mps, "-dualsimplex"]
            optimum = r"Optimal objective\s+(\S+)"
        else:
            command = ["glpsol", "--freemps", mps, "--min", "-o", solution]
            optimum = r"Status:\s+OPTIMAL\s+Objective:\s+obj = (\S+)"
        left = None if args.timeout is None else max(args.timeout - (time.time() - start), 0.0)
        try:
            report = subprocess.run(command, capture_output=True, text=True, check=True, timeout=left).stdout
        except subprocess.TimeoutExpired:
            print("-", f">{args.timeout:g}")
            return
        if args.solver == "glpk":
            report = open(solution).read()
        seconds = time.time() - start
    found = re.search(optimum, report)
    if not found:
        sys.exit(f"throughput_peer.py: {args.solver} did not report an optimum:\n{report[-400:]}")
    # One unit per ordered router pair at theta' = -objective; topostat's pair demand is T^2/(N*T - 1) at theta = 1.
    per_pair = args.terminals**2 / (n * args.terminals - 1)
    print(-float(found.group(1)) / per_pair, f"{seconds:.2f}")


if __name__ == "__main__":
    main()
