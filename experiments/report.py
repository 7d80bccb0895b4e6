#!/usr/bin/python3
"""Builds one report file of `make experiments` from the run files in RESULTS/runs/.
Usage: report.py RESULTS KEY OUT [scotch]. KEY names a table (markdown), a figure's data (.dat, for gnuplot) or
the README. With OUT = TABLE.diffs.json it writes, as a JSON list, the reproduced numbers of that table that differ
from the printed ones (the README's summary reads them). Every output says how it was made.

This module holds what every paper's report shares (the output buffer, the run files, the differences) and main();
each paper has its own module, report_PAPER.py, whose KEYS map report keys to the functions that build them. Paper
values and explanations come from papers.py."""
import json
import os
import sys

if __name__ == "__main__":  # the paper modules `import report`: let them share this run's state
    sys.modules.setdefault("report", sys.modules[__name__])
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import catalog  # noqa: E402

RESULTS = KEY = None  # set by main()
OPTIONS = []  # the arguments after OUT ("scotch": the mapping table has Scotch's column)
lines = []


def emit(s=""):
    lines.append(s)


TOOLS_USED = set()  # the tool versions of the runs this report read, filled in at the end


def run(name):
    with open(os.path.join(RESULTS, "runs", name + ".json")) as f:
        doc = json.load(f)
    TOOLS_USED.update(doc["tools"].values())
    return doc


def res(name):
    return run(name)["result"]


TOOLS_MARK = "\x00tools\x00"


def version():
    return TOOLS_MARK


def made_by(comment=""):
    emit(f"{comment}Made by `make experiments` (experiments/report.py {KEY}) from the run files "
         f"results/runs/NAME.json, each of which records its command line, tool version and seed; "
         f"tools: {version()}.")


def cmp_num(ours, paper, digits):
    """'=' when ours rounded like the paper's printed figure equals it."""
    if paper is None or ours is None:
        return None
    return round(ours, digits) == round(paper, digits)


# Differences: (table, item, paper, ours, explanation or None). The README lists them all.
diffs = []


def diff(table, item, paper, ours, why):
    diffs.append({"table": table, "item": item, "paper": paper, "ours": ours, "why": why})


def diffs_path(table_path):
    """Where the differences of the table TABLE.md are written: TABLE.diffs.json."""
    return table_path[:-len(".md")] + ".diffs.json"


def fmt(x, d=4):
    if x is None:
        return "—"
    if isinstance(x, float):
        return f"{x:.{d}f}"
    return str(x)


def mark(ok):
    return "" if ok is None else ("=" if ok else "≠")


SECTIONS = [("dissertation/table2.md", "Dissertation Table 2"), ("dissertation/ibt_search.md", "iBT search"),
            ("projective/table2.md", "PN Table 2"), ("projective/table3.md", "PN Table 3"),
            ("projective/table4.md", "PN Table 4"), ("projective/table5.md", "PN Table 5"),
            ("projective/table6.md", "PN Table 6"), ("hdn/table1.md", "HDN Table 1"), ("hdn/table3.md", "HDN Table 3"),
            ("clex/tables.md", "CLEX Tables I–IV"), ("dissertation/mapping.md", "Dissertation §3.3.4 mapping")]
FIGURES = [("dissertation/fig3_13.svg", "Dissertation Figure 3.13: distance distributions, 3-D iBT(L=2)"),
           ("dissertation/fig3_14.svg", "Figure 3.14: mean ± std, iBT(L=2) with one bypass length, T4D, H15"),
           ("dissertation/fig3_15.svg", "Figure 3.15: mean ± std, iBT(L=2) with two bypass lengths, T4D, H15"),
           ("dissertation/fig3_16.svg", "Figure 3.16: distance distributions, iBT(30x30x36; L=3), T4D, H15"),
           ("dissertation/fig3_17.svg", "Figure 3.17: mean ± std, iBT(30x30x36; L=3), T4D, H15"),
           ("projective/fig7.svg", "Projective Networks Figure 7: k̄/u against T, radix ≤ 64"),
           ("projective/fig9.svg", "Projective Networks Figure 9: k̄/u and k̄ against T for SF MMS, PN, demi-PN"),
           ("clex/fig3.svg", "CLEX Figure 3: messages left after each phase of A(1)"),
           ("sim/clex_torus.svg", "CLEX against a torus by simulation (toposim run --messages): factors next to "
            "the paper's 7.3 and 8.6"),
           ("sim/latency_load.svg", "Latency against load: Slim Fly, dragonfly, torus; minimal, Valiant, UGAL")]
SIM_TABLES = ["sim/clex_torus.md", "sim/latency_load.md"]  # written by experiments/simulate.py


# Kinds of run made only when an optional peer is installed (experiments.mk): skipped, and named, when absent.
OPTIONAL_PEERS = {"scotch": "Scotch (`scotch_gmap`, `amk_grf`)"}


def readme():
    skipped = {}
    for name, (kind, _) in catalog.RUNS.items():  # every run is summarised here: record their tool versions
        if kind in OPTIONAL_PEERS and not os.path.exists(os.path.join(RESULTS, "runs", name + ".json")):
            skipped[kind] = skipped.get(kind, 0) + 1
            continue
        run(name)
    emit("# Paper reproductions — `make experiments`")
    emit()
    made_by()
    emit("Every number below is recomputed by the tools; rerun with `make experiments` (a second run does nothing "
         "unless a tool or a script changed). Layout: `results/runs/NAME.json` holds one run each (its command, "
         "tool versions, seed, wall time and the tool's JSON output); the tables below are also in "
         "`results/<paper>/*.md`, the figures in `results/<paper>/*.svg` with their data in `*.dat`. A copy of this "
         "file from the last full run is committed as `experiments/RESULTS.md`.")
    emit()
    emit("The dissertation's mapping tables (§3.3.4) are reproduced in their last section, with fixed iteration "
         "budgets; topomap's time-limited benchmarks (QAPLIB gaps, swap rate) stay in `bench/topomap.sh` "
         "(`make experiments-mapping`). Not reproduced here: anything that needs `toporoute`. The simulation items "
         "(`toposim run`, last two sections) compare topologies by simulation; the side-by-side checks against "
         "BookSim2 are in `bench/booksim.py` (`make bench-booksim`).")
    emit()
    for kind, count in skipped.items():
        note = f"Skipped: {OPTIONAL_PEERS[kind]} is not installed, so its {count} runs were not made."
        print(f"report.py: {note}", file=sys.stderr)
        emit(note)
        emit()
    all_diffs = []
    for path, _ in SECTIONS:
        with open(os.path.join(RESULTS, diffs_path(path))) as f:
            all_diffs += json.load(f)
    unexplained = [d for d in all_diffs if not d["why"]]
    emit("## Summary of differences")
    emit()
    emit(f"{len(all_diffs)} reproduced numbers differ from the printed ones; "
         f"{len(unexplained)} of them have no explanation{'.' if not unexplained else ' (marked UNEXPLAINED).'}")
    emit()
    emit("| table | item | paper | ours | why |")
    emit("|---|---|---|---|---|")
    for d in all_diffs:
        emit(f"| {d['table']} | {d['item']} | {d['paper']} | {d['ours']} | {d['why'] or '**UNEXPLAINED**'} |")
    emit()
    emit("## Figures")
    emit()
    for path, title in FIGURES:
        if path.startswith("sim/") and not os.path.exists(os.path.join(RESULTS, path)):
            emit(f"- {title}: not made (this build's toposim has no `run` command)")
            continue
        emit(f"- [{title}]({path}) (data: {path[:-4]}.dat)")
    emit()
    for path, _ in SECTIONS:
        with open(os.path.join(RESULTS, path)) as f:
            text = f.read().rstrip("\n")
        emit(text.replace("## ", "## ", 1))
        emit()
    for path in filter(lambda p: os.path.exists(os.path.join(RESULTS, p)), SIM_TABLES):
        with open(os.path.join(RESULTS, path)) as f:
            emit(f.read().rstrip("\n"))
        emit()


def main():
    global RESULTS, KEY, OPTIONS
    RESULTS, KEY, out = sys.argv[1:4]
    OPTIONS = sys.argv[4:]
    import report_clex
    import report_dissertation
    import report_hdn
    import report_projective

    keys = {"readme": readme}
    for module in (report_dissertation, report_projective, report_hdn, report_clex):
        keys.update(module.KEYS)
    keys[KEY]()
    tmp = f"{out}.tmp.{os.getpid()}"
    with open(tmp, "w") as f:
        if out.endswith(".diffs.json"):
            f.write(json.dumps(diffs, ensure_ascii=False) + "\n")
        else:
            f.write("\n".join(lines).replace(TOOLS_MARK, ", ".join(sorted(TOOLS_USED)) or "none") + "\n")
    os.replace(tmp, out)


if __name__ == "__main__":
    main()
