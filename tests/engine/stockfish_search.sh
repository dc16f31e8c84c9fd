#!/usr/bin/env bash
# Stockfish 15.1's own search with seebatch answering see_ge: node counts
# equal to the unmodified build at depth 13, and a checking build that asks
# both on every call and finds no difference (bench/stockfish/search.sh, one
# speed pair, no callgrind: CI proves exactness, the bench measures speed).
#
# The Stockfish tree is the user's, never the repository's: it is taken from
# $SEEBATCH_STOCKFISH_SRC, else from ../shared/stockfish-15.1 beside the
# checkout. Without one, or in a sanitizer build, this is a skip (77).
# Usage: stockfish_search.sh BUILD_DIR SANITIZERS
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
build=$1
tree=${SEEBATCH_STOCKFISH_SRC:-$repo/../shared/stockfish-15.1}
if [ -n "${2:-}" ]; then
    echo "skip: a sanitizer build ($2); Stockfish is linked with the Release library"
    exit 77
fi
if [ ! -f "$tree/src/position.cpp" ]; then
    echo "skip: no Stockfish 15.1 tree at $tree (set SEEBATCH_STOCKFISH_SRC to one)"
    exit 77
fi
work=$(mktemp -d /tmp/seebatch-stockfish-test.XXXXXX)
trap 'rm -rf "$work"' EXIT
PAIRS=1 DEPTHS=13 CALLGRIND=0 SEEBATCH_BUILD=$build \
    "$repo/bench/stockfish/search.sh" "$tree" "$work"
