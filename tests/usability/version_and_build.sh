#!/usr/bin/env bash
# --version names the git commit and the library versions the tool was built with; `make demo` builds only
# the tools (not the unit tests or the bench helpers).
# Usage: version_and_build.sh BIN_DIR
# shellcheck disable=SC2016  # check() evaluates its condition later, where the variables are set
set -uo pipefail
bin=$(cd "$1" && pwd)
src=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"

commit=$(git -C "$src" rev-parse --short=12 HEAD 2> /dev/null || echo unknown)
fmt_h=$(sed -n 's/^#define FMT_VERSION \([0-9]*\)$/\1/p' /usr/include/fmt/core.h)
fmt_v="$((fmt_h / 10000)).$((fmt_h / 100 % 100)).$((fmt_h % 100))"
cli11_v=$(sed -n 's/^#define CLI11_VERSION "\(.*\)"$/\1/p' /usr/include/CLI/Version.hpp)
metis_v=$(awk '/#define METIS_VER_(MAJOR|MINOR|SUBMINOR)/ {v = v (v ? "." : "") $3} END {print v}' /usr/include/metis.h)
# nauty.h says "2.8.6 (16 bits)" or "(64 bits)" by word size; the library's word size is its own: compare the number.
nauty_v=$(sed -n 's/^#define NAUTYVERSION "\([0-9.]*\).*"$/\1/p' /usr/include/x86_64-linux-gnu/nauty/nauty.h /usr/include/nauty/nauty.h 2> /dev/null | head -1)
for t in topogen topostat toposim toporoute topomap; do
  v=$("$bin/$t" --version)
  check "$t --version first line" '[[ $(head -1 <<< "$v") =~ ^$t\ \(topo\)\ [0-9]+\.[0-9]+\.[0-9]+$ ]]'
  check "$t --version names the commit $commit ($v)" 'grep -Eq "^commit ${commit}(-dirty)?$" <<< "$v"'
  check "$t --version: nauty $nauty_v" 'grep -q "^nauty $nauty_v" <<< "$v"'
  check "$t --version: METIS $metis_v" 'grep -qxF "METIS $metis_v" <<< "$v"'
  check "$t --version: fmt $fmt_v" 'grep -qxF "fmt $fmt_v" <<< "$v"'
  check "$t --version: CLI11 $cli11_v" 'grep -qxF "CLI11 $cli11_v" <<< "$v"'
done

# make demo: the build step names the five tools as its targets, and nothing else.
dry=$(make --no-print-directory -C "$src" -n demo BUILD="$tmp/build" 2> /dev/null)
build_line=$(grep -E '^cmake --build ' <<< "$dry")
check "make demo builds with --target (got '$build_line')" \
  '[[ $build_line == "cmake --build $tmp/build -j "*" --target topogen topostat toposim toporoute topomap" ]]'
check "make demo does not build the unit tests or bench helpers" '! grep -Eq "unit_tests|map_swap_rate|bfs_kernels" <<< "$dry"'
check "make demo runs the pipeline" 'grep -qF "$tmp/build/bin/topogen torus --dims 8x8x8 | $tmp/build/bin/topostat" <<< "$dry"'
finish
