#!/usr/bin/python3
"""Independent oracle for toporoute: every printed route is checked hop by hop against the graph as
networkx reads it, shortest routes against networkx distances, u on demi-PN against doc/definitions.md §3.6, the
deadlock report, and broadcast schedules replayed step by step. Usage: toporoute_oracle.py BIN_DIR"""
import json
import os
import subprocess
import sys
import tempfile

import networkx as nx
from networkx.readwrite import json_graph

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from harness import BIN, check, finish  # noqa: E402


def topogen(path, *args, fmt="json"):
    subprocess.run([f"{BIN}/topogen", *args, "--format", fmt, "-o", path], check=True)


def toporoute(*args):
    return subprocess.run([f"{BIN}/toporoute", *args], capture_output=True, text=True)


with tempfile.TemporaryDirectory() as tmp:
    cases = [
        (["torus", "--dims", "4x5"], ["shortest", "dor", "valiant"]),
        (["mesh", "--dims", "3x4"], ["shortest", "dor"]),
        (["hypercube", "--dim", "4"], ["shortest", "dor"]),
        (["ibt", "--dims", "8x8", "--bypass-dims", "2", "--lengths", "4"], ["shortest", "ibt"]),
        (["ibt", "--dims", "6x6x6", "--bypass-dims", "3", "--lengths", "3"], ["ibt"]),
        (["slimfly", "--q", "5"], ["shortest", "slimfly"]),
        (["hdn", "--base", "2x3x5", "--levels", "1", "--supernodes", "0,1"], ["hdn"]),
        (["clex", "--clique", "3", "--levels", "3"], ["clex", "shortest"]),
        (["clex", "--clique", "3", "--levels", "3", "--links", "swap"], ["clex"]),
    ]
    for gen, algos in cases:
        name = " ".join(gen)
        path = os.path.join(tmp, "g.json")
        topogen(path, *gen)
        with open(path) as f:
            g = json_graph.node_link_graph(json.load(f))
        dist = dict(nx.all_pairs_shortest_path_length(g))
        for algo in algos:
            r = toporoute(path, "--traffic", "all-to-all", "--algo", algo)
            check(f"{name} --algo {algo} runs", r.returncode == 0, r.stderr)
            routes = [json.loads(line) for line in r.stdout.splitlines()]
            n = g.number_of_nodes()
            check(f"{name} --algo {algo}: one route per pair", len(routes) == n * (n - 1), len(routes))
            bad = [x for x in routes
                   if x["path"][0] != x["source"] or x["path"][-1] != x["target"] or x["hops"] != len(x["path"]) - 1
                   or any(not g.has_edge(a, b) for a, b in zip(x["path"], x["path"][1:]))]
            check(f"{name} --algo {algo}: every hop is a link", not bad, bad[:1])
            longer = [x for x in routes if x["hops"] < dist[x["source"]][x["target"]]]
            check(f"{name} --algo {algo}: no route shorter than BFS", not longer, longer[:1])
            if algo in ("shortest", "ibt") or (algo == "dor" and gen[0] != "torus") or algo == "slimfly":
                worse = [x for x in routes if x["hops"] != dist[x["source"]][x["target"]]]
                check(f"{name} --algo {algo}: routes are shortest", not worse, worse[:1])

    # An edge list carries no coordinates: the family algorithms rebuild them from the parameters.
    el = os.path.join(tmp, "ibt.el")
    topogen(el, "ibt", "--dims", "16x16", "--bypass-dims", "2", "--lengths", "6", fmt="edgelist")
    r = toporoute(el, "--algo", "ibt", "--from", "0", "--to", "4")
    check("ibt from an edge list", r.returncode == 0 and json.loads(r.stdout)["hops"] == 2, r.stdout + r.stderr)

    # u of shortest paths split over all shortest paths on demi-PN (doc/definitions.md §3.6).
    for q in (2, 3, 5, 7):
        path = os.path.join(tmp, "d.el")
        topogen(path, "demipn", "--q", str(q), fmt="edgelist")
        r = toporoute(path, "--traffic", "all-to-all", "--split", "--summary", "--json", "--no-provenance")
        u = json.loads(r.stdout)["loads"]["u"]
        want = (2 * q * q + q + 1) / (2 * q * (q + 1))
        check(f"demipn q={q}: u", abs(u - want) < 1e-9, f"{u} != {want}")

    # Deadlock: DOR on a mesh has no cycle, minimal routing on a ring has one.
    path = os.path.join(tmp, "m.el")
    topogen(path, "mesh", "--dims", "5x4", fmt="edgelist")
    d = json.loads(toporoute(path, "--algo", "dor", "--traffic", "all-to-all", "--check-deadlock", "--json").stdout)
    check("mesh dor: no cycle", d["deadlock"]["cycle_free"] is True, d["deadlock"])
    topogen(path, "ring", "--nodes", "7", fmt="edgelist")
    d = json.loads(toporoute(path, "--traffic", "all-to-all", "--check-deadlock", "--json").stdout)
    cyc = d["deadlock"]["cycle"]
    check("ring shortest: a cycle", not d["deadlock"]["cycle_free"] and len(cyc) >= 3, d["deadlock"])
    check("ring shortest: the cycle is closed",
          all(cyc[i][1] == cyc[(i + 1) % len(cyc)][0] for i in range(len(cyc))), cyc)

    # Broadcast schedules, replayed: one port, along links, informed before sending, everybody reached.
    for gen, algo in [(["hdn", "--base", "2x3x5", "--levels", "1", "--supernodes", "0,1"], "hdn"),
                      (["hdn", "--base", "2x3x5", "--levels", "1", "--supernodes", "2"], "hdn"),
                      (["torus", "--dims", "5x6"], "tree"), (["slimfly", "--q", "4"], "tree")]:
        path = os.path.join(tmp, "b.json")
        topogen(path, *gen)
        with open(path) as f:
            g = json_graph.node_link_graph(json.load(f))
        r = toporoute("broadcast", path, "--algo", algo, "--root", "7", "--json")
        s = json.loads(r.stdout)
        informed = {7}
        ok = True
        for step in s["steps"]:
            senders = [a for a, _ in step]
            ok &= len(senders) == len(set(senders)) and all(a in informed for a in senders)
            ok &= all(g.has_edge(a, b) and b not in informed for a, b in step)
            informed |= {b for _, b in step}
        name = " ".join(gen)
        check(f"broadcast {name}: valid one-port schedule reaching every node", ok and len(informed) == g.number_of_nodes())
        check(f"broadcast {name}: step count", s["step_count"] == len(s["steps"]) >= s["lower_bound"])
        if algo == "hdn":
            check(f"broadcast {name}: within Theorem 3", s["step_count"] <= s["bound"], s["step_count"])

    # --loads: one line per arc; the loads add up to the hops routed, and match the summary's max.
    path = os.path.join(tmp, "t45.json")
    topogen(path, "torus", "--dims", "4x5")
    loads = os.path.join(tmp, "t45.loads")
    r = toporoute(path, "--algo", "dor", "--traffic", "all-to-all", "--summary", "--json", "--loads", loads)
    summary = json.loads(r.stdout)
    rows = [line.split() for line in open(loads) if not line.startswith("#")]
    total = sum(float(x[4]) for x in rows)
    hops = sum(int(h) * c for h, c in summary["hops"]["histogram"].items())
    check("--loads: one line per arc", len(rows) == 4 * 20, len(rows))
    check("--loads: loads add up to the hops", abs(total - hops) < 1e-3, f"{total} != {hops}")
    check("--loads: max as in the summary", abs(max(float(x[4]) for x in rows) - summary["loads"]["max"]) < 1e-6)

    # A family algorithm on another family is an error naming both.
    path = os.path.join(tmp, "t.el")
    topogen(path, "torus", "--dims", "3x3", fmt="edgelist")
    r = toporoute(path, "--algo", "hdn", "--from", "0", "--to", "1")
    check("hdn on a torus is refused", r.returncode == 1 and
          r.stderr.strip() == "toporoute: --algo hdn needs a graph of family hdn or rdn or dualcube, got torus", r.stderr)

finish()
