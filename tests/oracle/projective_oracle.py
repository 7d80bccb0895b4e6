#!/usr/bin/python3
"""Independent oracles for the projective families and their peers: topogen's JSON, loaded with
networkx.node_link_graph, is compared with graphs built here by networkx or from first principles
(isomorphism by igraph's BLISS; degree and distance distributions by networkx BFS).
Usage: projective_oracle.py BIN_DIR"""
import collections
import itertools
import json
import os
import subprocess
import sys

import igraph
import networkx as nx
from networkx.readwrite import json_graph

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from harness import BIN, check, finish  # noqa: E402
from nauty_labelg import check_nauty  # noqa: E402


def topogen(*args):
    out = subprocess.run([f"{BIN}/topogen", *args, "--format", "json", "--no-provenance"], check=True,
                         capture_output=True, text=True).stdout
    return json_graph.node_link_graph(json.loads(out))


def to_igraph(g):
    index = {v: i for i, v in enumerate(g.nodes)}
    return igraph.Graph(n=len(index), edges=[(index[u], index[v]) for u, v in g.edges])


def isomorphic(a, b):
    return a.number_of_nodes() == b.number_of_nodes() and a.number_of_edges() == b.number_of_edges() and \
        to_igraph(a).isomorphic(to_igraph(b))


def profile(g):
    """Degree sequence and the multiset of per-node distance counts."""
    degrees = sorted(d for _, d in g.degree())
    rows = collections.Counter()
    for s in g.nodes:
        hist = collections.Counter(nx.single_source_shortest_path_length(g, s).values())
        rows[tuple(hist[d] for d in range(max(hist) + 1))] += 1
    return degrees, rows


# --- Projective planes and W(q) over a prime field, written independently of the C++ code ------------------
def normalise(v, p):
    for x in v:
        if x % p:
            inv = pow(x, p - 2, p)
            return tuple(y * inv % p for y in v)
    raise ValueError("zero vector")


def projective_points(dim, p):
    return sorted({normalise(v, p) for v in itertools.product(range(p), repeat=dim) if any(v)})


def pn_graph(p):
    pts = projective_points(3, p)
    g = nx.Graph()
    g.add_nodes_from([("P", x) for x in pts] + [("L", x) for x in pts])
    g.add_edges_from((("P", x), ("L", y)) for x in pts for y in pts if sum(a * b for a, b in zip(x, y)) % p == 0)
    return g


def demipn_graph(p):
    pts = projective_points(3, p)
    g = nx.Graph()
    g.add_nodes_from(pts)
    g.add_edges_from((x, y) for x, y in itertools.combinations(pts, 2) if sum(a * b for a, b in zip(x, y)) % p == 0)
    return g


def gq_graph(p):
    pts = projective_points(4, p)
    omega = lambda x, y: (x[0] * y[1] - x[1] * y[0] + x[2] * y[3] - x[3] * y[2]) % p
    lines = set()
    for x, y in itertools.combinations(pts, 2):
        if omega(x, y) == 0:
            lines.add(frozenset(normalise(tuple((a * x[i] + b * y[i]) % p for i in range(4)), p)
                                for a in range(p) for b in range(p) if a or b))
    g = nx.Graph()
    g.add_nodes_from(pts)
    for line in lines:
        g.add_edges_from((x, ("line", line)) for x in line)
    return g


def hamming_graph(n, d):
    g = nx.complete_graph(n)
    for _ in range(d - 1):
        g = nx.cartesian_product(g, nx.complete_graph(n))
    return g


def paley_prime(p):
    squares = {x * x % p for x in range(1, p)}
    return nx.Graph([(a, b) for a in range(p) for b in range(a + 1, p) if (a - b) % p in squares])


CASES = [
    ("slimfly q=5 = Hoffman-Singleton", ["slimfly", "--q", "5"], nx.hoffman_singleton_graph()),
    ("pn q=2 = Heawood", ["pn", "--q", "2"], nx.heawood_graph()),
    ("pn q=3", ["pn", "--q", "3"], pn_graph(3)),
    ("pn q=5", ["pn", "--q", "5"], pn_graph(5)),
    ("pn q=7", ["pn", "--q", "7"], pn_graph(7)),
    ("demipn q=3", ["demipn", "--q", "3"], demipn_graph(3)),
    ("demipn q=5", ["demipn", "--q", "5"], demipn_graph(5)),
    ("demipn q=7", ["demipn", "--q", "7"], demipn_graph(7)),
    ("gq q=2 = Tutte-Coxeter", ["gq", "--q", "2"], nx.LCF_graph(30, [-13, -9, 7, -7, 9, 13], 5)),
    ("gq q=3", ["gq", "--q", "3"], gq_graph(3)),
    ("paley q=13", ["paley", "--q", "13"], nx.paley_graph(13).to_undirected()),
    ("paley q=17", ["paley", "--q", "17"], paley_prime(17)),
    ("paley q=9 = rook 3x3", ["paley", "--q", "9"], hamming_graph(3, 2)),
    ("bipartite n=6", ["bipartite", "--n", "6"], nx.complete_bipartite_graph(6, 6)),
    ("bipartite n=4", ["bipartite", "--n", "4"], nx.complete_bipartite_graph(4, 4)),
    ("turan n=11 r=4", ["turan", "--n", "11", "--r", "4"], nx.turan_graph(11, 4)),
    ("turan n=12 r=3", ["turan", "--n", "12", "--r", "3"], nx.turan_graph(12, 3)),
    ("hamming 4^3", ["hamming", "--side", "4", "--dims", "3"], hamming_graph(4, 3)),
    ("hamming 3^2", ["hamming", "--side", "3", "--dims", "2"], hamming_graph(3, 2)),
]

for name, args, expected in CASES:
    g = topogen(*args)
    check(f"{name}: isomorphic", isomorphic(g, expected),
          f"{g.number_of_nodes()}/{g.number_of_edges()} vs {expected.number_of_nodes()}/{expected.number_of_edges()}")
    check_nauty(name, g, expected)
    check(f"{name}: degree and distance distributions", profile(g) == profile(expected))

# MLFM from K_n (Figure 10 c for n = 4): the incidence graph of K_n with each vertex of K_n copied n-1 times.
for n in (4, 5):
    fig10 = nx.Graph()
    for a, b in itertools.combinations(range(n), 2):
        for i in range(n - 1):
            fig10.add_edge(("spine", a, b), ("leaf", a, i))
            fig10.add_edge(("spine", a, b), ("leaf", b, i))
    check(f"mlfm n={n}: isomorphic", isomorphic(topogen("mlfm", "--n", str(n)), fig10))
    check_nauty(f"mlfm n={n}", topogen("mlfm", "--n", str(n)), fig10)

# OFT q=2 (Figure 11): three layers of P2(F_2); isomorphic to two Heawood graphs sharing the middle layer.
pts = projective_points(3, 2)
oft = nx.Graph()
for x in pts:
    for y in pts:
        if sum(a * b for a, b in zip(x, y)) % 2 == 0:
            oft.add_edge((0, x), (1, y))
            oft.add_edge((1, x), (2, y))
check("oft q=2 (Figure 11): isomorphic", isomorphic(topogen("oft", "--q", "2"), oft))
check_nauty("oft q=2 (Figure 11)", topogen("oft", "--q", "2"), oft)
oft3 = nx.compose(nx.relabel_nodes(pn_graph(3), lambda v: (0 if v[0] == "P" else 1, v[1])),
                  nx.relabel_nodes(pn_graph(3), lambda v: (1 if v[0] == "P" else 2, v[1])))
check("oft q=3: isomorphic", isomorphic(topogen("oft", "--q", "3"), oft3))
check_nauty("oft q=3", topogen("oft", "--q", "3"), oft3)

# Slim Fly: every q in the list of doc/definitions.md §3.6 is regular of degree (3q-e)/2 with diameter 2; q = 4, 7 against networkx BFS.
for q in (3, 4, 7, 8, 9):
    g = topogen("slimfly", "--q", str(q))
    eps = {1: 1, 3: -1}.get(q % 4, 0)
    degrees, rows = profile(g)
    check(f"slimfly q={q}: degree", set(degrees) == {(3 * q - eps) // 2})
    check(f"slimfly q={q}: diameter 2", all(len(r) == 3 for r in rows), str(rows))
    check(f"slimfly q={q}: links classed", {d["class"] for _, _, d in g.edges(data=True)} == {"local", "global"})

# Dragonfly: structure against a direct construction of one global link per group pair.
h = 2
g = topogen("dragonfly", "--h", str(h))
a, groups = 2 * h, 2 * h * h + 1
group_of = {v: d["coords"][0] for v, d in g.nodes(data=True)}
global_pairs = collections.Counter(frozenset((group_of[u], group_of[v])) for u, v, d in g.edges(data=True)
                                   if d["class"] == "global")
check("dragonfly h=2: one global link per pair of groups",
      len(global_pairs) == groups * (groups - 1) // 2 and set(global_pairs.values()) == {1})
check("dragonfly h=2: groups are cliques", all(
    g.subgraph([v for v in g if group_of[v] == i]).number_of_edges() == a * (a - 1) // 2 for i in range(groups)))
check("dragonfly h=2: diameter 3", nx.diameter(g) == 3)

# Random regular: simple, regular, connected for these sizes, reproducible, and seed-dependent.
r1 = topogen("random-regular", "--nodes", "200", "--degree", "5", "--seed", "3")
r2 = topogen("random-regular", "--nodes", "200", "--degree", "5", "--seed", "3")
r3 = topogen("random-regular", "--nodes", "200", "--degree", "5", "--seed", "4")
check("random-regular: 5-regular", {d for _, d in r1.degree()} == {5} and nx.number_of_selfloops(r1) == 0)
check("random-regular: same seed, same graph", set(r1.edges) == set(r2.edges))
check("random-regular: other seed, other graph", set(r1.edges) != set(r3.edges))
check("random-regular: seed recorded", json.loads(subprocess.run(
    [f"{BIN}/topogen", "random-regular", "--nodes", "20", "--degree", "3", "--seed", "9", "--format", "json"],
    check=True, capture_output=True, text=True).stdout)["graph"]["parameters"]["seed"] == 9)

finish()
