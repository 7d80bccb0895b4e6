#!/usr/bin/python3
"""The foundation's acceptance figures (dissertation Table 2 convention: all ordered pairs, self
included), through the real pipeline `topogen ... | topostat --json`.
Usage: foundation_tables.py BIN_DIR [--negative-control]"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from harness import check, finish, pipeline_json  # noqa: E402

ROWS = [  # topogen arguments, mean, std, diameter
    (["torus", "--dims", "32x32x32"], 24.0000, 8.0312, 48),
    (["torus", "--dims", "16x16x16x8"], 14.0000, 4.2426, 28),
    (["hypercube", "--dim", "15"], 7.5000, 1.9365, 15),
    (["torus", "--preset", "bgl-512"], 6.0000, 2.1213, 12),  # 3 rings of 8: variance 3 x 1.5
]
if "--negative-control" in sys.argv:  # a wrong expectation that must make this script fail
    ROWS = [(["torus", "--dims", "32x32x32"], 23.0000, 8.0312, 48)]

# Each row by the default method (orbits: the families are vertex-transitive) and without symmetry.
for args, mean, std, diameter in ROWS:
    for method in ["auto", "bfs"]:
        d = pipeline_json(args, ["--bisection", "no", "--utilization", "no", "--method", method])["distances"]
        got = (round(d["all_pairs"]["mean"], 4), round(d["all_pairs"]["std"], 4), d["diameter"])
        check(f"{' '.join(args)} ({method})", got == (mean, std, diameter), f"got {got}, expected {(mean, std, diameter)}")
# Large vertex-transitive graphs, default settings: the link loads come from one BFS per orbit (N·arcs
# is above the limit for one BFS per node), and the flow lower bound they give meets METIS and the
# family's bisection formula, so the width is known exactly.
if "--negative-control" not in sys.argv:
    for args, width in [(["torus", "--dims", "32x32x32"], 2048), (["hypercube", "--dim", "15"], 16384)]:
        j = pipeline_json(args, [])
        u, b = j["link_utilization"], j["bisection"]
        check(f"{' '.join(args)}: u = 1 from one orbit", u.get("orbits") == 1 and abs(u["u"] - 1) < 1e-9, f"got {u}")
        got = (b["lower_bound"]["links"], b["upper_bound"]["links"], b["structural"]["links"])
        check(f"{' '.join(args)}: bisection bounds meet at {width}", got == (width,) * 3, f"got {got}")
finish()
