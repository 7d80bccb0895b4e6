#!/usr/bin/env bash
# CMake's install rules put the five tools, their man pages and shell completions under a prefix (and under
# DESTDIR for a package), and the installed tools run; `make install` goes through them with PREFIX and DESTDIR.
# The build folder's install_manifest.txt (what `make uninstall` removes) is left as it was.
# Usage: install.sh BUILD_DIR
set -uo pipefail
build=$(cd "$1" && pwd)
src=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"
tools=(topogen topostat toposim toporoute topomap)

manifest=$build/install_manifest.txt
[[ -f $manifest ]] && cp -p "$manifest" "$tmp/manifest"
restore_manifest() { if [[ -f $tmp/manifest ]]; then cp -p "$tmp/manifest" "$manifest"; else rm -f "$manifest"; fi; }

# installed ROOT: every file in its place under ROOT, and each tool runs from there.
installed() {
  local root=$1 t
  for t in "${tools[@]}"; do
    expect "$root/bin/$t is executable" test -x "$root/bin/$t"
    expect "$t --version runs from $root" grep -q "^$t (topo) " <<< "$("$root/bin/$t" --version 2>&1)"
    expect "$t.1 installed" cmp -s "$src/man/$t.1" "$root/share/man/man1/$t.1"
    expect "bash completion of $t installed" cmp -s "$src/completions/bash/$t" "$root/share/bash-completion/completions/$t"
    expect "zsh completion of $t installed" cmp -s "$src/completions/zsh/$t" "$root/share/zsh/vendor-completions/_$t"
    expect "fish completion of $t installed" cmp -s "$src/completions/fish/$t" "$root/share/fish/vendor_completions.d/$t.fish"
  done
  expect "topo-formats.5 installed" cmp -s "$src/man/topo-formats.5" "$root/share/man/man5/topo-formats.5"
  expect "only the tools in $root/bin" test "$(files_named "$root/bin" '*')" -eq ${#tools[@]}
}

cmake --install "$build" --prefix "$tmp/prefix" > "$tmp/log" 2>&1
expect_status "cmake --install --prefix" 0 $?
installed "$tmp/prefix"
DESTDIR=$tmp/stage cmake --install "$build" --prefix /opt/topo > "$tmp/log" 2>&1
expect_status "DESTDIR=... cmake --install --prefix /opt/topo" 0 $?
installed "$tmp/stage/opt/topo"
restore_manifest

dry=$(make --no-print-directory -C "$src" -n install BUILD="$build" PREFIX=/opt/topo DESTDIR="$tmp/stage" 2> /dev/null)
expect "make install calls cmake --install with PREFIX and DESTDIR" \
  grep -qxF "DESTDIR=$tmp/stage cmake --install $build --prefix /opt/topo" <<< "$dry"
finish
