"""Hierarchical Dual-Net (Li, Peng and Chu): Tables 1 and 3.
Part of experiments/report.py, which runs it."""
import math

import catalog
import papers
from report import diff, emit, fmt, made_by, mark, res, run


def hdn_table1():
    emit("## HDN Table 1 — number of nodes of HDN(B, k, S), B = 2×3×5 torus")
    emit()
    made_by()
    emit("Ours: `topogen hdn --base 2x3x5 --levels k --supernodes …  --describe` (run files hdn-S1[-S2]); "
         "cells are paper / ours. Instances up to 13,000 nodes were also generated and measured: their exact "
         "diameter is given next to the HDN diameter bound in the k = 1 row.")
    emit()
    sizes = catalog.HDN_SIZES
    emit("k = 1:")
    emit()
    emit("| s1 | " + " | ".join(map(str, sizes)) + " |")
    emit("|---|" + "---|" * len(sizes))
    cells, diam = [], []
    for i, s in enumerate(sizes):
        n = res(catalog.hdn_name((s,)))["nodes"]
        cells.append(f"{papers.HDN_TABLE1_K1[i]} / {n} {mark(n == papers.HDN_TABLE1_K1[i])}")
        if n != papers.HDN_TABLE1_K1[i]:
            diff("HDN Table 1", f"k=1 s1={s}", papers.HDN_TABLE1_K1[i], n, None)
        bound = res(catalog.hdn_name((s,)))["formulas"]["diameter_upper_bound"]
        st = catalog.hdn_name((s,)) + "-stat"
        diam.append(f"{res(st)['distances']['diameter']} (bound {bound})")
    emit("| nodes | " + " | ".join(cells) + " |")
    emit("| exact diameter | " + " | ".join(diam) + " |")
    emit()
    emit("k = 2 (rows s1, columns s2; paper / ours):")
    emit()
    emit("| s1 \\ s2 | " + " | ".join(map(str, sizes)) + " |")
    emit("|---|" + "---|" * len(sizes))
    for i, a in enumerate(sizes):
        row = []
        for j, b in enumerate(sizes):
            n = res(catalog.hdn_name((a, b)))["nodes"]
            p = papers.HDN_TABLE1_K2[i][j]
            row.append(f"{p} / {n} {mark(n == p)}")
            if n != p:
                diff("HDN Table 1", f"k=2 s=({a},{b})", p, n, None)
        emit(f"| {a} | " + " | ".join(row) + " |")
    emit()
    measured = [(a, b) for a in sizes for b in sizes if (catalog.hdn_name((a, b)) + "-stat") in catalog.RUNS]
    emit("k = 2, generated and measured (up to 13,000 nodes): exact diameter (HDN diameter bound): " + ", ".join(
        f"({a},{b}) {res(catalog.hdn_name((a, b)) + '-stat')['distances']['diameter']} "
        f"({res(catalog.hdn_name((a, b)))['formulas']['diameter_upper_bound']})" for a, b in measured) + ".")
    emit()
    emit("doc/definitions.md §3.5: the paper's closed form (2N0)^(2^k)/(2 Π s_i) is wrong for k ≥ 2 unless s1 = 1; the table "
         "itself follows the recurrence N_k = 2N_{k−1}²/s_k, as ours does.")


def hdn_table3():
    emit("## HDN Table 3 — CR_w with w1 = w2 = 50%")
    emit()
    made_by()
    emit("CR_w = (w1·d + w2·D)/log2 n. Ours: n and d from `topogen … --describe`, D = the family's diameter formula "
         "(the HDN diameter bound, as in the paper; exact diameters of the small instances are in Table 1's "
         "section).")
    emit()
    emit("| network | n paper / ours | d paper / ours | D paper / ours | CR paper / ours | command |")
    emit("|---|---|---|---|---|---|")
    for label, name, n, d, D, cr in papers.HDN_TABLE3:
        r = run(name)
        x = r["result"]
        on, od = x["nodes"], x["degree"]["max"]
        f = x["formulas"]
        oD = f.get("diameter_upper_bound", f.get("diameter"))
        ocr = (0.5 * od + 0.5 * oD) / math.log2(on)
        cells = []
        for item, pv, ov, dg in (("n", n, on, 0), ("d", d, od, 0), ("D", D, oD, 0), ("CR", cr, ocr, 2)):
            ok = round(ov, dg) == round(pv, dg)
            if not ok:
                diff("HDN Table 3", f"{label}: {item}", pv, round(ov, 4), None)
            cells.append(f"{fmt(pv, dg)} / {fmt(round(ov, dg) if dg else ov, dg)} {mark(ok)}")
        emit(f"| {label} | " + " | ".join(cells) + f" | `{r['command']}` |")


KEYS = {"hdn-table1": hdn_table1, "hdn-table3": hdn_table3}
