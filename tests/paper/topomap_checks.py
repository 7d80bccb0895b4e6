#!/usr/bin/env python3
"""topomap against independent oracles and the data's own answers (doc/definitions.md §6).

* every demand file in $TOPO_DATA/matrices: parsed by an independent reader here, scored with ROMap on a
  ring of n nodes (S_ij = min(|i-j|, n-|i-j|)); topomap --method identity must give the same cost;
* every QAPLIB .sln is reproduced by --evaluate (the README's four inverse permutations with --inverse, and
  those four must NOT match when read directly);
* young1c on a 29x29 mesh with unit weights: ROMap costs 1624 = the number of undirected demand pairs, a lower
  bound (every pair is at least one hop), so identity is optimal;
* Scotch and plain mapping files round-trip; the row-on-demand supply scores like the dense one;
* bad inputs exit 1 with one line 'topomap: ...'.
The matrices and QAPLIB instances are in the repository's data/matrices and data/qaplib (data/README.md);
$TOPO_DATA names another folder holding matrices/ and qaplib/.
Usage: topomap_checks.py BIN_DIR
"""
import json
import math
import os
import pathlib
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from harness import check, finish  # noqa: E402

BIN = pathlib.Path(sys.argv[1])
DATA = pathlib.Path(os.environ.get("TOPO_DATA", pathlib.Path(__file__).resolve().parents[2] / "data"))
if not (DATA / "matrices").is_dir() or not (DATA / "qaplib").is_dir():
    sys.exit(f"topomap_checks.py: no matrices/ and qaplib/ in {DATA} (the repository's data/, or TOPO_DATA)")


def run(*args, ok=True):
    p = subprocess.run([str(BIN / args[0]), *map(str, args[1:])], capture_output=True, text=True)
    if ok and p.returncode != 0:
        raise RuntimeError(f"{args}: exit {p.returncode}: {p.stderr}")
    return p


# ---- independent demand readers (pair weights: (|a_ij| + |a_ji|) / 2, symmetric files mirrored) ----
def pairs_from_entries(entries, symmetric):
    ordered = {}
    for i, j, v in entries:
        if i == j:
            continue
        keys = [(i, j), (j, i)] if symmetric else [(i, j)]
        for k in keys:
            if symmetric:
                ordered.setdefault(k, v)
            else:
                ordered[k] = ordered.get(k, 0.0) + v
    pairs = {}
    for (i, j), v in ordered.items():
        k = (min(i, j), max(i, j))
        pairs[k] = pairs.get(k, 0.0) + v / 2
    return pairs


def read_mm(path, unit):
    lines = open(path).read().splitlines()
    head = lines[0].lower().split()
    field, sym = head[3], head[4]
    body = [l for l in lines[1:] if l.strip() and not l.startswith("%")]
    n = int(body[0].split()[0])
    entries = []
    for l in body[1:]:
        t = l.split()
        i, j = int(t[0]) - 1, int(t[1]) - 1
        if unit or field == "pattern":
            v = 1.0
        elif field == "complex":
            v = math.hypot(float(t[2]), float(t[3]))
        else:
            v = abs(float(t[2]))
        entries.append((i, j, v))
    return n, pairs_from_entries(entries, sym != "general")


def read_hb_pattern(path):
    lines = open(path).read().splitlines()
    counts = lines[1].split()
    ptrcrd, indcrd, rhscrd = int(counts[1]), int(counts[2]), int(counts[4]) if len(counts) > 4 else 0
    t = lines[2].split()
    mxtype, n, nnz = t[0].lower(), int(t[1]), int(t[3])
    start = 4 + (1 if rhscrd > 0 else 0)
    ptr = [int(x) for l in lines[start:start + ptrcrd] for x in l.split()]
    ind = [int(x) for l in lines[start + ptrcrd:start + ptrcrd + indcrd] for x in l.split()]
    assert len(ptr) == n + 1 and len(ind) == nnz, path
    entries = [(ind[k] - 1, c, 1.0) for c in range(n) for k in range(ptr[c] - 1, ptr[c + 1] - 1)]
    return n, pairs_from_entries(entries, mxtype[1] in "shz")


def ring_cost(n, pairs):
    return sum(w * min(abs(i - j), n - abs(i - j)) for (i, j), w in pairs.items())


def topomap_json(*args):
    return json.loads(run("topomap", *args, "--json", "--no-provenance").stdout)


with tempfile.TemporaryDirectory() as tmp:
    tmp = pathlib.Path(tmp)
    rings = {}

    def ring(n):
        if n not in rings:
            path = tmp / f"ring{n}.el"
            path.write_text(run("topogen", "ring", "--nodes", n).stdout)
            rings[n] = path
        return rings[n]

    mats = DATA / "matrices"
    for f in sorted(mats.iterdir()):
        if f.suffix == ".mtx":
            for unit in (True, False):
                n, pairs = read_mm(f, unit)
                want = ring_cost(n, pairs)
                j = topomap_json(ring(n), "--demand", f, "--method", "identity", "--weights", "unit" if unit else "magnitude")
                check(f"{f.name} tasks", j["tasks"] == n, f"{j['tasks']} != {n}")
                check(f"{f.name} pairs", j["demand_pairs"] == len([w for w in pairs.values() if w]), f"{j['demand_pairs']}")
                check(f"{f.name} ring cost unit={unit}", abs(j["cost"] - want) <= 1e-9 * max(1, want), f"{j['cost']} != {want}")
        elif f.suffix in (".rua", ".rsa", ".psa", ".csa"):
            n, pairs = read_hb_pattern(f)
            want = ring_cost(n, pairs)
            j = topomap_json(ring(n), "--demand", f, "--method", "identity", "--weights", "unit")
            check(f"{f.name} tasks", j["tasks"] == n)
            check(f"{f.name} pairs", j["demand_pairs"] == len(pairs), f"{j['demand_pairs']} != {len(pairs)}")
            check(f"{f.name} ring cost", abs(j["cost"] - want) <= 1e-9 * max(1, want), f"{j['cost']} != {want}")
            jm = topomap_json(ring(n), "--demand", f, "--method", "identity")  # values parse (D exponents etc.)
            check(f"{f.name} magnitude cost positive", jm["cost"] > 0)

    # QAPLIB: every .sln reproduced; the README's inverse cases need --inverse.
    inverse = {"kra30a", "tai60a", "tho30", "esc128"}
    q = DATA / "qaplib"
    for dat in sorted(q.glob("*.dat")):
        sln = dat.with_suffix(".sln")
        inv = dat.stem in inverse
        j = topomap_json("--qap", dat, "--evaluate", sln, *(["--inverse"] if inv else []))
        check(f"{dat.stem} .sln cost", j["matches_stored_cost"] and j["cost"] == j["stored_cost"],
              f"{j['cost']} vs {j['stored_cost']}")
        if inv:
            jd = topomap_json("--qap", dat, "--evaluate", sln)
            check(f"{dat.stem} direct reading differs", not jd["matches_stored_cost"])

    # young1c on a 29x29 mesh: ROMap = 1624 = the number of pairs, a lower bound.
    mesh = tmp / "mesh29.el"
    mesh.write_text(run("topogen", "mesh", "--dims", "29x29").stdout)
    j = topomap_json(mesh, "--demand", mats / "young1c.mtx", "--method", "identity", "--weights", "unit")
    check("young1c identity on 29x29 mesh", j["cost"] == 1624 and j["demand_pairs"] == 1624, f"{j['cost']}")
    j = topomap_json(mesh, "--demand", mats / "young1c.mtx", "--method", "anneal", "--weights", "unit",
                     "--iterations", 200000, "-j", 1)
    check("anneal cannot beat the lower bound", j["cost"] >= 1624)
    # the derived young4c has the same off-diagonal pattern (README); young3c is a different pattern
    for other in ("young4c_offdiag.mtx",):
        jo = topomap_json(mesh, "--demand", mats / other, "--method", "identity", "--weights", "unit")
        check(f"{other} identity on 29x29 mesh", jo["cost"] == 1624, f"{jo['cost']}")

    # Mapping files: Scotch and plain round trips; rows mode equals dense mode; determinism across threads.
    t4 = tmp / "t.el"
    t4.write_text(run("topogen", "torus", "--dims", "8x8x8").stdout)
    dem = mats / "bcspwr03.mtx"
    for fmt in ("scotch", "plain"):
        mp = tmp / f"m.{fmt}"
        j = topomap_json(t4, "--demand", dem, "--method", "anneal", "--iterations", 50000, "-o", mp,
                         "--mapping-format", fmt, "-j", 1)
        je = topomap_json(t4, "--demand", dem, "--evaluate", mp)
        check(f"{fmt} mapping round trip", je["cost"] == j["cost"], f"{je['cost']} != {j['cost']}")
        jr = topomap_json(t4, "--demand", dem, "--evaluate", mp, "--supply", "rows")
        check(f"rows supply scores like dense ({fmt})", jr["cost"] == j["cost"])
        first = mp.read_text().splitlines()[0]
        check(f"{fmt} file layout", (first == "118") == (fmt == "scotch"), first)
    a = topomap_json(t4, "--demand", dem, "--method", "anneal", "--iterations", 30000, "--restarts", 3, "-j", 1)
    b = topomap_json(t4, "--demand", dem, "--method", "anneal", "--iterations", 30000, "--restarts", 3, "-j", 2)
    check("same mapping with 1 and 2 threads", a["mapping"] == b["mapping"] and a["cost"] == b["cost"])
    c = topomap_json(t4, "--demand", dem, "--method", "anneal", "--iterations", 30000, "--restarts", 3, "-j", 1, "--seed", 2)
    check("another seed, another run", c["mapping"] != a["mapping"])

    # Bad inputs: exit 1, one line starting 'topomap:'.
    bad = tmp / "bad.mtx"
    bad.write_text("%%MatrixMarket matrix coordinate real general\n3 3 2\n1 2 1.0\n4 1 2.0\n")
    trunc = tmp / "trunc.dat"
    trunc.write_text("3\n1 2 3\n4 5 6\n")
    dup = tmp / "dup.map"
    dup.write_text("0\n1\n1\n")
    cases = {
        "index out of range": (["topomap", t4, "--demand", bad], f"topomap: {bad}:4: index (4, 1) outside 1..3"),
        "truncated QAPLIB": (["topomap", "--qap", trunc], f"topomap: {trunc}:3: unexpected end of file, expected an entry of A"),
        "more tasks than nodes": (["topomap", ring(10), "--demand", mats / "bcspwr01.mtx"],
                                  f"topomap: {mats / 'bcspwr01.mtx'}: 39 tasks but the network has only 10 nodes"),
        "supply too large": (["topomap", t4, "--demand", dem, "--max-supply-mb", "0.1"],
                             "topomap: the supply matrix of 512 nodes needs 262144 bytes (0.0 GiB), more than the limit "
                             "of 104857 bytes; use --supply rows to compute BFS rows on demand"),
        "duplicate node in mapping": (["topomap", ring(3), "--demand", mats / "bcspwr01.mtx", "--evaluate", dup], None),
    }
    for name, (args, want) in cases.items():
        p = run(*args, ok=False)
        lines = p.stderr.splitlines()
        check(f"bad input: {name}: exit 1", p.returncode == 1, f"exit {p.returncode}")
        check(f"bad input: {name}: one line", len(lines) == 1 and lines[0].startswith("topomap: "), repr(p.stderr))
        if want:
            check(f"bad input: {name}: message", lines and lines[0] == want, repr(p.stderr))
    dup_ok = tmp / "ok3.el"
    dup_ok.write_text("0 1\n1 2\n")
    p = run("topomap", ring(3), "--demand", dup_ok, "--evaluate", dup, ok=False)
    check("duplicate node named", p.returncode == 1 and "tasks 1 and 2 are both mapped to node 1" in p.stderr, p.stderr)

finish()
