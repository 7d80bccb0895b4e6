#!/usr/bin/python3
"""Every option and format name the docs give a tool exists in that tool.
Usage: doc_names.py BIN_DIR

Reads README.md, doc/*.md, man/*.1 and man/*.5 (the man pages as mandoc renders them) and finds each `--option`
and each `--format NAME` / `-f NAME` / `--mapping-format NAME`. An option written after a tool's name in the same
command (a code span, a line of a command block, cut at pipes and semicolons) belongs to that tool, and to its
subcommand when one follows the name (`toposim run --csv`); an option with no tool before it belongs to the man
page's own tool, or elsewhere to any tool. Each must appear in that tool's --help (its subcommands' --help
included), and each format name must be one of the choices its --help lists for that option. Also checks that
topo-formats(5) and doc/definitions.md name every format topogen writes.
Exit 0 when all are found; otherwise one line per name not found."""
import glob
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TOOLS = ["topogen", "topostat", "toporoute", "topomap", "toposim"]
OPTION = re.compile(r"(?<![\w/.-])--[a-z0-9][a-z0-9-]*")
TOOL = re.compile(r"(?<![\w/.-])(" + "|".join(TOOLS) + r")(\(\d\))?(?![\w/.-])")
FORMAT = re.compile(r"(?<![\w-])(--format|-f|--mapping-format)[ =]([a-z][a-z0-9-]*)")
# Options of commands that are not topo's, met where no topo tool is named in the same command.
FOREIGN = {"--help", "--version", "--build", "--install", "--output-on-failure", "--regenerate", "--ignore-memory",
           "--bin", "--work", "--baseline-bin", "--reps", "--test", "--experiments", "--mpi", "--dry-run", "--werror",
           "--oversubscribe", "--prefix", "--print-labels"}  # cmake --install, ctest
PLACEHOLDERS = {"format", "fmt", "name", "f"}  # a synopsis's metavariable, not a format


def helps(bin_dir):
    """Per tool: {None: the tool's own --help, SUB: each subcommand's}."""
    out = {}
    for tool in TOOLS:
        exe = os.path.join(bin_dir, tool)
        top = subprocess.run([exe, "--help"], capture_output=True, text=True, check=True).stdout
        subs = {}
        if "Subcommands:" in top:
            for line in top.split("Subcommands:", 1)[1].splitlines():
                m = re.match(r"  ([a-z][a-z0-9-]*)\s", line)
                if m:
                    subs[m.group(1)] = subprocess.run([exe, m.group(1), "--help"], capture_output=True, text=True,
                                                      check=True).stdout
                elif line.strip() and not line.startswith(" "):
                    break
        out[tool] = {None: top, **subs}
    return out


def options(text):
    return set(OPTION.findall(text))


def choices(text, option):
    """The values CLI11 lists for OPTION ("--format FORMAT:{a,b}"), or None."""
    m = re.search(re.escape(option) + r" [A-Z]+:\{([^}]*)\}", text)
    return set(m.group(1).split(",")) if m else None


def doc_lines(path):
    if path.endswith((".1", ".5")):
        text = subprocess.run(["mandoc", "-T", "ascii", "-O", "width=400", path], capture_output=True, text=True,
                              check=True).stdout
        text = re.sub(".\b", "", text)
    else:
        text = open(path, encoding="utf-8").read()
    return text.splitlines()


def segments(line):
    """Pieces of a line that hold one command each: code spans first, then cut at pipes, semicolons, &&, shell
    comments and the ends of sentences."""
    spans = line.split("`")
    parts = spans[1::2] if len(spans) > 2 else [line]
    for part in parts:
        yield from re.split(r"\s\|\s|;\s|&&|\s#\s|\.\s|\s\|$", part)


def main():
    bin_dir = sys.argv[1]
    h = helps(bin_dir)
    every = set().union(*(options(t) for per in h.values() for t in per.values()))
    docs = [os.path.join(ROOT, "README.md")] + sorted(glob.glob(os.path.join(ROOT, "doc", "*.md"))) + \
        sorted(glob.glob(os.path.join(ROOT, "man", "*.[15]")))
    missing, checked = [], 0
    for path in docs:
        rel = os.path.relpath(path, ROOT)
        page_tool = os.path.basename(path)[:-2] if path.endswith(".1") else None
        for n, line in enumerate(doc_lines(path), 1):
            for seg in segments(line):
                # A tool's name starts its piece of the segment; a cross-reference, tool(1), may also be followed
                # by the page's own options ("the routes of a toporoute(1) file given by --routes").
                cuts = list(TOOL.finditer(seg))
                pieces = []  # (tool or None, the page's tool if the piece follows a cross-reference, text)
                if not cuts:
                    pieces.append((page_tool, None, seg))
                for i, m in enumerate(cuts):
                    end = cuts[i + 1].start() if i + 1 < len(cuts) else len(seg)
                    pieces.append((m.group(1), page_tool if m.group(2) else None, seg[m.end():end]))
                for tool, also, text in pieces:
                    if tool is None:
                        allowed, where = every, "any tool"
                    else:
                        words = text.split()
                        sub = words[0] if words and words[0] in h[tool] else None
                        texts = [h[tool][None]] + ([h[tool][sub]] if sub else
                                                   [t for k, t in h[tool].items() if k is not None])
                        allowed = set().union(*(options(t) for t in texts))
                        where = f"{tool} {sub}" if sub else tool
                        if also:
                            allowed |= set().union(*(options(t) for t in h[also].values()))
                            where += f" or {also}"
                    allowed |= FOREIGN
                    for opt in OPTION.findall(text):
                        checked += 1
                        if opt not in allowed:
                            missing.append(f"{rel}:{n}: {opt} is not an option of {where}")
                    if tool is None:
                        continue
                    for opt, name in FORMAT.findall(text):
                        opt = "--format" if opt == "-f" else opt
                        known = set().union(*(choices(t, opt) or set() for t in texts))
                        checked += 1
                        if known and name not in known and name not in PLACEHOLDERS:
                            missing.append(f"{rel}:{n}: {where} {opt} {name}: not one of {','.join(sorted(known))}")
    written = choices(h["topogen"][None], "--format") - {"edgelist", "plain"}
    for rel in ("man/topo-formats.5", "doc/definitions.md"):
        text = "\n".join(doc_lines(os.path.join(ROOT, rel))).lower()
        for name in sorted(written):
            checked += 1
            if name not in text:
                missing.append(f"{rel}: does not name the format {name}, which topogen --format writes")
    for m in missing:
        print(f"doc_names: {m}")
    print(f"doc_names: {checked} names checked, {len(missing)} not found")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
