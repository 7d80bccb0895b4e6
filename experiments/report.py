#!/usr/bin/python3
"""Builds one report file of `make experiments` from the run files in RESULTS/runs/.
Usage: report.py RESULTS KEY OUT. KEY names a table (markdown), a figure's data (.dat, for gnuplot) or the
README. Every output says how it was made. Paper values and explanations come from papers.py."""
import json
import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import catalog  # noqa: E402
import papers  # noqa: E402

RESULTS, KEY, OUT = sys.argv[1:4]
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
DIFFS_MARK = "<!-- differences: "
diffs = []


def diff(table, item, paper, ours, why):
    diffs.append({"table": table, "item": item, "paper": paper, "ours": ours, "why": why})


def fmt(x, d=4):
    if x is None:
        return "—"
    if isinstance(x, float):
        return f"{x:.{d}f}"
    return str(x)


def mark(ok):
    return "" if ok is None else ("=" if ok else "≠")


# ---------------------------------------------------------------- dissertation ---------------------------------
def diss_table2():
    emit("## Dissertation Table 2 — topological properties (Powell, §3.2.2)")
    emit()
    made_by()
    emit("Mean and standard deviation over all N² ordered pairs, self included (the table's convention), exact; "
         "bisection: " + papers.DISS_BISECTION_NOTE + " Cost = degree × diameter.")
    emit()
    emit("| network | N | degree paper / ours | mean paper / ours | std paper / ours | diameter paper / ours "
         "| bisection paper / ours (best cut found) | cost paper / ours | command |")
    emit("|---|---|---|---|---|---|---|---|---|")
    for name, label, deg, mean, std, diam, bis, cost in papers.DISS_TABLE2:
        r = run(name)
        d = r["result"]
        dist = d["distances"]
        ours = {"degree": d["degree"]["max"], "mean": dist["all_pairs"]["mean"], "std": dist["all_pairs"]["std"],
                "diameter": dist["diameter"], "cost": d["costs"]["network_cost"]["value"]}
        cuts = d.get("bisection", {})
        # Our best upper bound: the smaller of METIS's cut and the straight cut through a dimension.
        found = [c["links"] for k, c in cuts.items() if k in ("upper_bound", "coordinate_cut")]
        ub = min(found) if found else None
        paper = {"degree": deg, "mean": mean, "std": std, "diameter": diam, "cost": cost}
        cells = []
        for field, digits in (("degree", 0), ("mean", 4), ("std", 4), ("diameter", 0)):
            ok = cmp_num(ours[field], paper[field], digits)
            cells.append(f"{fmt(paper[field])} / {fmt(ours[field])} {mark(ok)}")
            if not ok:
                diff("dissertation Table 2", f"{label}: {field}", paper[field], round(ours[field], 6),
                     papers.DISS_EXPLAINED.get((name, field)))
        if bis is None:
            cells.append(f"— / {fmt(ub)}")
        else:
            cells.append(f"{bis} / {fmt(ub)} {mark(ub == bis)}")
            if ub != bis:
                why = ("neither METIS nor a straight cut found a cut as small as the paper's; ours is only an "
                       "upper bound, so this does not contradict the paper" if ub > bis else
                       "we found a balanced cut with fewer links than the paper's figure (its links are counted "
                       "exactly), so the paper's figure is not the bisection width")
                diff("dissertation Table 2", f"{label}: bisection", bis, ub, why)
        ok = ours["cost"] == cost
        cells.append(f"{cost} / {ours['cost']} {mark(ok)}")
        if not ok:
            diff("dissertation Table 2", f"{label}: cost", cost, ours["cost"],
                 papers.DISS_EXPLAINED.get((name, "cost")))
        emit(f"| {label} | {d['nodes']} | " + " | ".join(cells) + f" | `{r['command']}` |")
    emit()
    emit("Not built: " + papers.DISS_NOT_BUILT)


def diss_search():
    r = run("diss-ibt-search-32768")
    emit("## Dissertation §3.1.3 — exhaustive iBT search near 2^15 ± 5%")
    emit()
    made_by()
    emit(f"Command: `{r['command']}`. The dissertation reports a single optimum, iBT(30x30x36; L=3; <6,12>) "
         "(32,400 nodes).")
    emit()
    emit("| nodes | dims | L | lengths | degree | " + " | ".join(k for k in r["result"]["configurations"][0]
                                                       if k not in ("nodes", "dims", "bypass_dims", "lengths",
                                                                    "degree")) + " |")
    emit("|---|---|---|---|---|" + "---|" * (len(r["result"]["configurations"][0]) - 5))
    for c in r["result"]["configurations"]:
        rest = [json.dumps(v) for k, v in c.items() if k not in ("nodes", "dims", "bypass_dims", "lengths", "degree")]
        emit(f"| {c['nodes']} | {'x'.join(map(str, c['dims']))} | {c['bypass_dims']} | "
             f"{','.join(map(str, c['lengths']))} | {c['degree']} | " + " | ".join(rest) + " |")
    found = [(c["dims"], c["bypass_dims"], c["lengths"]) for c in r["result"]["configurations"]]
    ok = found == [([30, 30, 36], 3, [6, 12])]
    emit()
    emit(f"Paper: 30x30x36, L=3, <6,12>. Ours: {'the same, and only it' if ok else found}.")
    if not ok:
        diff("dissertation iBT search", "optimum", "30x30x36 L=3 <6,12>", str(found), None)
    for k, v in r["result"].items():
        if k != "configurations" and k != "provenance":
            emit(f"- {k}: {json.dumps(v, ensure_ascii=False)}")


def histogram_dat(names_labels):
    series = []
    for name, label in names_labels:
        d = res(name)["distances"]
        total = sum(d["histogram"])
        series.append((label, [h / total for h in d["histogram"]], run(name)["command"]))
    made_by("# ")
    for label, _, cmd in series:
        emit(f"# {label}: {cmd}")
    emit("# columns: distance, then the fraction of ordered pairs (self included) at that distance per network")
    emit("distance " + " ".join(f'"{label}"' for label, _, _ in series))
    top = max(len(h) for _, h, _ in series)
    for k in range(top):
        emit(str(k) + " " + " ".join(f"{h[k]:.8f}" if k < len(h) else "0" for _, h, _ in series))


def ibt_label(name):
    for n, label, *_ in papers.DISS_TABLE2:
        if n == name:
            return label
    raise KeyError(name)


def meanstd_dat(blocks):
    """blocks: [(title, [names])]; one gnuplot index per block: x, label, mean, std."""
    made_by("# ")
    emit("# columns: x position, label, mean distance (all ordered pairs), standard deviation; one index per series")
    x = 0
    for title, names in blocks:
        emit(f'# series: {title}')
        emit(f'x label mean std "{title}"')
        for name in names:
            d = res(name)["distances"]["all_pairs"]
            lab = ibt_label(name).replace("iBT ", "").replace(" L=2 ", " ").replace(" L=3 ", " ")
            emit(f'{x} "{lab}" {d["mean"]:.6f} {d["std"]:.6f}  # {run(name)["command"]}')
            x += 1
        emit()
        emit()


REF = ["diss-torus-16x16x16x8", "diss-hypercube-15"]


def ibt_names(dims, single):
    return [catalog.ibt_name(d, b, l) for d, b, l in catalog.IBT_ROWS if d == dims and ("," not in l) == single]


def fig(key):
    if key == "fig3_13":
        histogram_dat([(n, ibt_label(n)) for n in ibt_names("32x32x32", True)[1:4] + ["diss-ibt-32x32x32-L2-4_16"]
                       + ibt_names("64x64x8", True)[1:3] + ["diss-ibt-64x64x8-L2-4_16"]])
    elif key == "fig3_14":
        meanstd_dat([("iBT(32x32x32; L=2)", ibt_names("32x32x32", True)),
                     ("iBT(64x64x8; L=2)", ibt_names("64x64x8", True)),
                     ("T(16x16x16x8), H(2^{15})", REF)])
    elif key == "fig3_15":
        meanstd_dat([("iBT(32x32x32; L=2)", ibt_names("32x32x32", False)),
                     ("iBT(64x64x8; L=2)", ibt_names("64x64x8", False)),
                     ("T(16x16x16x8), H(2^{15})", REF)])
    elif key == "fig3_16":
        histogram_dat([(n, ibt_label(n)) for n in ibt_names("30x30x36", True) + ibt_names("30x30x36", False)]
                      + [(n, ibt_label(n)) for n in REF])
    elif key == "fig3_17":
        meanstd_dat([("iBT(30x30x36; L=3)", ibt_names("30x30x36", True) + ibt_names("30x30x36", False)),
                     ("T(16x16x16x8), H(2^{15})", REF)])


# ---------------------------------------------------------------- projective networks --------------------------
def pn_points(fam):
    """Measured (param, N, Δ, k̄, u, Δ0, R, T, diameter, command) of every catalogued instance of a family."""
    if fam == "dragonfly":
        out = []
        for h in range(1, 17):
            r = run(f"pn-dragonfly-{h}")
            f = r["result"]["formulas"]
            delta = r["result"]["degree"]["max"]
            kbar = f["mean_hops_minimal_routing"]
            d0 = delta / kbar  # u = 1 under minimal routing, as in the paper
            out.append((h, r["result"]["nodes"], delta, kbar, 1.0, d0, delta + d0, r["result"]["nodes"] * d0,
                        f["diameter"], r["command"]))
        return out
    opt, values = catalog.PN_FAMILIES[fam]
    out = []
    for v in values:
        r = run(f"pn-{fam}-{v}")
        d = r["result"]
        c = d["costs"]
        out.append((v, d["nodes"], d["degree"]["max"], d["distances"]["distinct_pairs"]["mean"],
                    d["link_utilization"]["u"], c["terminals_per_router"]["value"], c["radix"]["value"],
                    c["terminals"]["value"], d["distances"]["diameter"], r["command"]))
    return out


PN_ORDER = ["complete", "turan3", "bipartite", "hamming2", "demipn", "slimfly", "pn", "dragonfly", "delorme", "hamming3", "gq", "hypercube"]
PARAM = {"complete": "N", "turan3": "N", "bipartite": "n", "hamming2": "n", "hamming3": "n", "hypercube": "n", "dragonfly": "h"}


def pn_table2():
    emit("## Projective Networks Table 2 — diameter and limits of k̄ and u")
    emit()
    made_by()
    emit("k̄ is the mean distance over distinct pairs, u the link utilisation under uniform all-to-all traffic "
         "split over all shortest paths (topostat --utilization yes). The paper gives limits for N → ∞; we "
         "measure every instance with router radix R = Δ + Δ0 ≤ 64 that is cheap to generate (the run files "
         "pn-FAMILY-PARAM) and show the largest and the trend. Dragonfly: the paper's minimal "
         "(local-global-local) routing, u = 1, from the closed form of `topogen dragonfly --describe`.")
    emit()
    emit("| graph | diameter paper / ours | lim k̄ paper | k̄ ours (param: value, …) | lim u paper | u ours (largest) | agrees |")
    emit("|---|---|---|---|---|---|---|")
    for fam in PN_ORDER:
        label, k, lk, lu = papers.PN_TABLE2[fam]
        pts = pn_points(fam)
        p = PARAM.get(fam, "q")
        diam = sorted({pt[8] for pt in pts})
        if fam == "hypercube":
            ok_d = all(pt[8] == pt[0] for pt in pts)
            lk_s = "n/2"
            ok_k = all(abs(pt[3] - pt[0] / 2 * 2 ** pt[0] / (2 ** pt[0] - 1)) < 1e-9 for pt in pts)
            k_s = ", ".join(f"{pt[0]}: {pt[3]:.4f}" for pt in pts[-3:]) + " (= n/2 · N/(N−1))"
        else:
            ok_d = diam == [int(k)] or (fam == "complete" and diam == [1])
            lk_s = f"{lk:g}"
            ks = [pt[3] for pt in pts]
            trend = all(abs(ks[i + 1] - lk) <= abs(ks[i] - lk) + 1e-9 for i in range(len(ks) - 1))
            ok_k = trend and abs(ks[-1] - lk) < 0.15 * lk
            k_s = ", ".join(f"{p}={pt[0]}: {pt[3]:.4f}" for pt in pts[-3:])
        u_last = pts[-1][4]
        ok_u = abs(u_last - lu) < 0.03
        emit(f"| {label} | {k} / {', '.join(map(str, diam))} | {lk_s} | {k_s} | {lu:.4g} | "
             f"{u_last:.4f} ({p}={pts[-1][0]}) | {'yes' if ok_d and ok_k and ok_u else 'see below'} |")
        if not (ok_d and ok_k and ok_u):
            diff("Projective Networks Table 2", label, f"k={k}, k̄→{lk_s}, u→{lu:.4g}",
                 f"diameters {diam}, k̄ {pts[-1][3]:.4f}, u {u_last:.4f}", PN_T2_WHY.get(fam))
    emit()
    emit("A limit counts as reproduced when the measured k̄ moves monotonically towards it and is within 15% of it "
         "at the largest instance, and u is within 0.03 of the limit there. " + papers.PN_NOT_BUILT)


PN_T2_WHY = {
    "slimfly": "u converges to 8/9 only slowly and not monotonically (Projective Networks Figure 6; for q = 5, the "
               "Hoffman–Singleton graph, u = 1); at q ≤ 29 it is still above 8/9 + 0.03 for some q.",
    "delorme": "only q = 2 and 8 are measured (q = 32 has 33,825 nodes, too large for exact link loads here); "
               "k̄ = 3 is a limit, reached slowly.",
    "gq": "measured up to q = 13; k̄ approaches 3.5 from below slowly.",
}


def pn_table3():
    emit("## Projective Networks Table 3 — T, R, N, Δ, Δ0 for growing parameter")
    emit()
    made_by()
    emit("Paper: closed forms with Δ0 chosen so that the network is balanced in the limit. Ours: N and Δ of the "
         "generated graph, Δ0 = Δ·u/k̄ (balanced: subscription 1, Projective Networks eq. (1)), R = Δ + Δ0, "
         "T = N·Δ0, from the measured k̄ and u. N and Δ must agree exactly; Δ0, R and T agree in the limit only "
         "(the table's Δ0 uses lim k̄ and lim u), so the last column gives ours / paper for T.")
    emit()
    for fam in PN_ORDER:
        label = papers.PN_TABLE2[fam][0]
        p = PARAM.get(fam, "q")
        emit(f"### {label}")
        emit()
        emit(f"| {p} | N paper / ours | Δ paper / ours | Δ0 paper / ours | R paper / ours | T paper / ours | T ours/paper |")
        emit("|---|---|---|---|---|---|---|")
        for pt in pn_points(fam):
            T, R, N, D, D0 = papers.PN_TABLE3[fam](pt[0])
            okN, okD = N == pt[1], D == pt[2]
            emit(f"| {pt[0]} | {N:g} / {pt[1]} {mark(okN)} | {D:g} / {pt[2]} {mark(okD)} | {D0:.3f} / {pt[5]:.3f} | "
                 f"{R:.2f} / {pt[6]:.2f} | {T:.0f} / {pt[7]:.0f} | {pt[7] / T:.3f} |")
            if not okN:
                diff("Projective Networks Table 3", f"{label} {p}={pt[0]}: N", N, pt[1], PN_T3_WHY.get((fam, "N")))
            if not okD:
                diff("Projective Networks Table 3", f"{label} {p}={pt[0]}: Δ", D, pt[2], PN_T3_WHY.get((fam, "Δ")))
        emit()


PN_T3_WHY = {}


def pn_table45(which):
    emit(f"## Projective Networks Table {which} — example networks with about {'10,000' if which == '4' else '25,000'} "
         "compute nodes")
    emit()
    made_by()
    emit("Ours: N, Δ, k̄ and u of the generated graph with the paper's Δ0; T = N·Δ0, R = Δ + Δ0, subscription = "
         "Δ0·k̄/(Δ·u) (eq. (1)); cables = links of the router graph; power = 2.8 W × R·N / T (§5.3). The split "
         "into electrical and optical cables depends on the paper's layout into groups of about 500 nodes, which "
         "the toolkit does not implement, so the cost per node is computed from the §5.3 cost model with the "
         "paper's split (it checks the model and our router count, not the layout). Dragonfly: minimal routing, "
         "u = 1, as in the paper.")
    emit()
    emit("| topology | T | R | N | Δ0 | subscription | cables (E+O) | cost/node (paper split) | power/node W |")
    emit("|---|---|---|---|---|---|---|---|---|")
    for name, label, T, R, N, D0, sub, E, O, cost, power in papers.PN_TABLE45[which]:
        r = run(name)
        d = r["result"]
        if "dragonfly" in name:
            kbar, u, links = d["formulas"]["mean_hops_minimal_routing"], 1.0, d["links"]
        else:
            kbar, u, links = d["distances"]["distinct_pairs"]["mean"], d["link_utilization"]["u"], d["links"]
        n, delta = d["nodes"], d["degree"]["max"]
        t, rr = n * D0, delta + D0
        s = D0 * kbar / (delta * u)
        a, b = papers.PN_COST["router"]
        g = papers.PN_COST["gbps"]
        c = (n * (a * rr + b) + g * (E * papers.PN_COST["electrical"] + O * papers.PN_COST["optical"][which])) / t
        w = papers.PN_COST["watts_per_port"] * rr * n / t
        checks = [("T", T, t, 0), ("R", R, rr, 0), ("N", N, n, 0), ("subscription", sub, s, 3),
                  ("cables", E + O, links, 0), ("cost per node", cost, c, 2), ("power per node", power, w, 2)]
        cells = {}
        for item, pv, ov, dg in checks:
            ok = round(ov, dg) == round(pv, dg)
            if item == "subscription" and not ok and abs(ov - pv) <= 0.0011:
                why = papers.PN_SUBSCRIPTION_NOTE.get(name, "the paper truncates instead of rounding "
                                                            "(within one unit of the third decimal)")
                diff(f"Projective Networks Table {which}", f"{label}: subscription", pv, round(ov, 4), why)
            elif item in ("cost per node", "power per node") and not ok and abs(ov - pv) <= 0.011 + 1e-9:
                diff(f"Projective Networks Table {which}", f"{label}: {item}", pv, round(ov, 3),
                     "rounding of the paper's intermediate figures (one unit in the last printed digit)")
            elif not ok:
                diff(f"Projective Networks Table {which}", f"{label}: {item}", pv, round(ov, 4),
                     papers.PN_CABLES_NOTE.get(name) if item == "cables" else None)
            cells[item] = f"{fmt(pv, dg)} / {fmt(round(ov, dg) if dg else ov, dg)} {mark(ok)}"
        emit(f"| {label} (`{r['command']}`) | {cells['T']} | {cells['R']} | {cells['N']} | {D0} | "
             f"{cells['subscription']} | {cells['cables']} | {cells['cost per node']} | {cells['power per node']} |")
    emit()
    emit("Cells are paper / ours. Electrical and optical cable counts separately, electrical group sizes and group "
         "counts are not reproduced (they need the paper's layout heuristic).")


def pn_table6():
    emit("## Projective Networks Table 6 — indirect networks (MLFM, OFT)")
    emit()
    made_by()
    emit("Ours: N routers, the spine radix R (max degree), Δ0 = terminals per leaf and T from `topogen --describe` "
         "formulas, cables = router links; all cables optical: cost per node = (N·(350.4R − 892.3) + cables·40·c)/T "
         "with c = 7.7432 $/Gbps (≈10,000) or 7.9178 $/Gbps (≈25,000); power = 2.8 W × R·N/T.")
    emit()
    emit("| topology | T | R | N | Δ0 | cables | cost/node $ | power/node W |")
    emit("|---|---|---|---|---|---|---|---|")
    for name, label, band, T, R, N, D0, cables, cost, watts in papers.PN_TABLE6:
        r = run(name)
        d = r["result"]
        n, radix, links = d["nodes"], d["degree"]["max"], d["links"]
        # terminals per leaf and T come from the family's closed forms, recorded by topostat's formulas block
        form = d["formulas"]
        d0, t = form.get("terminals_per_leaf"), form.get("terminals")
        a, b = papers.PN_COST["router"]
        c = (n * (a * radix + b) + links * papers.PN_COST["gbps"] * papers.PN_COST["optical"][band]) / t
        w = papers.PN_COST["watts_per_port"] * radix * n / t
        checks = [("T", T, t, 0), ("R", R, radix, 0), ("N", N, n, 0), ("Δ0", D0, d0, 0), ("cables", cables, links, 0),
                  ("cost", cost, c, 2), ("power", watts, w, 1)]
        cells = []
        for item, pv, ov, dg in checks:
            ok = round(ov, dg) == round(pv, dg)
            if not ok:
                why = None
                if item == "cost" and abs(ov - pv) / pv < 0.0005:
                    why = ("below 0.05%: the paper's per-cable optical price is itself rounded (7.7432 $/Gbps) "
                           "and its cost model rounds intermediate figures")
                diff("Projective Networks Table 6", f"{label}: {item}", pv, round(ov, 3), why)
            cells.append(f"{fmt(pv, dg)} / {fmt(round(ov, dg) if dg else ov, dg)} {mark(ok)}")
        emit(f"| {label} (`{r['command']}`) | " + " | ".join(cells) + " |")


def moore_kbar(n, delta):
    """Mean distance over distinct pairs of a generalised Moore graph: N − 1 nodes fill the layers Δ, Δ(Δ−1), …"""
    left, layer, total, i = n - 1, delta, 0, 1
    while left > 0:
        take = min(left, layer)
        total += i * take
        left -= take
        layer *= max(delta - 1, 1)
        i += 1
    return total / (n - 1)


def moore_curve(radix=64, points=60):
    """Projective Networks Figure 7's thick curve: the least k̄ (u = 1) of a generalised Moore graph that serves T
    compute nodes with R = Δ + Δ0 <= radix without oversubscription (Δ0·k̄ <= Δ, eq. (1))."""
    out = []
    for j in range(points + 1):
        t = 10 ** (1 + 5 * j / points)
        best = None
        for delta in range(2, radix):
            for d0 in range(1, radix - delta + 1):
                n = math.ceil(t / d0)
                if n < 2:
                    continue
                k = moore_kbar(n, delta)
                if d0 * k <= delta and (best is None or k < best):
                    best = k
        if best is not None:
            out.append((t, best))
    return out


def pn_fig(key):
    made_by("# ")
    if key == "fig7":
        emit("# Projective Networks Figure 7: k̄/u against T = N·Δ0 (Δ0 = Δ·u/k̄, balanced) for every instance with "
             "R = Δ + Δ0 <= 64; one gnuplot index per topology")
        fams = PN_ORDER
    else:
        emit("# Projective Networks Figure 9: k̄/u and k̄ against T for SF MMS, PN and demi-PN, R <= 64")
        fams = ["slimfly", "pn", "demipn"]
    emit("# columns: T, k̄/u, k̄, u, R, parameter")
    if key == "fig7":
        emit("# the generalised Moore bound (u = 1): least k̄ over Δ + Δ0 <= 64 with Δ0·k̄ <= Δ (report.py moore_curve)")
        emit('T kbar_over_u kbar u R param "generalised Moore bound, u = 1 (lower envelope over Δ + Δ_0 ≤ 64)"')
        for t, k in moore_curve():
            emit(f"{t:.3f} {k:.6f} {k:.6f} 1 64 -")
        emit()
        emit()
    for fam in fams:
        label = papers.PN_TABLE2[fam][0]
        emit(f'T kbar_over_u kbar u R param "{label}"')
        for pt in pn_points(fam):
            if pt[6] <= 64 + 1e-9:
                emit(f"{pt[7]:.3f} {pt[3] / pt[4]:.6f} {pt[3]:.6f} {pt[4]:.6f} {pt[6]:.3f} {pt[0]}  # {pt[9]}")
        emit()
        emit()



# ---------------------------------------------------------------- HDN ----------------------------------------
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
    emit("SPEC §3.5: the paper's closed form (2N0)^(2^k)/(2 Π s_i) is wrong for k ≥ 2 unless s1 = 1; the table "
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


# ---------------------------------------------------------------- CLEX -----------------------------------------
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


# ---------------------------------------------------------------- mapping (dissertation §3.3.4) ------------------
def diss_mapping():
    emit("## Dissertation §3.3.4 — quality of the mapping: ROMap against the best method")
    emit()
    made_by()
    with_scotch = all(os.path.exists(os.path.join(RESULTS, "runs", catalog.map_name(m, p, "scotch") + ".json"))
                      for m, _, p, _, _ in catalog.map_cells()) and "scotch" in sys.argv[4:]
    emit(f"Cost C = Σ over task pairs {{i,j}} (each once) of w_ij · hops(m(i), m(j)) on the torus "
         f"(`topogen torus --preset …`), w_ij = |a_ij| of the demand matrix (../shared/data/matrices). A matrix "
         f"with fewer rows n than nodes N leaves N − n nodes idle (ROMap: task i on node i < n); a matrix runs only "
         f"on machines with N ≥ n, nothing is cropped. Methods: identity (ROMap), greedy, genetic "
         f"({catalog.MAP_GENETIC_GENERATIONS} generations), anneal ({catalog.MAP_ANNEAL_ITERATIONS:,} swap "
         f"proposals); every run one thread, one restart, seed {catalog.MAP_SEED}, a fixed iteration budget (no "
         f"time limit), so the figures do not depend on the machine. % impr. = (ROMap − best) / ROMap. Paper: "
         f"ROMap and SA best normalised to the largest ROMap of the matrix's group, as printed; — where it prints "
         f"no row.")
    emit()
    emit("Example command: `" + run(catalog.map_name("662_bus", "bgl-1024", "anneal"))["command"] + "`.")
    emit()
    head = ("| matrix | machine | N | n | ROMap C | greedy | genetic | anneal | best | % impr. "
            "| paper: ROMap | SA best | % impr. |")
    if with_scotch:
        head += " scotch_gmap | best / Scotch |"
    emit(head)
    emit("|---" * (head.count("|") - 1) + "|")
    cost = {}
    for matrix, rows, preset, label, nodes in catalog.map_cells():
        c = {meth: res(catalog.map_name(matrix, preset, meth))["cost"] for meth in catalog.MAP_METHODS}
        cost[matrix, preset] = c
        best_m = min(c, key=lambda k: (c[k], k))
        best = c[best_m]
        impr = 100 * (c["identity"] - best) / c["identity"]
        paper = papers.DISS_MAPPING.get((matrix, preset))
        if paper:
            pname, pro, psa, pimpr = paper
            pcells = f"{pro:.4f} | {psa:.4f} | {pimpr}% {mark(round(impr) == pimpr)}"
            if round(impr) != pimpr:
                diff("Dissertation §3.3.4 mapping", f"{pname} on {label}: % impr. over ROMap", f"{pimpr}%",
                     f"{impr:.1f}%", papers.DISS_MAPPING_WHY["impr"])
        else:
            pcells = "— | — | —"
        g = lambda x: f"{x:.6g}" if x >= 1e7 else f"{x:.1f}"  # noqa: E731
        line = (f"| {matrix} | {label} | {nodes} | {rows} | {g(c['identity'])} | {g(c['greedy'])} | "
                f"{g(c['genetic'])} | {g(c['anneal'])} | {best_m} | {impr:.1f}% | {pcells} |")
        if with_scotch:
            sc = res(catalog.map_name(matrix, preset, "scotch"))["cost"]
            line += f" {g(sc)} | {best / sc:.3f} |"
        emit(line)
    emit()
    emit("Comparable without the normalisation: the ratio of two rows of one matrix group at the same size.")
    emit()
    emit("| matrix | ratio | paper | ours |")
    emit("|---|---|---|---|")
    for (matrix, a), (_, b) in [(("young1c", "qcdoc-1024"), ("young1c", "bgl-1024")),
                                (("662_bus", "qcdoc-1024"), ("662_bus", "bgl-1024")),
                                (("bcsstk13", "qcdoc-2048"), ("bcsstk13", "bgl-2048"))]:
        pa, pb = papers.DISS_MAPPING[matrix, a], papers.DISS_MAPPING[matrix, b]
        ca, cb = cost[matrix, a], cost[matrix, b]
        for what, pi, ours in (("ROMap", 1, ca["identity"] / cb["identity"]),
                               ("best (paper: SA best)", 2, min(ca.values()) / min(cb.values()))):
            pr = pa[pi] / pb[pi]
            ok = round(ours, 2) == round(pr, 2)
            if not ok:
                diff("Dissertation §3.3.4 mapping", f"{pa[0]}: {what} {a} / {b}", f"{pr:.3f}", f"{ours:.3f}",
                     papers.DISS_MAPPING_WHY["ratio"])
            emit(f"| {pa[0]} | {what}, {a} / {b} | {pr:.3f} | {ours:.3f} {mark(ok)} |")
    emit()
    emit("Which numbers compare: the dissertation's % impr. column against ours, and the ratios above; not the "
         "normalised costs themselves (its normalising row, the largest ROMap of the group, is often an so(7) or "
         "su(4) machine we do not build). Why they differ: " + papers.DISS_MAPPING_WHY["impr"])
    if not with_scotch:
        emit()
        emit("Scotch (`scotch_gmap`) was not installed, so its column is left out; `bench/topomap.sh build/bin table` "
             "has it.")
    else:
        emit()
        emit("Scotch: `scotch_gmap -Cd` (deterministic) maps the demand graph (integer weights, |a_ij| scaled so the "
             "largest is 10000) onto Scotch's own torus target (`torusXD`, terminal ids with the first dimension "
             "fastest, as topogen numbers the nodes) for BG/L; QCDOC's six dimensions are more than `torusXD` "
             "takes, so there the target is the decomposition-defined one `amk_grf` builds from the same network, "
             "and `amk_grf` draws its own random seed: the QCDOC Scotch figures vary by a few percent between fresh "
             "runs (every other figure in this table is reproducible). `topomap --evaluate` scores Scotch's "
             "mapping under the same cost (bench/scotch_io.py converts the files). bench/topomap.sh uses `amk_grf` "
             "for every machine, so its BG/L Scotch figures differ from these.")


# ---------------------------------------------------------------- README ----------------------------------------
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


def readme():
    for name in catalog.RUNS:  # every run is summarised here: record their tool versions
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
    all_diffs = []
    for path, _ in SECTIONS:
        with open(os.path.join(RESULTS, path)) as f:
            mark_line = [ln for ln in f if ln.startswith(DIFFS_MARK)][0]
        all_diffs += json.loads(mark_line[len(DIFFS_MARK):-len(" -->\n")])
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
            text = "".join(ln for ln in f if not ln.startswith(DIFFS_MARK)).rstrip("\n")
        emit(text.replace("## ", "## ", 1))
        emit()
    for path in filter(lambda p: os.path.exists(os.path.join(RESULTS, p)), SIM_TABLES):
        with open(os.path.join(RESULTS, path)) as f:
            emit(f.read().rstrip("\n"))
        emit()


KEYS = {"diss-table2": diss_table2, "diss-search": diss_search, "pn-table2": pn_table2, "pn-table3": pn_table3,
        "pn-table4": lambda: pn_table45("4"), "pn-table5": lambda: pn_table45("5"), "pn-table6": pn_table6,
        "diss-mapping": diss_mapping,
        "hdn-table1": hdn_table1, "hdn-table3": hdn_table3, "clex-tables": clex_tables, "clex-fig3": clex_fig,
        "fig7": lambda: pn_fig("fig7"), "fig9": lambda: pn_fig("fig9"), "readme": readme}
for k in ("fig3_13", "fig3_14", "fig3_15", "fig3_16", "fig3_17"):
    KEYS[k] = (lambda kk: lambda: fig(kk))(k)

KEYS[KEY]()
tmp = f"{OUT}.tmp.{os.getpid()}"
with open(tmp, "w") as f:
    f.write("\n".join(lines).replace(TOOLS_MARK, ", ".join(sorted(TOOLS_USED)) or "none") + "\n")
    if OUT.endswith(".md") and KEY != "readme":  # the differences, for the README's summary (one output file)
        f.write("\n" + DIFFS_MARK + json.dumps(diffs, ensure_ascii=False) + " -->\n")
os.replace(tmp, OUT)
