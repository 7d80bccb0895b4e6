"""Every pair's λ from a flow-equivalent tree, for bench/paths_networkx.py and bench/paths_igraph.py: the
smallest weight on the tree path between two nodes is their λ, so joining the tree's edges in decreasing weight
(union-find) gives each weight the pairs it first connects."""
import collections


def lambda_histogram(nodes, edges):
    """[[λ, pairs], ...] over the unordered pairs of `nodes`, from the tree `edges` (u, v, weight)."""
    root = {v: v for v in nodes}
    size = {v: 1 for v in nodes}

    def find(x):
        while root[x] != x:
            root[x] = root[root[x]]
            x = root[x]
        return x

    lam = collections.Counter()
    for u, v, w in sorted(edges, key=lambda e: -e[2]):
        a, b = find(u), find(v)
        lam[int(w)] += size[a] * size[b]
        root[b] = a
        size[a] += size[b]
    return sorted([k, c] for k, c in lam.items())
