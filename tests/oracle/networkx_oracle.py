#!/usr/bin/python3
"""Independent oracle: topostat's distance distribution against networkx on random graphs,
and topogen's JSON against networkx.node_link_graph. Usage: networkx_oracle.py BIN_DIR"""
import collections
import json
import os
import random
import subprocess
import sys
import tempfile

import networkx as nx
from networkx.readwrite import json_graph

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from harness import BIN, check, finish, write_topo_edgelist  # noqa: E402


def topostat(path, *args):
    out = subprocess.run([f"{BIN}/topostat", "--json", "--no-provenance", *args, path],
                         check=True, capture_output=True, text=True).stdout
    return json.loads(out)


def nx_distribution(g):
    hist = collections.Counter()
    for s in g.nodes:
        for _, d in nx.single_source_shortest_path_length(g, s).items():
            hist[d] += 1
    n = g.number_of_nodes()
    reached = sum(hist.values())
    return [hist[d] for d in range(max(hist) + 1)], n * n - reached


rng = random.Random(20261122)
with tempfile.TemporaryDirectory() as tmp:
    cases = []
    for i in range(24):
        n = rng.randint(5, 300)
        directed = i % 2 == 1
        p = rng.choice([0.5, 1.0, 1.5, 3.0]) / n  # below and above the connectivity threshold
        g = nx.gnp_random_graph(n, p, seed=rng.randint(0, 10**6), directed=directed)
        cases.append((f"gnp{i}", g))
    cases.append(("grid", nx.grid_2d_graph(7, 9)))
    cases.append(("petersen", nx.petersen_graph()))
    cases.append(("barbell", nx.barbell_graph(6, 4)))
    disconnected = sum(1 for _, g in cases if not (nx.is_strongly_connected(g) if g.is_directed() else nx.is_connected(g)))
    check("some random graphs are disconnected", disconnected >= 5, f"({disconnected})")
    for name, g in cases:
        g = nx.convert_node_labels_to_integers(g)
        path = os.path.join(tmp, name + ".el")
        args = []
        if name.startswith("gnp") and int(name[3:]) % 3 == 0 and g.number_of_edges() > 0:
            # Plain two-column lists, as networkx writes them (N = largest id + 1).
            g.remove_nodes_from([v for v in list(g.nodes) if v > max(max(e) for e in g.edges)])
            nx.write_edgelist(g, path, data=False)
            if g.is_directed():
                args.append("--directed")
        else:
            write_topo_edgelist(g, path)
        want_hist, want_unreach = nx_distribution(g)
        got = topostat(path, *args)
        d = got["distances"]
        check(f"{name} histogram", d["histogram"] == want_hist, f"{d['histogram']} != {want_hist}")
        check(f"{name} unreachable", d["unreachable_pairs"] == want_unreach)
        check(f"{name} nodes", got["nodes"] == g.number_of_nodes())
        connected = nx.is_strongly_connected(g) if g.is_directed() else nx.is_connected(g)
        check(f"{name} connected", got["connected"] == connected)
        if connected and g.number_of_nodes() > 1:
            check(f"{name} diameter", d["diameter"] == nx.diameter(g))
            check(f"{name} radius", d["radius"] == nx.radius(g))
            check(f"{name} mean", abs(d["distinct_pairs"]["mean"] - nx.average_shortest_path_length(g)) < 1e-9)
        else:
            check(f"{name} no diameter when disconnected", d["diameter"] is None)

    # topogen's JSON is networkx node-link JSON.
    for args, nodes, edges in [(["torus", "--dims", "4x5x3"], 60, 180), (["hypercube", "--dim", "6"], 64, 192),
                               (["torus", "--dims", "2x3"], 6, 9), (["mesh", "--dims", "3x3"], 9, 12)]:
        doc = json.loads(subprocess.run([f"{BIN}/topogen", *args, "--format", "json"], check=True,
                                        capture_output=True, text=True).stdout)
        g = json_graph.node_link_graph(doc)
        check(f"nx loads {args}", g.number_of_nodes() == nodes and g.number_of_edges() == edges,
              f"{g.number_of_nodes()} {g.number_of_edges()}")
        check(f"nx sees coords {args}", all("coords" in g.nodes[v] for v in g.nodes))
        check(f"nx sees family {args}", g.graph.get("family") == args[0])
        # networkx agrees with topostat on the generated graph.
        path = os.path.join(tmp, "gen.json")
        with open(path, "w") as f:
            json.dump(doc, f)
        want_hist, _ = nx_distribution(g)
        check(f"distribution of {args}", topostat(path)["distances"]["histogram"] == want_hist)

finish()
