"""nauty's canonical labelling for the oracles' isomorphism checks: a graph is written as graph6 by networkx,
relabelled by nauty's labelg (Debian package nauty), and two graphs are isomorphic exactly when their canonical
graph6 strings are equal. A second check, independent of igraph's BLISS and networkx's VF2."""
import shutil
import subprocess

import networkx as nx

from harness import check

LABELG = shutil.which("nauty-labelg") or shutil.which("labelg")  # Debian prefixes nauty's programs
_told = False


def canonical(g):
    """The graph6 string of g's canonical form (g simple and undirected; node names are dropped)."""
    simple = nx.convert_node_labels_to_integers(nx.Graph(g))
    g6 = nx.to_graph6_bytes(simple, header=False)
    return subprocess.run([LABELG, "-q"], input=g6, check=True, capture_output=True).stdout.strip()


def check_nauty(name, ours, theirs):
    """Counts '{name}: nauty' as passed when labelg gives the two graphs the same canonical form; without
    labelg, says once that these checks are left out."""
    global _told
    if LABELG is None:
        if not _told:
            print("skip: nauty's labelg (nauty-labelg) is not installed (Debian package nauty): "
                  "the canonical-form checks are left out")
            _told = True
        return
    a, b = canonical(ours), canonical(theirs)
    check(f"{name}: nauty canonical forms equal", a == b, f"{a[:40]!r} vs {b[:40]!r}")
