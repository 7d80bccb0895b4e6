#!/usr/bin/python3
"""The dissertation's Table 2 (Powell, §3.2.2) through the real pipeline `topogen ... | topostat --json`:
mean and standard deviation over all N^2 ordered pairs (self included) and diameter, to 4 decimals.

Rows checked here (full BFS through the CLI, ~15 s on 2 cores; topostat is asked for the distances only, as
the exact link loads of CCC 11-11 and DG(4,8), which it would add, take minutes under the sanitizers):
  - the five iBT rows of doc/definitions.md §3.2;
  - CCC 11-11 and CCC 12-12 (ccc --dim 11/12), the scalable barrel shifter (sbs --dim 15), de Bruijn
    DG(4,7) and DG(4,8) (debruijn --symbols 4 --length 7/8 --undirected).
Checked elsewhere: the 3-D torus 32x32x32, the 4-D torus 16x16x16x8 and the 15-D hypercube
(tests/paper/foundation_tables.py); all 25 iBT rows (tests/unit/test_dissertation_families.cpp,
one BFS per translation class).
Not checked, and why: PEC (256x128), 2-D SRT (128x128, 256x256), RDT(2,4,1)/alpha (128x128, 256x256)
and the hybrid fat tree are not defined in the dissertation (only cited), so no family is built for them
(doc/definitions.md §3.2); the bisection-width column needs topostat's bisection, which is not part of this work.

Differences from the printed table, kept visible (KNOWN below; the test asserts our exact figure):
  - CCC 11-11: std 2.843144 (2.8431), the table prints 2.8432; CCC 12-12: std 2.948644 (2.9486), the table
    prints 2.9487. Means and diameters agree. The last digit of both is 1 too high in the table, as
    if the std were rounded up; with N^2 or N^2-1 or N(N-1) denominators it is 2.8431/2.8414, so the
    convention does not explain it. We take our exact BFS value.
  - the undirected de Bruijn graph (arcs made links, self-loops dropped) reproduces DG(4,7) and DG(4,8)
    exactly; the directed one does not (DG(4,7) directed: 6.5782, 0.7321, 7).
Usage: dissertation_table2.py BIN_DIR"""
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from harness import BIN, finish  # noqa: E402
from harness import check as _check  # noqa: E402

ROWS = [  # topogen arguments, Table 2 mean, std, diameter
    (["ibt", "--dims", "30x30x36", "--bypass-dims", "3", "--lengths", "6,12"], 7.5152, 1.5288, 12),
    (["ibt", "--dims", "64x64x8", "--bypass-dims", "2", "--lengths", "4,16"], 8.5679, 1.9477, 14),
    (["ibt", "--dims", "30x30x36", "--bypass-dims", "3", "--lengths", "6"], 8.2800, 1.9675, 15),
    (["ibt", "--dims", "32x32x32", "--bypass-dims", "2", "--lengths", "6"], 13.3730, 4.8800, 26),
    (["ibt", "--dims", "64x64x8", "--bypass-dims", "2", "--lengths", "32"], 18.9697, 6.6687, 36),
    (["ccc", "--dim", "11"], 15.2685, 2.8432, 25),
    (["ccc", "--dim", "12"], 16.9020, 2.9487, 28),
    (["sbs", "--dim", "15"], 5.1111, 1.1000, 8),
    (["debruijn", "--symbols", "4", "--length", "7", "--undirected"], 6.0287, 0.9025, 7),
    (["debruijn", "--symbols", "4", "--length", "8", "--undirected"], 7.0145, 0.9134, 8),
]
# Rows where the table's figure is not what the graph gives: (row, field) -> our exact value to 4 decimals.
KNOWN = {
    ("ccc --dim 11", "std"): 2.8431,
    ("ccc --dim 12", "std"): 2.9486,
}


def check(name, got, expected):
    _check(name, got == expected, f": got {got}, expected {expected}")


for args, mean, std, diameter in ROWS:
    gen = subprocess.Popen([f"{BIN}/topogen", *args], stdout=subprocess.PIPE)
    out = subprocess.run([f"{BIN}/topostat", "--json", "--bisection", "no", "--utilization", "no"], stdin=gen.stdout,
                         check=True, capture_output=True, text=True).stdout
    gen.wait()
    d = json.loads(out)["distances"]
    row = " ".join(args)
    got = {"mean": round(d["all_pairs"]["mean"], 4), "std": round(d["all_pairs"]["std"], 4), "diameter": d["diameter"]}
    for field, table in (("mean", mean), ("std", std), ("diameter", diameter)):
        expected = KNOWN.get((row, field), table)
        if expected != table:
            print(f"note: {row}: {field} {got[field]} (Table 2 prints {table})")
        check(f"{row}: {field}", got[field], expected)

# The exhaustive search of §3.1.3: near 2^15 ± 5%, n = 3, L = 3, two lengths, only 30x30x36 with <6,12>.
for band in ("32768±5%", "32768+-5%"):
    out = subprocess.run([f"{BIN}/topogen", "ibt", "--search", band, "--json"], check=True, capture_output=True,
                         text=True).stdout
    found = [(c["dims"], c["bypass_dims"], c["lengths"], c["nodes"]) for c in json.loads(out)["configurations"]]
    check(f"ibt --search {band}", found, [([30, 30, 36], 3, [6, 12], 32400)])
text = subprocess.run([f"{BIN}/topogen", "ibt", "--search", "32768±5%"], check=True, capture_output=True,
                      text=True).stdout
check("ibt --search listing", [l for l in text.splitlines() if not l.startswith("#")], ["32400 30x30x36 3 6,12 3"])

# The su(4) machine of the mapping tables (§3.3.4) is the 3-D hexagonal network: t = 7 -> 923, t = 9 -> 2057.
for t, nodes in ((7, 923), (9, 2057)):
    out = subprocess.run([f"{BIN}/topogen", "hex3d", "--t", str(t), "--describe", "--json"], check=True,
                         capture_output=True, text=True).stdout
    check(f"hex3d --t {t} nodes", json.loads(out)["nodes"], nodes)

# Bad parameters exit 1 with the constraint named on one line.
for args, message in (
        (["ibt", "--dims", "30x30x36", "--bypass-dims", "3", "--lengths", "4,12"],
         "topogen: --lengths: every length must be a multiple of m*k = 6, got 4"),
        (["ibt", "--search", "32768%5"], "topogen: --search: expected '±' or '+-' after the size in \"32768%5\" "
                                         "(expected SIZE, SIZE±PCT% or SIZE+-PCT%)"),
        (["ccc", "--dim", "2"], "topogen: --dim: d must be between 3 and 26 (a cycle needs 3 nodes), got 2"),
        (["hex3d", "--t", "0"], "topogen: --t: t must be between 1 and 1000, got 0")):
    r = subprocess.run([f"{BIN}/topogen", *args], capture_output=True, text=True)
    check(f"{' '.join(args)} exit status", r.returncode, 1)
    check(f"{' '.join(args)} message", r.stderr.strip(), message)
    check(f"{' '.join(args)} prints nothing", r.stdout, "")

finish()
