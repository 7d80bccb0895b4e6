"""Shared by the test scripts in oracle/ and paper/: counting checks, the closing line CTest and CI
read ("N passed, M failed"), and running the tools. Each script is run as `python3 SCRIPT BIN_DIR`."""
import json
import os
import subprocess
import sys

BIN = sys.argv[1] if len(sys.argv) > 1 else "build/bin"
# Set by CTest in the sanitizer build (make test-sanitize), where the tools run several times slower: a
# script then checks a smaller part of the same table (still exact values), as it says where it does.
SANITIZED = os.environ.get("TOPO_SANITIZED") == "1"
_counts = {"passed": 0, "failed": 0}


def check(name, ok, detail=""):
    """Counts one check; a failed one prints its name and detail."""
    if ok:
        _counts["passed"] += 1
    else:
        _counts["failed"] += 1
        print(f"FAIL: {name} {detail}")


def finish():
    """Prints the closing line and exits 1 when a check failed."""
    print(f"{_counts['passed']} passed, {_counts['failed']} failed")
    sys.exit(1 if _counts["failed"] else 0)


def pipeline_json(gen_args, stat_args=()):
    """`topogen GEN_ARGS | topostat --json STAT_ARGS`, parsed."""
    gen = subprocess.Popen([f"{BIN}/topogen", *gen_args], stdout=subprocess.PIPE)
    out = subprocess.run([f"{BIN}/topostat", "--json", *stat_args], stdin=gen.stdout, check=True,
                         capture_output=True, text=True).stdout
    gen.wait()
    return json.loads(out)


def write_topo_edgelist(g, path):
    """Writes a networkx graph as a topo edge list, by hand as another program would, so that isolated
    nodes at the end are kept."""
    with open(path, "w") as f:
        f.write("# topo-edgelist 1\n")
        f.write(f"# directed: {'true' if g.is_directed() else 'false'}\n")
        f.write(f"# nodes: {g.number_of_nodes()}\n# links: {g.number_of_edges()}\n")
        for u, v in g.edges:
            f.write(f"{u} {v}\n")
