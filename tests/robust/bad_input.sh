#!/usr/bin/env bash
# The bad-input matrix: every tool, every kind of input it reads, fed what a careless user or a broken
# pipeline gives it. Every case must end (under a timeout) with exit 1 (2 for a usage error), exactly one
# printable line "tool: ..." on stderr, nothing on stdout, and no output file or temporary left behind.
# Usage: bad_input.sh BIN_DIR
set -uo pipefail
bin=$1
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"
in=$tmp/in out=$tmp/out
mkdir "$in" "$out"

# bad NAME STATUS [< FILE] -- TOOL ARGS...: runs TOOL ARGS -o $out/result (unless ARGS hold -o already)
# with stdin from FILE (default: empty) and checks the contract above.
bad() {
  local name=$1 want=$2 stdin=/dev/null
  shift 2
  if [[ $1 == "<" ]]; then stdin=$2; shift 2; fi
  shift  # --
  local tool=$1 args=("$@")
  [[ " $* " == *" -o "* ]] || args+=(-o "$out/result")
  args[0]=$bin/$tool
  timeout 60 "${args[@]}" < "$stdin" > "$tmp/stdout" 2> "$tmp/stderr"
  local status=$? ok=1
  if ((status == 124)); then fail "$name: still running after 60 s"; return; fi
  if [[ "$status" != "$want" ]]; then fail "$name: exit $status, expected $want: $(head -c 300 "$tmp/stderr")"; ok=0; fi
  if [[ "$(wc -l < "$tmp/stderr")" -ne 1 || "$(head -c $((${#tool} + 2)) "$tmp/stderr")" != "$tool: " ]]; then
    fail "$name: stderr is not one line '$tool: ...': $(head -c 300 "$tmp/stderr" | cat -v)"; ok=0
  fi
  if LC_ALL=C grep -q '[^[:print:]]' < <(tr -d '\n' < "$tmp/stderr" | LC_ALL=C tr -d '\200-\377'); then
    fail "$name: stderr holds control bytes"; ok=0
  fi
  if [[ -s "$tmp/stdout" ]]; then fail "$name: wrote to stdout"; ok=0; fi
  if [[ -n "$(ls -A "$out")" ]]; then fail "$name: left $(ls -A "$out")"; rm -f "$out"/* "$out"/.??*; ok=0; fi
  ((ok)) && pass
  [[ -n "${VERBOSE:-}" ]] && echo "$name: $(cat "$tmp/stderr")"
  last=$name
  return 0
}

# says TEXT: the line of the case just run holds TEXT.
says() {
  grep -qF -- "$1" "$tmp/stderr" || fail "$last: the message does not say '$1': $(head -c 300 "$tmp/stderr")"
}

# --- Inputs ---------------------------------------------------------------------------------------------
: > "$in/empty.el"
printf '\n  \n\t\n' > "$in/blank.el"
python3 -c 'import random, sys; r = random.Random(14); sys.stdout.buffer.write(bytes(r.randrange(256) for _ in range(4096)))' \
  > "$in/garbage.bin"
printf '\x7fELF\x02\x01\x01\x00\x00\x00\n\x01\xff\xfe 3\n' > "$in/binary.el"
"$bin/topogen" torus --dims 4x4 > "$in/torus.el"
"$bin/topogen" torus --dims 4x4 --format json > "$in/torus.json"
"$bin/topogen" torus --dims 4x4 --format descriptor > "$in/torus.desc"
"$bin/topogen" torus --dims 4x4 --format plain > "$in/demand.el"
head -c 200 "$in/torus.el" > "$in/truncated.el"
head -n 20 "$in/torus.el" > "$in/truncated-lines.el"
head -c 300 "$in/torus.json" > "$in/truncated.json"
sed 's/^# links: 32$/# links: 40/' "$in/torus.el" > "$in/links-count.el"
sed 's/^# nodes: 16$/# nodes: 9/' "$in/torus.el" > "$in/nodes-count.el"
sed 's/^# nodes: 16$/# nodes: 99999999999/' "$in/torus.el" > "$in/nodes-huge.el"
printf '0 1\n1 4294967296\n' > "$in/id-33bit.el"
printf '0 1\n1 99999999999999999999999\n' > "$in/id-huge.el"
printf '0 1\n-1 2\n' > "$in/id-negative.el"
printf '0 1\n1 two\n' > "$in/id-word.el"
printf '0 1 2 3\n' > "$in/columns.el"
printf '[1, 2, 3]\n' > "$in/array.json"
printf '{"nodes": [{"id": 0}], "links": [{"source": 0, "target": 7}]}\n' > "$in/json-range.json"
printf '{"nodes": [{"id": 0}, {"id": 1}], "links": [{"source": -1, "target": 1}]}\n' > "$in/json-negative.json"
printf '{"nodes": 5, "links": []}\n' > "$in/json-types.json"
sed 's/"dims":\[4,4\]/"dims":[100000,100000,100000]/' "$in/torus.desc" > "$in/desc-huge.desc"
sed 's/"dims":\[4,4\]/"dims":[4,0]/' "$in/torus.desc" > "$in/desc-zero.desc"
sed 's/"torus"/"nonesuch"/' "$in/torus.desc" > "$in/desc-family.desc"
"$bin/topogen" torus --dims 4x4 --format graphml | head -c 600 > "$in/truncated.graphml"
# Nine levels of nested entities, 10^10 bytes expanded ("billion laughs"): refused by libxml2, not expanded.
python3 - > "$in/laughs.graphml" <<'PY'
ents = '<!ENTITY a0 "xxxxxxxxxx">' + "".join(f'<!ENTITY a{i} "{10 * ("&a%d;" % (i - 1))}">' for i in range(1, 10))
print(f'<?xml version="1.0"?><!DOCTYPE graphml [{ents}]><graphml><graph><node id="&a9;"/></graph></graphml>')
PY
"$bin/topogen" debruijn --symbols 2 --length 3 > "$in/directed.el"
# JSON nested 100000 levels deep, in a document and in an edge list's header lines: copying such a tree
# recursed once per level and overflowed the stack.
python3 - "$in" <<'PY'
import sys
deep = '{"a":' * 100000 + '1' + '}' * 100000
open(f"{sys.argv[1]}/deep.json", "w").write(
    '{"directed": false, "nodes": [{"id": 0}, {"id": 1}], "links": [{"source": 0, "target": 1}], "graph": {"x": '
    + deep + '}}\n')
for key in ("generator", "parameters"):
    open(f"{sys.argv[1]}/deep-{key}.el", "w").write(
        f'# topo-edgelist 1\n# {key}: {deep}\n# directed: false\n# nodes: 2\n# links: 1\n0 1\n')
PY
graph_inputs=(empty.el blank.el garbage.bin binary.el truncated.el truncated-lines.el truncated.json links-count.el
  nodes-count.el nodes-huge.el id-33bit.el id-huge.el id-negative.el id-word.el columns.el array.json json-range.json
  json-negative.json json-types.json desc-huge.desc desc-zero.desc desc-family.desc truncated.graphml laughs.graphml
  deep.json deep-generator.el deep-parameters.el)
for f in "${graph_inputs[@]}"; do
  [[ -f "$in/$f" ]] || fail "input $f was not made"
done
cmp -s "$in/torus.desc" "$in/desc-huge.desc" && fail "desc-huge.desc was not changed"
cmp -s "$in/torus.desc" "$in/desc-zero.desc" && fail "desc-zero.desc was not changed"

# --- Graph inputs: topostat, toporoute, topomap (network and demand), toposim clex ----------------------
for f in "${graph_inputs[@]}"; do
  bad "topostat $f" 1 -- topostat "$in/$f"
  bad "topostat < $f" 1 "<" "$in/$f" -- topostat
  bad "toporoute $f" 1 -- toporoute "$in/$f" --traffic all-to-all
  bad "topomap network $f" 1 -- topomap "$in/$f" --demand "$in/demand.el"
  bad "toposim clex $f" 1 -- toposim clex "$in/$f" --messages 2
done
for f in empty.el blank.el garbage.bin binary.el id-33bit.el id-huge.el id-negative.el id-word.el columns.el; do
  bad "topomap demand $f" 1 -- topomap "$in/torus.el" --demand "$in/$f"
done
bad "topostat deep.json says why" 1 -- topostat "$in/deep.json"
says "topostat: $in/deep.json:1: JSON nested deeper than 256 levels"
bad "topostat deep-generator.el says why" 1 -- topostat "$in/deep-generator.el"
says "topostat: $in/deep-generator.el:2: header \"generator\": JSON nested deeper than 256 levels"
bad "topostat laughs.graphml says why" 1 -- topostat "$in/laughs.graphml"
says "topostat: $in/laughs.graphml:1: XML entity declarations are not read (GraphML needs none)"
# One 50 KB entity used 20000 times: 110 KB of text that libxml2 would expand to 2 GB; and an 11 MB text.
python3 - "$in" <<'PY'
import sys
with open(f"{sys.argv[1]}/amplified.graphml", "w") as f:
    f.write('<?xml version="1.0"?>\n<!DOCTYPE graphml [<!ENTITY e "' + "x" * 50000 + '">]>\n<graphml><graph>')
    f.write("".join(f'<node id="{i}"><data key="d">&e;</data></node>' for i in range(20000)))
    f.write("</graph></graphml>\n")
with open(f"{sys.argv[1]}/long-text.graphml", "w") as f:
    f.write('<?xml version="1.0"?>\n<graphml><key id="d" for="node" attr.name="label" attr.type="string"/>\n')
    f.write('<graph edgedefault="undirected"><node id="0"><data key="d">' + "x" * (11 << 20) + "</data></node>")
    f.write('<node id="1"/><edge source="0" target="1"/></graph></graphml>\n')
with open(f"{sys.argv[1]}/long-skipped-text.graphml", "w") as f:
    f.write('<?xml version="1.0"?>\n<graphml><key id="g" for="graph" attr.name="x" attr.type="string"/>\n')
    f.write('<graph edgedefault="undirected"><data key="g">' + "y" * (11 << 20) + "</data>")
    f.write('<node id="0"/><node id="1"/><edge source="0" target="1"/></graph></graphml>\n')
PY
bad "topostat entity used 20000 times" 1 -- topostat "$in/amplified.graphml"
says "topostat: $in/amplified.graphml:2: XML entity declarations are not read"
bad "topostat 11 MB text node" 1 -- topostat "$in/long-text.graphml"
says "over 10 MB"
bad "topostat 11 MB text the reader skips (data of the graph)" 1 -- topostat "$in/long-skipped-text.graphml"
says "topostat: $in/long-skipped-text.graphml:3: a text over 10 MB"
# libxml2 is opened when GraphML is read: a library of its name without its functions (libm, first on
# LD_LIBRARY_PATH) is one line; the other formats do not open it.
mkdir "$tmp/fake-libxml2"
cp "$(ldd "$bin/topostat" | awk '/libm\.so/ {print $3}')" "$tmp/fake-libxml2/libxml2.so.2"
"$bin/topogen" torus --dims 3x3 --format graphml > "$in/torus.graphml"
LD_LIBRARY_PATH=$tmp/fake-libxml2 bad "topostat graphml without libxml2" 1 -- topostat "$in/torus.graphml"
says "reading GraphML needs libxml2: libxml2.so.2 has no xmlNewParserCtxt"
if ! LD_LIBRARY_PATH=$tmp/fake-libxml2 "$bin/topostat" "$in/torus.el" > /dev/null 2>&1; then
  fail "topostat torus.el with a broken libxml2 on LD_LIBRARY_PATH"
else
  pass
fi
# Found by the fuzz targets (tests/fuzz/README.md): a number beyond a double, a stray huge task id.
printf '{"nodes": [{"id": 717E7775}], "links": []}\n' > "$in/json-overflow.json"
bad "topostat json number overflow" 1 -- topostat "$in/json-overflow.json"
says "invalid JSON: number overflow"
printf '0 1111111111 1\n' > "$in/demand-huge-id.el"
bad "topomap demand task id 1111111111" 1 -- topomap "$in/torus.el" --demand "$in/demand-huge-id.el"
says "1111111112 tasks exceed the limit of 16777216 (2^24) for a demand"
bad "topostat plain, header counts" 1 -- topostat -f plain "$in/nodes-count.el"
bad "topostat missing file" 1 -- topostat "$in/none.el"
bad "topostat directory as input" 1 -- topostat "$in"
printf '%%%%MatrixMarket matrix coordinate real symmetric\n%% a comment\n3 3 2\n2 1 -1.5\n3 2 7\n' > "$in/matrix.mtx"
bad "topostat Matrix Market file as a graph" 1 -- topostat "$in/matrix.mtx"
says "matrix.mtx:1: a Matrix Market matrix, not a graph"

# Matrix Market and Harwell-Boeing demands.
printf '%%%%MatrixMarket matrix coordinate real general\n4 4 3\n1 2 1\n2 3 1\n' > "$in/count.mtx"
printf '%%%%MatrixMarket matrix coordinate real general\n4 4 1\n1 9 1\n' > "$in/range.mtx"
printf '%%%%MatrixMarket matrix coordinate real general\n4 5 1\n1 2 1\n' > "$in/square.mtx"
printf '%%%%MatrixMarket matrix array real general\n2 2\n1\n2\n3\n4\n' > "$in/array.mtx"
printf '%%%%MatrixMarket matrix coordinate real general\n4294967296 4294967296 1\n1 2 1\n' > "$in/huge.mtx"
printf '%%%%MatrixMarket matrix coordinate real general\n4 4 1\n1 2 nan\n' > "$in/nan.mtx"
printf '%%%%MatrixMarket matrix coordinate real general\n4 4 2\n1 2 1\n' > "$in/truncated.mtx"
cp "$in/garbage.bin" "$in/garbage.mtx"; cp "$in/empty.el" "$in/empty.mtx"
printf 'title\n 3 1 1 1\nRUA 4 4 2 0\n(4I4) (4I4) (4E20.12)\n   1   2\n' > "$in/truncated.rua"
printf 'title\n 3 1 1 1\nRUA 4 5 2 0\n(4I4) (4I4) (4E20.12)\n   1   2   3   3   3   3\n   1   2\n 1.0 2.0\n' \
  > "$in/square.rua"
cp "$in/garbage.bin" "$in/garbage.rua"; cp "$in/empty.el" "$in/empty.rua"
for f in count.mtx range.mtx square.mtx array.mtx huge.mtx nan.mtx truncated.mtx garbage.mtx empty.mtx \
  truncated.rua square.rua garbage.rua empty.rua; do
  bad "topomap demand $f" 1 -- topomap "$in/torus.el" --demand "$in/$f"
done

# QAPLIB instances and solutions, mapping files.
printf '3\n0 1 2\n1 0 3\n' > "$in/truncated.dat"
printf '70000\n0 1\n' > "$in/huge.dat"
printf '0\n' > "$in/zero.dat"
printf '2\n0 1 1 0\n0 x 1 0\n' > "$in/word.dat"
cp "$in/garbage.bin" "$in/garbage.dat"; cp "$in/empty.el" "$in/empty.dat"
for f in truncated.dat huge.dat zero.dat word.dat garbage.dat empty.dat; do
  bad "topomap --qap $f" 1 -- topomap --qap "$in/$f"
done
printf '16 0\n1 2 3\n' > "$in/short.sln"
printf '16 0\n1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 99\n' > "$in/range.sln"
cp "$in/garbage.bin" "$in/garbage.sln"
printf '0\n1\n1\n' > "$in/twice.map"
printf '0\n99\n' > "$in/range.map"
printf '0\n-1\n' > "$in/negative.map"
printf '3\n0 1\n0 2\n' > "$in/scotch-twice.map"
cp "$in/garbage.bin" "$in/garbage.map"; cp "$in/empty.el" "$in/empty.map"
for f in short.sln range.sln garbage.sln twice.map range.map negative.map scotch-twice.map garbage.map empty.map; do
  bad "topomap --evaluate $f" 1 -- topomap "$in/torus.el" --demand "$in/demand.el" --evaluate "$in/$f"
done

# Pairs files and node arguments of toporoute.
printf '0 1\n1\n' > "$in/one.pairs"
printf '0 16\n' > "$in/range.pairs"
printf '0 -1\n' > "$in/negative.pairs"
printf '0 4294967296\n' > "$in/33bit.pairs"
printf 'from to\n' > "$in/words.pairs"
cp "$in/garbage.bin" "$in/garbage.pairs"
for f in one.pairs range.pairs negative.pairs 33bit.pairs words.pairs garbage.pairs; do
  bad "toporoute --pairs $f" 1 -- toporoute "$in/torus.el" --pairs "$in/$f"
done
bad "toporoute --pairs missing" 1 -- toporoute "$in/torus.el" --pairs "$in/none.pairs"
bad "toporoute --from out of range" 1 -- toporoute "$in/torus.el" --from 0 --to 16
bad "toporoute --from negative" 2 -- toporoute "$in/torus.el" --from -1 --to 3
bad "toporoute --from huge" 1 -- toporoute "$in/torus.el" --from 99999999999999999999999 --to 3
bad "toporoute --split with dor" 2 -- toporoute "$in/torus.el" --algo dor --split
bad "toporoute --count-paths with valiant" 2 -- toporoute "$in/torus.el" --algo valiant --count-paths
bad "toporoute unknown traffic" 2 -- toporoute "$in/torus.el" --traffic nonesuch
bad "toporoute broadcast root out of range" 1 -- toporoute broadcast "$in/torus.el" --root 16

# --- Parameters: topogen families, --dims, --search, presets ---------------------------------------------
bad "topogen --dims zero" 1 -- topogen torus --dims 4x0
bad "topogen --dims negative" 1 -- topogen torus --dims 4x-3
# Malformed parameter values are usage errors (exit 2); well-formed values that break a constraint exit 1.
bad "topogen --dims huge" 2 -- topogen torus --dims 99999999999999999999999x2
bad "topogen --dims empty part" 2 -- topogen torus --dims 4xx4
bad "topogen --dims binary" 2 -- topogen torus --dims $'4x\x01\xff'
# A size above the 32-bit node ids: the message states the count (an estimate from 2^64 on).
limit="nodes exceed the limit of 4294967294 (32-bit node ids)"
bad "topogen node count overflow" 1 -- topogen torus --dims 100000x100000x100000
says "topogen: --dims 100000x100000x100000: 1000000000000000 $limit"
bad "topogen node count overflow (64 bit)" 1 -- topogen torus --dims 4294967296x4294967296x4294967296
says "topogen: --dims 4294967296x4294967296x4294967296: about 7.92e+28 $limit"
bad "topogen node count wraps to 0 in 64 bits" 1 -- topogen mesh --dims 4x4611686018427387904
says "topogen: --dims 4x4611686018427387904: about 1.84e+19 $limit"
bad "topogen hypercube too large" 1 -- topogen hypercube --dim 64
says "topogen: --dim 64: 2^n = about 1.84e+19 $limit"
bad "topogen hypercube 2^40" 1 -- topogen hypercube --dim 40
says "topogen: --dim 40: 2^n = 1099511627776 $limit"
bad "topogen ccc links overflow" 1 -- topogen ccc --dim 27
says "topogen: --dim 27: 3*d*2^(d-1) = 5435817984 links exceed the limit of 4294967295 (32-bit link ids)"
bad "topogen debruijn overflow" 1 -- topogen debruijn --symbols 65536 --length 32
says "topogen: --symbols 65536 --length 32: m^n = about 1.34e+154 $limit"
bad "topogen fattree overflow" 1 -- topogen fattree --arity 1000 --levels 4
says "topogen: --arity 1000 --levels 4: k^n + n*k^(n-1) = 1004000000000 $limit"
bad "topogen hamming overflow" 1 -- topogen hamming --side 10 --dims 12
says "topogen: --side 10 --dims 12: n^d = 1000000000000 $limit"
bad "topogen slimfly overflow" 1 -- topogen slimfly --q 65537
says "topogen: --q 65537: 2q^2 = 8590196738 $limit"
bad "topogen hdn base overflow" 1 -- topogen hdn --base 100000x100000 --levels 1 --supernodes none
says "topogen: --base 100000x100000: the base network's 10000000000 $limit"
bad "topogen hypercube negative" 1 -- topogen hypercube --dim -1
bad "topogen ring zero" 1 -- topogen ring --nodes 0
bad "topogen complete huge" 1 -- topogen complete --nodes 3000000000
bad "topogen pn non-prime-power q" 1 -- topogen pn --q 6
bad "topogen slimfly non-prime-power q" 1 -- topogen slimfly --q 10
bad "topogen paley q = 3 mod 4" 1 -- topogen paley --q 7
bad "topogen random-regular degree >= nodes" 1 -- topogen random-regular --nodes 5 --degree 5
bad "topogen random-regular odd n*d" 1 -- topogen random-regular --nodes 5 --degree 3
bad "topogen ibt --search garbage" 1 -- topogen ibt --search 32768+-x%
bad "topogen ibt --search zero" 1 -- topogen ibt --search 0
bad "topogen ibt --search huge" 1 -- topogen ibt --search 99999999999999999999
bad "topogen unknown preset" 2 -- topogen torus --preset nonesuch
bad "topogen --dims and --preset" 2 -- topogen torus --dims 4x4 --preset bgl-32
bad "topogen unknown family" 2 -- topogen nonesuch
bad "topogen --max-nodes exceeded" 1 -- topogen torus --dims 64x64 --max-nodes 100
bad "topogen unknown format" 2 -- topogen torus --dims 4x4 --format nonesuch

# --- Parameters of the other tools -------------------------------------------------------------------------
bad "topostat --sample 0" 2 -- topostat "$in/torus.el" --method sample --sample 0
bad "topostat --sample negative" 2 -- topostat "$in/torus.el" --method sample --sample -4
bad "topostat unknown method" 2 -- topostat "$in/torus.el" --method nonesuch
bad "topostat --prices garbage" 2 -- topostat "$in/torus.el" --prices 1,x,3
bad "topostat --traffic unknown" 2 -- topostat "$in/torus.el" --throughput --traffic nonesuch
bad "topostat --traffic without --throughput" 2 -- topostat "$in/torus.el" --traffic tornado
bad "topostat --demand without --throughput" 2 -- topostat "$in/torus.el" --demand "$in/demand.el"
bad "topostat --traffic and --demand" 2 -- topostat "$in/torus.el" --throughput --traffic tornado --demand "$in/demand.el"
bad "topostat --hotspot without --traffic" 2 -- topostat "$in/torus.el" --throughput --hotspot 3
bad "topostat --hotspot with --traffic tornado" 2 -- topostat "$in/torus.el" --throughput --traffic tornado --hotspot 3
says "--hotspot goes with --traffic hotspot, not --traffic tornado"
printf '0 0\n' > "$in/one-router.el"
bad "topostat --throughput on one router" 1 -- topostat "$in/one-router.el" --throughput --terminals-per-router 3
says "one router has every terminal, so uniform traffic crosses no link"
bad "topostat --demand - with the graph from stdin" 2 "<" "$in/torus.el" -- topostat --throughput --demand -
says "--demand -: the graph is read from standard input"
bad "topostat --demand - garbage" 1 "<" "$in/garbage.bin" -- topostat "$in/torus.el" --throughput --demand -
says "topostat: <stdin>"
bad "topostat --demand - empty" 1 -- topostat "$in/torus.el" --throughput --demand -
says "<stdin>: no tasks"
printf '0 x 1\n' > "$in/demand-x.el"
bad "topostat --demand - not a number" 1 "<" "$in/demand-x.el" -- topostat "$in/torus.el" --throughput --demand -
says "<stdin>:1: v: expected a non-negative integer, got 'x'"
bad "topostat --demand - more routers than the network" 1 "<" <(printf '0 19 1\n') -- topostat "$in/torus.el" --throughput --demand -
says "<stdin>: 20 tasks exceed the limit of 16 for a demand"
bad "topostat --hotspot outside the graph" 1 -- topostat "$in/torus.el" --throughput --traffic hotspot --hotspot 16
says "--hotspot 16: the graph has 16 nodes"
bad "topostat --traffic bit-complement on 20 nodes" 1 -- topostat <("$bin/topogen" ring --nodes 20) --throughput --traffic bit-complement
says "--traffic bit-complement needs a power-of-two number of nodes, got 20"
bad "topostat --demand missing file" 1 -- topostat "$in/torus.el" --throughput --demand "$in/none.mtx"
bad "topostat --demand more routers than the network" 1 -- topostat "$in/torus.el" --throughput --demand <("$bin/topogen" ring --nodes 20)
printf '3 3 1\n' > "$in/demand-self.el"
bad "topostat --demand within one router" 1 -- topostat "$in/torus.el" --throughput --demand "$in/demand-self.el"
says "no demand between two routers"
bad "topostat --demand garbage" 1 -- topostat "$in/torus.el" --throughput --demand "$in/garbage.bin"
bad "topomap --time-limit negative" 2 -- topomap "$in/torus.el" --demand "$in/demand.el" --time-limit -1
bad "topomap unknown method" 2 -- topomap "$in/torus.el" --demand "$in/demand.el" --method nonesuch
bad "topomap more tasks than nodes" 1 -- topomap "$in/torus.el" --demand <("$bin/topogen" ring --nodes 20)
bad "toposim clex --clique 0" 1 -- toposim clex --clique 0 --levels 2 --messages 2
bad "toposim clex --levels 0" 1 -- toposim clex --clique 4 --levels 0 --messages 2
bad "toposim clex --messages 0" 1 -- toposim clex --clique 4 --levels 2 --messages 0
bad "toposim clex --clique negative" 2 -- toposim clex --clique -4 --levels 2 --messages 2
bad "toposim clex size overflow" 1 -- toposim clex --clique 100000 --levels 10 --messages 2
bad "toposim clex-alltoall size overflow" 1 -- toposim clex-alltoall --clique 100000 --levels 10 -o "$out/result"
bad "toposim clex on a non-clex graph" 1 -- toposim clex "$in/torus.el" --messages 2
# A VC counts its flits in 16 bits: a deeper buffer is refused, not wrapped around.
bad "toposim run --buffer above 65535" 2 -- toposim run "$in/torus.el" --buffer 65536
says "toposim: --buffer must be between 1 and 65535 flits"

# --- Outputs ---------------------------------------------------------------------------------------------
echo file > "$tmp/a-file"
declare -A good=(
  [topogen]="torus --dims 8x8x8"
  [topostat]="$in/torus.el"
  [toporoute]="$in/torus.el --traffic all-to-all"
  [topomap]="$in/torus.el --demand $in/demand.el"
  [toposim]="clex --clique 4 --levels 2 --messages 2"
)
for tool in topogen topostat toporoute topomap toposim; do
  read -ra args <<< "${good[$tool]}"
  bad "$tool -o in a missing folder" 1 -- "$tool" "${args[@]}" -o "$out/none/result"
  bad "$tool -o under a file" 1 -- "$tool" "${args[@]}" -o "$tmp/a-file/result"
  bad "$tool -o a directory" 1 -- "$tool" "${args[@]}" -o "$out"
  if ((EUID != 0)); then
    mkdir -p "$tmp/ro" && chmod 555 "$tmp/ro"
    bad "$tool -o in a read-only folder" 1 -- "$tool" "${args[@]}" -o "$tmp/ro/result"
  fi
  if [[ -w /dev/full ]]; then
    bad "$tool -o /dev/full" 1 -- "$tool" "${args[@]}" -o /dev/full
    timeout 60 "$bin/$tool" "${args[@]}" > /dev/full 2> "$tmp/stderr"
    status=$?
    if ((status == 1)) && [[ "$(wc -l < "$tmp/stderr")" -eq 1 ]] &&
      grep -q "^$tool: write error on standard output: No space left on device$" "$tmp/stderr"; then
      pass
    else
      fail "$tool > /dev/full: exit $status: $(head -c 200 "$tmp/stderr")"
    fi
  fi
  # A closed stdout (| head -1) ends the tool quietly and at once, as filters do.
  timeout 60 "$bin/$tool" "${args[@]}" 2> "$tmp/stderr" | head -c 1 > /dev/null
  status=${PIPESTATUS[0]}
  if ((status != 124)) && [[ ! -s "$tmp/stderr" ]]; then
    pass
  else
    fail "$tool | head -c 1: exit $status: $(head -c 200 "$tmp/stderr")"
  fi
done

# --- A format one tool writes, read by the others: METIS -------------------------------------------------
# Read as METIS by its name (.graph, .metis), by --format metis, or by its shape (a first line "N M" and N lines
# after it) with a note saying so; never silently as the edge list "10 10" (a self-loop) of 11 nodes.
stat_json() { timeout 60 "$bin/topostat" --json --no-provenance --bisection no "$@" 2> "$tmp/stderr"; }
figures() { python3 -c 'import json, sys; j = json.load(sys.stdin); print(j["nodes"], j["links"], j["self_loops"] if "self_loops" in j else "-")'; }
"$bin/topogen" torus --dims 2x3 --format metis > "$in/torus.graph"
cp "$in/torus.graph" "$in/torus-metis.txt"
want=$("$bin/topogen" torus --dims 2x3 | stat_json | figures)
for how in "torus.graph" "-f metis torus-metis.txt" "torus-metis.txt"; do
  read -ra args <<< "$how"
  got=$(stat_json "${args[@]/#torus/$in/torus}" | figures)
  if [[ "$got" == "$want" ]]; then pass; else fail "topostat $how: $got, expected $want"; fi
done
if grep -qF "topostat: note: $in/torus-metis.txt: read as METIS (the first line \"$(head -1 "$in/torus.graph")\" is its header)" \
  "$tmp/stderr"; then
  pass
else
  fail "METIS by its shape: no note: $(cat "$tmp/stderr")"
fi
want=$("$bin/topogen" ring --nodes 10 | stat_json | figures)
got=$("$bin/topogen" ring --nodes 10 --format metis | stat_json | figures)
if [[ "$got" == "$want" ]]; then pass; else fail "topogen ring --format metis | topostat: $got, expected $want"; fi
# A plain edge list of the same shape that is not a valid METIS graph is read as an edge list, with a note.
printf '1 0\n2 3\n' > "$in/metis-shaped.txt"
got=$(stat_json "$in/metis-shaped.txt" | figures)
if [[ "$got" == "4 2"* ]] && grep -qF "read as an edge list: the first line \"1 0\" could be a METIS header" "$tmp/stderr"; then pass; else
  fail "METIS-shaped edge list: $got: $(cat "$tmp/stderr")"
fi
printf '3 2\n2\n1\n\n' > "$in/metis-count.graph"
bad "topostat METIS edge count" 1 -- topostat "$in/metis-count.graph"
says "topostat: $in/metis-count.graph:1: the header says 2 edges"
printf '3 2\n2 3\n1\n2\n' > "$in/metis-one-way.graph"
bad "topostat METIS edge listed at one end" 1 -- topostat -f metis "$in/metis-one-way.graph"
says "edge 1 3 is not listed alike at both ends"
printf '3 1\n2\n1\n' > "$in/metis-lines.graph"
bad "topostat METIS node lines" 1 -- topostat "$in/metis-lines.graph"
says "the header says 3 nodes but the file has 2 node lines (truncated?)"
bad "topostat METIS neighbour out of range" 1 "<" <(printf '2 1\n3\n1\n') -- topostat -f metis
says "topostat: <stdin>:2: neighbour \"3\" is not a node between 1 and 2"

# --- Errors that name the input ----------------------------------------------------------------------------
bad "topostat directory as input says so" 1 -- topostat "$in"
says "topostat: cannot read $in: Is a directory"
bad "topostat directory on stdin" 1 "<" "$in" -- topostat
says "topostat: cannot read <stdin>: Is a directory"
timeout 60 "$bin/topostat" <&- > "$tmp/stdout" 2> "$tmp/stderr"
status=$?
if [[ $status == 1 && "$(cat "$tmp/stderr")" == "topostat: cannot read <stdin>: standard input is closed" ]]; then pass; else
  fail "topostat with stdin closed: exit $status: $(cat "$tmp/stderr")"
fi
# A link class or label that cannot be written (invalid UTF-8) or printed (controls) is refused where it is read.
printf '0 1 a\xffb\n' > "$in/class-utf8.el"
bad "topostat class not UTF-8" 1 -- topostat --json "$in/class-utf8.el"
says "topostat: $in/class-utf8.el:1: bad link class name \"a\\xffb\""
printf '0 1 \033[2J\n' > "$in/class-escape.el"
bad "toporoute class with an escape sequence" 1 -- toporoute "$in/class-escape.el" --from 0 --to 1 --text
says "bad link class name \"\\x1b[2J\""
printf '{"nodes": [{"id": 0, "label": "a\\u202eb"}, {"id": 1}], "links": [{"source": 0, "target": 1}]}\n' > "$in/label-bidi.json"
bad "topostat label with a bidi override" 1 -- topostat "$in/label-bidi.json"
says "label \"a\\u{202e}b\" is not printable UTF-8 text"
# Unicode controls and format characters in a message are escaped like control bytes: C1 (U+009B, a CSI),
# the bidi override U+202E, a byte order mark inside a line.
printf '0 1\n\xc2\x9b2J\xe2\x80\xae \xef\xbb\xbf 1\n' > "$in/unicode-controls.el"
bad "topostat Unicode controls in a message" 1 -- topostat "$in/unicode-controls.el"
says 'expected two node ids, got "\u{009b}2J\u{202e} \u{feff} 1"'
# A UTF-8 byte order mark at the start of a file is skipped.
printf '\xef\xbb\xbf0 1\n1 2\n' > "$in/bom.el"
got=$(stat_json "$in/bom.el" | figures)
if [[ "$got" == "3 2"* ]]; then pass; else fail "edge list with a byte order mark: $got: $(cat "$tmp/stderr")"; fi
printf '\xef\xbb\xbf' | cat - "$in/torus.json" > "$in/bom.json"
got=$(stat_json "$in/bom.json" | figures)
if [[ "$got" == "16 32"* ]]; then pass; else fail "JSON with a byte order mark: $got: $(cat "$tmp/stderr")"; fi

# --- Option values that look like options, and other usage errors -------------------------------------------
cd "$out" || exit 1  # a file named --csv would be left in $out, where bad looks
bad "toporoute --loads --csv" 2 -- toporoute "$in/torus.el" --traffic all-to-all --loads --csv
says "toporoute: --loads needs a value but is followed by the option --csv (write --loads=--csv"
cd - > /dev/null || exit 1
bad "topostat -o -j" 2 -- topostat "$in/torus.el" -o -j 2
says "topostat: -o needs a value but is followed by the option -j (write --output=-j"
bad "toposim run --seed --csv" 2 -- toposim run "$in/torus.el" --seed --csv
bad "topogen torus --dims --format" 2 -- topogen torus --dims --format json
bad "topostat -o ''" 2 -- topostat "$in/torus.el" -o ''
says "an empty file name ('-' is standard output)"
bad "topomap -o ''" 2 -- topomap "$in/torus.el" --demand "$in/demand.el" -o ''
# A value starting with '-' is fine written with '=' (a file named -x), and a negative number stays a value.
(cd "$out" && timeout 60 "$bin/toporoute" "$in/torus.el" --traffic all-to-all --summary --loads=-x > /dev/null 2>&1)
if [[ -s "$out/-x" ]]; then pass; else fail "toporoute --loads=-x: no file -x"; fi
rm -f "$out/-x"
bad "toporoute --from -1 stays a number" 2 -- toporoute "$in/torus.el" --from -1 --to 3
says "toporoute: --from"
# A trailing word after a JSON document is not "truncated".
printf '{"nodes": [], "links": []} trailing\n' > "$in/json-trailing.json"
bad "topostat JSON with a trailing word" 1 -- topostat "$in/json-trailing.json"
says "invalid JSON"
# One rule for the simulator's ranges: out of range is a usage error, however far.
for vcs in 256 1000000; do
  bad "toposim run --vcs $vcs" 2 -- toposim run "$in/torus.el" --vcs $vcs --max-memory 1M
  says "toposim: --vcs must be between 1 and 255"
done
bad "toposim run --packet-size 70000" 2 -- toposim run "$in/torus.el" --packet-size 70000
# Sweep points, seeds and sample windows are bounded: the first two by the memory estimate, the last by a range.
bad "toposim run --sweep 0:1:1e-12" 1 -- toposim run "$in/torus.el" --sweep 0:1:1e-12
says "toposim: this run needs about"
says "point results"
bad "toposim run --seeds 1000000000" 1 -- toposim run "$in/torus.el" --seeds 1000000000
says "point results"
bad "toposim run --samples 4000000000" 2 -- toposim run "$in/torus.el" --samples 4000000000
says "cycles a point, more than 1e+12"

# --- Diagnostics that cannot be written ------------------------------------------------------------------
# A message or a progress bar that cannot reach stderr (closed, a full device, a closed pipe) changes nothing:
# the exit status stays 0, 1 or 2 and the -o file is written as without it.
status_of() { timeout 60 "$@"; echo $?; }
if [[ "$(status_of "$bin/topostat" "$in/none.el" 2>&-)" == 1 ]]; then pass; else
  fail "topostat missing file with stderr closed: not exit 1"
fi
if [[ "$(status_of "$bin/topostat" --nonesuch 2>&-)" == 2 ]]; then pass; else
  fail "topostat unknown option with stderr closed: not exit 2"
fi
# topomap's result goes to -o; its report lines have nowhere to go when the caller closed stdout, and the run
# still succeeds (without -o the mapping itself is lost: exit 1).
printf '%%%%MatrixMarket matrix coordinate pattern symmetric\n4 4 3\n2 1\n3 2\n4 3\n' > "$in/chain4.mtx"
rm -f "$tmp/chain4.map"
timeout 60 "$bin/topomap" --demand "$in/chain4.mtx" --iterations 100 -o "$tmp/chain4.map" "$in/torus.el" >&- 2> /dev/null
st=$?
if [[ $st -eq 0 && $(wc -l < "$tmp/chain4.map") -eq 4 ]]; then pass; else
  fail "topomap -o with stdout closed: exit $st"
fi
timeout 60 "$bin/topomap" --demand "$in/chain4.mtx" --iterations 100 "$in/torus.el" >&- 2> /dev/null
st=$?
if [[ $st -eq 1 ]]; then pass; else fail "topomap without -o, stdout closed: exit $st, not 1"; fi
for err in /dev/full closed-pipe; do
  for tool in topostat toposim; do
    rm -f "$out/result"
    case $tool in
      topostat) args=("$in/torus.el" --progress) ;;
      toposim) args=(clex --clique 4 --levels 2 --messages 2 --progress) ;;
    esac
    if [[ $err == /dev/full ]]; then
      [[ -w /dev/full ]] || continue
      status=$(status_of "$bin/$tool" "${args[@]}" -o "$out/result" 2> /dev/full)
    else
      timeout 60 "$bin/$tool" "${args[@]}" -o "$out/result" 2>&1 > /dev/null | true
      status=${PIPESTATUS[0]}
    fi
    if [[ "$status" == 0 && -s "$out/result" ]]; then pass; else
      fail "$tool ${args[*]} with stderr on $err: exit $status, output $(ls "$out")"
    fi
    rm -f "$out/result"
  done
done

# --- Graphs that are valid but not what a tool needs --------------------------------------------------------
# A disconnected graph: the metrics say so (no finite diameter or radius, the unreachable pairs counted).
printf '0 1\n1 2\n2 0\n3 4\n4 5\n5 3\n' > "$in/two-rings.el"
"$bin/topostat" "$in/two-rings.el" --json > "$tmp/stat.json" 2> "$tmp/stderr"
status=$?
if ((status == 0)) && python3 - "$tmp/stat.json" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
assert s["connected"] is False and s["components"] == 2, "the report does not say disconnected"
d = s["distances"]
assert d["diameter"] is None and d["radius"] is None, "a finite diameter or radius on a disconnected graph"
assert d["unreachable_pairs"] == 18, "unreachable pairs not counted"
PY
then pass; else fail "topostat on a disconnected graph: exit $status: $(head -c 300 "$tmp/stat.json")"; fi
bad "toporoute on a disconnected graph" 1 -- toporoute "$in/two-rings.el" --traffic all-to-all
bad "topomap on a disconnected network" 1 -- topomap "$in/two-rings.el" --demand "$in/two-rings.el"
bad "toporoute dor on a directed graph" 1 -- toporoute "$in/directed.el" --traffic all-to-all --algo dor
bad "topomap on a directed network" 1 -- topomap "$in/directed.el" --demand "$in/directed.el"

finish
