#!/usr/bin/python3
"""Throughput θ (topostat --throughput) against what Jyothi et al. ("Measuring and understanding throughput of
network topologies", SC 2016) and their TopoBench code (github.com/ankitsingla/topobench) state of fat trees and
random regular graphs (Jellyfish).

The paper gives its throughput figures as plots, and the repository ships no result files (resultfiles/README:
"This folder will contain the result files"), so no plotted value could be read off. What the authors do state,
and what is checked here:
- scripts/fatCompare.sh: "the fat-tree does give throughput = 1 each time, as expected", for the fat trees of
  k-port switches (5k^2/4 switches, k^3/4 servers) it compares against: θ = 1 under uniform traffic and under
  their near-worst-case longest matching (the fat tree is rearrangeably non-blocking);
- README step 2 (the same script): a Jellyfish built from the same equipment scores above 1 against the fat
  tree's 1 ("many more servers could have been added to Jellyfish while still achieving full throughput"),
  checked on k = 10 (125 switches of 10 ports, 8 to switches and 2 to servers) under a random permutation;
- upperBound/AvgPLBound.java (Singla, Godfrey and Kolla, NSDI 2014, their paper (2)): no d-regular graph of N
  switches carries uniform traffic between switches at more than θ = d/ℓ*, ℓ* the Moore-bound lower bound of the
  mean distance, computed here as that file computes it.
Usage: throughput_tables.py BIN_DIR"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from harness import SANITIZED, check, finish, pipeline_json  # noqa: E402

STAT = ("--throughput", "--bisection", "no", "--utilization", "no")
TOL = 1e-6  # GLPK's simplex tolerance on θ


def moore_mean_distance(n, d):
    """The least mean distance from a node to the n - 1 others in a d-regular graph: d nodes at 1, d(d-1) at 2,
    ..., the rest at the next distance (AvgPLBound.java)."""
    left, total, at, level = n - 1, 0, d, 1
    while left > 0:
        here = min(left, at)
        total += here * level
        left -= here
        at *= d - 1
        level += 1
    return total / (n - 1)


# The fat tree of k-port switches (Al-Fares et al., SIGCOMM 2008) as XGFT(3; k/2, k/2, k; 1, k/2, k/2): k pods of
# k/2 edge and k/2 aggregation switches, (k/2)^2 core switches, k^3/4 servers as the tree's leaves.
for k in (4,) if SANITIZED else (4, 6):
    h = k // 2
    s = pipeline_json(["xgft", "--m", f"{h},{h},{k}", "--w", f"1,{h},{h}"], STAT)
    t = s["throughput"]
    name = f"fat tree k={k}"
    check(f"{name}: k^3/4 servers", t["terminals"] == k ** 3 // 4, t["terminals"])
    check(f"{name}: uniform θ = 1 (LP)", t["uniform"]["exact"] and abs(t["uniform"]["theta"] - 1) < TOL, t["uniform"])
    lm = t["worst_case_permutation"]["longest_matching"]
    check(f"{name}: longest matching θ = 1", lm["exact"] and abs(lm["theta"] - 1) < TOL, lm)
    check(f"{name}: TUB = 1", abs(t["worst_case_permutation"]["tub"] - 1) < TOL, t["worst_case_permutation"])

# Jellyfish with the k = 10 fat tree's equipment, under a random permutation of routers (each router's two
# servers to the two of another): Garg–Könemann's certified lower bound alone is above the fat tree's 1.
if not SANITIZED:
    s = pipeline_json(["random-regular", "--nodes", "125", "--degree", "8", "--seed", "1"],
                      STAT + ("--terminals-per-router", "2", "--traffic", "permutation"))
    given = s["throughput"]["traffic"]
    check("Jellyfish 125x10 ports, 250 servers: permutation θ > 1 (certified)", given["lower"] > 1, given)

# Random regular graphs under uniform traffic between switches (one terminal each): the LP's θ is at most the
# Moore bound d/ℓ* of AvgPLBound.java; the closer, the better the graph. Their figures 1 and 2 sweep N at d = 10
# and d at N = 40; the instances below are from those sweeps, as small as the LP allows in the suite.
for n, d in ((25, 10), (40, 5), (40, 7)):
    s = pipeline_json(["random-regular", "--nodes", str(n), "--degree", str(d), "--seed", "1"], STAT)
    u = s["throughput"]["uniform"]
    bound = d / moore_mean_distance(n, d)
    name = f"random regular N={n} d={d}"
    check(f"{name}: θ exact", u["exact"], u)
    check(f"{name}: θ {u['theta']:.4f} <= Moore bound {bound:.4f}", u["theta"] <= bound + TOL, (u["theta"], bound))
    # θ = N·d/(Σ_s Σ_t dist(s, t)) when the shortest paths alone balance the load: never more.
    mean = s["distances"]["distinct_pairs"]["mean"]
    check(f"{name}: θ <= d/(mean distance)", u["theta"] <= d / mean + TOL, (u["theta"], d / mean))

finish()
