#!/usr/bin/python3
"""toporoute --algo polarfly on demipn (ER_q, PolarFly of Lakhotia et al., SC 2022) against networkx: every route
of all-to-all traffic is a path over links of the graph, as long as the BFS distance (1 or 2, diameter 2); for prime
q the middle router of a 2-hop route is the point u x v, computed here from the nodes' coordinates (vectors over
GF(q)) and normalised as the plane's points are (first nonzero coordinate 1). toposim run with --algo polarfly
passes its channel dependency check on every route with 2 VCs by hop (one per hop of the diameter), and finds a
cycle with one class (the negative control of the check). Usage: polarfly_routing.py BIN_DIR"""
import json
import os
import subprocess
import sys

import networkx as nx

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from harness import BIN, check, finish  # noqa: E402


def topogen_json(q):
    return subprocess.run([f"{BIN}/topogen", "demipn", "--q", str(q), "--json", "--no-provenance"], check=True,
                          capture_output=True, text=True).stdout


def normalise(v, q):
    first = next(x for x in v if x % q)
    inv = pow(first, q - 2, q)
    return tuple(x * inv % q for x in v)


for q in (2, 3, 4, 5, 7, 8, 9, 11):
    doc = json.loads(topogen_json(q))
    g = nx.Graph()
    g.add_nodes_from(node["id"] for node in doc["nodes"])
    coords = {n["id"]: tuple(n["coords"]) for n in doc["nodes"]}
    for link in doc["links"]:
        g.add_edge(link["source"], link["target"])
    out = subprocess.run([f"{BIN}/toporoute", "--algo", "polarfly", "--traffic", "all-to-all"], input=topogen_json(q),
                         capture_output=True, text=True)
    check(f"demipn q={q}: toporoute --algo polarfly runs", out.returncode == 0, out.stderr)
    routes = [json.loads(line) for line in out.stdout.splitlines()]
    n = g.number_of_nodes()
    check(f"demipn q={q}: a route per ordered pair", len(routes) == n * (n - 1), f"{len(routes)}")
    dist = dict(nx.all_pairs_shortest_path_length(g))
    bad_len = [r for r in routes if r["hops"] != dist[r["source"]][r["target"]]]
    check(f"demipn q={q}: every route is a shortest path", not bad_len, f"{bad_len[:2]}")
    bad_link = [r for r in routes if any(not g.has_edge(a, b) for a, b in zip(r["path"], r["path"][1:]))]
    check(f"demipn q={q}: every hop is a link", not bad_link, f"{bad_link[:2]}")
    if all(q % p for p in range(2, q)):  # prime: the field is the integers mod q, as here
        bad_mid = []
        for r in routes:
            if r["hops"] == 2:
                u, v = coords[r["source"]], coords[r["target"]]
                w = (u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0])
                if coords[r["path"][1]] != normalise(w, q):
                    bad_mid.append(r)
        check(f"demipn q={q}: the middle router is u x v", not bad_mid, f"{bad_mid[:2]}")


def sim(q, *extra):
    return subprocess.run([f"{BIN}/toposim", "run", "--no-provenance", "-j", "1", "--algo", "polarfly", "--rate",
                           "0.05", "--sample-period", "200", "--samples", "1", *extra, "-"], input=topogen_json(q),
                          capture_output=True, text=True)


for q in (5, 7):
    out = sim(q, "--vcs", "2", "--vc-classes", "hop")
    check(f"toposim run demipn q={q} --algo polarfly --vcs 2 --vc-classes hop: exit 0", out.returncode == 0, out.stderr)
    if out.returncode == 0:
        r = json.loads(out.stdout)
        n = q * q + q + 1
        check(f"demipn q={q}: every route in the dependency check",
              r["network"]["dependency_check"] == {"routes": n * (n - 1), "sampled": False}, json.dumps(r["network"]))
        check(f"demipn q={q}: no deadlock", all(p["deadlock"] is None for p in r["points"]))
    out = sim(q, "--vcs", "2", "--vc-classes", "none")
    check(f"toposim run demipn q={q} --algo polarfly --vc-classes none: a dependency cycle, exit 1",
          out.returncode == 1 and "channel dependency graph has a cycle" in out.stderr, out.stderr)
finish()
