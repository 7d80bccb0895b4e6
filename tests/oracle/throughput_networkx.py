#!/usr/bin/python3
"""Independent oracle: topostat --throughput on graphs built by networkx. On trees the uniform θ is set by the
link that the most pairs cross, (n - 1)/max |A|·|B|; on arc-transitive graphs (Petersen, dodecahedron, cube) it
is 2m(n - 1)/Σ dist; on small random graphs the LP's θ stays below every cut's capacity/demand (all cuts) and
the degree-distance bound, and Garg-Könemann's bounds bracket it; TUB's assignment against every permutation, and
the longest matching's θ below TUB. Single-commodity traffic by networkx
max flows: hotspot traffic (every router to one, each sending θ/(n - 1) after normalisation) is carried at θ and
not above; a demand file between two routers (sent both ways) is carried at their max flow.
Usage: throughput_networkx.py BIN_DIR"""
import itertools
import json
import os
import random
import subprocess
import sys
import tempfile

import networkx as nx

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from harness import BIN, check, finish  # noqa: E402


def throughput(g, *options):
    """topostat's throughput section of g (an edge list written from networkx)."""
    with tempfile.NamedTemporaryFile("w", suffix=".el", delete=False) as f:
        for u, v in g.edges():
            f.write(f"{u} {v}\n")
        path = f.name
    try:
        out = subprocess.run([f"{BIN}/topostat", "--json", "--no-provenance", "--bisection", "no", "--format",
                              "plain", "--throughput", *options, path], check=True, capture_output=True, text=True)
    finally:
        os.unlink(path)
    return json.loads(out.stdout)["throughput"]


def close(a, b, tol=1e-7):
    return abs(a - b) <= tol * max(1.0, abs(b))


def brackets(name, g, theta):
    gk = throughput(g, "--throughput-method", "approximation", "--epsilon", "0.05")["uniform"]
    check(f"{name}: Garg-Könemann brackets the LP", gk["lower"] <= theta * (1 + 1e-9) <= gk["upper"] * (1 + 2e-9)
          and gk["lower"] >= 0.95 * gk["upper"], f"{gk} vs {theta}")


rng = random.Random(36)
# Trees: each direction of a link carries the |A|·|B| pairs across it, each demanding θ/(n - 1).
for n in (5, 8, 11):
    g = nx.from_prufer_sequence([rng.randrange(n) for _ in range(n - 2)])
    crossing = max(len(c) * (n - len(c)) for u, v in g.edges()
                   for c in [nx.node_connected_component(nx.restricted_view(g, [], [(u, v)]), u)])
    t = throughput(g)
    check(f"tree {n}: θ = (n - 1)/max crossing pairs", close(t["uniform"]["theta"], (n - 1) / crossing),
          f"{t['uniform']['theta']} != {(n - 1) / crossing}")
    brackets(f"tree {n}", g, t["uniform"]["theta"])

# Arc-transitive graphs: minimal routing spread by the automorphisms loads every arc alike.
for name, g in (("petersen", nx.petersen_graph()), ("dodecahedron", nx.dodecahedral_graph()),
                ("cube", nx.hypercube_graph(3))):
    g = nx.convert_node_labels_to_integers(g)
    n, m = g.number_of_nodes(), g.number_of_edges()
    total = sum(sum(d.values()) for _, d in nx.all_pairs_shortest_path_length(g))
    t = throughput(g)
    check(f"{name}: θ = 2m(n - 1)/Σ dist", close(t["uniform"]["theta"], 2 * m * (n - 1) / total),
          f"{t['uniform']['theta']} != {2 * m * (n - 1) / total}")
    brackets(name, g, t["uniform"]["theta"])

# Small random graphs: below every cut and the distance bound; TUB by brute force over permutations.
for trial in range(4):
    while True:
        g = nx.gnm_random_graph(7, 11, seed=rng.randrange(10**6))
        if nx.is_connected(g):
            break
    n, m = 7, 11
    t = throughput(g)
    theta = t["uniform"]["theta"]
    per_pair = 1 / (n - 1)
    cut = min(nx.cut_size(g, set(s)) / (per_pair * len(s) * (n - len(s)))
              for k in range(1, n) for s in itertools.combinations(range(n), k))
    dist = dict(nx.all_pairs_shortest_path_length(g))
    total = sum(sum(d.values()) for d in dist.values())
    check(f"random {trial}: θ ≤ every cut and the distance bound",
          theta <= cut * (1 + 1e-9) and theta <= 2 * m / (per_pair * total) * (1 + 1e-9), f"{theta} {cut}")
    brackets(f"random {trial}", g, theta)
    worst = max(sum(dist[i][p[i]] for i in range(n)) for p in itertools.permutations(range(n)))
    w = t["worst_case_permutation"]
    check(f"random {trial}: TUB's assignment is the worst permutation",
          w["max_distance_sum"] == worst and close(w["tub"], 2 * m / worst), f"{w} vs {worst}")



def arcs(g):
    """g as a directed flow network: each link carries 1 in each direction."""
    d = nx.DiGraph()
    for u, v in g.edges():
        d.add_edge(u, v, capacity=1.0)
        d.add_edge(v, u, capacity=1.0)
    return d


def hotspot_flow(g, hot, theta):
    """Max flow into `hot` when every other router may send theta/(n - 1)."""
    d = arcs(g)
    n = g.number_of_nodes()
    for v in g.nodes():
        if v != hot:
            d.add_edge("source", v, capacity=theta / (n - 1))
    return nx.maximum_flow_value(d, "source", hot)


for trial in range(4):
    while True:
        g = nx.gnm_random_graph(12, 20, seed=rng.randrange(10**6))
        if nx.is_connected(g):
            break
    hot = rng.randrange(12)
    t = throughput(g, "--traffic", "hotspot", "--hotspot", str(hot))["traffic"]
    theta = t["theta"]
    check(f"hotspot {trial}: θ ≤ the hot node's degree", theta <= g.degree(hot) * (1 + 1e-9), f"{theta}")
    check(f"hotspot {trial}: networkx carries θ", hotspot_flow(g, hot, theta) >= theta * (1 - 1e-7),
          f"{hotspot_flow(g, hot, theta)} < {theta}")
    above = theta * (1 + 1e-4)
    check(f"hotspot {trial}: networkx does not carry more", hotspot_flow(g, hot, above) < above * (1 - 1e-6),
          f"{hotspot_flow(g, hot, above)} at {above}")
    gk = throughput(g, "--traffic", "hotspot", "--hotspot", str(hot), "--throughput-method", "approximation")["traffic"]
    check(f"hotspot {trial}: Garg-Könemann brackets the LP",
          gk["lower"] <= theta * (1 + 1e-9) <= gk["upper"] * (1 + 2e-9), f"{gk} vs {theta}")

    s, d = rng.sample(range(12), 2)
    with tempfile.NamedTemporaryFile("w", suffix=".el", delete=False) as f:
        f.write(f"{s} {d} 3\n")
        demand = f.name
    try:
        t = throughput(g, "--demand", demand)["traffic"]
    finally:
        os.unlink(demand)
    flow = nx.maximum_flow_value(arcs(g), s, d)
    check(f"demand {trial}: θ between two routers is their max flow", close(t["theta"], flow), f"{t} vs {flow}")

# The longest matching: a permutation of the routers, so its θ is at most TUB.
for trial in range(3):
    while True:
        g = nx.gnm_random_graph(7, 10, seed=rng.randrange(10**6))
        if nx.is_connected(g):
            break
    w = throughput(g)["worst_case_permutation"]
    lm = w["longest_matching"]["theta"]
    check(f"longest matching {trial}: θ ≤ TUB", lm <= w["tub"] * (1 + 1e-9), f"{lm} {w['tub']}")

finish()
