#!/usr/bin/python3
"""Disconnected and directed graphs against networkx: strongly and weakly connected component counts, each
named; bisection bounds that never contradict (a lower bound above an upper bound) on disconnected graphs,
where the flow bound does not hold and a balanced cut between whole components gives bisection 0; and the
self-loop convention (a loop counts twice in the degree, once as a port) shared by topostat, topogen --describe
and networkx. Usage: components_bisection.py BIN_DIR"""
import json
import os
import random
import subprocess
import sys
import tempfile

import networkx as nx

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from harness import BIN, check, finish, write_topo_edgelist as write  # noqa: E402


def topostat(path, *args):
    run = subprocess.run([f"{BIN}/topostat", "--no-provenance", *args, path], check=True, capture_output=True,
                         text=True)
    return run.stdout


def bounds(stat):
    """(lower, upper) over every bisection figure: exact ones count as both."""
    b = stat.get("bisection", {})
    lows = [b[k]["links"] for k in ("lower_bound", "exact", "structural") if k in b]
    ups = [b[k]["links"] for k in ("upper_bound", "coordinate_cut", "exact", "structural") if k in b]
    return max(lows, default=0), min(ups, default=None)


def disjoint(*sizes):
    g = nx.Graph()
    for s in sizes:
        g = nx.disjoint_union(g, nx.complete_graph(s))
    return g


with tempfile.TemporaryDirectory() as tmp:
    path = os.path.join(tmp, "g.el")
    # Two disjoint K50: a balanced cut between the components crosses nothing.
    write(disjoint(50, 50), path)
    stat = json.loads(topostat(path, "--json", "--utilization", "yes"))
    b = stat["bisection"]
    check("2×K50: bisection = 0, stated", b.get("exact", {}).get("links") == 0 and "disconnected" in
          b["exact"]["method"], json.dumps(b))
    check("2×K50: no flow bound", "lower_bound" not in b, json.dumps(b))
    check("2×K50: metis finds 0 too", b["upper_bound"]["links"] == 0, json.dumps(b))
    text = topostat(path, "--utilization", "yes")
    check("2×K50: the text says so", "  bisection =             0  (whole components on each side" in text, text)
    check("2×K50: 2 components", stat["components"] == 2 and not stat["connected"])

    # Components 30, 30, 41: no balanced cut (50 | 51) separates whole components.
    write(disjoint(30, 30, 41), path)
    stat = json.loads(topostat(path, "--json", "--utilization", "yes"))
    low, up = bounds(stat)
    check("30+30+41: lower ≤ upper", up is not None and low <= up, json.dumps(stat["bisection"]))
    check("30+30+41: no exact 0", "exact" not in stat["bisection"], json.dumps(stat["bisection"]))
    check("30+30+41: the lower bound is stated as trivial", "no flow bound" in
          stat["bisection"]["lower_bound"]["method"], json.dumps(stat["bisection"]))

    # Random graphs below the connectivity threshold: the bounds never contradict; networkx agrees on
    # whether a balanced cut between whole components exists.
    rng = random.Random(13)
    for i in range(12):
        n = rng.randint(6, 80)
        g = nx.gnp_random_graph(n, rng.choice([0.5, 1.0, 2.0]) / n, seed=rng.randint(0, 10**6))
        write(g, path)
        stat = json.loads(topostat(path, "--json", "--utilization", "yes", "--bisection", "yes"))
        low, up = bounds(stat)
        check(f"gnp{i}: lower ≤ upper", up is None or low <= up, json.dumps(stat.get("bisection")))
        sizes = [len(c) for c in nx.connected_components(g)]
        reach = {0}
        for s in sizes:
            reach |= {r + s for r in reach}
        splits = len(sizes) > 1 and n // 2 in reach
        check(f"gnp{i}: bisection 0 exactly when components split evenly",
              ("exact" in stat["bisection"]) == splits, f"{sizes} {json.dumps(stat['bisection'])}")

    # Directed graphs: strongly and weakly connected components, each named.
    for i in range(12):
        n = rng.randint(5, 120)
        g = nx.gnp_random_graph(n, rng.choice([0.7, 1.5, 3.0, 6.0]) / n, seed=rng.randint(0, 10**6), directed=True)
        write(g, path)
        stat = json.loads(topostat(path, "--json"))
        strong = nx.number_strongly_connected_components(g)
        weak = nx.number_weakly_connected_components(g)
        check(f"digraph{i}: strong components", stat["strong_components"] == strong,
              f"{stat['strong_components']} != {strong}")
        check(f"digraph{i}: weak components", stat["weak_components"] == weak, f"{stat['weak_components']} != {weak}")
        check(f"digraph{i}: strongly connected", stat["connected"] == (strong == 1))
        check(f"digraph{i}: no ambiguous count", "components" not in stat)
        low, up = bounds(stat)
        check(f"digraph{i}: lower ≤ upper", up is None or low <= up, json.dumps(stat.get("bisection")))
    # A directed cycle plus a tail: weakly but not strongly connected, named as such in the text.
    g = nx.DiGraph([(0, 1), (1, 2), (2, 0), (2, 3)])
    write(g, path)
    text = topostat(path)
    check("tail: strong count named", "  strongly connected      no (2 strongly connected components)" in text, text)
    check("tail: weak count named", "  weakly connected        yes (1 weakly connected component)" in text, text)

    # Self-loops: CLEX C(1/3,3) with swap links, k = 4: ports k+L−2 = 5, a loop counting twice in the degree.
    args = ["clex", "--clique", "4", "--levels", "3", "--links", "swap"]
    desc = json.loads(subprocess.run([f"{BIN}/topogen", *args, "--describe", "--json"], check=True,
                                     capture_output=True, text=True).stdout)
    gen = subprocess.run([f"{BIN}/topogen", *args, "--format", "json"], check=True, capture_output=True,
                         text=True).stdout
    with open(path, "w") as f:
        f.write(gen)
    stat = json.loads(topostat(path, "--json", "--utilization", "no", "--bisection", "no"))
    check("clex swap: degree as --describe", (stat["degree"]["min"], stat["degree"]["max"]) ==
          (desc["degree"]["min"], desc["degree"]["max"]), f"{stat['degree']} vs {desc['degree']}")
    check("clex swap: ports as --describe", stat["ports"]["min"] == stat["ports"]["max"] ==
          desc["formulas"]["ports_per_node"] == 4 + 3 - 2, f"{stat.get('ports')} vs {desc['formulas']}")
    check("clex swap: loops counted", stat["self_loop_count"] == desc["formulas"]["self_loops"],
          f"{stat.get('self_loop_count')} vs {desc['formulas']['self_loops']}")
    nxg = nx.node_link_graph(json.loads(gen))
    mult = {}
    for u, v, data in nxg.edges(data=True):
        mult[u] = mult.get(u, 0) + data.get("multiplicity", 1) * (2 if u == v else 1)
        if u != v:
            mult[v] = mult.get(v, 0) + data.get("multiplicity", 1)
    check("clex swap: networkx's degree convention (a loop twice)",
          (min(mult.values()), max(mult.values())) == (stat["degree"]["min"], stat["degree"]["max"]),
          f"{min(mult.values())}..{max(mult.values())}")

finish()
