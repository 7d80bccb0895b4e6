#!/usr/bin/python3
"""Endpoints (the nodes that carry traffic in an indirect network) in both formats: topogen writes them for
mlfm, oft and fattree as a "# endpoints:" header line and as graph.endpoints in node-link JSON (networkx
sees them in G.graph), both read back, descriptors rebuild them, and malformed ranges are errors that name
the line; --method orbits and sample are refused for them. A fat tree's terminals are its endpoints: topostat measures its distances between terminals only,
against networkx. Usage: endpoints_formats.py BIN_DIR"""
import itertools
import json
import os
import subprocess
import sys
import tempfile

import networkx as nx

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from harness import BIN, check, finish  # noqa: E402


def run(*args, stdin=None):
    return subprocess.run(list(args), input=stdin, capture_output=True, text=True)


def topostat_json(text, *args):
    out = run(f"{BIN}/topostat", "--json", "--no-provenance", "--bisection", "no", *args, "-", stdin=text)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


mlfm = ["mlfm", "--n", "4"]  # 12 leaves (ids 0..11), 6 spines
el = run(f"{BIN}/topogen", *mlfm, "--no-provenance").stdout
check("edge list header", "# endpoints: [[0,11]]\n" in el, el[:300])
js = run(f"{BIN}/topogen", *mlfm, "--format", "json").stdout
check("node-link JSON", json.loads(js)["graph"]["endpoints"] == [[0, 11]])
check("networkx sees them", nx.node_link_graph(json.loads(js)).graph["endpoints"] == [[0, 11]])
desc = run(f"{BIN}/topogen", *mlfm, "--format", "descriptor").stdout
oft = run(f"{BIN}/topogen", "oft", "--q", "2", "--format", "json").stdout
check("oft: the two leaf layers", json.loads(oft)["graph"]["endpoints"] == [[0, 6], [14, 20]],
      json.loads(oft)["graph"].get("endpoints"))
for name, text in [("edge list", el), ("JSON", js), ("descriptor", desc)]:
    stat = topostat_json(text)
    check(f"{name}: read back", stat.get("endpoints", {}).get("count") == 12, json.dumps(stat.get("endpoints")))
    check(f"{name}: leaves are 2 apart", stat["distances"]["histogram"] == [12, 0, 132], stat["distances"]["histogram"])
# --method: bfs and auto are the exact BFS from every endpoint; orbits and sample (or --sample alone) do
# not apply to endpoint pairs and are refused as a usage error, before any output.
check("--method bfs: the same figures", topostat_json(el, "--method", "bfs")["distances"]["histogram"] == [12, 0, 132])
for args in [["--method", "orbits"], ["--method", "sample", "--sample", "5"], ["--sample", "5"]]:
    out = run(f"{BIN}/topostat", "--bisection", "no", *args, "-", stdin=el)
    check(f"{' '.join(args)} on endpoints: exit 2, one line, nothing on stdout",
          out.returncode == 2 and out.stdout == "" and out.stderr.count("\n") == 1 and
          out.stderr.startswith("topostat: ") and "indirect network (12 endpoints)" in out.stderr, out.stderr)
# Written back out unchanged by a round trip through topogen's reader? topostat reads; toporoute etc. share it.
plain = run(f"{BIN}/topostat", "--json", "--no-provenance", "-", stdin=run(f"{BIN}/topogen", *mlfm, "--format",
                                                                        "plain").stdout)
check("a plain edge list has no endpoints: every node", "endpoints" not in json.loads(plain.stdout))

with tempfile.TemporaryDirectory() as tmp:
    for bad, want in [("[[5,3]]", "increasing, disjoint"), ("[[0,4],[3,6]]", "increasing, disjoint"),
                      ("[[0,40]]", "endpoint 40 out of range"), ("[]", "increasing, disjoint"),
                      ('"all"', "increasing, disjoint")]:
        path = os.path.join(tmp, "bad.el")
        with open(path, "w") as f:
            f.write(f"# topo-edgelist 1\n# nodes: 18\n# endpoints: {bad}\n# links: 1\n0 1\n")
        out = run(f"{BIN}/topostat", path)
        check(f"bad endpoints {bad}: exit 1", out.returncode == 1, out.stderr)
        check(f"bad endpoints {bad}: names the line", out.stderr.startswith(f"topostat: {path}:3: ") and want in
              out.stderr, out.stderr)
        doc = json.loads(js)
        doc["graph"]["endpoints"] = json.loads(bad)
        out = run(f"{BIN}/topostat", "-", stdin=json.dumps(doc))
        check(f"bad endpoints {bad} in JSON: exit 1", out.returncode == 1 and want in out.stderr, out.stderr)

# Fat tree k=2, n=3: 8 terminals (the endpoints) under 3 levels of 4 switches; distances between terminals only.
args = ["fattree", "--arity", "2", "--levels", "3"]
doc = json.loads(run(f"{BIN}/topogen", *args, "--format", "json").stdout)
g = nx.node_link_graph(doc)
ends = [v for a, b in doc["graph"]["endpoints"] for v in range(a, b + 1)]
check("fattree: the terminals are the endpoints", ends == list(range(8)), ends)
hist = {}
for s, t in itertools.product(ends, ends):
    d = nx.shortest_path_length(g, s, t)
    hist[d] = hist.get(d, 0) + 1
stat = topostat_json(run(f"{BIN}/topogen", *args).stdout, "--terminals-per-router", "1")
check("fattree: terminal-pair histogram as networkx", stat["distances"]["histogram"] ==
      [hist.get(d, 0) for d in range(max(hist) + 1)], f"{stat['distances']['histogram']} vs {hist}")
# A k-ary n-tree has full bisection bandwidth: one terminal per endpoint saturates exactly.
check("fattree: balanced Δ0 = 1", abs(stat["costs"]["terminals_per_router"]["value"] - 1) < 1e-9,
      json.dumps(stat["costs"]))
check("fattree: subscription 1", abs(stat["costs"]["subscription"]["value"] - 1) < 1e-9, json.dumps(stat["costs"]))

finish()
