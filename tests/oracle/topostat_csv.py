#!/usr/bin/python3
"""topostat --csv and --histogram: plain ASCII headers, rows Python's csv module reads, and the same figures
as the JSON (all three outputs are rendered from one set of computed figures). Usage: topostat_csv.py BIN_DIR"""
import csv
import io
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from harness import BIN, check, finish  # noqa: E402


def run(*args, stdin):
    out = subprocess.run([f"{BIN}/topostat", "--no-provenance", *args], input=stdin, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    return out.stdout


for gen in (["torus", "--dims", "4x6"], ["mlfm", "--n", "5"], ["hypercube", "--dim", "5"]):
    name = " ".join(gen)
    graph = subprocess.run([f"{BIN}/topogen", *gen], capture_output=True, text=True, check=True).stdout
    args = ["--terminals-per-router", "3", "--prices", "1,2,3"]
    j = json.loads(run("--json", *args, stdin=graph))
    text = run("--csv", *args, stdin=graph)
    header = text.splitlines()[0]
    check(f"{name}: ASCII header", header == "section,figure,value,note" and header.isascii(), header)
    rows = list(csv.DictReader(io.StringIO(text)))
    fig = {(r["section"], r["figure"]): r["value"] for r in rows}
    check(f"{name}: figure names are ASCII", all(r["figure"].isascii() and r["section"].isascii() for r in rows))
    check(f"{name}: one row per figure", len(fig) == len(rows))
    check(f"{name}: nodes", int(fig[("size", "nodes")]) == j["nodes"])
    check(f"{name}: kbar", float(fig[("distances", "mean_distinct")]) == j["distances"]["distinct_pairs"]["mean"])
    check(f"{name}: u", float(fig[("utilization", "u")]) == j["link_utilization"]["u"])
    check(f"{name}: given T", int(fig[("terminals", "given_terminals")]) == j["costs"]["given"]["terminals"])
    check(f"{name}: balanced D0", float(fig[("terminals", "balanced_terminals_per_router")]) ==
          j["costs"]["terminals_per_router"]["value"])
    check(f"{name}: subscription", float(fig[("terminals", "subscription")]) == j["costs"]["subscription"]["value"])
    check(f"{name}: cost per node", float(fig[("costs", "cost_per_node")]) == j["costs"]["cost_per_node"]["value"])
    for key in ("upper_bound", "lower_bound", "coordinate_cut", "structural"):
        if key in j.get("bisection", {}):
            check(f"{name}: bisection {key}", int(fig[("bisection", key)]) == j["bisection"][key]["links"])
    hist = list(csv.reader(io.StringIO(run("--csv", "--histogram", stdin=graph))))
    check(f"{name}: histogram header", hist[0] == ["distance", "ordered_pairs", "fraction"], hist[0])
    check(f"{name}: histogram rows", [int(r[1]) for r in hist[1:]] == j["distances"]["histogram"])
    table = run("--histogram", stdin=graph)
    check(f"{name}: --histogram alone is the table's last part", run(stdin=graph).endswith(table), table)

# Unreachable pairs are a row "inf"; --csv and --json exclude each other.
two = "0 1\n2 3\n"
hist = list(csv.reader(io.StringIO(run("--csv", "--histogram", stdin=two))))
check("disconnected: inf row", hist[-1][:2] == ["inf", "8"], hist)
out = subprocess.run([f"{BIN}/topostat", "--csv", "--json"], input=two, capture_output=True, text=True)
check("--csv --json: usage error", out.returncode == 2, out.stderr)
finish()
