#!/usr/bin/python3
"""PolarStar orders per radix (Lakhotia et al., "PolarStar: Expanding the Scalability Horizon of Diameter-3
Networks", SPAA 2024, arXiv 2302.07217). The paper's printed table of orders could not be retrieved, so the table is
recomputed from the paper's design space, as its authors' reference code (SST Merlin, optPSConfig) sweeps it: for a
network degree d, ER_q with q a prime power, q + 1 <= d, and a supernode of degree d' = d - q - 1, either
IQ(d') (d' = 0 or 3 mod 4, 2d'+2 vertices) or Paley(2d'+1) (a prime power = 1 mod 4), N = (q^2+q+1)|S|.
For every degree 4..32 and every split, topogen --describe must accept exactly the feasible ones with that N and
degree; the largest N per degree is the table's row, printed here; the smallest rows are built and measured by
topostat (diameter 3). Usage: polarstar_orders.py BIN_DIR"""
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from harness import BIN, SANITIZED, check, finish, pipeline_json  # noqa: E402


def prime_power(n):
    if n < 2:
        return False
    p = next(p for p in range(2, n + 1) if n % p == 0)
    while n % p == 0:
        n //= p
    return n == 1


def describe(q, kind, dd):
    out = subprocess.run([f"{BIN}/topogen", "polarstar", "--q", str(q), "--supernode", kind, "--supernode-degree",
                          str(dd), "--describe", "--json"], capture_output=True, text=True)
    return out.returncode, (json.loads(out.stdout) if out.returncode == 0 else None)


top = 20 if SANITIZED else 32
best = {}
for d in range(4, top + 1):
    for q in range(2, d):
        if not prime_power(q):
            continue
        dd = d - q - 1
        for kind, feasible, order in [("iq", dd % 4 in (0, 3), 2 * dd + 2),
                                      ("paley", dd >= 2 and (2 * dd + 1) % 4 == 1 and prime_power(2 * dd + 1),
                                       2 * dd + 1)]:
            rc, desc = describe(q, kind, dd)
            if not feasible:
                check(f"d={d} q={q} {kind} d'={dd}: refused", rc == 1)
                continue
            n = (q * q + q + 1) * order
            check(f"d={d} q={q} {kind} d'={dd}: N = {n}, degree {d}", rc == 0 and desc["nodes"] == n
                  and desc["degree"]["max"] == d and desc["formulas"]["diameter"] == 3, json.dumps(desc))
            if n > best.get(d, (0,))[0]:
                best[d] = (n, q, kind, dd)
print("degree  largest N  q  supernode  d'")
for d in sorted(best):
    n, q, kind, dd = best[d]
    print(f"{d:6}  {n:9}  {q:2}  {kind:9}  {dd}")
check("a PolarStar for every degree 4..", sorted(best) == list(range(4, top + 1)), f"{sorted(best)}")
check("largest N grows with the degree", all(best[d][0] < best[d + 1][0] for d in range(4, top)))
for d in range(4, 9):  # built and measured
    n, q, kind, dd = best[d]
    s = pipeline_json(["polarstar", "--q", str(q), "--supernode", kind, "--supernode-degree", str(dd)],
                      ["--bisection", "no"])
    check(f"degree {d}: largest PolarStar built: N = {n}, diameter 3, max degree {d}",
          s["nodes"] == n and s["distances"]["diameter"] == 3 and s["degree"]["max"] == d, json.dumps(s["degree"]))
finish()
