#!/usr/bin/env python3
"""toposim run side by side with BookSim2: the same configurations in both, zero-load latency, saturation and speed.

Usage: bench/booksim.py [--bin BIN_DIR] [--work DIR] [--quick] [--baseline-bin DIR] [--reps N] [SECTION...]
SECTION: build, sanity, kncube, valiant, dragonfly, flatfly, speed (default: all of them, in that order), scale (not
in the default: the 16^4 torus, about 10 minutes of CPU and 7 GB of memory), ugal (not in the default: toposim
alone, MIN, VAL, UGAL-L, UGAL-G and PAR on dragonflyconfig's network, which BookSim2 has only MIN and UGAL-L for;
about 25 CPU-minutes), dragonfly-saturation (MIN and UGAL on dragonflyconfig under uniform traffic, bisected) and
latency-load (make experiments' latency-load curves where BookSim2 has the network).

BookSim2 is built from the peer tarball (BOOKSIM_TARBALL, default /work/shared/peers/booksim2-28f43299.tar.gz)
into the scratch folder bench/booksim-build/ (gitignored, never part of the product). It needs flex and bison
(apt-get install flex bison). BookSim2 exits with status 255 on success, so runs are judged by the statistics
they print, never by the exit status. When BIN_DIR/toposim has no `run` command, only BookSim2's figures and the
analytic bounds are printed and the missing side is named.

Saturation, for both simulators alike: bisection on the offered rate (flits per terminal per cycle) between 0 and
1; a rate passes when the run is stable (BookSim2 does not print "unstable"; toposim reports "stable": true),
the accepted rate is at least 0.97 x the offered rate and the average packet latency is at most 3 x the zero-load
latency (the latency at rate 0.01). Accepted load alone overstates saturation.
"""
import argparse
import fcntl
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
TARBALL = os.environ.get("BOOKSIM_TARBALL", "/work/shared/peers/booksim2-28f43299.tar.gz")
ZERO_LOAD_RATE = 0.01
BISECT_STEPS = 8  # resolution 1/256 of the rate range
WORKERS = int(os.environ.get("WORKERS", "4"))  # configurations bisected at once (each run is one process)


def run_timed(args, stdin=None, usage=None):
    """Runs a command: (stdout, stderr, exit status, wall seconds, CPU seconds of the child: user + system).
    CPU time is what the speed table compares: the machine is shared, so wall time depends on the load.
    usage: a dict that gets the child's peak resident memory ("rss_mb")."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err, tempfile.TemporaryFile() as inp:
        if stdin is not None:
            inp.write(stdin)
            inp.seek(0)
        t0 = time.perf_counter()
        p = subprocess.Popen(args, stdin=inp, stdout=out, stderr=err)
        _, status, ru = os.wait4(p.pid, 0)
        wall = time.perf_counter() - t0
        if usage is not None:
            usage["rss_mb"] = ru.ru_maxrss / 1024
        p.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        return out.read().decode(), err.read().decode(), p.returncode, wall, ru.ru_utime + ru.ru_stime


# k-ary n-cube configuration: BookSim2's defaults (src/booksim_config.cpp) with the settings of bench/RESULTS.md.
KNCUBE = """topology = {topology};
k = 8;
n = 2;
routing_function = dim_order;
num_vcs = {vcs};
vc_buf_size = 8;
packet_size = 1;
traffic = {traffic};
injection_rate = {rate};
"""
# BookSim2's manual, examples/torus88 (Figure 2 prints num_vcs = 2 and 33.6964 cycles).
SANITY = """topology = torus;
k = 8;
n = 2;
routing_function = dim_order;
num_vcs = 2;
traffic = uniform;
injection_rate = 0.15;
"""
# (BookSim2's name, ours, toporoute's pattern for the bound)
KNCUBE_TRAFFIC = [("uniform", "uniform", "all-to-all"), ("transpose", "transpose", "transpose"),
                  ("bitcomp", "bit-complement", "bit-complement"), ("tornado", "tornado", "tornado")]
DRAGONFLY_TRAFFIC = [("uniform", "uniform"), ("bad_dragon", "group-shift")]
# BookSim2's min is local-global-local with a VC per phase (3 VCs); ours the same routing (--algo dragonfly). Its
# ugal (ugal_dragonflynew) keeps the 3 VCs; ours too, with its default scheme for ugal on a dragonfly (classes by
# global links crossed, Kim et al. 2008) and BookSim2's decision rule, threshold (30) and queue (credits in use).
DRAGONFLY_ROUTING = [("min", ["--algo", "dragonfly", "--vcs", "3"]),
                     ("ugal", ["--algo", "ugal", "--vcs", "3", "--ugal-queue", "credits"])]
# Rates compared on the dragonfly: zero load, and loads below and near saturation (MIN under bad_dragon saturates
# near 1/32: a group's 32 terminals share one global link to the next group).
DRAGONFLY_RATES = {("min", "uniform"): (0.01, 0.1, 0.3, 0.5), ("ugal", "uniform"): (0.01, 0.1, 0.3, 0.5),
                   ("min", "bad_dragon"): (0.01, 0.02, 0.04), ("ugal", "bad_dragon"): (0.01, 0.1, 0.3)}
# Valiant on the 8x8 torus and mesh as BookSim2 routes it (valiant_torus, valiant_mesh: dimension order to a random
# node and on); ours: --algo valiant with its default scheme (a class per phase, times the ring part on the torus).
VALIANT_CASES = [("torus", 4, "uniform", "uniform"), ("torus", 4, "tornado", "tornado"),
                 ("torus", 8, "uniform", "uniform"), ("mesh", 4, "uniform", "uniform"),
                 ("mesh", 4, "tornado", "tornado")]


def log(msg):
    print(msg, file=sys.stderr, flush=True)


class BookSim:
    def __init__(self, work):
        self.work = work
        self.exe = os.path.join(work, "src", "booksim")
        # BookSim2's figures do not depend on our simulator: kept between runs (same command, same figures).
        self.cache_file = os.path.join(work, "results-cache.json")
        self.cache = {}
        if os.path.exists(self.cache_file):
            with open(self.cache_file) as f:
                self.cache = json.load(f)
        self.lock = threading.Lock()

    def build(self):
        if os.path.exists(self.exe):
            return
        for tool in ("flex", "bison", "make", "g++"):
            if shutil.which(tool) is None:
                sys.exit(f"booksim.py: building BookSim2 needs {tool} (apt-get install -y flex bison g++ make)")
        if not os.path.exists(TARBALL):
            sys.exit(f"booksim.py: {TARBALL}: BookSim2 source tarball not found (set BOOKSIM_TARBALL)")
        os.makedirs(self.work, exist_ok=True)
        with tarfile.open(TARBALL) as tar:
            tar.extractall(self.work)
        log(f"building BookSim2 in {self.work} ...")
        subprocess.run(["make", "-C", os.path.join(self.work, "src"), "-j2"], check=True,
                       stdout=subprocess.DEVNULL)

    def config_path(self, name):
        return os.path.join(self.work, "runfiles", name)

    def run(self, config_text=None, config_file=None, overrides=(), fresh=False):
        """One BookSim2 run: a dict of packet latency, network latency, accepted flit rate, stability, cycles and
        wall seconds. config_text is written to a scratch file; overrides are key=value arguments."""
        with tempfile.NamedTemporaryFile("w", suffix=".cfg", delete=False) as f:
            if config_text is not None:
                f.write(config_text)
            path = f.name
        args = [self.exe, config_file or path] + [f"{k}={v}" for k, v in overrides]
        key = (config_text or config_file) + repr(list(overrides))
        with self.lock:
            if key in self.cache and not fresh:
                return self.cache[key]
        usage = {}
        out, _, _, wall, cpu = run_timed(args, usage=usage)
        os.unlink(path)
        res = parse_booksim(out, wall, args)
        res["cpu"] = cpu
        res.update(usage)
        with self.lock, open(self.cache_file + ".lock", "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)  # several runs of this script may share the cache: merge
            if os.path.exists(self.cache_file):
                with open(self.cache_file) as f:
                    self.cache.update(json.load(f))
            self.cache[key] = res
            tmp = f"{self.cache_file}.tmp.{os.getpid()}"
            with open(tmp, "w") as f:
                json.dump(self.cache, f)
            os.replace(tmp, self.cache_file)
        return res


def parse_booksim(out, wall, args):
    unstable = "unstable" in out.lower()
    overall = out.split("====== Overall Traffic Statistics ======")
    res = {"stable": not unstable and len(overall) > 1, "wall": wall, "command": " ".join(args[1:])}
    m = re.search(r"Time taken is (\d+) cycles", out)
    res["cycles"] = int(m.group(1)) if m else None
    m = re.search(r"Total run time ([0-9.eE+-]+)", out)
    res["booksim_run_time"] = float(m.group(1)) if m else None
    if len(overall) > 1:
        s = overall[1]
        res["latency"] = float(re.search(r"Packet latency average = ([0-9.eE+-]+)", s).group(1))
        res["network_latency"] = float(re.search(r"Network latency average = ([0-9.eE+-]+)", s).group(1))
        res["accepted"] = float(re.search(r"Accepted flit rate average = ([0-9.eE+-]+)", s).group(1))
        m = re.search(r"Hops average = ([0-9.eE+-]+)", s)
        res["hops"] = float(m.group(1)) if m else None
    elif res["stable"] is False and not unstable and "Error" in out:
        sys.exit(f"booksim.py: BookSim2 failed: {' '.join(args)}\n{out[-2000:]}")
    return res


class Toposim:
    def __init__(self, bin_dir):
        self.bin = bin_dir
        self.exe = os.path.join(bin_dir, "toposim")
        self.available = False
        if os.path.exists(self.exe):
            p = subprocess.run([self.exe, "run", "--help"], capture_output=True, text=True)
            self.available = p.returncode == 0
        self.graphs = {}

    def graph(self, name, gen_args):
        if name not in self.graphs:
            path = os.path.join(tempfile.gettempdir(), f"booksim-bench-{os.getpid()}-{name}.json")
            subprocess.run([os.path.join(self.bin, "topogen")] + gen_args + ["--format", "json", "-o", path],
                           check=True)
            self.graphs[name] = path
        return self.graphs[name]

    def run(self, graph, options):
        args = [self.exe, "run", "--no-provenance", "--quiet"] + options + ([] if "-j" in options else ["-j", "1"]) \
            + [graph]
        usage = {}
        out, err, rc, wall, cpu = run_timed(args, usage=usage)
        if rc != 0:
            return {"error": err.strip()[:300], "stable": False, "wall": wall, "cpu": cpu, "command": " ".join(args)}
        doc = json.loads(out)
        pt = doc["points"][0]
        res = {"stable": bool(pt.get("stable")) and pt.get("deadlock") is None, "converged": pt.get("converged"),
               "accepted": pt["accepted"]["mean"], "cycles": pt.get("cycles"), "wall": wall, "cpu": cpu,
               "vc_classes": doc["parameters"]["vc_classes"], "command": " ".join(args), **usage}
        if pt["latency"]["packet"] is not None:  # null for an unstable point, as BookSim2 prints nothing
            res.update(latency=pt["latency"]["packet"]["mean"], network_latency=pt["latency"]["network"]["mean"],
                       hops=pt["hops"]["mean"])
        return res

    def cleanup(self):
        for path in self.graphs.values():
            if os.path.exists(path):
                os.unlink(path)


def passes(res, rate, zero_load):
    return (res.get("stable") and "latency" in res and res["accepted"] >= 0.97 * rate
            and res["latency"] <= 3 * zero_load)


def saturation(run_at, steps=BISECT_STEPS):
    """Bisection on the rate with the criterion of the module docstring; run_at(rate) gives a result dict.
    Returns (zero-load latency, saturation rate, number of runs)."""
    zero = run_at(ZERO_LOAD_RATE)
    if "latency" not in zero:
        return None, None, 1
    lo, hi = ZERO_LOAD_RATE, 1.0
    for _ in range(steps):
        mid = (lo + hi) / 2
        if passes(run_at(mid), mid, zero["latency"]):
            lo = mid
        else:
            hi = mid
    return zero["latency"], lo, steps + 1


def analytic_bound(bin_dir, gen_args, algo, pattern):
    """1 / (max channel load per unit of injection) from toporoute --summary. BookSim2's uniform pattern includes
    the source itself, so uniform is all-to-all with N destinations: bound = N / (max arc load of all-to-all)."""
    if not os.path.exists(os.path.join(bin_dir, "toporoute")):
        return None, None
    gen = subprocess.run([os.path.join(bin_dir, "topogen")] + gen_args, capture_output=True, check=True)
    p = subprocess.run([os.path.join(bin_dir, "toporoute"), "--algo", algo, "--traffic", pattern, "--summary",
                        "--json", "--no-provenance"], input=gen.stdout, capture_output=True, check=True)
    summary = json.loads(p.stdout)
    load = find_key(summary, "max")
    nodes = find_key(summary, "nodes")
    if pattern == "all-to-all":
        return nodes / load, load
    return 1 / load, load


def find_key(obj, key, path=()):
    """First value of key in a nested JSON object, looked up under 'load' objects first."""
    if isinstance(obj, dict):
        if key == "max":
            for k in ("loads", "load", "link_loads", "arc_load"):
                if k in obj and isinstance(obj[k], dict) and "max" in obj[k]:
                    return obj[k]["max"]
        if key in obj and not isinstance(obj[key], (dict, list)):
            return obj[key]
        for v in obj.values():
            r = find_key(v, key)
            if r is not None:
                return r
    return None


def fmt(x, digits=3):
    return "-" if x is None else f"{x:.{digits}f}" if isinstance(x, float) else str(x)


def ratio(a, b):
    return None if a is None or not b else a / b


def pct(ours, theirs):
    if ours is None or theirs is None or theirs == 0:
        return "-"
    return f"{100 * (ours - theirs) / theirs:+.1f}%"


def section_sanity(bs, ts):
    print("\n## Sanity case of BookSim2's manual (examples/torus88)\n")
    print("8-ary 2-cube, dim_order, 2 VCs, uniform, 0.15 packets/node/cycle, 1-flit packets; "
          "the manual prints 33.70 cycles.\n")
    r = bs.run(SANITY)
    print(f"- BookSim2: packet latency {fmt(r.get('latency'), 2)} cycles, accepted {fmt(r.get('accepted'), 4)}, "
          f"{r['cycles']} cycles, {r['wall']:.2f} s")
    if ts.available:
        g = ts.graph("torus8x8", ["torus", "--dims", "8x8"])
        for label, extra in (("", []), (" with BookSim2's router timing", BOOKSIM_ROUTER),
                             (" with BookSim2's router and terminal timing", BOOKSIM_ROUTER + BOOKSIM_TERMINAL)):
            o = ts.run(g, ["--algo", "dor", "--traffic", "uniform", "--rate", "0.15", "--vcs", "2", "--buffer", "8",
                           "--packet-size", "1", "--link-latency", "2", "--seed", "1"] + BOOKSIM_TORUS + extra)
            print(f"- toposim run{label}: packet latency {fmt(o.get('latency'), 2)} cycles, accepted "
                  f"{fmt(o.get('accepted'), 4)} ({pct(o.get('latency'), r.get('latency'))} against BookSim2, "
                  f"{pct(o.get('latency'), 33.70)} against the manual's 33.70)"
                  + (f" ERROR: {o['error']}" if "error" in o else ""))
            print(f"  `{o['command']}`")
    else:
        print("- toposim run: not available in this build")


def latency_cells(b, o):
    """The cells BookSim2 latency | ours latency | diff | BookSim2 accepted | ours accepted of one rate's runs
    (a latency only for a stable run; "-" when ours did not run)."""
    lb = b.get("latency") if b.get("stable") else None
    lo = o.get("latency") if o.get("stable") else None
    return (f"{fmt(lb, 2) if lb else 'unstable'} | {fmt(lo, 2) if lo else ('unstable' if o else '-')} | "
            f"{pct(lo, lb)} | {fmt(b.get('accepted'))} | {fmt(o.get('accepted'))}")


def both_saturations(bs_run, ts_run, ts):
    """(BookSim2 zero-load, BookSim2 saturation, ours zero-load, ours saturation) for one configuration."""
    z_bs, s_bs, _ = saturation(bs_run)
    z_ts = s_ts = None
    if ts.available:
        z_ts, s_ts, _ = saturation(ts_run)
    return z_bs, s_bs, z_ts, s_ts


def section_kncube(bs, ts, bin_dir, quick):
    print("\n## 8x8 mesh and 8x8 torus, DOR, 1-flit packets, 4 VCs x 8-flit buffers\n")
    print("BookSim2: its defaults (src/booksim_config.cpp: iq router, routing, VC and switch allocation delays 1, "
          "islip allocators, warm-up 3 x 1000 cycles) with topology, k = 8, n = 2, routing_function = dim_order, "
          "num_vcs = 4, vc_buf_size = 8, packet_size = 1, traffic, injection_rate. toposim run: the same through "
          "its options (below). Zero-load latency T0: mean packet latency at rate 0.01 (cycles). Saturation: "
          "bisection on the rate (flits/node/cycle; stable, accepted >= 0.97 x offered, latency <= 3 x T0). "
          "Bound: 1 / max channel load of toporoute --summary for DOR and the same pattern.\n")
    traffic = KNCUBE_TRAFFIC[:1] if quick else KNCUBE_TRAFFIC
    jobs = []
    for topo in ("mesh", "torus"):
        gen = [topo, "--dims", "8x8"]
        g = ts.graph(f"{topo}8x8", gen) if ts.available else None
        for bs_name, our_name, route_pattern in traffic:
            def bs_run(r, topo=topo, bs_name=bs_name):
                return bs.run(KNCUBE.format(topology=topo, vcs=4, traffic=bs_name, rate=r))

            def ts_run(r, g=g, our_name=our_name, topo=topo, extra=()):
                return ts.run(g, KNCUBE_OURS + LINK_LATENCY[topo] + ["--traffic", our_name, "--rate", str(r)]
                              + list(extra))
            jobs.append((topo, our_name, analytic_bound(bin_dir, gen, "dor", route_pattern), bs_run, ts_run))
    with ThreadPoolExecutor(WORKERS) as pool:
        results = list(pool.map(lambda j: both_saturations(j[3], j[4], ts), jobs))
        booksim_router = list(pool.map(lambda j: saturation(lambda r: j[4](
            r, extra=BOOKSIM_ROUTER + (BOOKSIM_TORUS if j[0] == "torus" else []))) if ts.available else (None, None, None),
                                       jobs))
    print(f"toposim run options: `{' '.join(KNCUBE_OURS)} --traffic T --rate R GRAPH`; \"BookSim2's router\": "
          f"with `{' '.join(BOOKSIM_ROUTER)}` too, and on the torus `{' '.join(BOOKSIM_TORUS)}`\n")
    print("| network | traffic | bound | BookSim2 T0 | ours T0 | diff | BookSim2 sat | ours sat | diff | "
          "BookSim2 sat / bound | ours sat / bound | ours, BookSim2's router: T0 | sat | diff |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    for (topo, name, (bound, _), _, _), (z_bs, s_bs, z_ts, s_ts), (z_br, s_br, _) in zip(jobs, results,
                                                                                     booksim_router):
        print(f"| {topo} 8x8 | {name} | {fmt(bound)} | {fmt(z_bs, 2)} | {fmt(z_ts, 2)} | {pct(z_ts, z_bs)} | "
              f"{fmt(s_bs)} | {fmt(s_ts)} | {pct(s_ts, s_bs)} | {fmt(ratio(s_bs, bound), 2)} | "
              f"{fmt(ratio(s_ts, bound), 2)} | {fmt(z_br, 2)} | {fmt(s_br)} | {pct(s_br, s_bs)} |", flush=True)


def section_valiant(bs, ts, quick):
    print("\n## Valiant on the 8x8 torus and mesh, 1-flit packets, 8-flit buffers\n")
    print("BookSim2: the k-ary n-cube configuration above with routing_function = valiant (valiant_torus, "
          "valiant_mesh) and num_vcs as given; ours: `--algo valiant` with its default VC scheme (valiant: a class "
          "per phase, times the ring part on the torus, as BookSim2 splits its VCs). Zero-load latency T0 and "
          "saturation as above. Valiant's bound under uniform traffic is half that of DOR (the table above): 0.4 on the "
          "torus, 0.25 on the mesh. BookSim2's valiant_torus aborts on an assertion (routefunc.cpp: dor_next_torus leaves "
          "the ring part unset when a route goes on in the same dimension), so the torus rows have no BookSim2 figure.\n")
    cases = VALIANT_CASES[:1] if quick else VALIANT_CASES
    jobs = []
    for topo, vcs, bs_name, our_name in cases:
        g = ts.graph(f"{topo}8x8", [topo, "--dims", "8x8"]) if ts.available else None

        def bs_run(r, topo=topo, vcs=vcs, bs_name=bs_name):
            return bs.run(KNCUBE.format(topology=topo, vcs=vcs, traffic=bs_name, rate=r).replace(
                "routing_function = dim_order;", "routing_function = valiant;"))

        def ts_run(r, g=g, topo=topo, vcs=vcs, our_name=our_name):
            return ts.run(g, VALIANT_OURS + ["--vcs", str(vcs)] + LINK_LATENCY[topo] +
                          ["--traffic", our_name, "--rate", str(r)])
        jobs.append((topo, vcs, our_name, bs_run, ts_run))
    with ThreadPoolExecutor(WORKERS) as pool:
        results = list(pool.map(lambda j: both_saturations(j[3], j[4], ts), jobs))
    print("| network | VCs | traffic | BookSim2 T0 | ours T0 | diff | BookSim2 sat | ours sat | diff |")
    print("|---|---|---|---|---|---|---|---|---|")
    for (topo, vcs, name, _, _), (z_bs, s_bs, z_ts, s_ts) in zip(jobs, results):
        print(f"| {topo} 8x8 | {vcs} | {name} | {fmt(z_bs, 2)} | {fmt(z_ts, 2)} | {pct(z_ts, z_bs)} | {fmt(s_bs)} | "
              f"{fmt(s_ts)} | {pct(s_ts, s_bs)} |", flush=True)


def section_dragonfly(bs, ts, quick):
    print("\n## BookSim2's dragonflyconfig (p=4, a=8, h=4, 33 groups, 264 routers, 1,056 nodes)\n")
    print("runfiles/dragonflyconfig as shipped (3 VCs x 256 flits, local links 10 cycles, global 100, "
          "internal speedup 1.7, 1-flit packets), routing_function and traffic overridden; ours: "
          f"`topogen {' '.join(DRAGONFLY_GEN)} | toposim run {' '.join(DRAGONFLY_OPTS)} ROUTING --traffic T "
          "--rate R`. A BookSim2 run of this network costs about a CPU-minute, so it is compared at fixed rates "
          "(mean packet latency in cycles, accepted rate in flits/node/cycle; unstable = BookSim2 aborted the "
          "run, or ours reported it unstable) rather than bisected.\n")
    jobs = []
    g = ts.graph("dragonfly", DRAGONFLY_GEN) if ts.available else None
    for bs_route, our_route in DRAGONFLY_ROUTING[:1] if quick else DRAGONFLY_ROUTING:
        for bs_traffic, our_traffic in DRAGONFLY_TRAFFIC:
            for rate in DRAGONFLY_RATES[(bs_route, bs_traffic)]:
                jobs.append((bs_route, bs_traffic, rate, our_route, our_traffic))

    def one(job):
        bs_route, bs_traffic, rate, our_route, our_traffic = job
        b = bs.run(config_file=bs.config_path("dragonflyconfig"), overrides=(
            ("routing_function", bs_route), ("traffic", bs_traffic), ("injection_rate", rate)))
        o = ts.run(g, DRAGONFLY_OPTS + our_route + ["--traffic", our_traffic, "--rate", str(rate)]) \
            if ts.available else {}
        return b, o
    with ThreadPoolExecutor(max(WORKERS, len(jobs))) as pool:
        results = list(pool.map(one, jobs))
    print("| routing | traffic | rate | BookSim2 latency | ours latency | diff | BookSim2 accepted | ours accepted |")
    print("|---|---|---|---|---|---|---|---|")
    for (route, traffic, rate, _, _), (b, o) in zip(jobs, results):
        print(f"| {route} | {traffic} | {rate} | {latency_cells(b, o)} |", flush=True)


def section_dragonfly_saturation(bs, ts):
    print("\n## BookSim2's dragonflyconfig under uniform traffic: saturation of MIN and UGAL\n")
    print("The configurations of the table above, bisected on the criterion of the other tables (stable, accepted "
          f">= 0.97 x offered, latency <= 3 x zero-load) in {UGAL_STEPS} steps (to 1/64 of the rate range).\n")
    g = ts.graph("dragonfly", DRAGONFLY_GEN) if ts.available else None

    def one(job):
        bs_route, our_route = job

        def bs_run(rate):
            return bs.run(config_file=bs.config_path("dragonflyconfig"), overrides=(
                ("routing_function", bs_route), ("traffic", "uniform"), ("injection_rate", rate)))

        def ts_run(rate):
            return ts.run(g, DRAGONFLY_OPTS + our_route + ["--traffic", "uniform", "--rate", str(rate)])
        return saturation(bs_run, UGAL_STEPS)[:2], saturation(ts_run, UGAL_STEPS)[:2] if ts.available else (None, None)
    print("| routing | BookSim2 zero-load | BookSim2 saturation | ours zero-load | ours saturation | diff |")
    print("|---|---|---|---|---|---|", flush=True)
    with ThreadPoolExecutor(WORKERS) as pool:
        for (route, _), ((zb, sb), (zo, so)) in zip(DRAGONFLY_ROUTING, pool.map(one, DRAGONFLY_ROUTING)):
            print(f"| {route} | {fmt(zb, 2)} | {fmt(sb)} | {fmt(zo, 2)} | {fmt(so)} | {pct(so, sb)} |", flush=True)


# BookSim2's flatflyconfig: a 4-ary 2-flat (Kim, Dally and Abts, ISCA 2007), 16 routers in a 4 x 4 grid joined
# all-to-all in each row and column, 4 terminals each (c = 4, k = 4, n = 2), 64 nodes; ours the HyperX of the same
# shape. MIN: BookSim2's ran_min (min_flatfly: dimension order, every VC) against --algo hyperx; UGAL: BookSim2's
# ugal (ugal_flatfly_onchip) against --algo ugal with its rule (hop-weighted, threshold 2) and queue (credits in
# use). Traffic: uniform, and bit-complement, which on both sides sends a router's 4 terminals to the 4 of the
# router opposite in both dimensions (BookSim2 numbers nodes on an 8 x 8 grid of 2 x 2 blocks, we router by router).
FLATFLY_GEN = ["hyperx", "--widths", "4x4", "--terminals", "4"]
FLATFLY_OPTS = ["--vcs", "16", "--buffer", "8", "--packet-size", "1", "--routing-delay", "0", "--link-latency", "1",
                "--seed", "1"]
FLATFLY_ROUTING = [("ran_min", "MIN", ["--algo", "hyperx"]),
                   ("ugal", "UGAL", ["--algo", "ugal", "--ugal-rule", "hop-weighted", "--ugal-queue", "credits"])]
FLATFLY_TRAFFIC = [("uniform", "uniform"), ("bitcomp", "bit-complement")]
# flatflyconfig as shipped, with 1-cycle channels (use_noc_latency = 0; as shipped a channel takes 2 cycles per
# router it spans, which --link-latency cannot state for a HyperX); and the same with BookSim2's default router
# (islip allocators, 1 iteration, credit_delay 0), as our router is.
# Both with BookSim2's default sample_period of 1000 cycles (flatflyconfig's 10000 makes a run 10 x longer).
FLATFLY_BS = {"shipped": (("use_noc_latency", 0), ("sample_period", 1000)),
              "default router": (("use_noc_latency", 0), ("sample_period", 1000), ("vc_allocator", "islip"),
                                 ("sw_allocator", "islip"), ("alloc_iters", 1), ("credit_delay", 0))}
FLATFLY_STEPS = 7  # bisection steps: saturation to 1/128 of the rate range


def section_flatfly(bs, ts, quick):
    print("\n## BookSim2's flatflyconfig (4-ary 2-flat: 16 routers, 64 nodes), MIN and UGAL\n")
    print("runfiles/flatflyconfig (16 VCs x 8 flits, routing_delay 0, 1-flit packets) without its line `limit = 64`, "
          "which this BookSim2 refuses (unknown field), with routing_function, traffic, injection_rate, "
          "use_noc_latency = 0 (1-cycle channels) and sample_period = 1000 (BookSim2's default) overridden, as shipped "
          "(max_size VC and switch allocators with 2 iterations, credit_delay 2) and with BookSim2's default router "
          "(islip, 1 iteration, credit_delay 0); ours: "
          f"`topogen {' '.join(FLATFLY_GEN)} | toposim run {' '.join(FLATFLY_OPTS)} ROUTING --traffic T --rate R`, "
          "ROUTING `--algo hyperx` (MIN) or `--algo ugal --ugal-rule hop-weighted --ugal-queue credits` (UGAL). "
          "Zero-load latency T0 (rate 0.01, cycles) and saturation (flits/node/cycle) as in the other sections, "
          f"bisected in {FLATFLY_STEPS} steps.\n")
    # "Parse error : Unknown integer field: limit" with the file as shipped.
    with open(bs.config_path("flatflyconfig")) as f:
        config = "".join(line for line in f if not line.startswith("limit"))
    g = ts.graph("flatfly", FLATFLY_GEN) if ts.available else None
    jobs = [(bs_route, name, route, bs_traffic, our_traffic)
            for bs_route, name, route in FLATFLY_ROUTING
            for bs_traffic, our_traffic in (FLATFLY_TRAFFIC[1:] if quick else FLATFLY_TRAFFIC)]

    def one(job):
        bs_route, _, route, bs_traffic, our_traffic = job
        out = []
        for router in FLATFLY_BS.values():
            def bs_run(r, router=router):
                return bs.run(config, overrides=router + (
                    ("routing_function", bs_route), ("traffic", bs_traffic), ("injection_rate", r)))
            out.append(saturation(bs_run, FLATFLY_STEPS)[:2])

        def ts_run(r):
            return ts.run(g, FLATFLY_OPTS + route + ["--traffic", our_traffic, "--rate", str(r)])
        out.append(saturation(ts_run, FLATFLY_STEPS)[:2] if ts.available else (None, None))
        return out
    with ThreadPoolExecutor(WORKERS) as pool:
        results = list(pool.map(one, jobs))
    print("| routing | traffic | BookSim2 T0 | default router T0 | ours T0 | diff | BookSim2 sat | "
          "default router sat | ours sat | diff | diff to default router |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for (_, name, _, _, traffic), ((z_bs, s_bs), (z_df, s_df), (z_ts, s_ts)) in zip(jobs, results):
        print(f"| {name} | {traffic} | {fmt(z_bs, 2)} | {fmt(z_df, 2)} | {fmt(z_ts, 2)} | {pct(z_ts, z_bs)} | "
              f"{fmt(s_bs)} | {fmt(s_df)} | {fmt(s_ts)} | {pct(s_ts, s_bs)} | {pct(s_ts, s_df)} |", flush=True)


# The UGAL variants side by side on dragonflyconfig's network (Kim et al., ISCA 2008, Fig. 9: MIN, VAL, UGAL-L,
# UGAL-G), all with 4 VCs (PAR's dragonfly-par needs 4; the others' default scheme dragonfly splits them 1, 1, 2);
# the UGAL variants with each queue measure (--ugal-queue: waiting, the default, and BookSim2's credits).
UGAL_ROUTING = [("MIN", ["--algo", "dragonfly"]), ("VAL", ["--algo", "valiant"])] + [
    (f"{name} ({queue})", ["--algo", algo, "--ugal-queue", queue])
    for name, algo in (("UGAL-L", "ugal"), ("UGAL-G", "ugal-g"), ("PAR", "par")) for queue in ("waiting", "credits")]
UGAL_LOAD = {"group-shift": 0.2, "uniform": 0.3}  # an intermediate load of each pattern
UGAL_STEPS = 6  # bisection steps: saturation to 1/64 of the rate range (a high-load run of this network takes minutes)


def section_latency_load(bs, ts):
    """make experiments' latency-load curves (experiments/simulate.py) where BookSim2 has the network: the torus
    under DOR, and the dragonfly under MIN and UGAL, rate by rate until both simulators call a rate unstable."""
    sys.path.insert(0, os.path.join(HERE, "..", "experiments"))
    import simulate  # noqa: E402 (the experiment's own table of networks and options)
    print("\n## make experiments' latency-load curves against BookSim2\n")
    print("The curves of experiments/simulate.py (latency-load) whose network BookSim2 builds: the 7x7x7 torus under "
          "DOR (BookSim2: torus, k = 7, n = 3, dim_order, use_noc_latency = 0 for its 1-cycle links) and the dragonfly "
          "h = 3 under MIN and UGAL (BookSim2: dragonflynew, k = 3: 3 terminals, 6 routers a group, 19 groups; min "
          "and ugal). BookSim2's dragonflynew fixes its links at 10 cycles within a group and 100 between groups, so "
          "ours runs the dragonfly curves with `--link-latency local=10,global=100` (the experiment's links take 1 "
          "cycle). VCs, buffers, terminals, traffic and the rest as the experiment; BookSim2's other settings its "
          "defaults. Mean packet latency in cycles at each rate of the experiment's sweep.\n")
    rates = [float(x) for x in simulate.SWEEP.split(":")]
    rates = [round(rates[0] + i * rates[2], 4) for i in range(int(round((rates[1] - rates[0]) / rates[2])) + 1)]
    cases = []
    for name, gen, tpr, minimal, adversarial, extra in simulate.NETWORKS:
        vcs, buf = extra[extra.index("--vcs") + 1], extra[extra.index("--buffer") + 1]
        if gen[0] == "torus":
            k, n = gen[2].split("x")[0], len(gen[2].split("x"))
            config = (f"topology = torus;\nk = {k};\nn = {n};\nrouting_function = dim_order;\nnum_vcs = {vcs};\n"
                      f"vc_buf_size = {buf};\npacket_size = 1;\nuse_noc_latency = 0;\n")
            for traffic in ("uniform", adversarial):
                cases.append((name, traffic, "minimal", config, traffic, gen, ["--algo", minimal] + extra, tpr))
        elif gen[0] == "dragonfly":
            for rname, algo, bs_route in (("minimal", minimal, "min"), ("UGAL", "ugal", "ugal")):
                config = (f"topology = dragonflynew;\nk = {gen[2]};\nn = 1;\nrouting_function = {bs_route};\n"
                          f"num_vcs = {vcs};\nvc_buf_size = {buf};\npacket_size = 1;\n")
                for traffic, bs_traffic in (("uniform", "uniform"), (adversarial, "bad_dragon")):
                    cases.append((name, traffic, rname, config, bs_traffic, gen,
                                  ["--algo", algo] + extra + ["--link-latency", "local=10,global=100"], tpr))

    def one(case):
        name, traffic, rname, config, bs_traffic, gen, opts, tpr = case
        g = ts.graph(gen[0] + "-".join(gen[1:]).replace("--", ""), gen) if ts.available else None
        rows = []
        for rate in rates:
            b = bs.run(config + f"traffic = {bs_traffic};\ninjection_rate = {rate};\n")
            o = ts.run(g, opts + ["--traffic", traffic, "--terminals-per-router", str(tpr), "--seed", "1",
                                  "--rate", str(rate)]) if ts.available else {}
            rows.append((rate, b, o))
            if not b.get("stable") and not o.get("stable"):
                break
        return rows
    with ThreadPoolExecutor(WORKERS) as pool:
        results = list(pool.map(one, cases))
    print("| network | traffic | routing | rate | BookSim2 latency | ours latency | diff | BookSim2 accepted | "
          "ours accepted |")
    print("|---|---|---|---|---|---|---|---|---|")
    for (name, traffic, rname, *_), rows in zip(cases, results):
        for rate, b, o in rows:
            print(f"| {name} | {traffic} | {rname} | {rate:.2f} | {latency_cells(b, o)} |", flush=True)
    if results and results[0] and results[0][0][2].get("command"):
        print(f"\n  ours, e.g.: `{results[0][0][2]['command']}`\n")


def section_ugal(ts):
    print("\n## UGAL variants on dragonflyconfig's network (p=4, a=8, h=4, 1,056 nodes), toposim alone\n")
    print(f"`topogen {' '.join(DRAGONFLY_GEN)} | toposim run {' '.join(DRAGONFLY_OPTS)} --vcs 4 --algo A --traffic T "
          "--rate R`; zero-load latency (rate 0.01) and saturation as in the other sections (stable, accepted "
          f">= 0.97 x offered, latency <= 3 x zero-load) bisected in {UGAL_STEPS} steps, and the mean packet latency "
          "at an intermediate load.\n")
    if not ts.available:
        sys.exit("booksim.py: ugal needs toposim run (--bin)")
    g = ts.graph("dragonfly", DRAGONFLY_GEN)
    jobs = [(name, routing, traffic) for traffic in UGAL_LOAD for name, routing in UGAL_ROUTING]

    def one(job):
        _, routing, traffic = job

        def run_at(rate):
            return ts.run(g, DRAGONFLY_OPTS + ["--vcs", "4"] + routing + ["--traffic", traffic, "--rate", str(rate)])
        zero, sat, _ = saturation(run_at, UGAL_STEPS)
        return zero, sat, run_at(UGAL_LOAD[traffic])
    print("| traffic | routing | zero-load latency | saturation | latency at the intermediate load | hops there |")
    print("|---|---|---|---|---|---|", flush=True)
    with ThreadPoolExecutor(WORKERS) as pool:  # rows as they finish, in the order of the jobs
        for (name, _, traffic), (zero, sat, mid) in zip(jobs, pool.map(one, jobs)):
            lat = fmt(mid["latency"], 1) if mid.get("stable") and "latency" in mid else "unstable"
            hops = fmt(mid["hops"], 2) if mid.get("stable") and "hops" in mid else ""
            print(f"| {traffic} | {name} | {fmt(zero, 1) if zero else '-'} | {fmt(sat)} | {lat} "
                  f"({UGAL_LOAD[traffic]}) | {hops} |", flush=True)


def section_speed(bs, ts, baseline=None, reps=5):
    print("\n## Speed: simulated router-cycles per CPU second, side by side\n")
    print(f"Same configuration for both, runs alternated {reps} times (BookSim2, ours"
          f"{', ours before' if baseline else ''}, BookSim2, ...), best CPU time of each; time = CPU time (user + "
          "system, from wait4) of the whole process, start-up included (the machine is shared: wall time depends "
          "on the other load); router-cycles = routers x cycles simulated by that run (warm-up, measurement and "
          "drain). toposim run with -j 1; run this script with OMP_WAIT_POLICY=PASSIVE.\n")
    print("| case | routers | BookSim2 cycles | BookSim2 CPU s | BookSim2 router-cycles/s | ours cycles | "
          "ours CPU s | ours router-cycles/s | ratio |" + (" before CPU s | before ratio |" if baseline else ""))
    print("|---|---|---|---|---|---|---|---|---|" + ("---|---|" if baseline else ""))
    mesh = ["mesh", "--dims", "8x8"]
    df_opts = DRAGONFLY_OPTS + DRAGONFLY_ROUTING[0][1]

    def kncube(rate, period=None):
        return lambda: bs.run(KNCUBE.format(topology="mesh", vcs=4, traffic="uniform", rate=rate) +
                              "sim_type = latency;\n" + (f"sample_period = {period};\n" if period else ""),
                              fresh=True)

    def dragonfly(rate, period=None):
        return lambda: bs.run(config_file=bs.config_path("dragonflyconfig"), overrides=(
            ("routing_function", "min"), ("traffic", "uniform"), ("injection_rate", rate)) + (
            (("sample_period", period),) if period else ()), fresh=True)

    # BookSim2's dragonflyconfig at zero load, and the 8x8 mesh below and near saturation.
    cases = [("dragonfly 1,056 nodes (dragonflyconfig), MIN, uniform 0.01, 3 VCs x 256", 264, dragonfly(0.01),
              "dragonfly", DRAGONFLY_GEN, df_opts + ["--traffic", "uniform", "--rate", "0.01", "-j", "1"],
              dragonfly(0.01, LONG_PERIOD)),
             ("8x8 mesh, DOR, uniform 0.1, 4 VCs x 8, 1-flit packets", 64, kncube(0.1), "mesh8x8", mesh,
              KNCUBE_OURS + ["--traffic", "uniform", "--rate", "0.1", "-j", "1"], kncube(0.1, LONG_PERIOD)),
             ("8x8 mesh, DOR, uniform 0.4, 4 VCs x 8, 1-flit packets", 64, kncube(0.4), "mesh8x8", mesh,
              KNCUBE_OURS + ["--traffic", "uniform", "--rate", "0.4", "-j", "1"], kncube(0.4, LONG_PERIOD))]
    steady = []
    sims = [ts] + ([baseline] if baseline else [])
    for name, routers, run_bs, gname, gen, opts, run_bs_long in cases:
        best = [None] * (1 + len(sims))
        times = [[] for _ in best]
        for _ in range(reps):
            runs = [run_bs] + [lambda t=t: t.run(t.graph(gname, gen), opts) for t in sims if t.available]
            for k, run in enumerate(runs):
                r = run()
                if r.get("cycles"):
                    times[k].append(r["cpu"])
                    if best[k] is None or r["cpu"] < best[k]["cpu"]:
                        best[k] = r
        b, o = best[0] or {}, best[1] or {}
        rb = routers * b["cycles"] / b["cpu"] if b.get("cycles") else None
        ro = routers * o["cycles"] / o["cpu"] if o.get("cycles") else None
        row = (f"| {name} | {routers} | {b.get('cycles', '-')} | {fmt(b.get('cpu'), 3)} | {fmt(rb, 0)} | "
               f"{o.get('cycles', '-')} | {fmt(o.get('cpu'), 3)} | {fmt(ro, 0)} | "
               f"{f'{ro / rb:.1f}x' if rb and ro else '-'} |")
        if baseline:
            x = best[2] or {}
            rx = routers * x["cycles"] / x["cpu"] if x.get("cycles") else None
            row += f" {fmt(x.get('cpu'), 3)} | {f'{rx / rb:.1f}x' if rb and rx else '-'} |"
        print(row, flush=True)
        print(f"\n  CPU s of every run: BookSim2 {' '.join(f'{t:.3f}' for t in times[0])}; ours "
              f"{' '.join(f'{t:.3f}' for t in times[1])}"
              + (f"; before {' '.join(f'{t:.3f}' for t in times[2])}" if baseline else "") + "\n")
        if o:
            print(f"  BookSim2: `booksim {b['command']}`; ours: `{o['command']}`\n")
        # The same case with sample windows of LONG_PERIOD cycles: the difference of the two runs' CPU times over
        # the difference of their cycles is the cost of a simulated cycle, without either side's start-up.
        if b.get("cycles") and o.get("cycles"):
            long_opts = opts + ["--sample-period", str(LONG_PERIOD)]
            lb = lo = None
            for _ in range(max(1, reps // 2)):
                x = run_bs_long()
                if x.get("cycles") and (lb is None or x["cpu"] < lb["cpu"]):
                    lb = x
                y = ts.run(ts.graph(gname, gen), long_opts)
                if y.get("cycles") and (lo is None or y["cpu"] < lo["cpu"]):
                    lo = y
            if lb and lo:
                per_b = (lb["cpu"] - b["cpu"]) / (lb["cycles"] - b["cycles"])
                per_o = (lo["cpu"] - o["cpu"]) / (lo["cycles"] - o["cycles"])
                steady.append((name, routers, b, lb, per_b, o, lo, per_o))
    if steady:
        print(f"\n### Per simulated cycle, start-up excluded\n\nEach case run again with sample windows of {LONG_PERIOD} "
              "cycles (BookSim2's `sample_period`, our `--sample-period`), best CPU time of "
              f"{max(1, reps // 2)} runs each: cost of a cycle = (CPU s long - CPU s default) / (cycles long - cycles "
              "default), for each simulator.\n")
        print("| case | BookSim2 cycles (default, long) | BookSim2 CPU s (default, long) | BookSim2 µs/cycle | ours cycles "
              "(default, long) | ours CPU s (default, long) | ours µs/cycle | router-cycles/s BookSim2 | ours | ratio |")
        print("|---|---|---|---|---|---|---|---|---|---|")
        for name, routers, b, lb, per_b, o, lo, per_o in steady:
            print(f"| {name} | {b['cycles']}, {lb['cycles']} | {b['cpu']:.3f}, {lb['cpu']:.3f} | {per_b * 1e6:.2f} | "
                  f"{o['cycles']}, {lo['cycles']} | {o['cpu']:.3f}, {lo['cpu']:.3f} | {per_o * 1e6:.2f} | "
                  f"{fmt(routers / per_b, 0)} | {fmt(routers / per_o, 0)} | {per_b / per_o:.1f}x |", flush=True)


def section_scale(bs, ts):
    """The 16^4 torus (65,536 routers): the cost of a simulated cycle once the network has filled, and the
    peak memory, for both simulators. BookSim2 runs one sample window with no warm-up (warmup_periods = 0,
    max_samples = 1: it stops after the window, unconverged), of 30 and of 330 cycles; we run a warm-up
    window, a sample window and the drain, with windows of 30 and of 130 cycles. Each side's cost of a cycle
    is the difference of its two runs' CPU times over the difference of their cycles, which leaves out
    start-up and the first 30 cycles; ours is measured later in the run, when more packets are in flight."""
    print("\n## At scale: the 16^4 torus, DOR, uniform 0.1, 4 VCs x 8, 1-flit packets\n")
    config = ("topology = torus;\nk = 16;\nn = 4;\nrouting_function = dim_order;\nnum_vcs = 4;\nvc_buf_size = 8;\n"
              "packet_size = 1;\ntraffic = uniform;\ninjection_rate = 0.1;\nsim_type = latency;\n"
              "warmup_periods = 0;\nmax_samples = 1;\nsample_period = {};\n")
    b = [dict(bs.run(config.format(p), fresh=True), cycles=p) for p in (30, 330)]
    ours = KNCUBE_OURS + LINK_LATENCY["torus"] + ["--vc-classes", "partition", "--rate", "0.1", "--samples", "1",
                                                  "--max-samples", "1", "--warmup-tolerance", "1", "-j", "1"]
    graph = ts.graph("torus16x4", ["torus", "--dims", "16x16x16x16"])
    o = [ts.run(graph, ours + ["--sample-period", str(p)]) for p in (30, 130)]
    if any("error" in x for x in o):
        print(f"toposim failed: {[x.get('error') for x in o]}")
        return
    per_b = (b[1]["cpu"] - b[0]["cpu"]) / (b[1]["cycles"] - b[0]["cycles"])
    per_o = (o[1]["cpu"] - o[0]["cpu"]) / (o[1]["cycles"] - o[0]["cycles"])
    print("| simulator | cycles (short, long) | CPU s (short, long) | CPU s a cycle | peak memory (MB) |")
    print("|---|---|---|---|---|")
    print(f"| BookSim2 | {b[0]['cycles']}, {b[1]['cycles']} | {b[0]['cpu']:.2f}, {b[1]['cpu']:.2f} | {per_b:.3f} | "
          f"{max(x.get('rss_mb', 0) for x in b):.0f} |")
    print(f"| toposim run | {o[0]['cycles']}, {o[1]['cycles']} | {o[0]['cpu']:.2f}, {o[1]['cpu']:.2f} | {per_o:.3f} | "
          f"{max(x.get('rss_mb', 0) for x in o):.0f} |")
    print(f"\nRatio: {per_b / per_o:.1f}x the simulated cycles per CPU second, "
          f"{max(x.get('rss_mb', 0) for x in b) / max(x.get('rss_mb', 1) for x in o):.1f}x less memory.\n")
    print(f"  BookSim2: `booksim {b[1]['command']}` (sample_period 30 and 330); ours: `{o[1]['command']}`\n")


# Our dragonfly equal to BookSim2's dragonflynew with k = 4: p = 4 terminals, a = 8 routers per group, h = 4
# global links per router, 33 groups. Filled in from topogen's dragonfly options.
DRAGONFLY_GEN = ["dragonfly", "--h", "4"]
# BookSim2's k-ary n-cubes: links of 1 cycle on meshes, 2 on tori (kncube.cpp, use_noc_latency = 1: a folded
# torus's links are twice as long).
LINK_LATENCY = {"mesh": ["--link-latency", "1"], "torus": ["--link-latency", "2"]}
LONG_PERIOD = 10000  # speed: the long runs' sample windows (10x the default 1000)
# BookSim2's input-queued router's timing (iq_router.cpp): the next head's route computation a cycle after the tail
# ahead of it left, and VC allocation before the switch allocation that frees a tail's VC.
BOOKSIM_ROUTER = ["--next-head", "next-cycle", "--vc-reallocation", "next-cycle"]
# BookSim2's torus (routefunc.cpp, dim_order_torus and dor_next_torus): a run in one dimension takes the VCs of one
# ring part, chosen by whether it crosses the wrap-around link, and a tie at half a ring goes either way at random.
BOOKSIM_TORUS = ["--vc-classes", "partition", "--random-ties"]
# BookSim2's terminal (trafficmanager.cpp, _Step): the flit it writes in cycle t reaches its router's input buffer in
# cycle t + 2, a cycle more on every packet's latency.
BOOKSIM_TERMINAL = ["--injection-channel", "two-cycles"]
KNCUBE_OURS = ["--algo", "dor", "--vcs", "4", "--buffer", "8", "--packet-size", "1", "--seed", "1"]
VALIANT_OURS = ["--algo", "valiant", "--buffer", "8", "--packet-size", "1", "--seed", "1"]
# dragonflyconfig: 256-flit buffers, internal_speedup 1.7, routing_delay 0, local links 10 cycles, global 100.
DRAGONFLY_OPTS = ["--terminals-per-router", "4", "--buffer", "256", "--speedup", "1.7", "--routing-delay", "0",
                  "--link-latency", "local=10,global=100", "--packet-size", "1", "--seed", "1"]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--bin", default=os.path.join(HERE, "..", "build", "bin"), help="topo's build/bin")
    ap.add_argument("--work", default=os.path.join(HERE, "booksim-build"), help="BookSim2 scratch folder")
    ap.add_argument("--quick", action="store_true", help="one traffic pattern per table")
    ap.add_argument("--baseline-bin", help="speed: another build/bin of topo, run alternately (before/after)")
    ap.add_argument("--reps", type=int, default=5, help="speed: runs of each simulator per case (default 5)")
    ap.add_argument("sections", nargs="*",
                    default=["build", "sanity", "kncube", "valiant", "dragonfly", "flatfly", "speed"])
    a = ap.parse_args()
    bs = BookSim(os.path.abspath(a.work))
    if set(a.sections) - {"ugal"}:
        bs.build()
    ts = Toposim(os.path.abspath(a.bin))
    print(f"machine: {os.cpu_count()} cores, "
          f"{open('/proc/cpuinfo').read().split('model name')[1].split(':')[1].splitlines()[0].strip()}; "
          f"toposim run {'available' if ts.available else 'NOT available (BookSim2 and bounds only)'}")
    try:
        for s in a.sections:
            if s == "sanity":
                section_sanity(bs, ts)
            elif s == "kncube":
                section_kncube(bs, ts, os.path.abspath(a.bin), a.quick)
            elif s == "valiant":
                section_valiant(bs, ts, a.quick)
            elif s == "dragonfly":
                section_dragonfly(bs, ts, a.quick)
            elif s == "dragonfly-saturation":
                section_dragonfly_saturation(bs, ts)
            elif s == "flatfly":
                section_flatfly(bs, ts, a.quick)
            elif s == "scale":
                section_scale(bs, ts)
            elif s == "ugal":
                section_ugal(ts)
            elif s == "latency-load":
                section_latency_load(bs, ts)
            elif s == "speed":
                base = Toposim(os.path.abspath(a.baseline_bin)) if a.baseline_bin else None
                try:
                    section_speed(bs, ts, base, a.reps)
                finally:
                    if base:
                        base.cleanup()
            elif s != "build":
                sys.exit(f"booksim.py: unknown section {s}")
    finally:
        ts.cleanup()


if __name__ == "__main__":
    main()
