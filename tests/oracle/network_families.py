#!/usr/bin/python3
"""The families named after their users' papers, built again with networkx from the papers' definitions and
compared with topogen's graphs link for link (as multisets of links between coordinate tuples, so that a
mistake in the numbering shows too), two instances or more each:

- polarfly: ER_q (Lakhotia et al., SC 2022, §III): the points of PG(2, q), x ~ y iff x·y = 0 and x != y;
- flattened-butterfly: the k-ary n-fly butterfly (Kim, Dally and Abts, ISCA 2007, §2) with each row of
  routers merged into one router;
- hyperx: the Cartesian product of complete graphs K_S1 x ... x K_SL, K_i parallel links per dimension
  (Ahn et al., SC 2009, §3);
- xgft: the labels and parent rule of Öhring et al. (IPPS 1995, §2), and XGFT(n; k..k; 1,k..k) isomorphic to
  the k-ary n-tree of `topogen fattree`;
- tofu: the product of cycles (paths with --mesh) X, Y, Z, a path of 2, a cycle of 3 and a path of 2 (Ajima et
  al., IEEE Computer 2009);
- megafly: K_{L,S} in every group and one global link between every pair of groups (Flajslik et al., ISC
  2018), on the global ports of the documented consecutive arrangement.

jellyfish is random: its graph is checked to be random-regular's for the same seed, r-regular and simple.
A family's own routing is checked against networkx's distances, and `toposim run` on each family (with its
routing where it has one) passes its channel dependency check with the family's terminals.
Usage: network_families.py BIN_DIR"""
import collections
import itertools
import json
import os
import subprocess
import sys

import networkx

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from harness import BIN, check, finish  # noqa: E402
from nauty_labelg import check_nauty  # noqa: E402


def topogen(*args):
    return json.loads(subprocess.run([f"{BIN}/topogen", *args, "--format", "json", "--no-provenance"], check=True,
                                     capture_output=True, text=True).stdout)


def coord_links(doc):
    """{frozenset of the two ends' coordinate tuples: total multiplicity} and {node id: coordinates}."""
    at = {n["id"]: tuple(n["coords"]) for n in doc["nodes"]}
    links = collections.Counter()
    for e in doc["links"]:
        links[frozenset((at[e["source"]], at[e["target"]]))] += e.get("multiplicity", 1)
    return links, at


def oracle_links(g):
    links = collections.Counter()
    for u, v in g.edges():
        links[frozenset((u, v))] += 1
    return links


def nx_graph(doc):
    g = networkx.MultiGraph()
    g.add_nodes_from(n["id"] for n in doc["nodes"])
    for e in doc["links"]:
        for _ in range(e.get("multiplicity", 1)):
            g.add_edge(e["source"], e["target"])
    return g


def same(name, ours, theirs):
    check(f"{name}: the same links as the definition", ours == theirs,
          f"{len(ours)} vs {len(theirs)} distinct links; only ours: {list(ours - theirs)[:3]}, "
          f"only the definition's: {list(theirs - ours)[:3]}")


# PolarFly ER_q for prime q: the points are the vectors with first nonzero coordinate 1.
# The fourth coordinate is the node's cluster in PolarFly's modular layout: for odd q cluster 0 is the set of
# absolute points (x·x = 0) and the other clusters' centres are the neighbours of one of them.
for q in (3, 5, 7):
    doc = topogen("polarfly", "--q", str(q))
    ours, at = coord_links(doc)

    def normal(x):
        x = x[:3]
        lead = next(c for c in x if c % q)
        inv = pow(lead, q - 2, q)
        return tuple(c * inv % q for c in x)

    points = sorted({normal(x) for x in itertools.product(range(q), repeat=3) if any(x)})
    er = networkx.Graph()
    er.add_nodes_from(points)
    er.add_edges_from((x, y) for x, y in itertools.combinations(points, 2)
                      if sum(a * b for a, b in zip(x, y)) % q == 0)
    check(f"polarfly q={q}: the nodes are the points of PG(2,{q})", sorted(normal(c) for c in at.values()) == points)
    same(f"polarfly q={q}", collections.Counter({frozenset(map(normal, k)): v for k, v in ours.items()}),
         oracle_links(er))
    cluster = {normal(c): c[3] for c in at.values()}
    absolute = {x for x in points if sum(a * a for a in x) % q == 0}
    check(f"polarfly q={q}: cluster 0 is the q+1 absolute points", {x for x in points if cluster[x] == 0} == absolute)
    if q == 3:  # clusters of 3 are triangles: every member is adjacent to the other two
        continue
    centres = {x for x in points
               if cluster[x] > 0 and all(cluster[y] == cluster[x] for y in er[x] if y not in absolute)}
    check(f"polarfly q={q}: the q cluster centres are the neighbours of one absolute point",
          len(centres) == q and any(set(er[w]) == centres for w in absolute), sorted(centres))

# Flattened butterfly: k-ary n-fly rows r (n-1 base-k digits, digit i of weight k^i, as topogen numbers them);
# stage i's switch of row r leads to stage i+1's switches of the rows that differ from r in digit i only.
for k, n in ((4, 2), (2, 4), (3, 3)):
    doc = topogen("flattened-butterfly", "--k", str(k), "--n", str(n))
    rows = k ** (n - 1)
    fly = networkx.MultiGraph()
    for i in range(n - 1):
        for r in range(rows):
            digit = r // k ** i % k
            for c in range(k):
                fly.add_edge((i, r), (i + 1, r + (c - digit) * k ** i))
    flat = networkx.Graph()  # merge each row: the switches of row r become router r
    flat.add_nodes_from(range(rows))
    flat.add_edges_from((u[1], v[1]) for u, v in fly.edges() if u[1] != v[1])
    ours = collections.Counter()
    for e in doc["links"]:
        ours[frozenset((e["source"], e["target"]))] += e.get("multiplicity", 1)
    same(f"flattened-butterfly k={k} n={n}", ours, oracle_links(flat))
    d = json.loads(subprocess.run([f"{BIN}/topogen", "flattened-butterfly", "--k", str(k), "--n", str(n), "--describe",
                                   "--json"], check=True, capture_output=True, text=True).stdout)
    check(f"flattened-butterfly k={k} n={n}: radix n(k-1)+1 = router degree + k terminals",
          d["formulas"]["radix"] == n * (k - 1) + 1 == max(dict(flat.degree()).values()) + k)

# HyperX: lattice points, all-to-all in each dimension, K_i parallel links.
for widths, trunking in (([3, 4], [1, 2]), ([2, 3, 4], [2, 1, 3]), ([5, 2], [1])):
    doc = topogen("hyperx", "--widths", "x".join(map(str, widths)), "--trunking", ",".join(map(str, trunking)))
    ours, _ = coord_links(doc)
    k = trunking if len(trunking) == len(widths) else trunking * len(widths)
    theirs = collections.Counter()
    for x in itertools.product(*(range(s) for s in widths)):
        for i, s in enumerate(widths):
            for c in range(x[i] + 1, s):
                y = x[:i] + (c,) + x[i + 1:]
                theirs[frozenset((x, y))] += k[i]
    same(f"hyperx {widths} K={trunking}", ours, theirs)
    classes = {e["class"] for e in doc["links"]}
    check(f"hyperx {widths}: a link class per dimension", classes == {f"dim{i}" for i in range(len(widths))}, classes)
    # The hyperx routing is minimal: its hop counts are networkx's distances.
    summary = json.loads(subprocess.run(
        f"{BIN}/topogen hyperx --widths {'x'.join(map(str, widths))} | {BIN}/toporoute --algo hyperx "
        "--traffic all-to-all --summary --json", shell=True, check=True, capture_output=True, text=True).stdout)
    dist = collections.Counter()
    for s, lengths in networkx.all_pairs_shortest_path_length(networkx.Graph(nx_graph(doc))):
        for t, length in lengths.items():
            if s != t:
                dist[str(length)] += 1
    check(f"hyperx {widths}: routing hyperx takes shortest paths", summary["hops"]["histogram"] == dict(dist),
          f"{summary['hops']['histogram']} vs {dict(dist)}")


# XGFT: level-l labels (d_h, ..., d_1), d_i < m_i above l and < w_i at or below it; the parents of a level-l node
# replace d_(l+1) by every y < w_(l+1).
def xgft(m, w):
    h = len(m)
    g = networkx.Graph()
    for level in range(h + 1):
        radix = [m[i - 1] if i > level else w[i - 1] for i in range(h, 0, -1)]  # for d_h .. d_1
        for label in itertools.product(*(range(r) for r in radix)):
            g.add_node((level, *label))
            if level < h:
                for y in range(w[level]):
                    parent = list(label)
                    parent[h - level - 1] = y  # d_(l+1) sits at index h-(l+1) of (d_h .. d_1)
                    g.add_edge((level, *label), (level + 1, *parent))
    return g


for m, w in (([3, 2, 2], [1, 2, 1]), ([4, 4, 4], [1, 2, 2]), ([2, 3], [2, 2])):
    doc = topogen("xgft", "--m", ",".join(map(str, m)), "--w", ",".join(map(str, w)))
    ours, at = coord_links(doc)
    same(f"xgft m={m} w={w}", ours, oracle_links(xgft(m, w)))
    ends = [v for first, last in doc["graph"]["endpoints"] for v in range(first, last + 1)]
    check(f"xgft m={m} w={w}: the endpoints are the level-0 nodes",
          sorted(ends) == sorted(v for v, c in at.items() if c[0] == 0))
for k, n in ((2, 3), (3, 3), (4, 2)):
    tree = nx_graph(topogen("xgft", "--m", ",".join([str(k)] * n), "--w", ",".join(["1"] + [str(k)] * (n - 1))))
    fat = nx_graph(topogen("fattree", "--arity", str(k), "--levels", str(n)))
    check(f"xgft({n}; {k}..; 1,{k}..) is the {k}-ary {n}-tree of fattree", networkx.is_isomorphic(tree, fat))
    check_nauty(f"xgft({n}; {k}..; 1,{k}..) and fattree", tree, fat)

# Tofu: products of cycles and paths over (x, y, z, a, b, c).
for xyz, mesh in (((3, 3, 4), False), ((4, 3, 5), True), ((2, 3, 3), False)):
    args = ["tofu", "--xyz", "x".join(map(str, xyz))] + (["--mesh"] if mesh else [])
    doc = topogen(*args)
    ours, _ = coord_links(doc)
    factors = [networkx.path_graph(s) if mesh else networkx.cycle_graph(s) for s in xyz]
    factors += [networkx.path_graph(2), networkx.cycle_graph(3), networkx.path_graph(2)]
    g = factors[0]
    for f in factors[1:]:
        g = networkx.cartesian_product(g, f)
    flat = networkx.relabel_nodes(g, lambda v: tuple(networkx.utils.flatten(v)))
    theirs = oracle_links(flat)
    if not mesh:  # a ring of two is one link counted twice, as in torus
        for e in theirs:
            a, b = tuple(e)
            i = next(j for j in range(6) if a[j] != b[j])
            if i < 3 and xyz[i] == 2:
                theirs[e] = 2
    same(f"tofu {' '.join(args[1:])}", ours, theirs)
    check(f"tofu {' '.join(args[1:])}: link classes are the axes",
          {e["class"] for e in doc["links"]} == {"x", "y", "z", "a", "b", "c"})
    if not mesh and min(xyz) >= 3:
        check(f"tofu {' '.join(args[1:])}: degree 10", {d for _, d in flat.degree()} == {10})


# Megafly: group i's global port P = j*h + k (port k of spine j) goes to group i + P + 1 (mod G), arriving on port
# G - 2 - P there; each pair of groups once.
def megafly(leaves, spines, h):
    groups = spines * h + 1
    g = networkx.Graph()
    for i in range(groups):
        for a in range(leaves):
            for b in range(spines):
                g.add_edge((i, 0, a), (i, 1, b))
    for i in range(groups):
        for port in range(groups - 1):
            j = (i + port + 1) % groups
            g.add_edge((i, 1, port // h), (j, 1, (groups - 2 - port) // h))
    return g


for leaves, spines, h in ((3, 2, 2), (4, 4, 4), (2, 1, 3)):
    args = ["megafly", "--leaves", str(leaves), "--spines", str(spines), "--global", str(h), "--terminals", "2"]
    doc = topogen(*args)
    ours, at = coord_links(doc)
    ref = megafly(leaves, spines, h)
    same(" ".join(args), ours, oracle_links(ref))
    groups = spines * h + 1
    global_pairs = collections.Counter(frozenset((a[0], b[0])) for e in ours for a, b in [tuple(e)] if a[0] != b[0])
    check(f"{' '.join(args)}: one global link between every pair of groups",
          len(global_pairs) == groups * (groups - 1) // 2 and set(global_pairs.values()) == {1})
    spine_global = collections.Counter(c for e in ours for a, b in [tuple(e)] if a[0] != b[0] for c in (a, b))
    check(f"{' '.join(args)}: every spine has h global links, no leaf has one",
          all(c[1] == 1 for c in spine_global) and set(spine_global.values()) == {h}
          and len(spine_global) == groups * spines)
    # Leaves are 3 apart at most, and the megafly routing's leaf-to-leaf routes are shortest paths.
    g = networkx.Graph(nx_graph(doc))
    ends = [v for first, last in doc["graph"]["endpoints"] for v in range(first, last + 1)]
    check(f"{' '.join(args)}: the endpoints are the leaves", sorted(ends) == sorted(v for v, c in at.items() if c[1] == 0))
    pairs = "".join(f"{s} {t}\n" for s in ends for t in ends if s != t)
    gen = subprocess.run([f"{BIN}/topogen", *args], check=True, capture_output=True, text=True).stdout
    path = f"/tmp/megafly_pairs_{os.getpid()}"
    with open(path, "w") as f:
        f.write(pairs)
    routes = subprocess.run([f"{BIN}/toporoute", "--algo", "megafly", "--pairs", path, "--text"], input=gen,
                            check=True, capture_output=True, text=True).stdout
    os.unlink(path)
    worst = 0
    minimal = True
    for line in routes.splitlines():
        # "S -> T  H hops: S =class= V =class= ... T"
        nodes = [int(x) for x in line.split(":", 1)[1].split() if x.isdigit()]
        hops = len(nodes) - 1
        worst = max(worst, hops)
        minimal = minimal and hops == networkx.shortest_path_length(g, nodes[0], nodes[-1])
    check(f"{' '.join(args)}: megafly routes between leaves are shortest, at most 3 hops",
          minimal and worst == (3 if groups > 1 else 2) and len(routes.splitlines()) == len(ends) * (len(ends) - 1),
          f"worst {worst}, {len(routes.splitlines())} routes")

# Jellyfish: random-regular's graph for the same seed, with terminals per switch.
for nodes, degree, t, seed in ((16, 4, 2, 1), (30, 5, 3, 7)):
    jf = topogen("jellyfish", "--nodes", str(nodes), "--degree", str(degree), "--terminals", str(t), "--seed", str(seed))
    rr = topogen("random-regular", "--nodes", str(nodes), "--degree", str(degree), "--seed", str(seed))
    key = [(e["source"], e["target"]) for e in jf["links"]]
    check(f"jellyfish {nodes} {degree} seed {seed}: random-regular's links", key == [(e["source"], e["target"])
                                                                                    for e in rr["links"]])
    g = nx_graph(jf)
    check(f"jellyfish {nodes} {degree}: simple and {degree}-regular",
          networkx.number_of_selfloops(g) == 0 and len(set(map(frozenset, g.edges()))) == g.number_of_edges()
          and {d for _, d in g.degree()} == {degree})

# toposim run with each family's routing passes the channel dependency check and puts the family's terminals.
for args, algo, terminals in (
        (["hyperx", "--widths", "3x4", "--trunking", "1,2", "--terminals", "2"], "hyperx", 24),
        (["megafly", "--leaves", "3", "--spines", "2", "--global", "2", "--terminals", "3"], "megafly", 45),
        (["tofu", "--xyz", "3x2x2"], "dor", 144),
        (["xgft", "--m", "3,2,2", "--w", "1,2,1"], "updown", 12),
        (["jellyfish", "--nodes", "16", "--degree", "4", "--terminals", "2"], "shortest", 32),
        (["flattened-butterfly", "--k", "3", "--n", "3"], "shortest", 27)):
    gen = subprocess.run([f"{BIN}/topogen", *args], check=True, capture_output=True, text=True).stdout
    run = subprocess.run([f"{BIN}/toposim", "run", "--algo", algo, "--rate", "0.05", "--sample-period", "200",
                          "--no-provenance"], input=gen, capture_output=True, text=True)
    ok = run.returncode == 0
    net = json.loads(run.stdout)["network"] if ok else {}
    check(f"toposim run --algo {algo} on {' '.join(args)}: passes the dependency check",
          ok and "dependency_check" in net, run.stderr.strip())
    check(f"toposim run on {' '.join(args)}: {terminals} terminals", net.get("terminals") == terminals,
          net.get("terminals"))

finish()
