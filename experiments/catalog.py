#!/usr/bin/python3
"""Every run of `make experiments`: one name per parameter set, the tool command that makes it.

A name becomes one result file under results/runs/NAME.json (make's pattern rules), so names use only
letters, digits, '-', '_' and '.'. `catalog.py names KIND` prints the names of one kind for the Makefile;
`catalog.py args NAME` prints the command. Paper values live in papers.py (only the reports depend on it).
Kinds:
  stat      topogen ARGS | topostat --json --utilization no   (distances, bisection, costs)
  statd     topogen ARGS | topostat --json --utilization no --bisection no   (distances only)
  statu     topogen ARGS | topostat --json --utilization yes   (plus link utilisation u, Δ0, R, T)
  describe  topogen ARGS --describe --json            (sizes and closed forms, no graph)
  clex      toposim clex ARGS --json                  (CLEX tables, Figure 3)
  search    topogen ARGS --json                       (the iBT search)
  map       topogen torus --preset P | topomap --demand M -m METHOD ...   (the mapping tables)
  scotch    scotch_gmap on the same network and demand, scored by topomap --evaluate   (only with Scotch)
"""
import sys

RUNS = {}  # name -> (kind, [args])


def add(kind, name, *args):
    assert name not in RUNS, name
    RUNS[name] = (kind, [str(a) for a in args])


# ---- Powell dissertation, Table 2 (§3.2.2) and Figures 3.13-3.17 -------------------------------------------
IBT_ROWS = [("32x32x32", 2, l) for l in ("2", "4", "6", "8", "16", "4,8", "4,16", "8,16")]
IBT_ROWS += [("64x64x8", 2, l) for l in ("2", "4", "8", "16", "32", "4,8", "4,16", "4,32", "8,16", "8,32", "16,32")]
IBT_ROWS += [("30x30x36", 3, l) for l in ("3", "6", "9", "12", "15", "6,12")]


def ibt_name(dims, bypass, lengths):
    return f"diss-ibt-{dims}-L{bypass}-{lengths.replace(',', '_')}"


for dims, bypass, lengths in IBT_ROWS:
    add("stat", ibt_name(dims, bypass, lengths), "ibt", "--dims", dims, "--bypass-dims", bypass, "--lengths", lengths)
add("stat", "diss-torus-32x32x32", "torus", "--dims", "32x32x32")
add("stat", "diss-torus-16x16x16x8", "torus", "--dims", "16x16x16x8")
add("stat", "diss-hypercube-15", "hypercube", "--dim", 15)
add("stat", "diss-ccc-11", "ccc", "--dim", 11)
add("stat", "diss-ccc-12", "ccc", "--dim", 12)
add("stat", "diss-sbs-15", "sbs", "--dim", 15)
add("stat", "diss-debruijn-4-7", "debruijn", "--symbols", 4, "--length", 7, "--undirected")
add("stat", "diss-debruijn-4-8", "debruijn", "--symbols", 4, "--length", 8, "--undirected")
add("search", "diss-ibt-search-32768", "ibt", "--search", "32768±5%")

# ---- Projective Networks: Tables 2-3 (limits, over a range of q), Figure 7 and 9 (radix <= 64), Tables 4-6 -----
PN_FAMILIES = {  # family -> parameter name, values (every instance with R = Δ + Δ0 <= 64 that is cheap to measure)
    "complete": ("--nodes", [4, 6, 8, 12, 16, 20, 24, 28, 32]),
    "turan3": ("--n", [6, 12, 18, 24, 30, 36, 42, 48, 54]),  # Turán(N, r = 3)
    "bipartite": ("--n", [4, 6, 8, 12, 16, 20, 24, 30, 36]),
    "hamming2": ("--side", [3, 4, 5, 6, 7, 8, 10, 12, 14, 16, 18, 20, 22]),
    "hamming3": ("--side", [3, 4, 5, 6, 7, 8, 10, 12, 14, 16]),
    "demipn": ("--q", [3, 4, 5, 7, 8, 9, 11, 13, 16, 17, 19, 23, 25, 27, 29, 31, 32, 37, 41]),
    "pn": ("--q", [2, 3, 4, 5, 7, 8, 9, 11, 13, 16, 17, 19, 23, 25, 27, 29, 31, 32, 37, 41, 43]),
    "slimfly": ("--q", [3, 4, 5, 7, 8, 9, 11, 13, 16, 17, 19, 23, 25, 27, 29]),
    "gq": ("--q", [2, 3, 4, 5, 7, 8, 9, 11, 13]),
    "delorme": ("--q", [2, 8]),
    "hypercube": ("--dim", [3, 4, 5, 6, 7, 8, 9, 10, 11, 12]),
}
for fam, (opt, values) in PN_FAMILIES.items():
    for v in values:
        if fam.startswith("hamming"):
            add("statu", f"pn-{fam}-{v}", "hamming", "--side", v, "--dims", fam[-1])
        elif fam == "turan3":
            add("statu", f"pn-{fam}-{v}", "turan", "--n", v, "--r", 3)
        else:
            add("statu", f"pn-{fam}-{v}", fam, opt, v)
# The dragonfly is measured as the paper does, with minimal (local-global-local) routing: its closed forms.
for h in range(1, 17):
    add("describe", f"pn-dragonfly-{h}", "dragonfly", "--h", h)
# Tables 4-6: the exact instances.
PN_CASES = [("hamming", "--side", 22, "--dims", 2), ("demipn", "--q", 27), ("slimfly", "--q", 19), ("pn", "--q", 23),
            ("hamming", "--side", 29, "--dims", 2), ("demipn", "--q", 37), ("slimfly", "--q", 27), ("pn", "--q", 31),
            ("mlfm", "--n", 22), ("mlfm", "--n", 30), ("oft", "--q", 16), ("oft", "--q", 23)]
for case in PN_CASES:
    name = "pn-case-" + "-".join(str(a) for a in case if not str(a).startswith("--"))
    add("statu", name, *case)
for h in (7, 9):
    add("describe", f"pn-case-dragonfly-{h}", "dragonfly", "--h", h)

# ---- Hierarchical Dual-Net: Tables 1 and 3 (B = C2 x C3 x C5) ----------------------------------------------------
HDN_SUPER = {1: "none", 2: "0", 3: "1", 5: "2", 6: "0_1", 10: "0_2", 15: "1_2", 30: "0_1_2"}
HDN_SIZES = [1, 2, 3, 5, 6, 10, 15, 30]
HDN_EXACT_LIMIT = 13000  # instances up to this many nodes are also generated and their diameter measured


def hdn_name(sizes):
    return "hdn-" + "-".join(str(s) for s in sizes)


def hdn_args(sizes):
    return ["hdn", "--base", "2x3x5", "--levels", len(sizes), "--supernodes",
            ":".join(HDN_SUPER[s].replace("_", ",") for s in sizes)]


HDN_CONFIGS = [(s,) for s in HDN_SIZES] + [(a, b) for a in HDN_SIZES for b in HDN_SIZES]
for sizes in HDN_CONFIGS:
    add("describe", hdn_name(sizes), *hdn_args(sizes))
    # sizes from the describe formulas (N = (2 N0)^2 / s1 for one level) decide which are measured
    n0 = 30
    n = 2 * n0 * n0 // sizes[0]
    if len(sizes) == 2:
        n = 2 * n * n // sizes[1]
    if n <= HDN_EXACT_LIMIT:
        add("statd", hdn_name(sizes) + "-stat", *hdn_args(sizes))

# Table 3's reference networks: sizes and diameters from the closed forms.
add("describe", "hdn-ref-hypercube-10", "hypercube", "--dim", 10)
add("describe", "hdn-ref-torus-10", "torus", "--dims", "10x10x10")
add("describe", "hdn-ref-hypercube-19", "hypercube", "--dim", 19)
add("describe", "hdn-ref-torus-80", "torus", "--dims", "80x80x80")

# ---- CLEX (Lenzen & Wattenhofer): Tables I-IV and Figure 3 at full size, seed 1 --------------------------------
CLEX_SEED = 1
for name, k, levels, m, traffic in [("I", 32, 4, 28, "dense"), ("II", 64, 3, 57, "dense"),
                                    ("III", 32, 4, 4, "light"), ("IV", 64, 3, 5, "light")]:
    add("clex", f"clex-table-{name}", "--clique", k, "--levels", levels, "--messages", m, "--traffic", traffic,
        "--seed", CLEX_SEED)

# ---- Mapping tables (dissertation §3.3.4): one run per (matrix, machine, method), fixed budgets, seed 1 ------------
# args: PRESET MATRIX METHOD [topomap options]; run.py reads the matrix from data/matrices and runs
# topogen torus --preset PRESET | topomap --demand MATRIX -m METHOD ... with one thread and one restart.
MAP_MACHINES = [("bgl-1024", "BG/L 8x8x16", 1024), ("qcdoc-1024", "QCDOC 2x2x2x4x4x8", 1024),
                ("bgl-2048", "BG/L 16x8x16", 2048), ("qcdoc-2048", "QCDOC 2x2x2x4x4x16", 2048)]
MAP_MATRICES = [("662_bus", 662), ("young1c", 841), ("bcspwr09", 1723), ("bcsstk13", 2003)]  # (file stem, rows)
MAP_SEED = 1
MAP_ANNEAL_ITERATIONS = 32_000_000  # swap proposals
MAP_GENETIC_GENERATIONS = 1000
MAP_METHODS = {"identity": [], "greedy": [],
               "genetic": ["--iterations", MAP_GENETIC_GENERATIONS, "--seed", MAP_SEED],
               "anneal": ["--iterations", MAP_ANNEAL_ITERATIONS, "--seed", MAP_SEED]}


def map_name(matrix, preset, method):
    return f"map-{matrix}-{preset}-{method}"


def map_cells():
    """(matrix, rows, preset, label, nodes) for every table row: the 1024-node machines only for matrices that fit
    (padding with idle nodes, never cropping), the QCDOC 2048 partition only for the matrices too big for 1024."""
    for matrix, rows in MAP_MATRICES:
        for preset, label, nodes in MAP_MACHINES:
            if rows <= nodes and not (preset == "qcdoc-2048" and rows <= 1024):
                yield matrix, rows, preset, label, nodes


for matrix, rows, preset, label, nodes in map_cells():
    for method, extra in MAP_METHODS.items():
        add("map", map_name(matrix, preset, method), preset, matrix + ".mtx", method, *extra)
    # Scotch's scotch_gmap on the same demand and network, scored by topomap --evaluate (bench/scotch_io.py
    # converts the files). The Makefile runs these only when scotch_gmap and amk_grf are installed.
    add("scotch", map_name(matrix, preset, "scotch"), preset, matrix + ".mtx")

if __name__ == "__main__":
    if sys.argv[1] == "names":
        print(" ".join(n for n, (k, _) in RUNS.items() if k == sys.argv[2]))
    elif sys.argv[1] == "args":
        kind, args = RUNS[sys.argv[2]]
        print(kind, *args)
