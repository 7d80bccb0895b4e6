#!/usr/bin/env bash
# Draws one figure: plot.sh GNUPLOT SCRIPT DATA OUT.svg. The SVG records how it was made in a comment.
set -euo pipefail
gnuplot=$1 script=$2 data=$3 out=$4
tmp="$out.tmp.$$"
trap 'rm -f "$tmp"' EXIT
"$gnuplot" -e "data='$data'; out='$tmp'" "$script"
{
  head -n 1 "$tmp"
  echo "<!-- made by make experiments: $gnuplot $script over $data (its header lists the tool commands) -->"
  tail -n +2 "$tmp"
} > "$out.tmp2.$$"
mv "$out.tmp2.$$" "$out"
