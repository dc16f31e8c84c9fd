#!/usr/bin/env bash
# A real engine's own search with seebatch answering its SEE: node counts
# equal to the unmodified build, and a checking build that asks both on
# every call and finds no difference (bench/ENGINE/search.sh with no speed
# runs and no callgrind: CI proves exactness, the scripts measure speed).
#   stockfish: Stockfish 15.1, bench depth 13.
#   berserk:   Berserk 4.6.0, its bench (depth 13) and go depth 9.
#
# The engine's tree is the user's, never the repository's: it is taken from
# $SEEBATCH_STOCKFISH_SRC or $SEEBATCH_BERSERK_SRC, else from
# ../shared/stockfish-15.1 or ../shared/berserk-4.6.0 beside the checkout.
# Without one, or in a sanitizer build, this is a skip (77).
# Usage: engine_search.sh stockfish|berserk BUILD_DIR SANITIZERS
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
engine=${1:-} build=${2:-}
case $engine in
    stockfish) tree=${SEEBATCH_STOCKFISH_SRC:-$repo/../shared/stockfish-15.1}
               name="Stockfish 15.1" variable=SEEBATCH_STOCKFISH_SRC marker=src/position.cpp
               export DEPTHS=13 ;;
    berserk)   tree=${SEEBATCH_BERSERK_SRC:-$repo/../shared/berserk-4.6.0}
               name="Berserk 4.6.0" variable=SEEBATCH_BERSERK_SRC marker=src/see.c
               export UCI_DEPTH=9 ;;
    *) echo "usage: $0 stockfish|berserk BUILD_DIR SANITIZERS" >&2; exit 2 ;;
esac
if [ -n "${3:-}" ]; then
    echo "skip: a sanitizer build ($3); $name is linked with the Release library"
    exit 77
fi
if [ ! -f "$tree/$marker" ]; then
    echo "skip: no $name tree at $tree (set $variable to one)"
    exit 77
fi
work=$(mktemp -d "/tmp/seebatch-$engine-test.XXXXXX")
trap 'rm -rf "$work"' EXIT
PAIRS=0 CALLGRIND=0 SEEBATCH_BUILD=$build "$repo/bench/$engine/search.sh" "$tree" "$work"
