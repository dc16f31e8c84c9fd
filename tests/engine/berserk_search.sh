#!/usr/bin/env bash
# Berserk 4.6.0's own search with seebatch answering its SEE: node counts
# equal to the unmodified build at its bench (depth 13) and at a second
# depth, and a checking build that asks both on every call and finds no
# difference (bench/berserk/search.sh, one speed pair, no callgrind: CI
# proves exactness, the script measures speed).
#
# The Berserk tree is the user's, never the repository's: it is taken from
# $SEEBATCH_BERSERK_SRC, else from ../shared/berserk-4.6.0 beside the
# checkout. Without one, or in a sanitizer build, this is a skip (77).
# Usage: berserk_search.sh BUILD_DIR SANITIZERS
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
build=$1
tree=${SEEBATCH_BERSERK_SRC:-$repo/../shared/berserk-4.6.0}
if [ -n "${2:-}" ]; then
    echo "skip: a sanitizer build ($2); Berserk is linked with the Release library"
    exit 77
fi
if [ ! -f "$tree/src/see.c" ]; then
    echo "skip: no Berserk 4.6.0 tree at $tree (set SEEBATCH_BERSERK_SRC to one)"
    exit 77
fi
work=$(mktemp -d /tmp/seebatch-berserk-test.XXXXXX)
trap 'rm -rf "$work"' EXIT
PAIRS=1 UCI_DEPTH=9 CALLGRIND=0 SEEBATCH_BUILD=$build "$repo/bench/berserk/search.sh" "$tree" "$work"
