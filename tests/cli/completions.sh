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
fails=0 passes=0
ok() { passes=$((passes + 1)); }
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }

for t in "$bin"/topo*; do
  tool=$(basename "$t")
  for sh in bash zsh fish; do
    file="$top/completions/$sh/$tool"
    if [[ ! -f "$file" ]]; then fail "$file is missing (run: $tool --generate-completion $sh > $file)"; continue; fi
    if diff -q "$file" <("$t" --generate-completion "$sh") > /dev/null; then ok; else fail "$file is stale: regenerate it with '$tool --generate-completion $sh'"; fi
  done
  bash -n "$top/completions/bash/$tool" && ok || fail "bash -n $tool"
  if command -v zsh > /dev/null; then zsh -n "$top/completions/zsh/$tool" && ok || fail "zsh -n $tool"; else fail "zsh is not installed"; fi
  if command -v fish > /dev/null; then fish --no-execute "$top/completions/fish/$tool" && ok || fail "fish --no-execute $tool"; else fail "fish is not installed"; fi
  if command -v shellcheck > /dev/null; then shellcheck -s bash "$top/completions/bash/$tool" && ok || fail "shellcheck $tool"; else fail "shellcheck is not installed"; fi

  # Every --long option of the tool and of its subcommands is documented and completed.
  helps=$("$t" --help)
  for sub in $("$t" --help | awk '/^Subcommands:/{s=1; next} s && NF {print $1}'); do helps+=$'\n'$("$t" "$sub" --help); done
  for opt in $(grep -oE -- '--[a-z][a-z0-9-]+' <<< "$helps" | sort -u); do
    name=${opt#--}
    grep -qE -- "(\\\\-|-)-?${name}\\b" "$top/man/$tool.1" || grep -qF -- "\\-$name" "$top/man/$tool.1" && ok || fail "$tool: $opt is not in man/$tool.1"
    for sh in bash zsh fish; do
      grep -qE -- "(--|-l )${name}\\b" "$top/completions/$sh/$tool" && ok || fail "$tool: $opt is not in completions/$sh/$tool"
    done
  done
done

# Drive bash completion the way the shell does.
complete_words() {  # complete_words TOOL WORD... : prints the candidates for the last word
  local tool=$1; shift
  bash -c 'source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); "_$(basename "$0")"; printf "%s\n" "${COMPREPLY[@]}"' \
    "$tool" "$top/completions/bash/$tool" "$tool" "$@"
}
[[ "$(complete_words topogen --se)" == "--seed" ]] && ok || fail "topogen --se<TAB> does not give --seed"
[[ "$(complete_words topogen sl)" == "slimfly" ]] && ok || fail "topogen sl<TAB> does not give slimfly"
[[ "$(complete_words topogen torus --preset qcdoc-10)" == "qcdoc-1024" ]] && ok || fail "topogen torus --preset qcdoc-10<TAB>"
[[ "$(complete_words topostat --method o)" == "orbits" ]] && ok || fail "topostat --method o<TAB>"
complete_words topogen torus --d | grep -qx -- "--dims" && ok || fail "topogen torus --d<TAB> does not offer --dims"

echo "$passes passed, $fails failed"
((fails == 0))
