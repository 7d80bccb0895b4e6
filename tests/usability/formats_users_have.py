#!/usr/bin/python3
"""Formats users have: gzip in and out, CSV tables, GraphML round trips checked with networkx's
read_graphml, DOT positions and labels for grid families, topogen --json and --list --json, --demand - and
toporoute --loads - never mixing into the routes. Usage: formats_users_have.py BIN_DIR"""
import csv
import gzip
import io
import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from harness import BIN, check, finish  # noqa: E402

import networkx as nx  # noqa: E402

SRC = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
DEMAND = os.path.join(SRC, "data", "matrices", "662_bus.mtx")
tmp = tempfile.mkdtemp()


def run(*args, stdin=None, ok=True):
    p = subprocess.run([os.path.join(BIN, args[0]), *map(str, args[1:])], input=stdin, capture_output=True)
    if ok and p.returncode != 0:
        check(f"{' '.join(map(str, args))} exits 0", False, p.stderr.decode()[:300])
    return p


def path(name):
    return os.path.join(tmp, name)


def stat_json(*args, stdin=None):
    return json.loads(run("topostat", "--json", "--no-provenance", *args, stdin=stdin).stdout)


def same_stats(a, b):
    """The same graph as far as topostat can tell: sizes, degrees and the distance histogram (the method that
    found them may differ: a graph of unknown origin has no family symmetry to use)."""
    keys = ("nodes", "links", "degree", "directed")
    dist = ("histogram", "diameter", "radius", "all_pairs", "distinct_pairs")
    return all(a.get(k) == b.get(k) for k in keys) and all(a["distances"].get(k) == b["distances"].get(k) for k in dist)


# ---- gzip: -o NAME.gz writes gzip; readers detect it by its magic bytes (file or stdin) -----------------
run("topogen", "torus", "--dims", "6x6x4", "--no-provenance", "-o", path("t.el.gz"))
run("topogen", "torus", "--dims", "6x6x4", "--no-provenance", "-o", path("t.el"))
raw = open(path("t.el.gz"), "rb").read()
check("-o t.el.gz starts with the gzip magic bytes", raw[:2] == b"\x1f\x8b")
check("gzip -d gives the uncompressed output", gzip.decompress(raw) == open(path("t.el"), "rb").read())
plain = stat_json(path("t.el"))
check("topostat reads t.el.gz like t.el", same_stats(stat_json(path("t.el.gz")), plain))
check("topostat reads gzip on stdin", same_stats(stat_json(stdin=raw), plain))
two = gzip.compress(open(path("t.el"), "rb").read()[:500]) + gzip.compress(open(path("t.el"), "rb").read()[500:])
check("two concatenated gzip members read as one file", same_stats(stat_json(stdin=two), plain))
bad = run("topostat", stdin=raw[:len(raw) // 2], ok=False)
check("a truncated gzip file exits 1", bad.returncode == 1, bad.stderr)
check("and says so in one line", bad.stderr.decode() == "topostat: <stdin>: gzip: the compressed data is truncated\n",
      bad.stderr)
run("topogen", "torus", "--dims", "4x4", "--format", "json", "-o", path("t.json.gz"))
check("JSON output compresses too", gzip.decompress(open(path("t.json.gz"), "rb").read()).startswith(b"{"))
run("toporoute", path("t.el.gz"), "--traffic", "all-to-all", "--summary", "--loads", path("l.txt.gz"))
check("toporoute --loads NAME.gz is gzip", gzip.decompress(open(path("l.txt.gz"), "rb").read()).startswith(b"# "))
with open(path("d.mtx.gz"), "wb") as f:
    f.write(gzip.compress(open(DEMAND, "rb").read()))
mapped = [run("topomap", path("t.el"), "--demand", d, "--crop", "-m", "identity", "--no-provenance").stdout
          for d in (DEMAND, path("d.mtx.gz"))]
check("topomap reads a gzip demand (NAME.mtx.gz) like the plain one", mapped[0] == mapped[1] and mapped[0], mapped[1][:200])
with open(path("p.gz"), "wb") as f:
    f.write(gzip.compress(b"0 5\n3 7\n"))
routes = run("toporoute", path("t.el"), "--pairs", path("p.gz"), "--text").stdout.decode().splitlines()
check("toporoute --pairs reads a gzip file", len(routes) == 2 and routes[0].startswith("0 -> 5"), routes)

# ---- CSV: plain ASCII headers, the documented columns, values that agree with the JSON -------------------
def csv_rows(data):
    text = data.decode("ascii")
    return list(csv.DictReader(io.StringIO(text)))


rt = ["toporoute", path("t.el"), "--traffic", "all-to-all", "--summary"]
rows = csv_rows(run(*rt, "--csv").stdout)
js = json.loads(run(*rt, "--json").stdout)
check("toporoute --summary --csv: one row", len(rows) == 1, rows)
check("toporoute --summary --csv columns", list(rows[0]) == ["algo", "pairs", "mean_hops", "stretch_mean", "stretch_max",
                                                             "minimal_routes", "load_max", "load_mean", "u"], rows)
check("toporoute CSV u agrees with the JSON", abs(float(rows[0]["u"]) - js["loads"]["u"]) < 1e-6, rows)
check("toporoute CSV pairs", int(rows[0]["pairs"]) == js["pairs"] == 144 * 143)
run(*rt, "--csv", "--loads", path("loads.csv"))
loads = csv_rows(open(path("loads.csv"), "rb").read())
check("--loads --csv columns", list(loads[0]) == ["source", "target", "class", "level", "load"], loads[:1])
check("--loads --csv: one row per arc", len(loads) == 2 * 144 * 3, len(loads))
check("--loads --csv: the largest load is the summary's max",
      abs(max(float(r["load"]) for r in loads) - js["loads"]["max"]) < 1e-6)
rows = csv_rows(run(*rt, "--check-deadlock", "--csv").stdout)
check("--check-deadlock --csv adds its columns", list(rows[0])[-2:] == ["dependencies", "cycle_free"], rows)

mp = ["topomap", path("t.el"), "--demand", DEMAND, "--crop", "--iterations", "2000", "--seed", "3", "-q"]
rows = csv_rows(run(*mp, "--csv", "-o", path("m.map")).stdout)
js = json.loads(run(*mp, "--json").stdout)
check("topomap --csv columns", list(rows[0]) == ["method", "seed", "restarts", "best_restart", "iterations", "seconds",
                                                 "tasks", "nodes", "cost", "identity_cost", "relative_to_identity",
                                                 "evaluated", "stored_cost"], rows)
check("topomap --csv cost agrees with the JSON", float(rows[0]["cost"]) == js["cost"], (rows, js.get("cost")))
check("topomap --csv: the mapping went to -o", len(open(path("m.map")).read().split()) == 144)

sim = ["toposim", "clex", "--clique", "4", "--levels", "2", "--messages", "3", "--seed", "1"]
rows = csv_rows(run(*sim, "--csv").stdout)
js = json.loads(run(*sim, "--json").stdout)
check("toposim clex --csv columns", list(rows[0]) == ["level", "max_rounds", "mean_rounds", "max_mean_load",
                                                      "mean_hops", "mean_link_uses", "instances"], rows[:1])
check("toposim clex --csv: one row per level, as the JSON",
      [int(r["max_rounds"]) for r in rows] == [lv["max_rounds"] for lv in js["levels_table"]], rows)
a2a = ["toposim", "clex-alltoall", "--clique", "4", "--levels", "3"]
rows = csv_rows(run(*a2a, "--csv").stdout)
js = json.loads(run(*a2a, "--json", "--no-provenance").stdout)
check("toposim clex-alltoall --csv: a row per tree, mean hops as the JSON",
      [r["tree"] for r in rows] == ["shortest", "ascending"] and
      abs(float(rows[0]["mean_hops"]) - js["shortest_tree"]["mean_hops"]) < 1e-12 and
      abs(float(rows[1]["mean_hops"]) - js["ascending_tree"]["mean_hops"]) < 1e-12 and "links_level_3" in rows[0], rows)

# ---- GraphML: ours read by networkx, networkx's read by us --------------------------------------------------
for fam in (["torus", "--dims", "4x3"], ["kautz", "--degree", "2", "--length", "3"], ["torus", "--dims", "2x3"],
            ["demipn", "--q", "3"]):
    name = "-".join(fam)
    run("topogen", *fam, "--format", "graphml", "-o", path(name + ".graphml"))
    run("topogen", *fam, "--format", "json", "-o", path(name + ".json"))
    g = nx.read_graphml(path(name + ".graphml"), node_type=int, force_multigraph=True)
    ref = nx.node_link_graph(json.load(open(path(name + ".json"))), multigraph=True)
    ours = sorted((min(u, v), max(u, v)) if not g.is_directed() else (u, v) for u, v in g.edges())
    theirs = sorted((min(u, v), max(u, v)) if not ref.is_directed() else (u, v) for u, v in ref.edges())
    check(f"{name}: networkx reads our GraphML with the same nodes and links",
          sorted(g.nodes()) == sorted(ref.nodes()) and ours == theirs and g.is_directed() == ref.is_directed(),
          (g, ref))
    back = run("topogen", *fam, "--format", "graphml").stdout
    check(f"{name}: topostat reads our GraphML", same_stats(stat_json(stdin=back), stat_json(path(name + ".json"))))
# A GraphML file written by networkx, with string ids and a weight key we ignore.
h = nx.petersen_graph()
h = nx.relabel_nodes(h, {i: f"v{i}" for i in h})
nx.set_edge_attributes(h, 2.5, "weight")
nx.write_graphml(h, path("petersen.graphml"))
s = stat_json(path("petersen.graphml"))
check("networkx's Petersen graph through topostat: 10 nodes, 15 links, diameter 2",
      s["nodes"] == 10 and s["links"] == 15 and s["distances"]["diameter"] == 2, s.get("distances"))
run("topogen", "torus", "--dims", "3x3", "--format", "graphml", "-o", path("t.graphml.gz"))
check("GraphML through gzip", stat_json(path("t.graphml.gz"))["nodes"] == 9)
bad = run("topostat", stdin=b"<graphml><graph><node id='a'/><edge source='a' target='b'/></graph></graphml>\n", ok=False)
check("an edge to an unknown node: exit 1, one line", bad.returncode == 1 and bad.stderr.decode() ==
      "topostat: <stdin>:1: edge target \"b\" is not a node\n", bad.stderr)
bad = run("topostat", stdin=b"<graphml>\n<graph>\n<node id='a'>\n</graph></graphml>\n", ok=False)
check("malformed XML: exit 1, one line with the parser's line and message",
      bad.returncode == 1 and bad.stderr.decode().startswith("topostat: <stdin>:5: XML: Premature end of data")
      and bad.stderr.decode().count("\n") == 1, bad.stderr)

# ---- DOT: grid families carry coordinates as pos and labels --------------------------------------------------
dot = run("topogen", "torus", "--dims", "3x2x2", "--format", "dot").stdout.decode()
check("torus DOT: node 0 at the origin with its coordinates", '  0 [label="(0,0,0)", pos="0,0!"];' in dot, dot[:200])
check("torus DOT: node 1 one step along x", '  1 [label="(1,0,0)", pos="1,0!"];' in dot)
check("torus DOT: node 3 one step along y", '  3 [label="(0,1,0)", pos="0,1!"];' in dot)
check("torus DOT: the third coordinate beside the first picture, with a gap", '  6 [label="(0,0,1)", pos="4,0!"];' in dot)
check("every node of the mesh DOT has a pos", run("topogen", "mesh", "--dims", "4x4", "--format", "dot").stdout.decode()
      .count("pos=") == 16)

# ---- topogen --json and --list --json ---------------------------------------------------------------------------
j = run("topogen", "torus", "--dims", "4x4", "--json", "--no-provenance").stdout
check("topogen --json writes the JSON graph",
      j == run("topogen", "torus", "--dims", "4x4", "-f", "json", "--no-provenance").stdout
      and len(json.loads(j)["nodes"]) == 16)
p = run("topogen", "torus", "--dims", "4x4", "--json", "-f", "dot", ok=False)
check("--json with another --format is a usage error", p.returncode == 2, p.stderr)
fams = json.loads(run("topogen", "--list", "--json").stdout)["families"]
names = run("topogen", "--list").stdout.decode().split("\n")
check("--list --json has every family", [f["name"] for f in fams] == [n.split()[0] for n in names if n], len(fams))
torus = next(f for f in fams if f["name"] == "torus")
dims = next(p for p in torus["parameters"] if p["name"] == "dims")
check("a parameter has its type, option, required flag and help",
      dims["type"] == "dims" and dims["option"] == "--dims" and dims["required"] is False and dims["help"], dims)
preset = next(p for p in torus["parameters"] if p["name"] == "preset")
check("a choice parameter lists its choices", "bgl-512" in preset["choices"], preset)
pn = next(f for f in fams if f["name"] == "clex")
links = next(p for p in pn["parameters"] if p["name"] == "links")
check("a default is given", links["default"] == "full", links)

# ---- --demand - and --loads - ------------------------------------------------------------------------------------
a = run("topomap", path("t.el"), "--demand", DEMAND, "--crop", "--iterations", "500", "--json", "--no-provenance", "-q")
b = run("topomap", path("t.el"), "--demand", "-", "--crop", "--iterations", "500", "--json", "--no-provenance", "-q",
        stdin=open(DEMAND, "rb").read())
ja, jb = json.loads(a.stdout), json.loads(b.stdout)
check("--demand - gives the file's result", ja["cost"] == jb["cost"] and ja["mapping"] == jb["mapping"])
el = b"0 1 3\n1 2 1\n2 3 oops\n"
p = run("topomap", path("t.el"), "--demand", "-", stdin=el, ok=False)
check("--demand - errors name <stdin>", p.returncode == 1 and p.stderr.decode().startswith("topomap: <stdin>:3: "),
      p.stderr)
p = run("topomap", "--demand", "-", stdin=el, ok=False)
check("--demand - with the network on stdin too is a usage error", p.returncode == 2, p.stderr)
p = run("toporoute", path("t.el"), "--traffic", "all-to-all", "--loads", "-", ok=False)
check("--loads - with the routes on stdout is refused (exit 2)", p.returncode == 2 and not p.stdout, p.stderr)
p = run("toporoute", path("t.el"), "--traffic", "all-to-all", "--summary", "--loads", "-", ok=False)
check("--loads - with the summary on stdout is refused (exit 2)", p.returncode == 2 and not p.stdout, p.stderr)
p = run("toporoute", path("t.el"), "--traffic", "all-to-all", "--summary", "-o", path("s.txt"), "--loads", "-")
lines = p.stdout.decode().splitlines()
check("--loads - with -o FILE: stdout holds only the loads",
      lines[0].startswith("# toporoute link loads") and len(lines) == 2 + 2 * 144 * 3, lines[:3])
check("and the summary went to the file", open(path("s.txt")).read().startswith("algorithm"))
finish()
