#!/usr/bin/python3
"""The simulation items of `make experiments`, by `toposim run`.
Usage: simulate.py BIN_DIR clex-torus OUT.dat [CLIQUE|auto]  |  simulate.py BIN_DIR latency-load OUT.dat
Writes gnuplot data (blocks separated by two blank lines, one per series, a title line first) and, next to it,
OUT.md: a table of the same figures with the command lines. Writes atomically.

clex-torus: the CLEX §III workload (every node sends M = 28, then M = 4 messages to a random permutation of
destinations, batch mode: cycles until all are delivered) on the clique expander C(1/4,4) with clique CLIQUE (the
paper: 32, 32^4 nodes; auto, the default: the largest up to 32 whose CLEX run toposim takes within 90% of the
machine's memory) and on the torus CLIQUE x CLIQUE x CLIQUE x CLIQUE of the same node count, one terminal
per router and one flit per cycle on every channel (terminal and link) in both. Compared with the paper's
formula factors: hop reduction 7.3 and bandwidth gain 8.6 (CLEX §III, for 32^4 nodes against a 3-D torus).

latency-load: Slim Fly, dragonfly and a torus of similar size (about 340 terminals each) under uniform and
adversarial traffic (group shift on Slim Fly and dragonfly, tornado on the torus) with minimal, Valiant and UGAL
routing: packet latency against accepted load."""
import concurrent.futures
import json
import os
import shlex
import subprocess
import sys

PAPER_HOP_REDUCTION = 7.3  # CLEX §III: 3·32^(4/3) / (2 (1.03 + 2.05 + 4.11 + 13.69))
PAPER_BANDWIDTH_GAIN = 8.6  # CLEX §III: 3·32^(4/3) / (2 (1 + 2 + 4 + 10.63))
SEED = 1

# name, topogen arguments, terminals per router, minimal routing, adversarial pattern, toposim extra options.
# Deadlock freedom: each routing's default VC scheme (toposim(1)), the VCs split evenly among its classes: on Slim
# Fly hop classes (Valiant routes of up to 4 hops), on the dragonfly a class per global link crossed (3 VCs, as
# BookSim2's dragonfly), on the torus a class per Valiant phase and ring part (4 classes, 2 VCs each). Buffers of
# 32 flits, so that UGAL's threshold of 30 flits (BookSim2's) leaves it room to choose.
NETWORKS = [
    ("Slim Fly q=7 (98 routers x 4)", ["slimfly", "--q", "7"], 4, "slimfly", "group-shift",
     ["--vcs", "4", "--buffer", "32"]),
    ("dragonfly h=3 (114 routers x 3)", ["dragonfly", "--h", "3"], 3, "dragonfly", "group-shift",
     ["--vcs", "3", "--buffer", "32"]),
    ("torus 7x7x7 (343 routers x 1)", ["torus", "--dims", "7x7x7"], 1, "dor", "tornado",
     ["--vcs", "8", "--buffer", "32"]),
]
ROUTINGS = [("minimal", None), ("Valiant", "valiant"), ("UGAL", "ugal")]
SWEEP = "0.05:0.95:0.1"


def toposim_run(bin_dir, gen, options, may_not_fit=False):
    """The run's JSON and its command line; with may_not_fit, None when toposim stops for its memory limit (exit 1):
    before it starts, its estimate above the limit (checked before anything large is allocated, so that costs a
    moment), or while it runs, its packets and VC state past what the estimate leaves."""
    topogen, toposim = os.path.join(bin_dir, "topogen"), os.path.join(bin_dir, "toposim")
    g = subprocess.run([topogen, *gen, "--format", "descriptor"], capture_output=True, check=True)
    cmd = [toposim, "run", "--quiet", *options]
    p = subprocess.run(cmd, input=g.stdout, capture_output=True)
    text = f"topogen {shlex.join(gen)} --format descriptor | toposim run {shlex.join(cmd[2:])}"
    if p.returncode == 1 and may_not_fit and "--max-memory" in p.stderr.decode():
        return None
    if p.returncode != 0:
        sys.exit(f"simulate.py: {text} failed ({p.returncode}): {p.stderr.decode().strip()}")
    return json.loads(p.stdout), text


def clex_torus(bin_dir, out, clique):
    # The same router in both networks: 6 VCs of one flit. CLEX routes take at most 6 hops on C(1/4,4), so
    # hop-indexed VC classes need 6 VCs (the dependency check says so); the torus takes its dateline classes, 3 VCs
    # each. One-flit buffers keep the paper's size within this machine's memory (bench/RESULTS.md, "The paper's
    # size").
    router = ["--vcs", "6", "--buffer", "1"]

    def nets(k):
        return [("C(1/4,4)", ["clex", "--clique", str(k), "--levels", "4"], ["clex", "--vc-classes", "hop", *router]),
                (f"torus {k}x{k}x{k}x{k}", ["torus", "--dims", "x".join([str(k)] * 4)], ["dor", *router])]

    # The runs have the machine to themselves: up to 90% of its memory, not toposim's default 80% (the paper's size
    # takes 17.9 GiB at its peak on toposim's estimate of 18.5 GiB, close to the default's 18.8 on 24 GB).
    limit = f"{os.sysconf('SC_PHYS_PAGES') * os.sysconf('SC_PAGE_SIZE') * 9 // 10 >> 20}M"

    def options(algo, m):
        return ["--algo", *algo, "--messages", str(m), "--seed", str(SEED), "--no-provenance", "-j", str(os.cpu_count()),
                "--max-memory", limit]

    done = {}  # (network, M) -> a run already made
    auto = clique == "auto"
    k = 32 if auto else int(clique)
    while auto:  # the paper's size if it fits, else the largest that does: the first CLEX run toposim takes
        name, gen, algo = nets(k)[0]
        if (run := toposim_run(bin_dir, gen, options(algo, 28), may_not_fit=True)) is not None:
            done[(name, 28)] = run
            break
        if k == 2:
            sys.exit("simulate.py: no C(1/4,4) fits under toposim's memory limit")
        k -= 1
    rows, commands = [], []
    for m in (28, 4):
        res = {}
        for name, gen, algo in nets(k):
            doc, text = done.get((name, m)) or toposim_run(bin_dir, gen, options(algo, m))
            pt = doc["points"][0]
            res[name] = pt
            commands.append(text)
        c, t = (res[name] for name, _, _ in nets(k))
        rows.append({"m": m, "clex_cycles": c["cycles"], "torus_cycles": t["cycles"], "clex_hops": c["hops"]["mean"],
                     "torus_hops": t["hops"]["mean"], "clex_lat": c["latency"]["packet"]["mean"],
                     "torus_lat": t["latency"]["packet"]["mean"]})
    dat, md = [], []
    dat.append(f"# CLEX against the torus by simulation, {k}^4 nodes; commands: " + " ; ".join(commands))
    titles = ["hop reduction (torus / CLEX mean hops)", "throughput gain (torus / CLEX cycles to drain)",
              "latency ratio (torus / CLEX mean packet latency)"]
    for i, title in enumerate(titles):
        dat.append(f'"{title}"')
        for j, r in enumerate(rows):
            v = [r["torus_hops"] / r["clex_hops"], r["torus_cycles"] / r["clex_cycles"],
                 r["torus_lat"] / r["clex_lat"]][i]
            dat.append(f"{j} {v:.4f} \"M = {r['m']}\"")
        dat.append("\n")
    dat.append('"paper: hop reduction 7.3"')
    dat.extend([f"{j} {PAPER_HOP_REDUCTION}" for j in range(len(rows))] + ["\n"])
    dat.append('"paper: bandwidth gain 8.6"')
    dat.extend([f"{j} {PAPER_BANDWIDTH_GAIN}" for j in range(len(rows))])
    md.append(f"## CLEX C(1/4,4) against the torus {k}^4 by simulation ({k ** 4} nodes)\n")
    if k != 32:
        md.append(f"Size: clique {k}, not the paper's 32 (32^4 nodes): " +
                  ("the largest whose CLEX run fits in 90% of this machine's memory.\n" if auto else
                   "set by CLEX_CLIQUE (CLEX_CLIQUE=auto, the default, takes the largest that fits).\n"))
    md.append("Every node sends M packets of one flit to a random permutation of destinations (CLEX §III); "
              "one terminal per router, one flit per cycle on every channel (terminal and link) and the same router "
              "(6 VCs of one flit) in both networks.\n")
    md.append("| M | CLEX cycles to drain | torus cycles | gain (paper: 8.6) | CLEX mean hops | torus mean hops | "
              "hop reduction (paper: 7.3) | CLEX mean latency | torus mean latency |")
    md.append("|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        md.append(f"| {r['m']} | {r['clex_cycles']} | {r['torus_cycles']} | {r['torus_cycles'] / r['clex_cycles']:.2f} "
                  f"| {r['clex_hops']:.2f} | {r['torus_hops']:.2f} | {r['torus_hops'] / r['clex_hops']:.2f} | "
                  f"{r['clex_lat']:.1f} | {r['torus_lat']:.1f} |")
    md.append("\nCommands:\n")
    md.extend(f"    {c}" for c in commands)
    return dat, md


def latency_load(bin_dir, out):
    dat, md = ["# latency against accepted load; one block per network, traffic and routing"], []
    md.append("## Latency against load: Slim Fly, dragonfly, torus\n")
    md.append("| network | traffic | routing | last stable rate | accepted there | latency there |")
    md.append("|---|---|---|---|---|---|")
    commands = []
    sweeps = [(name, gen, traffic, rname,
               ["--algo", algo or minimal, "--traffic", traffic, "--terminals-per-router", str(t), "--sweep", SWEEP,
                "--seed", str(SEED), "--no-provenance", "-j", "1", *extra])
              for name, gen, t, minimal, adversarial, extra in NETWORKS
              for traffic in ("uniform", adversarial) for rname, algo in ROUTINGS]
    # One thread per sweep and a sweep per core: on networks of a few hundred routers a cycle is too little work
    # to split, and threads that meet twice a cycle wait for each other's time slices on a busy machine (a Slim
    # Fly point took 65 s of wall time with -j 2 against 17 s with -j 1, the same output). Same output either way.
    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count()) as pool:
        runs = list(pool.map(lambda s: toposim_run(bin_dir, s[1], s[4]), sweeps))
    for (name, gen, traffic, rname, _), (doc, text) in zip(sweeps, runs):
        commands.append(text)
        dat.append(f'"{name}, {traffic}, {rname}"')
        last = None
        for pt in doc["points"]:
            if not pt.get("stable"):
                break
            dat.append(f"{pt['rate']:.3f} {pt['accepted']['mean']:.4f} {pt['latency']['packet']['mean']:.2f}")
            last = pt
        dat.append("\n")
        if last:
            md.append(f"| {name} | {traffic} | {rname} | {last['rate']:.2f} | {last['accepted']['mean']:.3f} "
                      f"| {last['latency']['packet']['mean']:.1f} |")
        else:
            md.append(f"| {name} | {traffic} | {rname} | unstable at {doc['points'][0]['rate']} | - | - |")
    md.append("\nCommands:\n")
    md.extend(f"    {c}" for c in commands)
    return dat, md


def main():
    bin_dir, kind, out = sys.argv[1:4]
    if kind == "clex-torus":
        dat, md = clex_torus(bin_dir, out, sys.argv[4] if len(sys.argv) > 4 else "auto")
    elif kind == "latency-load":
        dat, md = latency_load(bin_dir, out)
    else:
        sys.exit(f"simulate.py: unknown item {kind}")
    for path, text in ((out, dat), (out[:-4] + ".md", md)):
        tmp = f"{path}.tmp.{os.getpid()}"
        with open(tmp, "w") as f:
            f.write("\n".join(text) + "\n")
        os.replace(tmp, path)


if __name__ == "__main__":
    main()
