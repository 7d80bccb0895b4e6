#!/usr/bin/env bash
# Every name of every registry (families, formats, routings, traffic patterns, broadcasts, mapping methods,
# load routings, distance methods, the simulator's routings, VC class schemes, injection processes and flow
# controls, topomap's and toposim clex's choices; listed by registry_names from the library itself) is offered
# where a user looks for it:
# - in the --help of its tool (of the subcommand, for a subcommand's option; `topogen --list` for families),
# - in completions/bash, completions/zsh and completions/fish of the tool,
# - in the tool's man page (man/TOOL.1).
# A name registered and not documented, or documented under an old spelling, fails here.
# Usage: registries.sh BIN_DIR REGISTRY_NAMES
set -uo pipefail
bin=$1
lister=$2
top=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"

# NAME as a whole word: not part of a longer name ("escape" in "escape-hop" does not count).
has_word() {  # has_word NAME TEXT
  grep -qE -- "(^|[^a-z0-9_-])$1([^a-z0-9_-]|\$)" <<< "$2"
}

lines=$("$lister") || { echo "FAIL: $lister did not run"; exit 1; }
[[ -n $lines ]] || { echo "FAIL: $lister listed nothing"; exit 1; }
declare -A seen
while read -r tool sub option name; do
  where="$tool $([[ $sub != - ]] && echo "$sub ")$([[ $option != - ]] && echo "$option ")$name"
  key="$tool $sub"
  if [[ -z ${seen[$key]:-} ]]; then  # each tool's (or subcommand's) help, read once
    if [[ $sub == - ]]; then seen[$key]=$("$bin/$tool" --help; [[ $tool == topogen ]] && "$bin/$tool" --list)
    else seen[$key]=$("$bin/$tool" "$sub" --help); fi
  fi
  help=${seen[$key]}
  if [[ $option == - ]]; then
    if has_word "$name" "$help"; then pass; else fail "$where is not in $tool --help or --list"; fi
  else
    # The option's own line lists its choices as {a,b,c}.
    if grep -E -- "$option( |,|$)" <<< "$help" | grep -qE -- "[{,]${name}[,}]"; then pass; else fail "$where is not among $option's choices in $tool $([[ $sub != - ]] && echo "$sub ")--help"; fi
  fi
  for sh in bash zsh fish; do
    if has_word "$name" "$(cat "$top/completions/$sh/$tool")"; then pass; else fail "$where is not in completions/$sh/$tool"; fi
  done
  man=$(sed 's/\\-/-/g; s/\\(hy/-/g; s/\\f[BIRP]//g' "$top/man/$tool.1")
  if has_word "$name" "$man"; then pass; else fail "$where is not in man/$tool.1"; fi
done <<< "$lines"

finish
