#!/usr/bin/env bash
# Installs the Debian 12 packages topo needs, if any are missing.
#   scripts/install-deps.sh          packages to build and run the tools
#   scripts/install-deps.sh --test   also the packages the test suite and make lint use (oracles, nauty's labelg,
#                                    man page lint, clang-format, clang-tidy, shellcheck, fuzzing)
#   scripts/install-deps.sh --experiments   also the packages `make experiments` uses (plots)
#   scripts/install-deps.sh --mpi    also Open MPI, for the MPI build of the tools (make MPI=1)
#   scripts/install-deps.sh --bench  also the peers bench/ compares with that the tests do not install (GLPK's glpsol,
#                                    COIN-OR CLP)
# Options combine: scripts/install-deps.sh --test --mpi
# As root it runs apt-get; otherwise it prints the command to run and fails.
set -euo pipefail

build=(cmake g++ make libcli11-dev libfmt-dev nlohmann-json3-dev doctest-dev libnauty2-dev libmetis-dev libglpk-dev zlib1g-dev libxml2-dev)
test=(python3 python3-networkx python3-igraph python3-pandas nauty mandoc zsh fish shellcheck clang-format clang-tidy clang-14 libfuzzer-14-dev libomp-14-dev ccache)
experiments=(python3 gnuplot-nox)
mpi=(libopenmpi-dev openmpi-bin)
bench=(glpk-utils coinor-clp)

wanted=("${build[@]}")
for option in "$@"; do
  case "$option" in
    --test) wanted+=("${test[@]}") ;;
    --experiments) wanted+=("${experiments[@]}") ;;
    --mpi) wanted+=("${mpi[@]}") ;;
    --bench) wanted+=("${bench[@]}") ;;
    *)
      echo "install-deps.sh: unknown option $option (--test, --experiments, --mpi, --bench)" >&2
      exit 2
      ;;
  esac
done

missing=()
for p in "${wanted[@]}"; do
  status=$(dpkg-query -W -f='${db:Status-Status}' "$p" 2>/dev/null || true)
  [[ "$status" == "installed" ]] || missing+=("$p")
done
((${#missing[@]} == 0)) && exit 0

if [[ $(id -u) -ne 0 ]]; then
  echo "topo: missing Debian packages; install them with:" >&2
  echo "  sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi
echo "topo: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
