#!/usr/bin/env bash
# The views on 2,000 held-out real positions: the first 2,000 of
# small.binpack, a real Stockfish training file kept next to the repository
# in ../shared/data (not the project's to commit), read through `seebatch
# filter` as plain text. Exit 77 (a skip) without it.
# Usage: view_moves.sh TOOL VIEW_MOVES ROOT
set -u
tool=$1 program=$2 data=$3/../shared/data/small.binpack
if [ ! -f "$data" ]; then
    echo "view_moves: SKIP: $data is absent: $(cat "$(dirname "${BASH_SOURCE[0]}")/../support/small_binpack_where.txt")"
    exit 77
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Entries of a game share positions: keep each position once.
"$tool" filter "$data" --output-format plain 2> /dev/null \
    | awk '/^fen / && !seen[$0]++ {print substr($0, 5)}' | head -n 2000 > "$work/positions.fen"
"$program" "$work/positions.fen"
