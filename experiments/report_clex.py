"""CLEX (Lenzen and Wattenhofer): Tables I-IV and Figure 3.
Part of experiments/report.py, which runs it."""
import papers
from report import diff, emit, fmt, made_by, mark, run


def clex_tables():
    emit("## CLEX Tables I–IV — the routing algorithm A(L) at full size")
    emit()
    made_by()
    emit("Columns per level: max. rounds / mean rounds / max. avg. load / mean hops; cells paper → ours. "
         "Seed 1, default options (`--destinations permutation`, handshake rounds left out of the mean).")
    for t, spec in papers.CLEX_TABLES.items():
        r = run(f"clex-table-{t}")
        d = r["result"]
        emit()
        emit(f"### Table {t} — {spec['title']}")
        emit()
        emit(f"Command: `{r['command']}` ({r['wall_seconds']} s)")
        emit()
        emit("| lvl | max rds | mean rds | max avg load | mean hops |")
        emit("|---|---|---|---|---|")
        for lvl, (p, o) in enumerate(zip(spec["levels"], d["levels_table"]), start=1):
            ours = (o["max_rounds"], o["mean_rounds"], o["max_mean_load"], o["mean_hops"])
            cells = []
            for k, (pv, ov) in enumerate(zip(p, ours)):
                dg = 0 if k == 0 else 2
                ok = round(ov, dg) == round(pv, dg)
                cells.append(f"{fmt(pv, dg) if isinstance(pv, float) else pv} → {fmt(round(ov, dg) if dg else ov, dg)}"
                             f" {mark(ok)}")
                if not ok:
                    col = ["max rounds", "mean rounds", "max avg load", "mean hops"][k]
                    why = clex_why(t, lvl, k)
                    if why is None and abs(ov - pv) <= 0.01 * abs(pv):
                        why = papers.CLEX_EXPLAINED[6]
                    diff(f"CLEX Table {t}", f"level {lvl} {col}", pv, round(ov, 2), why)
            emit(f"| {lvl} | " + " | ".join(cells) + " |")
        emit()
        tc = d["torus_comparison"]
        parts = []
        for key, pv in spec["torus"].items():
            ov = tc[key]["value"]
            dg = len(str(pv).split(".")[1]) if "." in str(pv) else 0
            ok = round(ov, dg) == pv
            parts.append(f"{key.replace('_', ' ')} {pv} → {ov:.2f} {mark(ok)} ({tc[key]['formula']})")
            if not ok:
                diff(f"CLEX Table {t}", key.replace("_", " "), pv, round(ov, 3), papers.CLEX_EXPLAINED[4])
        emit("Torus comparison: " + "; ".join(parts) + ".")
        rem = d["a1_remaining_after_phase"]
        emit()
        emit(f"Figure 3 (messages left in all A(1) instances after each phase): {' → '.join(f'{x:,}' for x in rem)}; "
             f"instances by number of phases: {d['a1_instances_by_phases']}.")
    emit()
    emit("Why ours differs:")
    emit()
    for e in papers.CLEX_EXPLAINED:
        emit(f"- {e}")


def clex_why(t, lvl, col):
    e = papers.CLEX_EXPLAINED
    if lvl == 1 and col in (0, 2):
        return e[0] + (" " + e[2] if t == "III" and col == 2 else "")
    if lvl == 1 and col == 1:
        return e[1] if t in ("I", "II") else e[5]
    if col == 2:
        return e[2]
    if lvl == 1 and col == 3 and t in ("III", "IV"):
        return e[3]
    return None


def clex_fig():
    made_by("# ")
    emit("# CLEX Figure 3: messages still to deliver in all instances of A(1) after each phase; one index per table")
    for t in ("I", "II", "III", "IV"):
        r = run(f"clex-table-{t}")
        emit(f'phase remaining "Table {t}: {papers.CLEX_TABLES[t]["title"]}"')
        emit(f"# {r['command']}")
        for i, x in enumerate(r["result"]["a1_remaining_after_phase"]):
            if x > 0:  # a log axis; the final 0 is the end of the run
                emit(f"{i} {x}")
        emit()
        emit()


KEYS = {"clex-tables": clex_tables, "clex-fig3": clex_fig}
