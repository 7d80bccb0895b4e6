#!/usr/bin/env bash
# Shell completions and documentation stay in step with the tools' option tables:
# - completions/{bash,zsh,fish}/TOOL equal what `TOOL --generate-completion SHELL` prints now;
# - they pass bash -n, zsh -n, fish --no-execute and shellcheck;
# - bash completion works when driven non-interactively;
# - every --long option in a tool's --help (and its subcommands' --help) is in its man page and completions.
# Usage: completions.sh BIN_DIR
set -uo pipefail
bin=$1
top=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"

for t in "$bin"/topo*; do
  tool=$(basename "$t")
  for sh in bash zsh fish; do
    file="$top/completions/$sh/$tool"
    if [[ ! -f "$file" ]]; then fail "$file is missing (run: $tool --generate-completion $sh > $file)"; continue; fi
    if diff -q "$file" <("$t" --generate-completion "$sh") > /dev/null; then pass; else fail "$file is stale: regenerate it with '$tool --generate-completion $sh'"; fi
  done
  expect "bash -n $tool" bash -n "$top/completions/bash/$tool"
  if command -v zsh > /dev/null; then expect "zsh -n $tool" zsh -n "$top/completions/zsh/$tool"; else fail "zsh is not installed"; fi
  if command -v fish > /dev/null; then expect "fish --no-execute $tool" fish --no-execute "$top/completions/fish/$tool"; else fail "fish is not installed"; fi
  if command -v shellcheck > /dev/null; then expect "shellcheck $tool" shellcheck -s bash "$top/completions/bash/$tool"; else fail "shellcheck is not installed"; fi

  # Every --long option of the tool and of its subcommands is documented and completed.
  helps=$("$t" --help)
  for sub in $("$t" --help | awk '/^Subcommands:/{s=1; next} s && NF {print $1}'); do helps+=$'\n'$("$t" "$sub" --help); done
  while read -r opt; do
    name=${opt#--}
    if grep -qE -- "(\\\\-|-)-?${name}\\b" "$top/man/$tool.1" || grep -qF -- "\\-$name" "$top/man/$tool.1"; then pass; else fail "$tool: $opt is not in man/$tool.1"; fi
    for sh in bash zsh fish; do
      expect "$tool: $opt is not in completions/$sh/$tool" grep -qE -- "(--|-l )${name}\\b" "$top/completions/$sh/$tool"
    done
  done < <(grep -oE -- '--[a-z][a-z0-9-]+' <<< "$helps" | sort -u)
done

# Drive bash completion the way the shell does.
complete_words() {  # complete_words TOOL WORD... : prints the candidates for the last word
  local tool=$1; shift
  bash -c 'source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); "_$(basename "$0")"; printf "%s\n" "${COMPREPLY[@]}"' \
    "$tool" "$top/completions/bash/$tool" "$tool" "$@"
}
expect "topogen --se<TAB> does not give --seed" test "$(complete_words topogen --se)" = "--seed"
expect "topogen sl<TAB> does not give slimfly" test "$(complete_words topogen sl)" = "slimfly"
expect "topogen torus --preset qcdoc-10<TAB>" test "$(complete_words topogen torus --preset qcdoc-10)" = "qcdoc-1024"
expect "topostat --method o<TAB>" test "$(complete_words topostat --method o)" = "orbits"
expect "topogen torus --d<TAB> does not offer --dims" grep -qx -- "--dims" <<< "$(complete_words topogen torus --d)"

finish
