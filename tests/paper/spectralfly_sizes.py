#!/usr/bin/python3
"""SpectralFly sizes (Young et al., "SpectralFly: Ramanujan graphs as flexible and efficient interconnection
networks", IPDPS 2022; Lubotzky, Phillips and Sarnak, Combinatorica 1988): X^{p,q} has radix p + 1 and
N = q(q^2 - 1)/2 routers (PSL(2,q)) when p is a square mod q, N = q(q^2 - 1) (PGL(2,q), bipartite) otherwise. No
printed table of instances was found to copy, so the closed forms are checked on every pair of primes p = 1 mod 4
below 60 and odd q below 60 that topogen accepts, through topogen --describe, with the Legendre symbol computed
here; the smallest instances are built and measured by topostat. Usage: spectralfly_sizes.py BIN_DIR"""
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from harness import BIN, check, finish, pipeline_json  # noqa: E402

primes = [n for n in range(3, 60) if all(n % d for d in range(2, n))]
rows = 0
for p in (x for x in primes if x % 4 == 1):
    for q in primes:
        if q == p:
            continue
        out = subprocess.run([f"{BIN}/topogen", "spectralfly", "--p", str(p), "--q", str(q), "--describe", "--json"],
                             capture_output=True, text=True)
        if out.returncode:  # a small q where two generators coincide: said so, exit 1
            check(f"spectralfly {p} {q}: refused with a reason", out.returncode == 1 and "too small" in out.stderr
                  and q * q <= 4 * p, out.stderr)
            continue
        rows += 1
        d = json.loads(out.stdout)
        square = pow(p, (q - 1) // 2, q) == 1
        n = q * (q * q - 1) // (2 if square else 1)
        check(f"spectralfly {p} {q}: N = {n}, radix {p + 1}", d["nodes"] == n and d["degree"] == {"min": p + 1,
              "max": p + 1} and d["links"] == n * (p + 1) // 2, json.dumps(d))
        check(f"spectralfly {p} {q}: {'PSL' if square else 'PGL'}(2,q), bipartite {not square}",
              d["formulas"]["group"] == ("PSL(2,q)" if square else "PGL(2,q)")
              and d["formulas"]["bipartite"] == (not square) and d["formulas"]["legendre_p_q"] == (1 if square else -1))
check("every q > 2 sqrt(p) accepted", rows >= 60, f"{rows}")
for p, q in [(5, 7), (5, 11), (13, 7)]:
    s = pipeline_json(["spectralfly", "--p", str(p), "--q", str(q)], ["--bisection", "no"])
    square = pow(p, (q - 1) // 2, q) == 1
    check(f"spectralfly {p} {q} built: nodes, degree, bipartite", s["nodes"] == q * (q * q - 1) // (2 if square else 1)
          and s["degree"]["min"] == s["degree"]["max"] == p + 1 and s["bipartite"] == (not square), json.dumps(s["degree"]))
finish()
