#!/usr/bin/python3
"""The bisection-width column of the dissertation's Table 2, through `topogen ... | topostat --json`.

The column is reproduced by the straight cut across the middle of a dimension (topostat's
`coordinate_cut`) in 17 of the 21 rows checked here; in the other 4 the printed number is not the
straight cut. In 8 rows METIS finds a balanced cut with fewer links than the printed width, so those
printed widths are not minimal (the cut METIS exhibits is a witness: its links are counted exactly).
The expected values below are ours; the paper's are kept beside them.
Usage: dissertation_bisection.py BIN_DIR"""
import json
import subprocess
import sys

BIN = sys.argv[1]
passed = failed = 0


def check(name, ok, detail=""):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print(f"FAIL: {name} {detail}")


def bisection(args):
    gen = subprocess.Popen([f"{BIN}/topogen", *args, "--format", "descriptor"], stdout=subprocess.PIPE)
    out = subprocess.run([f"{BIN}/topostat", "--json", "--utilization", "no", "--bisection", "yes"],
                         stdin=gen.stdout, check=True, capture_output=True, text=True).stdout
    gen.wait()
    b = json.loads(out)["bisection"]
    return b.get("coordinate_cut", {}).get("links"), b["upper_bound"]["links"], b.get("structural", {}).get("links")


def ibt(dims, m, lengths):
    return ["ibt", "--dims", dims, "--bypass-dims", str(m), "--lengths", lengths]


# (topogen arguments, paper's width, our straight cut, whether METIS beats the paper's width)
ROWS = [
    (["torus", "--dims", "32x32x32"], 2048, 2048, False),
    (["torus", "--dims", "16x16x16x8"], 4096, 4096, False),
    (["hypercube", "--dim", "15"], 16384, 16384, False),
    (ibt("32x32x32", 2, "8"), 2048, 2048, False),
    (ibt("64x64x8", 2, "2"), 2048, 2048, False),
    (ibt("64x64x8", 2, "4"), 3072, 3072, False),
    (ibt("64x64x8", 2, "8"), 6120, 5120, True),     # 6120 is no cut we find; 5120 both ways: a misprint?
    (ibt("64x64x8", 2, "16"), 8192, 8192, True),    # METIS: 4096
    (ibt("64x64x8", 2, "32"), 8192, 8192, True),    # METIS: 2240
    (ibt("64x64x8", 2, "4,8"), 4096, 4096, False),
    (ibt("64x64x8", 2, "4,16"), 6144, 6144, False),
    (ibt("64x64x8", 2, "4,32"), 6144, 8192, True),  # METIS: 4096
    (ibt("64x64x8", 2, "8,16"), 7168, 7168, False),
    (ibt("64x64x8", 2, "8,32"), 7168, 8192, True),  # METIS: 6144
    (ibt("64x64x8", 2, "16,32"), 8192, 8192, True),  # METIS: 4096
    (ibt("30x30x36", 3, "3"), 3600, 3600, False),
    (ibt("30x30x36", 3, "6"), 5400, 5400, False),
    (ibt("30x30x36", 3, "9"), 7200, 7200, False),
    (ibt("30x30x36", 3, "12"), 9000, 9000, True),   # METIS: 8640
    (ibt("30x30x36", 3, "15"), 7560, 10800, True),  # METIS: 4640
    (ibt("30x30x36", 3, "6,12"), 7200, 7200, False),
]

for args, paper, straight, metis_beats_paper in ROWS:
    name = " ".join(args)
    coord, metis, structural = bisection(args)
    check(f"{name}: straight cut", coord == straight, f"{coord} != {straight} (paper {paper})")
    if metis_beats_paper:
        check(f"{name}: a balanced cut below the paper's width", min(metis, coord) < paper, f"{metis} {coord} vs {paper}")
    else:
        check(f"{name}: paper's width reproduced", straight == paper)
    if structural is not None:
        check(f"{name}: family formula", structural == paper, f"{structural} != {paper}")
print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
