#!/usr/bin/python3
"""The foundation's acceptance figures (dissertation Table 2 convention: all ordered pairs, self
included), through the real pipeline `topogen ... | topostat --json`.
Usage: foundation_tables.py BIN_DIR [--negative-control]"""
import json
import subprocess
import sys

BIN = sys.argv[1]
negative = "--negative-control" in sys.argv

ROWS = [  # topogen arguments, mean, std, diameter
    (["torus", "--dims", "32x32x32"], 24.0000, 8.0312, 48),
    (["torus", "--dims", "16x16x16x8"], 14.0000, 4.2426, 28),
    (["hypercube", "--dim", "15"], 7.5000, 1.9365, 15),
    (["torus", "--preset", "bgl-512"], 6.0000, 2.1213, 12)  # 3 rings of 8: variance 3 x 1.5,
]
if negative:  # a wrong expectation that must make this script fail
    ROWS = [(["torus", "--dims", "32x32x32"], 23.0000, 8.0312, 48)]

passed = failed = 0
for args, mean, std, diameter in ROWS:
    gen = subprocess.Popen([f"{BIN}/topogen", *args], stdout=subprocess.PIPE)
    out = subprocess.run([f"{BIN}/topostat", "--json"], stdin=gen.stdout, check=True, capture_output=True,
                         text=True).stdout
    gen.wait()
    d = json.loads(out)["distances"]
    got = (round(d["all_pairs"]["mean"], 4), round(d["all_pairs"]["std"], 4), d["diameter"])
    if got == (mean, std, diameter):
        passed += 1
    else:
        failed += 1
        print(f"FAIL: {' '.join(args)}: got {got}, expected {(mean, std, diameter)}")
print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
